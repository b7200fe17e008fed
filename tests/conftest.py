"""Shared test helpers: run the real CLI in-process and read its JSON."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from typer.testing import CliRunner

from seisan.cli import app


class Cli:
    """The ``seisan`` command as a user runs it (no mocks), captured."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def run(self, *args: str, code: int = 0) -> str:
        result = self.runner.invoke(app, list(args), env={"COLUMNS": "120", "LANG": "C"})
        assert result.exit_code == code, (result.exit_code, result.output, result.stderr)
        return result.output if code == 0 else result.stderr

    def json(self, *args: str) -> Any:
        return json.loads(self.run(*args, "--format", "json"), parse_float=Decimal)

    def scores(self, *args: str) -> list[Decimal]:
        return [Decimal(r["score"]) for r in self.json("settle", *args)["results"]]


@pytest.fixture
def cli() -> Cli:
    return Cli()
