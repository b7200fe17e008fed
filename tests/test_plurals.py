"""A sentence that counts reads in English as English counts (issue 16): “1 game
imported”, “2 games imported”, “0 games”, where every such sentence had said “1
games”. Each is a plural message (``_n``: its singular, its plural and the field that
counts), extracted as gettext's msgid and msgid_plural and compiled with the
catalogue's plural forms; Japanese and Korean have one form, their words unchanged."""

from __future__ import annotations

import os
import re
import shutil
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog

from seisan import PointsError, find_preset, settle
from seisan.i18n import Lang, Message, _n, catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import messages

TENHOU = Path(__file__).resolve().parent / "data" / "tenhou"
MJLOGS = ["2009022022gm-00a9-0000-cd94aac8.mjlog", "2009022103gm-00a9-0000-74c37deb.mjlog"]
IMPORTED = ("{count} game imported", "{count} games imported")


@pytest.fixture(scope="module")
def extracted() -> Catalog:
    """The catalogue's template as ``make messages`` extracts it from the code."""
    return messages.template()


@pytest.mark.parametrize(("count", "en", "ja", "ko"), [
    (0, "0 games imported", "0半荘をインポートしました", "대국 0개를 가져왔습니다"),
    (1, "1 game imported", "1半荘をインポートしました", "대국 1개를 가져왔습니다"),
    (2, "2 games imported", "2半荘をインポートしました", "대국 2개를 가져왔습니다"),
])  # fmt: skip
def test_a_plural_message_in_each_language(count: int, en: str, ja: str, ko: str) -> None:
    said = _n(*IMPORTED, "count", count=count)
    assert [said.text(lang) for lang in Lang] == [en, ja, ko]


NOT_A_MULTIPLE = (
    "{name}: {points} point is not a multiple of {unit}",
    "{name}: {points} points are not a multiple of {unit}",
)


@pytest.mark.parametrize(("points", "en"), [
    (1, "1 point is"), (-1, "-1 point is"), (Fraction(1), "1 point is"),
    (Decimal("1"), "1 point is"), (0, "0 points are"), (Decimal("1.0"), "1.0 points are"),
    (Fraction(3, 2), "1.5 points are"), (11, "11 points are"),
    (10**30, "1000000000000000000000000000000 points are"),
])  # fmt: skip
def test_english_says_one_of_the_number_1_as_written(points: object, en: str) -> None:
    """CLDR's rule for English: the singular is the whole number 1 written without
    decimals (a number read from a file as 1.0 is written 1.0, and is plural); gettext
    is given the number as written, or 2 where it is not whole."""
    said = _n(*NOT_A_MULTIPLE, "points", name="Ana", points=points, unit=100)
    assert said.text(Lang.EN) == f"Ana: {en} not a multiple of 100"
    number = en.split(maxsplit=1)[0]
    assert said.text(Lang.JA) == f"Ana: 持ち点 {number} が 100 の倍数ではありません"


@pytest.mark.parametrize(("count", "en", "ja", "ko"), [
    (0, "M.League is for 4 players, got 0 scores", "Mリーグ は4人用ですが、持ち点が0人分です",
     "M리그은(는) 4인용인데 점수가 0개입니다"),
    (1, "M.League is for 4 players, got 1 score", "Mリーグ は4人用ですが、持ち点が1人分です",
     "M리그은(는) 4인용인데 점수가 1개입니다"),
    (2, "M.League is for 4 players, got 2 scores", "Mリーグ は4人用ですが、持ち点が2人分です",
     "M리그은(는) 4인용인데 점수가 2개입니다"),
])  # fmt: skip
def test_a_core_error_counts_as_english_counts(count: int, en: str, ja: str, ko: str) -> None:
    with pytest.raises(PointsError) as refused:
        settle([25000] * count, find_preset("mleague"))
    assert [refused.value.message.text(lang) for lang in Lang] == [en, ja, ko]


@pytest.mark.parametrize(("logs", "lang", "said"), [
    (1, "en", "1 of 1 log imported into {out}"),
    (2, "en", "2 of 2 logs imported into {out}"),
    (1, "ja", "1件中1件の牌譜を {out} に読み込みました"),
    (2, "ja", "2件中2件の牌譜を {out} に読み込みました"),
    (1, "ko", "패보 1개 중 1개를 {out}에 읽어 들였습니다"),
    (2, "ko", "패보 2개 중 2개를 {out}에 읽어 들였습니다"),
])  # fmt: skip
def test_a_command_line_counts_as_english_counts(
    logs: int, lang: str, said: str, cli: Any, tmp_path: Path
) -> None:
    for name in MJLOGS[:logs]:
        shutil.copy(TENHOU / name, tmp_path)
    out = tmp_path / "out"
    shown = cli.run("import", "tenhou", *(str(tmp_path / n) for n in MJLOGS[:logs]), "-o",
                    str(out), "--lang", lang)  # fmt: skip
    assert shown == said.format(out=out) + "\n"


