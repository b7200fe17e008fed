"""Every word a person reads comes in English, Japanese and Korean from one catalogue,
and no English leaks into Japanese or Korean output (issue 7, item 14)."""

from __future__ import annotations

import os
import re
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from seisan import Rounding, presets
from seisan.cli import app
from seisan.errors import SeisanError
from seisan.games import GameError, penalties_from, substitute_from
from seisan.i18n import TERMS, Lang, Message, catalog, language, term

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import messages

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.skipif(
    "MUTANT_UNDER_TEST" in os.environ, reason="mutmut rewrites the code the catalogue is read from"
)
def test_every_message_and_term_has_japanese_and_korean() -> None:
    """tools/messages.py extracts every _("...") and N_("...") of the code and every term;
    each has a translation with the same fields, and the .mo files are up to date."""
    assert messages.problems() == []


#: a Korean particle written straight after a value that varies ({name}, {total},
#: “{mark}”): its form follows the value's last sound (로/으로, 와/과, 가/이, 를/을, 는/은),
#: so it is written in its two forms (은(는), (으)로) or the sentence does without it.
#: helper-80: also after a value in any quotes or brackets ("{x}", `{x}`, [{x}],
#: {a}({b})), the contracted copula (여야 for 이어야, 라고, 라면, 란, 였, 예요, 야), 든,
#: and a particle that goes on (로는, 로도, 로서, 와의): the first form had looked only
#: straight after } or ”」’ and at a particle that ends there, so “0 이상여야” passed.
#: The full copula (이며, 인, 입니다, 이어야) reads after any sound; 라고 after a closing
#: quote is the quotation's own, whatever was quoted.
_KOREAN_PARTICLE = re.compile(
    r"\}(?:\([^()]*\{[^()]*\}[^()]*\))?(?P<quote>[”」’』》\"'`\]]*)"
    r"(?!이\(가\)|을\(를\)|은\(는\)|와\(과\)|과\(와\)|\(으\)|\(이\))"
    r"(?P<particle>이라는|라는|이라고|라고|이라면|라면|이란|란|여야|였|예요|이야|야|이든|든"
    r"|이나|나|이랑|랑|으로|로|와|과|이|가|을|를|은|는)"
    r"(?:(?<=로)(?:는|도|서|써|의|만|부터)|(?<=[와과])의)?(?![가-힣(])"
)


def _korean_particles_chosen_too_soon(pattern: re.Pattern[str]) -> list[tuple[str, str]]:
    """Each Korean message with a particle the pattern finds (but a quotation's 라고)."""
    from babel.messages.pofile import read_po  # noqa: PLC0415

    with Path(messages.po_path("ko")).open("rb") as file:
        found = []
        for m in read_po(file):
            for text in [m.string] if isinstance(m.string, str) else m.string:
                for hit in pattern.finditer(text or ""):
                    quoted = hit.groupdict().get("quote")
                    if not (quoted and hit.group("particle") == "라고"):
                        found.append((m.id if isinstance(m.id, str) else m.id[0], text))
    return found


def test_no_korean_particle_is_chosen_before_its_value_is_known() -> None:
    """helper-71 found “0점 미만으로로”, “103000로” and “Ana이라는” on the web pages;
    helper-80 “0 이상여야” (the range an option takes: 이어야 after a consonant)."""
    assert _korean_particles_chosen_too_soon(_KOREAN_PARTICLE) == []


def test_the_particle_pattern_looks_where_the_first_one_did_not() -> None:
    """helper-80: each place the first pattern passed by, and what reads after any sound."""
    pattern = _KOREAN_PARTICLE
    for wrong in ("{range}여야", '“{x}"를', "`{x}`로는", "{a}({b})와의", "{x}라면", "{x}이라고"):
        assert pattern.search(wrong), wrong
    for right in ("{range}의 값이어야", "“{x}”을(를)", "{x}(으)로는", "{type}이며", "{x}입니다",
                  "`extends = \"{preset}\"`라고", "{n}점으로", "{a}({b})에서"):  # fmt: skip
        hit = pattern.search(right)
        assert hit is None or (hit.group("quote") and hit.group("particle") == "라고"), right


