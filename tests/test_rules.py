"""Rules values, house-rules files, presets and their serialisation."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from seisan import (
    Deposits,
    PointsError,
    RankUma,
    Rounding,
    Rules,
    RulesError,
    SeisanError,
    Ties,
    UnknownNameError,
    find_preset,
    load_rules,
    parse_floating,
    presets,
    settle,
)
from seisan.output import dumps_json


def test_oka_follows_from_start_and_return() -> None:
    assert find_preset("tenhou").oka == 20
    assert find_preset("tenhou-sanma").oka == 15
    assert find_preset("mahjongsoul").oka == 0


@pytest.mark.parametrize("rules", presets(), ids=lambda r: r.name)
def test_every_preset_round_trips_through_toml_and_json(rules: Rules) -> None:
    assert Rules.from_toml(rules.to_toml()) == rules
    assert Rules.from_dict(json.loads(dumps_json(rules.to_dict()), parse_float=Decimal)) == rules
    assert rules.sources, "every preset cites its source"
    assert rules.title("ja") != rules.title("en") or rules.name in {"rmu", "rmu-m"}


@pytest.mark.parametrize(
    ("alias", "name"),
    [("天鳳", "tenhou"), ("M-League", "mleague"), ("Mリーグ", "mleague"), ("連盟", "jpml"),
     ("원투오카", "one-two-oka"), ("雀魂", "mahjongsoul"), ("最高位戦", "saikouisen")],
)  # fmt: skip
def test_presets_are_found_by_alias(alias: str, name: str) -> None:
    assert find_preset(alias).name == name


def test_unknown_preset_lists_the_known() -> None:
    with pytest.raises(UnknownNameError, match="unknown rules preset “tenho”; known: ema"):
        find_preset("tenho")


def test_house_rules_file_extends_a_preset(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('extends = "tenhou"\numa = "10-30"\nrounding = "五捨六入"\n', encoding="utf-8")
    rules = load_rules(str(path))
    assert rules.name == "club"
    assert rules.start == 25000 and rules.ties is Ties.SEAT
    assert rules.uma.spec() == "10-30" and rules.rounding is Rounding.HALF_DOWN


def test_house_rules_file_reads_decimals_exactly(tmp_path: Path) -> None:
    path = tmp_path / "odd.toml"
    path.write_text("uma = [12.5, 2.5, -2.5, -12.5]\n", encoding="utf-8")
    assert load_rules(str(path)).uma.values == tuple(
        Fraction(x) for x in ("12.5", "2.5", "-2.5", "-12.5")
    )  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("start = 25050\n", "start = 25050: must be a positive multiple of 100"),
        ('start = "lots"\n', "start = “lots”: must be a whole number of points"),
        ("players = 5\n", "players = 5: must be 4 or 3"),
        ("return = 20000\n", "return = 20000: must not be below the start points"),
        ('rounding = "sometimes"\n', "rounding = “sometimes”: known: half-up"),
        ('ties = "coin"\n', "ties = “coin”: must be one of seat, split"),
        ('deposits = "burn"\n', "deposits = “burn”: must be one of first, lost"),
        ("umaa = [1]\n", "umaa = [1]: is not a rules field"),
        ("uma = [30, 10, -10]\n", "needs 4 values"),
        ("start = 25000\noka = 10\n", "oka = 10: oka is (return − start) × players = 20"),
        ("start = [\n", "not valid TOML"),
        ('extends = "nope"\n', "unknown rules preset “nope”"),
        ("[floating_uma]\n7 = [1, 0, 0, -1]\n", "a count of floating players is 0 to 4"),
    ],
)
def test_invalid_rules_file_names_field_and_value(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SeisanError) as err:
        load_rules(str(path))
    assert str(err.value).startswith(f"{path}: ")
    assert message in str(err.value)


def test_missing_rules_file(tmp_path: Path) -> None:
    with pytest.raises(SeisanError, match="cannot read rules file"):
        load_rules(str(tmp_path / "missing.toml"))


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ([25000, 25000, 25000], "is for 4 players, got 3 scores"),
        ([25050, 24950, 25000, 25000], "seat 0: points 25050 are not a multiple of 100"),
        ([25000, 25000, 25000, "25000"], "seat 3: points “25000” are not a whole number"),
        ([26000, 25000, 25000, 25000], "1000 too many"),
        ([24000, 25000, 25000, 25000], "1000 missing (check the points; riichi deposits left"),
        ([24050, 25000, 25000, 25000], "not a multiple of 100"),
    ],
)
def test_bad_points_are_named(points: list[int], message: str) -> None:
    with pytest.raises(PointsError) as err:
        settle(points, find_preset("tenhou"))
    assert message in str(err.value)


def test_deposits_left_on_the_table_are_counted_not_guessed() -> None:
    rules = find_preset("jpml")
    assert rules.deposits is Deposits.LOST
    with pytest.raises(PointsError, match="1000 missing"):
        settle([40000, 30000, 29000, 20000], rules)  # a typo, or a stick? say which
    result = settle([40000, 30000, 29000, 20000], rules, deposits=1)
    assert result.leftover_deposits == 1000
    # lost: in nobody's points and in nobody's score (JPML: 「オーラス終了時のリーチ棒は
    # 供託となる」), so the settlement sums to -1 pt and first's balance is 0
    assert sum(result.scores) == -1 == -result.lost
    assert result[0].points == 40000 and result[0].parts.balance == 0
    with pytest.raises(PointsError, match="1000 too many"):
        settle([40000, 30000, 30000, 20000], rules, deposits=1)


def test_deposits_to_first_go_into_its_points() -> None:
    result = settle([40000, 30000, 20000, 9000], find_preset("tenhou"), deposits=1)
    assert [r.points for r in result] == [41000, 30000, 20000, 9000]
    assert result.leftover_deposits == 0


def test_lost_deposits_change_who_floats() -> None:
    # A stick left on the table: lost, nobody reaches 30000 (the 0-float uma);
    # to first place, the top holds 30900 and floats alone (the 1-float uma).
    uma = parse_floating({"0": [5, 0, 0, -5], "1": [12, -1, -3, -8]})
    lost = Rules(uma=uma, deposits=Deposits.LOST)
    result = settle([29900, 29800, 29700, 29600], lost, deposits=1)
    assert [str(s) for s in result.scores] == ["49/10", "-1/5", "-3/10", "-27/5"]
    assert [r.parts.uma for r in result] == [5, 0, 0, -5]
    given = settle([29900, 29800, 29700, 29600], Rules(uma=uma), deposits=1)
    assert [r.points for r in given] == [30900, 29800, 29700, 29600]
    assert [r.parts.uma for r in given] == [12, -1, -3, -8]
    assert given[0].score == Fraction(129, 10)


def test_rules_are_frozen_and_validated() -> None:
    rules = find_preset("tenhou")
    with pytest.raises(AttributeError):
        rules.start = 30000  # type: ignore[misc]
    with pytest.raises(RulesError, match="players"):
        Rules(players=5)
    custom = rules.replace(rounding=Rounding.HALF_DOWN)
    assert custom.name == "tenhou" and custom.rounding is Rounding.HALF_DOWN
    assert custom.changed == ("rounding",)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('oka = "x"\n', "oka = “x”: must be a number of pt"),
        ("oka = true\n", "oka = true: must be a number of pt"),
        ("uma = 10\n", "uma = 10: give a name"),
        ("uma = true\n", "uma = true: give a name"),
        ("[floating_uma]\n1 = [12, -1, -3, -8]\n01 = [8, 4, -4, -8]\n", "same count"),
        ("[floating_uma]\n1 = [12, -1, -3, -8]\n2 = [8, 0, -8]\n", "needs 4 values"),
        ('extends = "tenhou"\nplayers = 3\n', "uma = “10-20”: has 4 places, the rules 3"),
    ],
)
def test_more_invalid_rules_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SeisanError, match="^" + str(path).replace("/", "/")) as err:
        load_rules(str(path))
    assert message in str(err.value)


def test_rules_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(SeisanError, match="not UTF-8"):
        load_rules(str(path))


def test_from_toml_follows_extends() -> None:
    rules = Rules.from_toml('extends = "mleague"\nrounding = "half-up"\n')
    assert rules.start == 25000 and rules.uma.spec() == "10-30"
    assert rules.rounding is Rounding.HALF_UP


def test_a_file_named_like_a_preset_does_not_shadow_it(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mleague").write_text('uma = "none"\n', encoding="utf-8")
    assert load_rules("mleague").uma.spec() == "10-30"
    (tmp_path / "club").write_text('uma = "none"\n', encoding="utf-8")
    assert load_rules("club").name == "club"


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: RankUma((Fraction(-10), Fraction(0), Fraction(0), Fraction(10))), "must not rise"),
        (lambda: RankUma((Fraction(1, 3), Fraction(-1, 3), Fraction(0), Fraction(0))), "0.1 pt"),
        (lambda: Rules(players=4.0), "must be 4 or 3"),  # type: ignore[arg-type]
        (lambda: Rules(titles=5), "titles = 5: must be a list"),  # type: ignore[arg-type]
        (lambda: parse_floating({}), "at least one entry"),
    ],
)
def test_values_are_validated_when_built_directly(build, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        build()


def test_names_are_checked() -> None:
    with pytest.raises(PointsError, match="seat 0: a name is text in quotes, not 1"):
        settle([30000] * 4, names=[1, 1, 3, 4])  # type: ignore[list-item]
    with pytest.raises(PointsError, match="names must differ"):
        settle([30000] * 4, names=["A", "A", "B", "C"])


def test_huge_points_are_refused_not_misprinted() -> None:
    with pytest.raises(PointsError, match="beyond"):
        settle([10**22 + 30100, -(10**22) + 29900, 30000, 30000])


@pytest.mark.parametrize(
    ("name", "titles", "lang", "title"),
    [
        ("plain", (), "ja", "プリセットなし"),  # the plain base: a name in every language
        ("plain", (), "ko", "프리셋 없음"),
        ("plain", (), "en", "No preset"),
        ("club", (), "ja", "club"),  # no titles: its id, not the plain base's name
        ("club", (("en", "Friday club"), ("ja", "金曜会")), "ja", "金曜会"),
        ("club", (("en", "Friday club"), ("ja", "金曜会")), "ko", "Friday club"),
        ("club", (("ja", "金曜会"),), "ko", "club"),  # no English either: its id
        ("plain", (("ja", "なし"),), "ko", "plain"),  # titled: its own, not the base's
    ],
)  # fmt: skip
def test_a_title_in_the_readers_language_then_english_then_its_id(
    name: str, titles: tuple[tuple[str, str], ...], lang: str, title: str
) -> None:
    """Asked in a language the process does not speak (English here)."""
    assert Rules(name=name, titles=titles).title(lang) == title


def test_title_in_an_unknown_language_falls_back_to_english() -> None:
    assert find_preset("tenhou").title("fr") == "Tenhou"


def test_replace_records_what_changed_once() -> None:
    rules = find_preset("tenhou").replace(rounding=Rounding.NONE).replace(ties=Ties.SPLIT)
    rules = rules.replace(rounding=Rounding.HALF_UP)
    assert rules.name == "tenhou" and rules.changed == ("rounding", "ties")


_HALF = Decimal("0.5")


@pytest.mark.parametrize(
    ("data", "text"),
    [
        ({"score": Decimal("-7.5"), "title": "\x00"}, '{"score": -7.5, "title": "\\u0000"}'),
        # a text that looks like a marked number stays a text
        (
            {"title": "\x005\x00", "score": Decimal("0.001")},
            '{"title": "\\u00005\\u0000", "score": 0.001}',
        ),
        (
            {"title": "a\\u0000", "scores": [Decimal("12.5"), 3, None]},
            '{"title": "a\\\\u0000", "scores": [12.5, 3, null]}',
        ),
        (  # equal values of other digits, each its own; one object many times
            {"a": [Decimal("1.5"), Decimal("1.50"), Decimal("-0"), Decimal("0"), _HALF, _HALF]},
            '{"a": [1.5, 1.50, -0, 0, 0.5, 0.5]}',
        ),
    ],
    ids=["nul", "marked-text", "backslash", "equal-values"],
)
def test_json_numbers_are_exact_decimals_and_texts_stay_texts(data: dict, text: str) -> None:
    """Decimals go out as numbers with their own digits (never through a float); a text
    of the data that holds the mark used for them stays the same text."""
    assert dumps_json(data, indent=None) == text
    assert json.loads(text, parse_float=Decimal) == data


# -- issue 16: presets against their organisations' texts -----------------------------


@pytest.mark.parametrize(
    ("preset", "points", "deposits", "scores"),
    [
        # 最高位戦: 30000/30000, 10-30, a stick left at the end is lost (供託)
        ("saikouisen", [50000, 30000, 20000, 19000], 1, ["50", "10", "-20", "-41"]),
        # 日本プロ麻雀協会: 25000/30000, 10-30 (+50/+10/-10/-30 with the oka)
        ("npm", [42600, 31000, 16400, 10000], 0, ["62.6", "11", "-23.6", "-50"]),
        # 連盟 WRC: 30000/30000, 15/5/-5/-15
        ("jpml-wrc", [45000, 35000, 25000, 15000], 0, ["30", "10", "-10", "-30"]),
        # 最高位戦Classic: 30000/30000, 12/4/-4/-12
        ("saikouisen-classic", [45000, 35000, 25000, 15000], 0, ["27", "9", "-9", "-27"]),
        # 雀魂 三麻: 35000/35000, 15/0/-15, first place in seat 1
        ("mahjongsoul-sanma", [35000, 50000, 20000], 0, ["0", "30", "-30"]),
        # 天鳳 東風戦: the 東南戦's settlement, 25000/30000, 10-20, oka to first, ties by
        # seat (seat 0 second: -5 + 10)
        ("tenhou-tonpu", [25000, 25000, 40000, 10000], 0, ["5", "-15", "50", "-40"]),
    ],
)
def test_new_and_fixed_presets_settle_as_their_texts_say(
    preset: str, points: list[int], deposits: int, scores: list[str]
) -> None:
    result = settle(points, find_preset(preset), deposits=deposits)
    assert [str(Decimal(s.numerator) / s.denominator) for s in result.scores] == [
        str(Decimal(v)) for v in scores
    ]


@pytest.mark.parametrize(
    ("preset", "fields"),
    [
        ("saikouisen", {"deposits": "lost", "scoring.atamahane": True, "scoring.nagashi": False,
                        "scoring.kiriage_dealer": True, "scoring.kiriage": False,
                        "game.aborts": False, "game.bust_ends": False}),
        ("npm", {"start": 25000, "return": 30000, "game.bust_ends": False,
                 "scoring.nagashi": False, "game.aborts": False, "scoring.atamahane": True,
                 "scoring.double_yakuman": False, "scoring.composite_yakuman": True,
                 "scoring.triple_ron": "win", "scoring.kiriage": False}),
        ("jpml-wrc", {"scoring.kiriage": True, "scoring.kazoe": "sanbaiman",
                      "deposits": "lost"}),
        ("saikouisen-classic", {"scoring.noten": 0, "penalties.chombo_pt": 16,
                                "scoring.kiriage": False}),
        ("mahjongsoul-sanma", {"players": 3, "game.target": 40000, "game.extension": "west",
                               "scoring.noten": 2000, "scoring.honba": 200}),
        ("tenhou-tonpu", {"game.length": "east", "game.extension": "west",
                          "game.dealer_stop": "auto"}),
        ("jpml", {"scoring.daiminkan_pao": False, "scoring.double_yakuman": False}),
        ("mleague", {"scoring.double_yakuman": False, "scoring.triple_ron": "win"}),
        ("rmu", {"scoring.double_yakuman": False, "scoring.triple_ron": "win"}),
        ("wrc", {"scoring.composite_yakuman": False, "scoring.triple_ron": "win"}),
        ("ema", {"scoring.composite_yakuman": False, "scoring.triple_ron": "win"}),
    ],
)  # fmt: skip
def test_preset_fields_cite_their_organisation(preset: str, fields: dict[str, object]) -> None:
    rules = find_preset(preset)
    for path, value in fields.items():
        table, _dot, name = path.rpartition(".")
        holder = {"": rules, "scoring": rules.scoring, "game": rules.game,
                  "penalties": rules.penalties}[table]  # fmt: skip
        attr = {"return": "return_points"}.get(name, name)
        got = getattr(holder, attr)
        assert (got.value if hasattr(got, "value") else got) == value, path
    assert rules.sources and all(s.note for s in rules.sources), "each value's text is quoted"


@pytest.mark.parametrize("lang", ["ja", "ko"])
@pytest.mark.parametrize("rules", presets(), ids=lambda r: r.name)
def test_every_preset_note_reads_in_japanese_and_korean(rules: Rules, lang: str) -> None:
    english = rules.note_texts("en")
    translated = rules.note_texts(lang)
    assert len(translated) == len(english)
    for en, text in zip(english, translated, strict=True):
        assert text != en, f"{rules.name}: a note only in English: {en}"


def test_a_note_may_be_given_in_three_languages_and_round_trips() -> None:
    rules = Rules.from_toml(
        '[notes.game]\nen = "No busting."\nja = "トビなし。"\nko = "들통 없음."\n'
    )
    assert rules.note_texts("ja") == ["トビなし。"] and rules.note_texts("en") == ["No busting."]
    assert Rules.from_toml(rules.to_toml()) == rules
    with pytest.raises(RulesError, match="give the note as en"):
        Rules.from_toml('[notes.game]\nja = "トビなし。"\n')


@pytest.mark.parametrize(
    ("dealer", "han", "fu", "ron"),
    [(True, 4, 30, 12000), (True, 3, 60, 12000), (False, 4, 30, 7700), (False, 3, 60, 7700),
     (True, 4, 40, 12000), (True, 3, 50, 9600)],
)  # fmt: skip
def test_kiriage_for_the_dealer_only(dealer: bool, han: int, fu: int, ron: int) -> None:
    """最高位戦: 「30符6飜の子は7,700、親の11,600は切り上げ満貫」."""
    from seisan.hands import hand_value  # noqa: PLC0415

    scoring = find_preset("saikouisen").scoring
    assert hand_value(han, fu, dealer, scoring).ron == ron


def test_kiriage_and_kiriage_for_the_dealer_are_not_both_given() -> None:
    with pytest.raises(RulesError, match="kiriage already rounds up every hand"):
        Rules.from_toml("[scoring]\nkiriage = true\nkiriage_dealer = true\n")


def test_a_house_rule_may_turn_on_full_kiriage_over_the_dealers_only() -> None:
    """The review's case: `extends = "saikouisen"` with `kiriage = true` was refused,
    naming a field the file never wrote; one kind of 切り上げ満貫 replaces the other."""
    rules = load_rules_text('extends = "saikouisen"\n[scoring]\nkiriage = true\n')
    assert rules.scoring.kiriage and not rules.scoring.kiriage_dealer
    from seisan.hands import hand_value  # noqa: PLC0415

    assert hand_value(4, 30, False, rules.scoring).ron == 8000  # the non-dealer's too


def load_rules_text(text: str) -> Rules:
    import tomllib  # noqa: PLC0415

    from seisan.presets import rules_from_data  # noqa: PLC0415

    return rules_from_data(tomllib.loads(text))


@pytest.mark.parametrize("name", [r.name for r in presets()])
def test_rules_travel_to_another_process_and_settle_the_same(name: str) -> None:
    """Rules are pickled to worker processes (``import --jobs``); their fast form holds
    a closure (the rounding), which is made again on arrival."""
    import pickle  # noqa: PLC0415

    rules = find_preset(name)
    again = pickle.loads(pickle.dumps(rules))  # our own bytes
    assert again == rules and again.fast is not rules.fast
    points = [36_700, 30_300, 23_500, 9_500] if rules.players == 4 else [40_500, 35_000, 29_500]
    points = [p - (sum(points) - rules.start * rules.players) * (i == 0)
              for i, p in enumerate(points)]  # fmt: skip
    assert settle(points, again).scores == settle(points, rules).scores


def test_a_fee_without_a_rate_is_refused_naming_the_field_and_its_value() -> None:
    """Checked once the rules are whole (a rules file may leave the rate to --rate)."""
    from seisan.rules import Stakes  # noqa: PLC0415

    Stakes(fee=Fraction(100), rate=Fraction(50)).check_paid()
    Stakes().check_paid()
    with pytest.raises(RulesError) as refused:
        Stakes(fee=Fraction(100)).check_paid()
    assert refused.value.field == "money.fee"
    assert (
        str(refused.value) == "rules: money.fee = 100: a fee is money: it needs a rate (money.rate)"
    )


@pytest.mark.parametrize(
    ("data", "field", "said"),
    [
        ({"money": {"currency": "円"}}, "money.currency",
         "rules: money.currency = “円”: does nothing without a rate (money.rate)"),
        ({"money": {"unit": 100}}, "money.unit",
         "rules: money.unit = 100: does nothing without a rate (money.rate)"),
        ({"money": {"rounding": "floor"}}, "money.rounding",
         "rules: money.rounding = “floor”: does nothing without a rate (money.rate)"),
        ({"money": {"fee_payer": "first"}}, "money.fee_payer",
         "rules: money.fee_payer = “first”: does nothing without a rate (money.rate)"),
        ({"money": {"fee": 100, "currency": "円"}}, "money.fee",
         "rules: money.fee = 100: a fee is money: it needs a rate (money.rate)"),
        ({"side": {"shizumi_line": 20000}}, "side.shizumi_line",
         "rules: side.shizumi_line = 20000: does nothing without 沈みウマ (side.shizumi)"),
        ({"side": {"shizumi_line": 100}}, "side.shizumi_line",
         "rules: side.shizumi_line = 100: does nothing without 沈みウマ (side.shizumi)"),
        ({"side": {"tobi_at_zero": True}}, "side.tobi_at_zero",
         "rules: side.tobi_at_zero = true: does nothing without 飛び賞 (side.tobi)"),
        # (helper-55) who pays a fee with no fee; what a point system does not read; a
        # target with no extension to end; a substitute's fixed score not used
        ({"money": {"rate": 50, "fee_payer": "first"}}, "money.fee_payer",
         "rules: money.fee_payer = “first”: does nothing without a fee (money.fee)"),
        ({"scoring": {"system": "gorin", "kiriage": True}}, "scoring.kiriage",
         "rules: scoring.kiriage = true: does nothing under the Gorin (50 fu) system"),
        ({"scoring": {"system": "exact", "kiriage_dealer": True}}, "scoring.kiriage_dealer",
         "rules: scoring.kiriage_dealer = true: does nothing under the Exact system"),
        ({"scoring": {"system": "30fu", "kiriage": True}}, "scoring.kiriage",
         "rules: scoring.kiriage = true: does nothing under the 30-fu base system"),
        ({"scoring": {"thirty_fu_variant": True}}, "scoring.thirty_fu_variant",
         "rules: scoring.thirty_fu_variant = true: does nothing outside the 30fu system"),
        ({"scoring": {"system": "gorin", "kazoe": "sanbaiman"}}, "scoring.kazoe",
         "rules: scoring.kazoe = “sanbaiman”: does nothing under the Gorin (50 fu) system (11 "
         "han is 超満)"),
        ({"game": {"target": 30000}}, "game.target",
         "rules: game.target = 30000: does nothing without an extension (game.extension)"),
        ({"penalties": {"substitute_points": -20000}}, "penalties.substitute_points",
         "rules: penalties.substitute_points = -20000: does nothing unless "
         "penalties.substitute = “fixed”"),
        ({"penalties": {"substitute_uma": -10}}, "penalties.substitute_uma",
         "rules: penalties.substitute_uma = -10: does nothing unless penalties.substitute = "
         "“fixed”"),
    ],
)  # fmt: skip
def test_what_does_nothing_in_whole_rules_is_refused(data: dict, field: str, said: str) -> None:
    """Money's parts with no rate, 沈みウマ's line with no 沈みウマ, 飛び賞 at zero with no
    飛び賞: kept on construction (a file may leave them to the command line, rules stored
    before are read), refused once the rules are whole."""
    rules = Rules.from_dict({"extends": "npm", **data})  # (no kiriage, extension or money)
    with pytest.raises(RulesError) as refused:
        rules.check_whole()
    assert (refused.value.field, str(refused.value)) == (field, said)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"money": {"rate": 50, "currency": "円", "unit": 100, "rounding": "floor",
                   "fee": 100, "fee_payer": "first"}},
        {"money": {"unit": 1, "rounding": "half-up", "fee": 0, "fee_payer": "each"}},
        {"side": {"shizumi": 10000, "shizumi_line": 20000}},
        {"side": {"tobi": 10000, "tobi_at_zero": True}},
        {"side": {"tobi_at_zero": False}},
        {"money": {"rate": 50, "fee": 100, "fee_payer": "first"}},
        {"money": {"rate": 50, "fee_payer": "each"}},
        {"scoring": {"kiriage": True}},
        {"scoring": {"kiriage_dealer": True}},
        {"scoring": {"system": "30fu", "thirty_fu_variant": True, "kazoe": "sanbaiman"}},
        {"scoring": {"system": "exact", "kazoe": "sanbaiman"}},
        {"game": {"target": 30000, "extension": "west"}},
        {"penalties": {"substitute": "fixed", "substitute_points": -20000,
                       "substitute_uma": -10}},
    ],
)  # fmt: skip
def test_what_is_used_or_as_without_it_is_kept(data: dict) -> None:
    """Each with what it qualifies, or written as the default (which is no rule at all)."""
    Rules.from_dict({"extends": "npm", **data}).check_whole()


@pytest.mark.parametrize(
    "data",
    [
        {"extends": "mleague", "scoring": {"system": "gorin"}},
        {"extends": "mleague", "scoring": {"system": "30fu"}},
        {"extends": "saikouisen", "scoring": {"system": "exact"}},
        {"extends": "mahjongsoul", "game": {"extension": "none"}},
        {"extends": "ema", "penalties": {"substitute": "result"}},
    ],
)  # fmt: skip
def test_what_the_preset_gives_is_not_the_readers_to_answer_for(data: dict) -> None:
    """M.League's kiriage and 数え役満 cap, 最高位戦's dealer kiriage, Mahjong Soul's
    target: a reader who changes the system or the extension never wrote them, so they
    are not refused; written again by the reader, they are."""
    rules = Rules.from_dict(data)
    assert rules.idle() == []
    rules.check_whole()
    table, fields = next((k, v) for k, v in data.items() if k != "extends")
    if table == "scoring" and data["extends"] == "mleague":
        again = Rules.from_dict({**data, "scoring": {**fields, "kiriage": True}})
        assert [path for path, _v, _p in again.idle()] == []  # (the preset's value again)
        house = Rules.from_dict({"extends": "npm", "scoring": {**fields, "kiriage": True}})
        assert [path for path, _v, _p in house.idle()] == ["scoring.kiriage"]


@pytest.mark.parametrize(
    ("money", "listed"),
    [
        ({}, []),
        ({"rate": 50}, []),
        ({"currency": "円", "unit": 100, "rounding": "floor"},
         [("money.unit", 100, "does nothing without a rate (money.rate)"),
          ("money.currency", "円", "does nothing without a rate (money.rate)"),
          ("money.rounding", "floor", "does nothing without a rate (money.rate)")]),
        ({"fee_payer": "first", "fee": 100},
         [("money.fee", 100, "a fee is money: it needs a rate (money.rate)"),
          ("money.fee_payer", "first", "does nothing without a rate (money.rate)")]),
        ({"rate": 50, "fee_payer": "first"},
         [("money.fee_payer", "first", "does nothing without a fee (money.fee)")]),
        ({"rate": 50, "fee": 100, "fee_payer": "first", "currency": "円"}, []),
    ],
)  # fmt: skip
def test_money_nothing_reads_is_listed_whole_with_the_rest(money: dict, listed: list) -> None:
    """Money's idle fields are in :meth:`Rules.idle`'s one list, first, each with its
    value and reason (``rules show`` prints them all; ``check_whole`` refuses the
    first, as ``check_paid`` does), before the other tables'."""
    rules = Rules.from_dict({"extends": "npm", "money": money, "side": {"tobi_at_zero": True}})
    found = [(path, value, problem.text("en")) for path, value, problem in rules.idle()]
    assert found == [*listed, ("side.tobi_at_zero", True,
                               "does nothing without 飛び賞 (side.tobi)")]  # fmt: skip
    with pytest.raises(RulesError) as refused:
        rules.check_whole()
    assert refused.value.field == (listed or [("side.tobi_at_zero",)])[0][0]
    if listed:
        with pytest.raises(RulesError) as paid:
            rules.stakes.check_paid()
        assert (paid.value.field, paid.value.value) == listed[0][:2]
    else:
        rules.stakes.check_paid()