def test_a_plural_message_is_extracted_as_msgid_and_msgid_plural(extracted: Catalog) -> None:
    """From the code (``_n``) and from the web app's templates (``{% tn %}``)."""
    for singular, plural, where in [
        (*IMPORTED, "seisan/web/clubs/views/seasons.py"),
        ("{count} riichi stick", "{count} riichi sticks", "seisan/web/tables/templates/"),
    ]:
        entry = extracted.get(singular)
        assert entry is not None and entry.id == (singular, plural)
        assert any(path.startswith(where) for path, _line in entry.locations)


@pytest.mark.parametrize("lang", [Lang.JA, Lang.KO])
def test_the_compiled_catalogue_carries_the_plural_forms(lang: Lang) -> None:
    """One form in Japanese and Korean (``nplurals=1; plural=0``), read by gettext's
    ``ngettext``: the .mo holds it under the msgid and the form's number."""
    compiled = catalog(lang)
    assert compiled.info()["plural-forms"] == "nplurals=1; plural=0;"
    words = compiled._catalog[(IMPORTED[0], 0)]  # type: ignore[attr-defined]
    assert compiled.ngettext(*IMPORTED, 1) == compiled.ngettext(*IMPORTED, 7) == words
    assert words == {Lang.JA: "{count}半荘をインポートしました",
                     Lang.KO: "대국 {count}개를 가져왔습니다"}[lang]  # fmt: skip


def _blanked(lang: str, string: object) -> Catalog:
    """The catalogue of ``lang`` with the translation of IMPORTED replaced."""
    read = _real_read(lang)
    entry = read.get(IMPORTED)
    assert entry is not None
    entry.string = string  # type: ignore[assignment]
    return read


_real_read = messages.read