@pytest.mark.parametrize(("args", "said"), [
    (["--min-games", "-1"],
     "--min-games의 값이 잘못되었습니다: “-1”은(는) 0 이상의 값이어야 합니다"),
    (["--players", "5"],
     "--players의 값이 잘못되었습니다: “5”은(는) 3부터 4까지의 값이어야 합니다"),
])  # fmt: skip
def test_an_options_range_reads_in_korean_whatever_its_bounds(
    args: list[str], said: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """The range a number option takes, in the sentence that refuses a value beyond it:
    “0 이상” takes 이어야, “4까지” 여야 (it had said “0 이상여야”); now 의 값이어야 either way."""
    from seisan.cli import main  # noqa: PLC0415

    monkeypatch.setattr(sys, "argv", ["seisan", "ratings", *args, "x.mjlog", "--lang", "ko"])
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit) as stop:
        main()
    assert stop.value.code == 2
    assert capsys.readouterr().err == f"seisan: 오류: {said}\n"


#: one word for one thing (docs/decisions.md, “Terms checked against sources”): a player
#: is プレイヤー / 플레이어 (not 選手 / 선수, a pro league's word), rules are ルール / 룰
#: (not 규칙), in the club's pages and the tournament's alike
_REJECTED_WORDS = {
    "ja": {"選手(?!権)": "プレイヤー", "規則": "ルール"},
    "ko": {"선수(?!권)": "플레이어", "규칙": "룰"},
}


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_one_word_for_a_player_and_for_rules(lang: str) -> None:
    """helper-80: the tournament's pages said 選手 / 선수 where the club's said
    プレイヤー / 플레이어 of the same people, and 28 Korean messages said 규칙 beside 룰."""
    from babel.messages.pofile import read_po  # noqa: PLC0415

    with Path(messages.po_path(lang)).open("rb") as file:
        catalogue = [m for m in read_po(file) if m.id]
    found = [
        (rejected, chosen, text)
        for m in catalogue
        for text in ([m.string] if isinstance(m.string, str) else m.string)
        for rejected, chosen in _REJECTED_WORDS[lang].items()
        if text and re.search(rejected, text)
    ]
    assert found == []
    used = "\n".join(str(m.string) for m in catalogue)
    assert all(used.count(chosen) > 50 for chosen in _REJECTED_WORDS[lang].values())


def test_terms_resolve_in_every_language() -> None:
    for key in TERMS:
        forms = {term(key, lang) for lang in Lang}
        assert all(forms), key
    assert term("seat.0", "ja") == "東家" and term("seat.0", "ko") == "동가"


def test_a_message_reads_in_the_language_of_the_moment() -> None:
    error = SeisanError(Message("points total {total}", total=99000))
    assert str(error) == "points total 99000"
    with language("ja"):
        assert "99000" in str(error) and "points" not in str(error)
    assert catalog(Lang.KO).gettext("points total {total}") != "points total {total}"


