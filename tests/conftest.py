"""Shared test helpers: run the real CLI in-process and read its JSON."""

from __future__ import annotations

import functools
import json
import os
import re
import time
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
import typer.testing
from typer.testing import CliRunner

from seisan.cli import app
from seisan.i18n import Lang, Message, catalog

RUN_STARTED = "SEISAN_TEST_RUN_STARTED"  # read by tests/web/test_browser.py

# typer's CliRunner builds the Click command of the whole app (every option of every
# command, read from each function's annotations) again on each invoke: 21 ms of the
# 25 an invoke of `seisan settle` took, thousands of times a run. Built once per app
# here; each invoke still parses its arguments and runs the command in a fresh Click
# context, as before (the tests that translate the help build their own command).
# Built afresh in each test session, as the core's kept values are (`_clear_kept`).
typer.testing._get_command = functools.cache(typer.testing._get_command)  # type: ignore[attr-defined]


def pytest_configure(config: pytest.Config) -> None:
    """The time this run started, told to every worker: the browser tests clear the
    screenshots older than it, never those another worker of the same run just took
    (each worker clearing and remaking the folder raced the other: CI failed on it)."""
    if not hasattr(config, "workerinput"):
        os.environ[RUN_STARTED] = repr(time.time())


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


@pytest.fixture(scope="session", autouse=True)
def _computed_afresh() -> None:
    """Values the core keeps once worked out (hand values, presets, pt conversions,
    the hands a table lists) are worked out again in each test session: mutmut forks
    every mutant's session from a process whose clean run filled them, so a kept value
    hid the mutant that would compute it wrong (issue 16: 44 of `seisan.hands`'
    mutants lived only so)."""
    _clear_kept()


@pytest.fixture(autouse=True)
def _computed_afresh_for_each_mutants_test() -> None:
    """Under mutmut, before every test too: mutmut runs a mutant against the tests its
    clean run saw calling the function, and a value kept by the first test hid the
    call from every later one (a preset's ``Rules.from_dict`` was seen in a handful of
    tests, so its mutants ran against those alone and lived)."""
    if "MUTANT_UNDER_TEST" in os.environ:
        _clear_kept()


def _clear_kept() -> None:
    from importlib import import_module  # noqa: PLC0415

    from seisan import conditions, hands, i18n, ledger, pt, settlement, sidebets, uma, yaku  # noqa: PLC0415

    presets = import_module("seisan.presets")  # (the package's `presets` is the function)
    hands._VALUES.clear()
    # the defaults built when a module loads: built again, so that a test settling under
    # them is seen calling `Rules.__post_init__`, `Scoring`'s checks and `Bets`' (helper-50)
    settlement.PLAIN = settlement.Rules()
    hands._STANDARD = hands.Scoring()
    sidebets.NO_BETS = ledger.NO_BETS = sidebets.Bets()
    for kept in (presets._preset, presets.presets, presets._preset_ids, presets._one_preset,
                 pt.quanta_value, pt._decimal, pt._decimals, pt.from_quanta, pt.quanta_json,
                 pt.json_string,
                 conditions._hands, hands._table, uma.named_umas, yaku.catalogue,
                 i18n._kept_key, i18n._kept_number, i18n._seat_words, settlement._name_check,
                 yaku._by_record, import_module("seisan.logs.tenhou")._built,
                 typer.testing._get_command):  # type: ignore[attr-defined]  # fmt: skip
        kept.cache_clear()


@pytest.fixture
def cli() -> Cli:
    return Cli()


def _known_messages() -> frozenset[str]:
    """The catalogue's messages: each by its msgid (a plural one's forms are kept by
    its msgid and the form's number)."""
    found = catalog(Lang.JA)._catalog  # type: ignore[attr-defined]
    ids = (key[0] if isinstance(key, tuple) else key for key in found)
    return frozenset(key for key in ids if isinstance(key, str) and "\x04" not in key)


_KNOWN = _known_messages()


@pytest.fixture(autouse=True)
def _every_message_is_in_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sentence the code makes must have its Japanese and Korean: a message whose
    English changed without the catalogue shows English to a Japanese reader."""
    _check_messages(monkeypatch)


@pytest.fixture(scope="module")
def messages_checked_for_the_module() -> Iterator[None]:
    """The same check around what a module-scoped fixture makes (a club its tests share,
    made once): it holds from the first of them to the module's last test."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        _check_messages(monkeypatch)
        yield


def _check_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Message.__init__

    def checked(self: Message, template: str, /, **params: object) -> None:
        words = re.sub(r"\{[^{}]*\}", "", template)
        if template not in _KNOWN and any(c.isalpha() for c in words):
            raise AssertionError(f"a message not in the catalogue: {template!r}")
        original(self, template, **params)

    monkeypatch.setattr(Message, "__init__", checked)
