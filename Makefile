# `make run`: the web app with a demo club on a fresh machine; `make demo`: the CLI on real
# games; `make test`: every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run demo test lint types messages pytest bench mutants clean
HOST ?= 127.0.0.1
PORT ?= 8000

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# what running needs (the CLI; the web app), and the dev tools on top (make test)
$(VENV)/.runtime: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.web: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $(VENV)/.runtime $@

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(VENV)/.runtime $(VENV)/.web $@

# the web app on SQLite with a demo club from examples/ (prints the address and a
# one-time sign-in link); Ctrl-C stops it. Its database is this clone's own
# (var/seisan.sqlite3), never another clone's in your data folder.
run: $(VENV)/.web
	$(BIN)/seisan serve --host $(HOST) --port $(PORT) --demo examples --db var/seisan.sqlite3

demo: $(VENV)/.runtime
	$(BIN)/seisan settle 42600 31000 16400 10000 --rules mleague --lang en
	$(BIN)/seisan settle 40000 30000 20000 10000 --rules one-two-oka --lang ko
	$(BIN)/seisan session examples/friday.toml --lang en
	$(BIN)/seisan game examples/game.json --lang en
	$(BIN)/seisan hand --tiles 234m567p11s345678s --win 8s --riichi --tsumo --lang en
	@echo
	@echo "seisan is installed: run $(BIN)/seisan --help (or: source $(BIN)/activate)"

test: lint types pytest

lint: $(VENV)/.installed
	$(BIN)/ruff check src tests tools benchmarks
	$(BIN)/ruff format --check src tests tools benchmarks

types: $(VENV)/.installed
	$(BIN)/mypy

# after changing a message: extract, merge into ja/ko, compile (tests check they are complete)
messages: $(VENV)/.installed
	$(BIN)/python tools/messages.py update

# every test on SQLite; the web app's again on PostgreSQL when SEISAN_PG_URL is set
# (.ci/run starts the server and sets it). The generated bad input for every form and
# operation (marked "generated") runs once, on the strictest database at hand:
# PostgreSQL when it is there (docs/decisions.md). Bytecode is written, as on a user's
# machine, where this machine's environment says not to (PYTHONDONTWRITEBYTECODE): each
# process the tests start (seisan serve, the wheel's environments, the second run's
# workers) had compiled every module it imports from its source again
pytest: $(VENV)/.installed
	@export PYTHONDONTWRITEBYTECODE=; \
	if [ -n "$$SEISAN_PG_URL" ]; then \
		$(BIN)/pytest -n 2 --durations=15 -m "not generated" && \
		DATABASE_URL="$$SEISAN_PG_URL" $(BIN)/pytest -n 2 tests/web -m "not browser and not installed and not serve"; \
	else \
		$(BIN)/pytest -n 2 --durations=15; \
	fi

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/bench.py
	$(BIN)/python benchmarks/bench_bulk.py
	$(BIN)/python benchmarks/bench_web.py
	$(BIN)/python benchmarks/bench_api.py
	$(BIN)/python benchmarks/bench_league.py

# mutation testing (slow: not part of make test): the core in place, then the optional
# modules (explain, stats, the bulk engine, the Tenhou reader) in a copy with its own
# configuration; scores per module. Every run is fresh: mutmut 3 keeps earlier
# results for functions it thinks unchanged, and a stale mutants/ gave numbers a
# fresh clone does not (issue 16). `make mutants SET=optional` runs one set, the web
# app's services against its tests (`SET=web`) too; `ONLY=tournament` some of its modules.
SET ?= core optional web
ONLY ?=
mutants: $(VENV)/.installed
	for set in $(SET); do $(BIN)/python tools/mutants.py run $$set $(ONLY) || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info src/*.egg-info mutants