@pytest.mark.parametrize(
    ("system", "unread"),
    [
        ("standard", ["thirty_fu_variant"]),
        ("30fu", ["kiriage", "kiriage_dealer"]),
        ("gorin", ["kiriage", "kiriage_dealer", "thirty_fu_variant", "kazoe"]),
        ("exact", ["kiriage", "kiriage_dealer", "thirty_fu_variant"]),
    ],
)
def test_what_each_point_system_never_reads(system: str, unread: list[str]) -> None:
    """One list (:meth:`Scoring.unread`) for a rules file's fields and ``hand``'s options."""
    from seisan.rules import Scoring  # noqa: PLC0415

    assert [name for name, _problem in Scoring.from_dict({"system": system}).unread()] == unread


def test_a_field_a_file_writes_itself_is_refused_though_its_preset_gives_it(
    tmp_path: Path,
) -> None:
    """helper-77: ``extends = "mleague"`` (kiriage on) with ``system = "gorin"`` and the
    file's own ``kiriage = true`` had been taken: the preset's value was left alone, and
    the file's own with it. The system by its name in the reader's language."""
    from seisan.presets import load_rules_file  # noqa: PLC0415

    house = tmp_path / "house.toml"
    house.write_text('extends = "mleague"\n[scoring]\nsystem = "gorin"\nkiriage = true\n',
                     encoding="utf-8")  # fmt: skip
    with pytest.raises(SeisanError) as refused:
        load_rules_file(house)
    assert refused.value.message.text("ja") == (
        f"{house}: ルール: scoring.kiriage = true: 五輪ルール (50符)では効果がありません"
    )
    house.write_text('extends = "mleague"\n[scoring]\nsystem = "gorin"\n', encoding="utf-8")
    assert load_rules_file(house).scoring.kiriage  # the preset's, never written: left alone


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "rules: scoring.kazoe = “sanbaiman”: does nothing under the Gorin (50 fu) system "
           "(11 han is 超満)"),
    ("ja", "ルール: scoring.kazoe = 「sanbaiman」: "
           "五輪ルール (50符)では効果がありません（11翻は超満）"),
    ("ko", "룰: scoring.kazoe = “sanbaiman”: "
           "오륜 룰 (50부)에서는 효과가 없습니다 (11판은 초만(超満))"),
])  # fmt: skip
def test_counted_yakuman_under_gorin_names_the_system_as_kiriage_does(lang: str, said: str) -> None:
    """helper-80: 数え役満's refusal named “the gorin system” in English where kiriage's
    names the system by its term (159e020): both now say “under the {system} system”."""
    rules = Rules.from_dict({"extends": "npm", "scoring": {"system": "gorin",
                                                          "kazoe": "sanbaiman"}})  # fmt: skip
    with pytest.raises(RulesError) as refused:
        rules.check_whole()
    kiriage = Rules.from_dict({"extends": "npm", "scoring": {"system": "gorin", "kiriage": True}})
    with pytest.raises(RulesError) as also:
        kiriage.check_whole()
    assert refused.value.message.text(lang) == said
    system = {"en": "Gorin (50 fu)", "ja": "五輪ルール (50符)", "ko": "오륜 룰 (50부)"}[lang]
    assert system in also.value.message.text(lang)