# Words that stay as typed in any language: options, field names, presets, names of
# people, the values of choices (half-up, seat, ...) and the units the user wrote.
ALLOWED = {
    *(part for r in presets() for part in r.name.split("-")),
    *(part for mode in Rounding for part in mode.value.split("-")),
    "seat", "split", "first", "lost", "uma", "start", "return", "tiles", "win", "none",
    "rounding", "often", "nope",  # a field, and values the user typed
    "seisan", "ana", "ben", "chie", "dae", "eve", "pt", "json", "csv", "toml", "tsumo",
    "chips", "sashi", "soto",
    "binta", "tobi", "pool", "winners", "busted", "side", "seats", "game", "deposits",
    "bashin", "yakitori", "house", "rules", "players", "points", "hands", "title", "end",
    "time", "agreement", "table", "http", "https", "www", "com",
}  # fmt: skip
ERRORS = [
    ["settle", "42600", "31000", "16400", "1000", "-r", "mleague"],
    ["settle", "40000", "30000", "20000", "10000", "-r", "wrc"],
    ["settle", "1", "2", "3", "-r", "mleague"],
    ["settle", "x", "2", "3", "4"],
    ["settle", "40000", "30000", "20000", "10000", "--rounding", "often"],
    ["settle", "40000", "30000", "20000", "10000", "--uma", "5,10,-10,-5"],
    ["settle", "40000", "30000", "20000", "10000", "--rate", "1000000000000"],
    ["settle", "40000", "30000", "20000", "10000", "--kubi", "25000"],
    ["settle", "40000", "30000", "20000", "10000", "--sashi", "A:Z:100"],
    ["settle", "40000", "30000", "20000", "10000", "-r", "nope"],
    ["settle", "40000", "30000", "20000", "10000", "-r", "missing.toml"],
    ["hand", "--han", "1", "--fu", "20"],
    ["hand", "--tiles", "123m", "--win", "1m"],
    ["hand", "--system", "30fu", "--han", "3", "--kiriage"],
    ["rules", "show", "nope"],
    ["session", "missing.csv"],
]
OUTPUTS = [
    ["settle", "42600", "31000", "16400", "10000", "-r", "mleague", "--names", "Ana,Ben,Chie,Dae",
     "--sashi", "Ana:Dae:10000", "--chips", "2,-1,0,-1", "--chip-value", "2", "--rate", "50"],
    ["settle", "29900", "29800", "29300", "28000", "-r", "jpml", "--deposits", "3", "--ledger",
     "first"],
    ["settle", "42600", "31000", "16400", "10000", "-r", "tenhou", "--uma", "10-30"],
    ["game", str(EXAMPLES / "game.json")],
    ["session", str(EXAMPLES / "friday.toml"), "--no-chart"],
    ["hand", "--han", "3", "--fu", "30", "--dealer"],
    ["hand", "--yakuman", "2"],
    ["rules", "list"],
    ["ratings", str(EXAMPLES.parent / "tests" / "data" / "tenhou"
                    / "2022060100gm-00a9-0000-01481d95.mjlog"), "--system", "tenhou"],
    ["seating", "Ana,Ben,Chie,Dae,Eve", "--seed", "1", "--three-player"],
    ["stats", str(EXAMPLES.parent / "tests" / "data" / "tenhou"
                  / "2022060100gm-00a9-0000-01481d95.mjlog")],
    ["import", "tenhou", str(EXAMPLES.parent / "tests" / "data" / "tenhou"
                             / "2022060100gm-00a9-0000-01481d95.mjlog"), "-o", "{tmp}", "--check"],
    ["settle", "30000", "30000", "30000", "10000", "-r", "mleague", "--sou-uma", "1000",
     "--soto", "Eve:0", "--tobi", "10000"],
]  # fmt: skip


def _english_words(text: str, allowed: set[str] = ALLOWED) -> set[str]:
    text = re.sub(r"--[a-z-]+(?:[ =][\w.-]+)?", " ", text)  # options and their values
    text = re.sub(r"\b[\w.-]+\.(?:toml|csv|json)\b", " ", text)  # files
    text = re.sub(r"[\w./-]*/[\w./-]*", " ", text)  # paths
    text = re.sub(r"\b[a-z_]+\.[a-z_]+\b", " ", text)  # fields: side.binta
    words = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}
    return words - allowed


@pytest.mark.parametrize("lang", ["ja", "ko"])
@pytest.mark.parametrize("args", ERRORS, ids=lambda a: " ".join(a[:3]))
def test_errors_have_no_english_in_japanese_or_korean(args: list[str], lang: str) -> None:
    result = CliRunner().invoke(app, [*args, "--lang", lang], env={"COLUMNS": "200"})
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1
    assert not _english_words(result.stderr), result.stderr


