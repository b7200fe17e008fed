"""What the club's history says an edit of a game changed, word for word: one case per
part of the table (seats, points, sticks, chips, busts, 焼き鳥, pair bets, 外ウマ,
penalties, substitute, totals and money), each on its thresholds (a seat added, a
name in other letters, a value absent or zero), stored and read back as the history
page does, in English, Japanese and Korean."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

from seisan.i18n import Lang, render
from seisan.web.clubs import history

GONE = object()  #: a part left out of the table
TABLE = {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [42600, 31000, 16400, 10000]}


def said(changes: list[Any], lang: Lang = Lang.EN) -> list[str]:
    """As stored in an action and shown on the history page."""
    return [render(history.decode(history.encode(c), lang), lang) for c in changes]


CASES: list[tuple[str, dict[str, Any], dict[str, Any], list[str]]] = [
    ("nothing", {}, {}, []),
    (
        "a seat",
        {},
        {"players": ["Ana", "Ben", "Chie", "Eve"]},
        ["who sat North: Dae → Eve", "Eve's points: nothing → 10000"],
    ),
    (
        "a seat added",
        {"players": ["Ana", "Ben", "Chie"], "points": [50000, 30000, 25000]},
        {"players": ["Ana", "Ben", "Chie", "Dae"], "points": [50000, 30000, 15000, 10000]},
        [
            "who sat North: nothing → Dae",
            "Chie's points: 25000 → 15000",
            "Dae's points: nothing → 10000",
        ],
    ),
    (
        "a seat taken away",
        {},
        {"players": ["Ana", "Ben", "Chie"], "points": [42600, 31000, 26400]},
        ["who sat North: Dae → nothing", "Chie's points: 16400 → 26400"],
    ),
    (
        "seats swapped",
        {},
        {"players": ["Ben", "Ana", "Chie", "Dae"], "points": [31000, 42600, 16400, 10000]},
        ["who sat East: Ana → Ben", "who sat South: Ben → Ana"],
    ),
    (
        "points",
        {},
        {"points": [42600, 31000, 16500, 9900]},
        ["Chie's points: 16400 → 16500", "Dae's points: 10000 → 9900"],
    ),
    (
        "points without a list",
        {},
        {"points": GONE},
        [
            "Ana's points: 42600 → nothing",
            "Ben's points: 31000 → nothing",
            "Chie's points: 16400 → nothing",
            "Dae's points: 10000 → nothing",
        ],
    ),
    ("sticks", {}, {"deposits": 2}, ["riichi sticks left on the table: 0 → 2"]),
    ("sticks of 0 are none", {"deposits": 0}, {}, []),
    (
        "sticks taken away",
        {"deposits": 1},
        {"deposits": 0},
        ["riichi sticks left on the table: 1 → 0"],
    ),
    (
        "chips by name",
        {"chips": {"Ana": 3, "Dae": -3}},
        {"chips": {"Ana": 2, "Ben": 1, "Dae": -3}},
        ["Ana's chips: 3 → 2", "Ben's chips: 0 → 1"],
    ),
    ("chips by seat", {"chips": [3, 0, 0, -3]}, {"chips": {"Ana": 3, "Dae": -3}}, []),
    (
        "chips gone",
        {"chips": [3, 0, 0, -3]},
        {"chips": "none"},
        ["Ana's chips: 3 → 0", "Dae's chips: -3 → 0"],
    ),
    ("a bust", {}, {"busted": {"Dae": "Ana"}}, ["who busted Dae: nothing → Ana"]),
    ("a bust in other letters", {"busted": {"dae": "Ana"}}, {"busted": {"DAE": "Ana"}}, []),
    (
        "a bust by another",
        {"busted": {"Dae": "Ana"}},
        {"busted": {"dae": "Ben"}},
        ["who busted Dae: Ana → Ben"],
    ),
    (
        "焼き鳥",
        {"winners": None},
        {"winners": ["Ana", "Ben"]},
        ["who won a hand (焼き鳥): nothing → Ana, Ben"],
    ),
    ("焼き鳥, none either way", {"winners": None}, {"winners": []}, []),
    (
        "差しウマ",
        {"sashi": ["Ana:Ben:10000"]},
        {"sashi": ["Ben : Ana:20000"]},
        ["Sashi-uma between Ana and Ben: 10000 → 20000"],
    ),
    (
        "差しウマ, the same pair the other way",
        {"sashi": ["Ana:Ben:10000"]},
        {"sashi": ["Ben:Ana:10000"]},
        [],
    ),
    (
        "差しウマ added, a bad one left out",
        {"sashi": ["Ana:Ben"]},
        {"sashi": ["Chie:Dae:5000", "Ana:Ben"]},
        ["Sashi-uma between Chie and Dae: nothing → 5000"],
    ),
    (
        "馬身 and ビンタ",
        {"bashin": ["Ana:Ben:1"]},
        {"binta": ["Ana:Ben:100"]},
        ["Bashin between Ana and Ben: 1 → nothing", "Binta between Ana and Ben: nothing → 100"],
    ),
    (
        "外ウマ",
        {"soto": {"Eve": "Ana"}},
        {"soto": {"Eve": "Ben", "Fay": "Chie"}},
        ["whom Eve backs (外ウマ): Ana → Ben", "whom Fay backs (外ウマ): nothing → Chie"],
    ),
    (
        "外ウマ gone",
        {"soto": {"Eve": "Ana"}},
        {"soto": None},
        ["whom Eve backs (外ウマ): Ana → nothing"],
    ),
    ("a pool", {"pool": {"Gus": "Dae"}}, {}, ["whom Gus backs (外ウマ): Dae → nothing"]),
    (
        "penalties",
        {"penalties": ["Ana:-20:late"]},
        {"penalties": [{"who": "Ana", "pt": -20, "why": "late"}, "Ben:-10"]},
        ["penalties: Ana:-20:late → Ana:-20:late; Ben:-10"],
    ),
    (
        "penalties gone",
        {"penalties": ["Ana:-20"]},
        {"penalties": []},
        ["penalties: Ana:-20 → nothing"],
    ),
    (
        "a substitute",
        {},
        {"substitute": {"for": "Dae", "by": "Eve"}},
        ["substitute: nothing → Dae:Eve"],
    ),
    (
        "焼き鳥 gone",
        {"winners": ["Ana"]},
        {"winners": GONE},
        ["who won a hand (焼き鳥): Ana → nothing"],
    ),
    ("penalties given", {}, {"penalties": ["Ana:-20"]}, ["penalties: nothing → Ana:-20"]),
    (
        "a substitute gone",
        {"substitute": {"for": "Dae", "by": "Eve"}},
        {},
        ["substitute: Dae:Eve → nothing"],
    ),
    (
        "sticks gone from the table",
        {"deposits": 1},
        {"deposits": GONE},
        ["riichi sticks left on the table: 1 → 0"],
    ),
    ("a chip count of 0 is none", {}, {"chips": {"Ben": 0}}, []),
    (
        "chips by seat, fewer than the seats",
        {"chips": [3, -3]},
        {"chips": {"Ana": 3}},
        ["Ben's chips: -3 → 0"],
    ),
    (
        "差しウマ between names in other cases",
        {},
        {"sashi": ["Ben:ana:100"]},
        ["Sashi-uma between ana and Ben: nothing → 100"],
    ),
]


@pytest.mark.parametrize(("old", "new", "expected"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])  # fmt: skip
def test_what_an_edit_changed(old: dict[str, Any], new: dict[str, Any],
                              expected: list[str]) -> None:  # fmt: skip
    old, new = {**TABLE, **old}, {**TABLE, **new}
    new = {key: value for key, value in new.items() if value is not GONE}
    old = {key: value for key, value in old.items() if value is not GONE}
    assert said(history.game_changes(old, new)) == expected


ROWS = [{"name": "Ana", "total": Decimal("52.6"), "money": Decimal("526")},
        {"name": "Ben", "total": Decimal("11"), "money": None}]  # fmt: skip


@pytest.mark.parametrize(("after", "expected"), [
    (ROWS, []),
    ([{**ROWS[0], "total": Decimal("-7.4")}, ROWS[1]], ["Ana's total: +52.6 → -7.4"]),
    ([{**ROWS[0], "money": Decimal("-74")}, ROWS[1]], ["Ana's money: +526 → -74"]),
    ([ROWS[0], {**ROWS[1], "money": Decimal("110")}], ["Ben's money: nothing → +110"]),
    ([ROWS[0], {**ROWS[1], "money": Decimal("0")}], ["Ben's money: nothing → 0"]),
    ([ROWS[0], {"name": "Eve", "total": Decimal("11"), "money": None}], []),  # a new seat
], ids=["same", "a total", "money", "money from none", "money of 0", "someone new"])  # fmt: skip
def test_totals_and_money(after: list[dict[str, Any]], expected: list[str]) -> None:
    assert said(history.game_changes(TABLE, TABLE, ROWS, after)) == expected


@pytest.mark.parametrize(("lang", "expected"), [
    (Lang.JA, ["北家に座った人: Dae → Eve", "Eveの持ち点: なし → 10000",
               "卓に残った供託リーチ棒: 0 → 1", "AnaとBenの差しウマ: なし → 100",
               "Anaの合計: +52.6 → -7.4"]),
    (Lang.KO, ["북가에 앉은 사람: Dae → Eve", "Eve의 점수: 없음 → 10000",
               "탁에 남은 공탁 리치봉: 0 → 1", "Ana와(과) Ben의 사시우마: 없음 → 100",
               "Ana의 합계: +52.6 → -7.4"]),
])  # fmt: skip
def test_in_japanese_and_korean(lang: Lang, expected: list[str]) -> None:
    new = {**TABLE, "players": ["Ana", "Ben", "Chie", "Eve"], "deposits": 1,
           "sashi": ["Ana:Ben:100"]}  # fmt: skip
    changes = history.game_changes(TABLE, new, ROWS, [{**ROWS[0], "total": Decimal("-7.4")}])
    assert said(changes, lang) == expected


def test_someone_new_before_a_change_still_shows_the_change() -> None:
    """A new seat first in the rows is passed over, and the change after it is said."""
    after = [{"name": "Eve", "total": Decimal("11"), "money": None},
             {**ROWS[0], "total": Decimal("-7.4")}]  # fmt: skip
    assert said(history.game_changes(TABLE, TABLE, ROWS, after)) == ["Ana's total: +52.6 → -7.4"]


@pytest.mark.django_db
def test_an_action_in_the_readers_language_whatever_the_process_speaks(
    club: Any, owner: Any
) -> None:
    """Each part of a stored action (the sentence, a session named by its date, a
    message inside a message, a list, each change) is put in the reader's words, not
    the process's; the action keeps its game and nobody for a signed-out screen."""
    from datetime import date  # noqa: PLC0415

    from django.contrib.auth.models import AnonymousUser  # noqa: PLC0415

    from seisan.i18n import Message, language  # noqa: PLC0415
    from seisan.web.clubs import models as m  # noqa: PLC0415
    from seisan.web.clubs import services  # noqa: PLC0415

    from .conftest import season_with  # noqa: PLC0415

    night = m.Session.objects.create(season=season_with(club, "tenhou", owner),
                                     date=date(2025, 3, 9))  # fmt: skip
    game, _ = services.save_game(night, TABLE, owner)
    entered = m.Action.objects.get(kind="game.entered")
    assert entered.game == game and entered.who == owner
    edit = history.record(club, AnonymousUser(), "game.edited", number=1,
                          session=history.session_name(night), version=1,
                          changes=[history.change(Message(history.TOTAL, name="Ana"),
                                                  Fraction(1), Fraction(2)),
                                   history.change(Message(history.TOTAL, name="Ben"),
                                                  date(2025, 3, 9), None)])  # fmt: skip
    assert edit.who is None and edit.game is None
    for lang, day, total, dated in (
        (Lang.JA, "2025/03/09", "Anaの合計: +1 → +2", "Benの合計: 2025/03/09 → なし"),
        (Lang.KO, "2025. 3. 9.", "Ana의 합계: +1 → +2", "Ben의 합계: 2025. 3. 9. → 없음"),
    ):
        with language("en"):
            sentence, changes = history.said(edit, lang), history.changed(edit, lang)
        assert day in sentence and "game" not in sentence
        assert changes == [total, dated]
        with language(lang):
            assert history.said(edit, lang) == sentence
    day = {"day": "2025-03-09"}  # a date in a list, and in a message's fields
    assert history.decode([day], Lang.JA) == ["2025/03/09"]
    assert history.decode({"msg": "{x}", "fields": {"x": day}}, Lang.KO) == Message(
        "{x}", x="2025. 3. 9."
    )


