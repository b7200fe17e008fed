# `make run`: a real settlement on a fresh machine; `make test`: every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint types pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/seisan settle 42600 31000 16400 10000 --rules mleague --lang en
	$(BIN)/seisan settle 40000 30000 20000 10000 --rules one-two-oka --lang ko
	$(BIN)/seisan session examples/friday.toml --lang en
	$(BIN)/seisan game examples/game.json --lang en
	$(BIN)/seisan hand --tiles 234m567p11s345678s --win 8s --riichi --tsumo --lang en

test: lint types pytest

lint: $(VENV)/.installed
	$(BIN)/ruff check src tests tools
	$(BIN)/ruff format --check src tests tools

types: $(VENV)/.installed
	$(BIN)/mypy

pytest: $(VENV)/.installed
	$(BIN)/pytest

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/bench.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