@pytest.mark.parametrize("lang", ["ja", "ko"])
@pytest.mark.parametrize("args", OUTPUTS, ids=lambda a: " ".join(a[:2]))
def test_outputs_have_no_english_in_japanese_or_korean(
    args: list[str], lang: str, tmp_path: Path
) -> None:
    # the examples' own titles ("A hanchan into West", "Friday night") are the user's words
    for index, arg in enumerate(args):
        if arg.endswith((".json", ".toml")):
            text = Path(arg).read_text(encoding="utf-8")
            text = re.sub(r'"title": "[^"]*",|^title = .*$', "", text, flags=re.M)
            copy = tmp_path / Path(arg).name
            copy.write_text(text, encoding="utf-8")
            if Path(arg).name == "friday.toml":
                (tmp_path / "club.toml").write_text(
                    (EXAMPLES / "club.toml").read_text(encoding="utf-8"), encoding="utf-8"
                )
            args = [*args[:index], str(copy), *args[index + 1 :]]
    args = [a.replace("{tmp}", str(tmp_path / "out")) for a in args]
    result = CliRunner().invoke(app, [*args, "--lang", lang], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    words = _english_words(result.output.replace(str(tmp_path), ""))
    if args[0] == "rules":  # preset titles in English where an organisation has no other
        words -= {"league", "unit"}
    assert not words, (words, result.output)


@pytest.mark.parametrize("lang", [Lang.JA, Lang.KO])
def test_every_help_text_of_every_command_is_in_the_readers_script(lang: Lang) -> None:
    """Each command's and each option's help holds Japanese or Korean once translated: a
    help made only of what is typed (“seat or split.”) left in English passes the word
    test above, not this one."""
    import typer  # noqa: PLC0415

    from seisan.cli import _translate_help  # noqa: PLC0415

    command = typer.main.get_command(app)
    _translate_help(command, lang)
    script = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]" if lang is Lang.JA else r"[\uac00-\ud7af]")
    bare: list[str] = []

    def walk(node: Any, path: str) -> None:
        for text in [node.help, *(p.help for p in node.params)]:
            if text and not script.search(text):
                bare.append(f"{path}: {text}")
        for name, sub in getattr(node, "commands", {}).items():
            walk(sub, f"{path} {name}")

    walk(command, "seisan")
    assert bare == [], bare


def test_help_is_translated() -> None:
    import typer  # noqa: PLC0415

    from seisan.cli import _translate_help  # noqa: PLC0415

    command = typer.main.get_command(app)
    _translate_help(command, Lang.JA)
    settle = command.commands["settle"]  # type: ignore[attr-defined]
    assert settle.help and "Settle" not in settle.help
    assert all(not p.help or "Settle" not in p.help for p in settle.params)


@pytest.mark.parametrize(("value", "text"), [
    (10**1000 - 1, "9" * 1000),  # written out whole up to a thousand digits
    (10**1000, "10000… (1001 digits)"),
    (-(10**4400) - 5, "-10000… (4401 digits)"),  # past what Python writes: never its error
    (int("9" * 4300) * 10**700, "99999… (5000 digits)"),
    (Fraction(1, 10**1000), "≈0"),
    (Fraction(10**1001 + 1, 10**1000), "≈10"),  # 10.000…0001: its whole part, near enough
    (Fraction(-(10**1002) - 5, 10**1000), "≈-100"),
    (Fraction(-7, 2), "-3.5"),
], ids=["1000 digits", "1001 digits", "4401 digits", "5000 digits", "a tiny fraction",
        "a thousand decimals", "below zero", "a half"])  # fmt: skip
def test_a_number_in_a_message_however_long(value: Any, text: str) -> None:
    from seisan.i18n import decimal_text  # noqa: PLC0415

    assert decimal_text(value) == text
    assert Message("{x}", x=Fraction(value)).text("en") == text
    if "digits" in text:  # in the reader's words
        assert "digits" not in Message("{x}", x=Fraction(value)).text("ja")


