"""Shared test helpers: run the real CLI in-process and read its JSON."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

import pytest
from typer.testing import CliRunner

from seisan.cli import app
from seisan.i18n import Lang, Message, catalog


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


def _known_messages() -> frozenset[str]:
    found = catalog(Lang.JA)._catalog  # type: ignore[attr-defined]
    return frozenset(key for key in found if isinstance(key, str) and "\x04" not in key)


_KNOWN = _known_messages()


@pytest.fixture(autouse=True)
def _every_message_is_in_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sentence the code makes must have its Japanese and Korean: a message whose
    English changed without the catalogue shows English to a Japanese reader."""
    original = Message.__init__

    def checked(self: Message, template: str, /, **params: object) -> None:
        words = re.sub(r"\{[^{}]*\}", "", template)
        if template not in _KNOWN and any(c.isalpha() for c in words):
            raise AssertionError(f"a message not in the catalogue: {template!r}")
        original(self, template, **params)

    monkeypatch.setattr(Message, "__init__", checked)