@pytest.mark.django_db
def test_an_edit_says_what_it_changed_under_which_rules(club: Any, owner: Any) -> None:
    """A game entered, the season's rules changed (money at 50 a pt), the game edited
    under them: the edit's line names the game, its night and the rules it was settled
    under, links to the game, and lists the rules' change first, then each change of the
    table and of every player's total and money; the entry itself lists nothing."""
    from datetime import date  # noqa: PLC0415

    from seisan.web.clubs import models as m  # noqa: PLC0415
    from seisan.web.clubs import services  # noqa: PLC0415

    from .conftest import season_with  # noqa: PLC0415

    season = season_with(club, "mleague", owner)
    night = m.Session.objects.create(season=season, date=date(2025, 3, 9), title="Friday")
    game, _ = services.save_game(night, TABLE, owner)
    entered = m.Action.objects.get(kind="game.entered")
    assert entered.changes == [] and entered.link == ["clubs:game", [game.pk]]
    assert history.said(entered, Lang.EN) == "entered game 1 of Friday"
    assert entered.fields == {"number": 1, "session": "Friday", "version": 1}
    money = 'extends = "mleague"\n[money]\nrate = 50\n'
    services.new_rules_version(season, services.rules_from_text(money), money, owner)
    game.refresh_from_db()
    services.save_game(night, {**TABLE, "points": [41600, 32000, 16400, 10000]}, owner,
                       game=game, version=game.version, rules_version=season.rules)  # fmt: skip
    edit = m.Action.objects.get(kind="game.edited")
    assert edit.game == game and edit.link == ["clubs:game", [game.pk]]
    assert edit.fields == {"number": 1, "session": "Friday", "version": 2}
    assert history.said(edit, Lang.EN) == "changed game 1 of Friday"
    assert history.changed(edit, Lang.EN) == [
        "rules version: 1 → 2",
        "Ana's points: 42600 → 41600",
        "Ben's points: 31000 → 32000",
        "Ana's total: +62.6 → +61.6",
        "Ana's money: nothing → +3080",  # 61.6 pt at 50
        "Ben's total: +11 → +12",
        "Ben's money: nothing → +600",
        "Chie's money: nothing → -1180",
        "Dae's money: nothing → -2500",
    ]
    game.refresh_from_db()  # and back: money before and after
    services.save_game(night, TABLE, owner, game=game, version=game.version)
    back = m.Action.objects.filter(kind="game.edited").latest("pk")
    assert history.changed(back, Lang.EN) == [
        "Ana's points: 41600 → 42600",
        "Ben's points: 32000 → 31000",
        "Ana's total: +61.6 → +62.6",
        "Ana's money: +3080 → +3130",
        "Ben's total: +12 → +11",
        "Ben's money: +600 → +550",
    ]


@pytest.mark.parametrize(("lang", "expected"), [
    (Lang.EN, ["penalties: nothing → Ana:20:Chombo; Ben:-10:late"]),
    (Lang.JA, ["ペナルティ: なし → Ana:20:チョンボ; Ben:-10:late"]),
    (Lang.KO, ["페널티: 없음 → Ana:20:촌보; Ben:-10:late"]),
])  # fmt: skip
def test_a_chombo_in_the_history_is_in_the_readers_words(lang: Lang, expected: list[str]) -> None:
    """The entry form stores a chombo as ``Ana:20:chombo``: the history showed the
    English code on ja/ko pages (the review, 2026-12-05); a typed reason stays as typed."""
    new = {**TABLE, "penalties": ["Ana:20:chombo", "Ben:-10:late"]}
    assert said(history.game_changes(TABLE, new), lang) == expected