@pytest.mark.parametrize(("lang", "title"), [
    ("en", "Ratings (Tenhou's R, 4 players)"), ("ja", "レーティング（天鳳のR、4人打ち）"),
    ("ko", "레이팅 (텐호의 R, 4인)"),
])  # fmt: skip
def test_a_rating_table_names_its_system_in_the_readers_words(lang: str, title: str) -> None:
    """ "tenhou" is what --system takes; the title says what it is (the web app's words)."""
    log = EXAMPLES.parent / "tests" / "data" / "tenhou" / "2022060100gm-00a9-0000-01481d95.mjlog"
    result = CliRunner().invoke(app, ["ratings", str(log), "--system", "tenhou", "--lang", lang],
                                env={"COLUMNS": "200"})  # fmt: skip
    assert result.exit_code == 0 and title in result.output, result.output


#: English words a Japanese or Korean sentence may hold as they are: values and names a
#: person types (choices, commands, packages, formats, file kinds), never a field's name
TYPED = {
    "true", "false", "none", "each", "first", "seat", "split", "nearest", "standard", "gorin",
    "exact", "ceil", "floor", "yakuman", "sanbaiman", "script", "teams", "table", "json", "csv",
    "toml", "mjai", "mjlog", "gzip", "openskill", "pip", "install", "seisan", "serve", "bulk",
    "web", "ratings", "http", "https", "www",
}  # fmt: skip


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_a_field_name_is_shown_after_its_word_in_japanese_and_korean(lang: str) -> None:
    """The decision (docs/decisions.md, “ja/ko complete”): a field of a file is named in
    the reader's words with the key as written in brackets, 本場(honba), 본장(honba);
    found bare in 21 sentences of each catalogue (“1局目: honba: …”, “start か return を
    変えてください”), and a record's fields named through ``{field}`` are terms now.
    Every sentence of the catalogue, with what is in brackets, quotes and fields taken
    out, holds no English word but what a person types."""
    from babel.messages.pofile import read_po  # noqa: PLC0415

    path = Path(messages.po_path(lang))
    with path.open("rb") as handle:
        catalogue = read_po(handle)
    bare: list[tuple[str, list[str]]] = []
    for entry in catalogue:
        if not entry.id or not entry.string:
            continue
        text = entry.string if isinstance(entry.string, str) else entry.string[0]
        for pattern in (r"\{[^}]*\}", r"\([^)]*\)", r"（[^）]*）", r"“[^”]*”", r"「[^」]*」",
                        r"`[^`]*`", r"'[^']*'", r"\[\[?[^\]]*\]\]?"):  # fmt: skip
            text = re.sub(pattern, " ", text)
        words = re.findall(r"(?<![A-Za-z0-9_\-./:=])[a-z][a-z_]{2,}(?![A-Za-z0-9_\-.:=/])", text)
        if set(words) - TYPED:
            bare.append((text, sorted(set(words) - TYPED)))
    assert bare == []