@pytest.mark.parametrize(("string", "said"), [
    (("",), " has no translation"),
    (("{count}件", "{count}件"), ": the translation has 2 forms, the language 1"),
    (("{n}半荘",), ": the translation's fields differ: '{n}半荘'"),
])  # fmt: skip
def test_the_catalogue_check_reads_plural_entries(
    string: tuple[str, ...], said: str, extracted: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plural entry without its translation, with more forms than the language has,
    or with other fields, is found as a message is (``make messages`` then the test)."""
    monkeypatch.setattr(messages, "template", lambda: extracted)
    monkeypatch.setattr(messages, "read", lambda lang: _blanked(lang, string))
    found = [p for p in messages.problems() if "game imported" in p]
    assert found == [f"{lang}: {IMPORTED!r}{said}" for lang in messages.LANGS]


def test_a_message_made_plural_keeps_its_translations() -> None:
    """``make messages`` after ``_("{count} games imported")`` became a plural message:
    the new entry takes the old one's words for its one form, instead of coming in
    empty (38 sentences in two languages would have been typed again)."""
    ja = Catalog(locale="ja")
    ja.add(IMPORTED, string=("",))
    ja.add(("{n} hand", "{n} hands"), string=("{n}局",))
    messages.made_plural(ja, {("{count} games imported", None): "{count}半荘をインポートしました",
                              ("{n} hands", None): "{n}局(old)"})  # fmt: skip
    assert ja.get(IMPORTED[0]).string == ("{count}半荘をインポートしました",)  # type: ignore[union-attr]
    assert ja.get("{n} hand").string == ("{n}局",)  # type: ignore[union-attr]  # (translated)


def test_a_plural_message_keeps_its_fields_apart_until_shown() -> None:
    """As the web app's history keeps a sentence: its words and then its fields."""
    said = _n("imported {file} into {season}: {count} game",
              "imported {file} into {season}: {count} games", "count")  # fmt: skip
    one = said.fill(file="a.toml", season="Spring", count=1)
    assert one.text(Lang.EN) == "imported a.toml into Spring: 1 game"
    assert one.text(Lang.JA) == "a.tomlをSpringに取り込み: 1戦"
    assert one == said.fill(file="a.toml", season="Spring", count=1)
    assert one != Message(said.template, file="a.toml", season="Spring", count=1)


#: nouns a sentence counts, English plural (han, fu, honba, yakuman take none)
_COUNTED = (
    "games|players|scores|tables|logs|hands|files|names|counts|sticks|tiles|seats|cells|"
    "columns|rows|times|digits|characters|points|decimals|penalties|minutes|values|kans|"
    "teams|chips|places|amounts|days|entries|members|sessions|seasons|rounds|wins|bets|"
    "people|seconds|hours|versions|transfers|payments|spectators|winners|results|records|"
    "changes|bytes|lines|letters|words|options|fields"
)
#: a field, a word or none between (not an article or a verb: “{expected} the players”,
#: “column {number} has values”), a noun
_COUNTING = re.compile(
    r"\{\w+\}\s+(?:(?!(?:the|a|an|has|have|is|are|was|were)\s)[\w-]+\s+)?(?:" + _COUNTED + r")\b"
)

#: sentences that count with one form, each where its count is never 1, and why
NEVER_ONE = {
    "Riichi sticks lost at the end: {points} points ({pt} pt in no one's score)":
        "whole riichi sticks, 100 points at the least",
    "{rules} is for {players} players, got {count} scores (for {count} players: {hint})":
        "3 or 4 (other counts of scores have their own sentence)",
    "--owner: an email address of at most {most} characters": "a limit",
    "a game of {players} players, and --games holds games of {count}: import them into two "
    "files": "3 or 4",
    "games of {other} players left out: {count} (--players {other} rates them)": "3 or 4",
    "nobody has played {count} games yet (the most: {most})":
        "the minimum nobody reached: above 1, as every player rated has played a game",
    "Ratings ({system}, {count} players)": "a table's size, 3 or 4",
    "the dealer must be one of the {count} seats": "a table's size, 3 or 4",
    "a number of more than {most} digits": "a limit",
    "{points} points with the riichi sticks left on the table ({before} + {sticks})":
        "first place's points, at least the table's average",
    "oka shared by {count} players tied for first: {value} each": "a tie: 2 or more",
    "oka: {value} to first place: ({ret} − {start}) × {players} players": "3 or 4",
    "uma of places {first}–{last} shared by {count} tied players: ({umas}) ÷ {count} = "
    "{value}": "a tie: 2 or more",
    "{where}: {total} noten points do not split here": "a rule of whole 100s (0 splits)",
    "{count} concealed kans cannot occur (4 at the most)": "above 4",
    "{first}… ({count} digits)": "a thousand or more",
    "must be a multiple of {unit} points, 0 or more": "the unit of sticks and bets: 100",
    "must be a positive multiple of {unit} points": "a unit above 1 (1 has its own words)",
    "is beyond {limit} points": "a limit",
    "has {places} places, the rules {players}": "an uma's places: 3 or 4",
    "a team event needs {size} teams with as many players present each, one of each team at "
    "every table; present: {teams}": "a table's size, 3 or 4",
    "a cell longer than {most} characters": "a limit",
    "{players} players starting with {start} hold {expected}": "3 or 4",
    "{players} names are needed, got {count}": "3 or 4",
    "chips: seat {seat} has {count}, beyond {most} chips either way": "a limit",
    "meld {spec}: a {kind} has {size} tiles": "3 or 4",
    "tiles: a winning hand has {count} tiles here, not {given}": "14 or more",
    "needs {players} values, one per place": "3 or 4",
    "X-Y uma is for 4 players; give {players} values like 20,0,-20": "3",
    "{rules} is for {players} players: give {players} point columns": "3 or 4",
    "{path}: column “{column}” appears {count} times; give each column its own name":
        "a column named twice: 2 or more",
    "the log is a game of {players} players; the rules {name} are for {count}": "3 or 4",
    "the record has no final result (head.result) for its {count} players": "3 or 4",
    "{name}: {points} points are beyond {limit}": "beyond a limit",
    "too long: at most {most} characters": "a limit",
    "the file has {count} games, more than {most} at once: split it into several":
        "beyond a limit",
    "{count} players": "the rules form's choice of 3 or 4",
    "this season's games are of {count} players: rules for {players} would mix two kinds "
    "of game in one table; start a new season for them": "3 or 4",
    "the reason is longer than {most} characters": "a limit",
    "a game has at most {most} penalties": "a limit",
    "{count} files at once, more than {most}: upload them in several parts": "beyond a limit",
    "a game of {players} players; the season's rules are for {count}": "3 or 4",
    "the name “{name}” is longer than {most} characters": "a limit",
    "gives {a} and {b} two amounts": "no count: {b} is a value given",
    "{system} counts no fu of the hand: leave the fu out": "no count: counts is the verb",
}  # fmt: skip


@pytest.mark.skipif(
    "MUTANT_UNDER_TEST" in os.environ, reason="mutmut rewrites the code the catalogue is read from"
)
def test_a_sentence_that_counts_is_a_plural_message(extracted: Catalog) -> None:
    """Every message of the catalogue (the code's and the templates') with a field
    before a counted noun is a plural message (``_n``, ``{% tn %}``), or is listed in
    NEVER_ONE with why its count is never 1: written with ``_``, ``N_`` or ``{% t %}``,
    it would say “1 games” again."""
    counting = {m.id for m in extracted
                if isinstance(m.id, str) and not m.context and _COUNTING.search(m.id)}  # fmt: skip
    assert sorted(counting - NEVER_ONE.keys()) == []
    assert sorted(NEVER_ONE.keys() - counting) == []  # (none listed that is gone)
    plural = [m.id for m in extracted if isinstance(m.id, tuple)]
    assert plural and all(_COUNTING.search(p) for _s, p in plural)


def test_the_check_finds_a_count_written_with_one_form() -> None:
    for counting in ("{count} games imported", "{n} riichi sticks", "got {count} scores",
                     "{count} players' points", "({count} hands)"):  # fmt: skip
        assert _COUNTING.search(counting), counting
    for other in ("{han} han", "{n} honba", "{expected} the players started with",
                  "{name} plays this seat", "{option} needs a value",
                  "column {number} has values"):  # fmt: skip
        assert not _COUNTING.search(other), other