@pytest.mark.parametrize(("result", "lang", "shown"), [
    ("draw", "en", "hand 1: a hand ending in “draw” has no winner"),
    ("draw", "ja", "1局目: 「流局(draw)」で終わる局に和了者はいません"),
    ("abort", "ko", "1번째 국: “도중유국(abort)”(으)로 끝난 국에는 화료자가 없습니다"),
])  # fmt: skip
def test_a_hands_result_is_named_in_the_readers_words(result: str, lang: str, shown: str) -> None:
    """The table assistant showed a ja or ko scorer “draw”, the record's own word
    (helper-71): the result is named as a record's fields are, with its key after."""
    from seisan.games import record_from_dict  # noqa: PLC0415

    hand = {"result": result, "wins": [{"winner": "A", "han": 1, "fu": 30}]}
    data = {"rules": "tenhou", "players": ["A", "B", "C", "D"], "hands": [hand]}
    with pytest.raises(GameError) as raised:
        record_from_dict(data)
    assert raised.value.message.text(lang) == shown


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", "hand 1: honba: 10000 is beyond 9999"),
     ("ja", "1局目: 本場(honba): 10000は9999を超えています"),
     ("ko", "1번째 국: 본장(honba): 10000은(는) 9999을(를) 넘습니다")],
)  # fmt: skip
def test_a_records_field_is_named_in_the_readers_words(lang: str, shown: str) -> None:
    from seisan.games import record_from_dict  # noqa: PLC0415

    data = {"rules": "tenhou", "players": ["A", "B", "C", "D"],
            "hands": [{"result": "draw", "tenpai": [], "honba": 10000}]}  # fmt: skip
    with pytest.raises(GameError) as raised:
        record_from_dict(data)
    assert raised.value.message.text(lang) == shown
    data["hands"][0] = {"result": "draw", "tenpai": "A"}
    with pytest.raises(GameError) as raised:
        record_from_dict(data)
    assert raised.value.message.text(lang).split(": ")[1] == {
        "en": "tenpai must be a list", "ja": "テンパイ(tenpai) はリストにしてください",
        "ko": "텐파이(tenpai)은(는) 목록이어야 합니다"}[lang]  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", "han -1 must be a whole number, 0 or more"),
     ("ja", "翻(han) -1: 0以上の整数にしてください"),
     ("ko", "판(han) -1: 0 이상의 정수여야 합니다")],
)  # fmt: skip
def test_a_hands_count_is_named_in_the_readers_words(lang: str, shown: str) -> None:
    from seisan.hands import HandError, hand_value  # noqa: PLC0415

    with pytest.raises(HandError) as raised:
        hand_value(-1, 30, dealer=False)
    assert raised.value.message.text(lang) == shown


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_every_records_field_has_its_word_and_its_key_in_brackets(lang: str) -> None:
    """Every field a record's or a bet's errors name (本場(honba), 和了者(winner),
    差しウマ(sashi)…) is one term, written in the reader's words with the key as typed
    after it."""
    keys = sorted(k for k in TERMS if k.startswith(("record.", "bet.")))
    assert len(keys) == 32
    for key in keys:
        typed = TERMS[key]
        shown = term(key, lang)
        assert shown.endswith(f"({typed})"), (key, shown)
        assert not shown[: -len(typed) - 2].isascii(), (key, shown)


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", "hand 1: winner: “Zed” is not a player"),
     ("ja", "1局目: 和了者(winner): 「Zed」"),
     ("ko", "1번째 국: 화료자(winner): “Zed”")],
)  # fmt: skip
def test_a_wins_winner_is_named_in_the_readers_words(lang: str, shown: str) -> None:
    from seisan.games import record_from_dict  # noqa: PLC0415

    win = {"winner": "Zed", "han": 1, "fu": 30}
    data = {"rules": "tenhou", "players": ["A", "B", "C", "D"],
            "hands": [{"result": "tsumo", "wins": [win]}]}  # fmt: skip
    with pytest.raises(GameError) as raised:
        record_from_dict(data)
    assert raised.value.message.text(lang).startswith(shown)


_NAMES = ["Ana", "Ben", "Chie", "Dae"]


@pytest.mark.parametrize(
    ("given", "en", "ja", "ko"),
    [({"sashi": ["Ana:Zed:1000"]}, "sashi", "差しウマ(sashi)", "사시우마(sashi)"),
     ({"bashin": ["Zed:Ana:1000"]}, "bashin", "馬身(bashin)", "바신(bashin)"),
     ({"binta": ["Zed:Ana:0"]}, "binta", "ビンタ(binta)", "빈타(binta)"),
     ({"chips": {"Zed": 3}}, "chips", "チップ(chips)", "칩(chips)"),
     ({"busted": {"Zed": "Ana"}}, "busted", "飛び(busted)", "토비(busted)"),
     ({"winners": ["Zed"]}, "winners", "和了者(winners)", "화료자(winners)"),
     ({"soto": {"Eve": "Zed"}}, "soto Eve", "Eveの外ウマ(soto)", "Eve의 소토우마(soto)"),
     ({"pool": {"Eve": "Zed"}}, "pool Eve", "Eveの外ウマのプール(pool)",
      "Eve의 소토우마 풀(pool)")],
)  # fmt: skip
def test_a_bets_field_is_named_in_the_readers_words(
    given: dict[str, object], en: str, ja: str, ko: str
) -> None:
    """The player a bet names is not at the table: the bet's field in the reader's
    words (a key typed bare had shown 「winners: 「Zed」は…」 to a Japanese reader)."""
    from seisan.rules import SideRules  # noqa: PLC0415
    from seisan.sidebets import BetError, bets_from_dict  # noqa: PLC0415

    with pytest.raises(BetError) as raised:
        bets_from_dict(given, _NAMES, SideRules())
    for lang, field in (("en", en), ("ja", ja), ("ko", ko)):
        assert raised.value.message.text(lang).startswith(f"{field}: “Zed”" if lang != "ja"
                                                          else f"{field}: 「Zed」")  # fmt: skip


@pytest.mark.parametrize(
    ("read", "ja"),
    [(lambda: penalties_from(["Zed:10"], _NAMES), "罰則(penalties): 「Zed」"),
     (lambda: substitute_from({"seat": "Zed", "by": "Eve"}, _NAMES), "代走(substitute): 「Zed」")],
)  # fmt: skip
def test_a_penalty_and_a_substitute_name_their_field_in_the_readers_words(
    read: object, ja: str
) -> None:
    with pytest.raises(GameError) as raised:
        read()  # type: ignore[operator]
    assert raised.value.message.text("ja").startswith(ja)


def _commands() -> list[list[str]]:
    import typer  # noqa: PLC0415

    def walk(command: Any, path: list[str]) -> Any:
        yield path
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, [*path, name])

    return list(walk(typer.main.get_command(app), []))


#: what a command's help shows as it is typed: the values of its options (each, first,
#: shuffled, standard, chi:123m…), the names of formats and programs, an address
HELP_TYPED = {
    "each", "first", "later", "chart", "dealer", "variant", "three", "player", "check",
    "force", "standard", "exact", "gorin", "tsumo", "loss", "split", "north", "chi", "pon",
    "kan", "ankan", "shuffled", "swiss", "interval", "teams", "script", "fewest", "owner",
    "localhost", "lan", "sqlite", "pip", "install", "web", "parquet", "arrow", "gzip", "xml",
    "mjlog", "mjai", "majsoul", "akochan", "mortal", "reviewer", "lines", "openskill",
    "plackett", "luce", "list", "show", "summary", "yakuman", "sanbaiman",
}  # fmt: skip


@pytest.mark.parametrize("lang", ["ja", "ko"])
@pytest.mark.parametrize("command", _commands(), ids=lambda c: " ".join(c) or "seisan")
def test_every_commands_help_has_no_english_in_japanese_or_korean(
    command: list[str], lang: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """Issue 16's “no English word on any screen”, for each of the CLI's help pages: a
    sentence, a heading or a label left in English fails; what is typed stays as typed
    (the commands, the options and their values, in the sentences that explain them)."""
    from seisan.cli import main  # noqa: PLC0415

    monkeypatch.setattr(sys, "argv", ["seisan", *command, "--help", "--lang", lang])
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit) as stop:
        main()
    out = capsys.readouterr().out
    assert stop.value.code in (0, None), out
    assert {"ja": "使い方: seisan", "ko": "사용법: seisan"}[lang] in out
    # a choice's values and a default's value as typed; their words (<文字列>, 既定値) not
    out = re.sub(r"<[\w|-]*\|[\w|-]*>", " ", out)
    out = re.sub(r"([:：]) *[\w@.-]+(?=[];])", r"\1 ", out)
    commands = {word for path in _commands() for word in path}
    typed = {part for mode in Rounding for part in mode.value.split("-")} | {
        "seisan", "csv", "json", "toml", "table", "seat", "split", "none", "deposits"}  # fmt: skip
    left = _english_words(out, HELP_TYPED | commands | typed)
    assert not left, (sorted(left), out)


@pytest.mark.parametrize(("args", "lang", "said"), [
    (["settle", "40000", "35000", "30000", "-r", "mleague"], "ja",
     "（3人なら: --rules mahjongsoul-sanma、--rules tenhou-sanma、--rules tenhou-sanma-2020、"),
    (["settle", "40000", "35000", "30000", "-r", "mleague"], "ko",
     "(3명이라면: --rules mahjongsoul-sanma, --rules tenhou-sanma, --rules tenhou-sanma-2020, "),
    (["hand", "--players", "3", "--tiles", "234m567p11s345678s", "--win", "8s"], "ja",
     "三人麻雀に 2m、3m、4m はありません"),
    (["hand", "--players", "3", "--tiles", "234m567p11s345678s", "--win", "8s"], "ko",
     "삼인 마작에는 2m, 3m, 4m이(가) 없습니다"),
    (["hand", "--players", "3", "--tiles", "234m567p11s345678s", "--win", "8s"], "en",
     "three-player mahjong has no 2m, 3m, 4m"),
])  # fmt: skip
def test_a_list_in_a_message_reads_as_the_language_lists(
    cli, args: list[str], lang: str, said: str
) -> None:
    """helper-80: a list shown to the reader is joined by 「、」 in Japanese, “, ” in Korean
    and English, whatever the code lists (the code had joined each with “, ” before
    the message was put into words: 「--rules mleague, --rules npm」)."""
    assert said in cli.run(*args, "--lang", lang, code=2)


def test_every_list_is_joined_in_the_readers_language() -> None:
    """One place joins a list for the reader (``render``); a message is given the list,
    not a text of it joined beforehand; a rules heading and a rules value too."""
    from seisan.explain import rule_value  # noqa: PLC0415
    from seisan.i18n import render  # noqa: PLC0415
    from seisan.presets import find_preset  # noqa: PLC0415

    names = Message("sitting out: {names}", names=["Ana", "Ben", "Chie"])
    assert names.text("en") == "sitting out: Ana, Ben, Chie"
    assert "Ana、Ben、Chie" in names.text("ja") and "Ana, Ben, Chie" in names.text("ko")
    assert render(("東", "南"), "ja") == "東、南" and render({"b", "a"}, "ko") == "a, b"
    assert rule_value("uma.places", [30, 10, -10, -30], Lang.JA) == "30、10、-10、-30"
    assert rule_value("side.sashi", [["Ana", "Ben", 1000]], Lang.KO) == "Ana:Ben:1000"
    changed = replace(find_preset("mleague"), changed=("money", "scoring"))
    assert changed.heading("ja") == "Mリーグ (変更: 金額、点数計算)"
    assert changed.heading("ko") == "M리그 (변경: 금액, 점수 계산)"


#: a Japanese message lists with 「、」 but where it shows what a file or the command
#: line is written with: a TOML table ({{…}}), a key = value list, 20,0,-20, JSON as
#: the API's reference page shows it in a code span (`{"uma": [20, 10, -10, -20]}`)
_TYPED_LISTS = re.compile(r"\{\{.*?\}\}|\b\w+ = …(?:, )?|`[^`]*`")


def test_no_japanese_message_lists_with_a_comma() -> None:
    """helper-80 found three: 「（.toml, .csv）」, 「(.parquet, .csv, .arrow; …)」 and
    「（title, rules, games, penalties）」."""
    from babel.messages.pofile import read_po  # noqa: PLC0415

    with Path(messages.po_path("ja")).open("rb") as file:
        found = [
            text
            for m in read_po(file)
            for text in ([m.string] if isinstance(m.string, str) else m.string)
            if text and ", " in _TYPED_LISTS.sub("", text)
        ]
    assert found == []
