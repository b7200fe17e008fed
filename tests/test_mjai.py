"""mjai logs: real games of each writer replayed to the log's own points, wins scored
from their tiles equal to the han and fu the log states, how each hand was won read
from the events (海底, 河底, 嶺上, 槍槓, 一発, ダブル立直, 天和, 地和), and broken logs
refused with the line named, never a traceback."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seisan.errors import SeisanError
from seisan.logs import CheckError, LogError, check, load_log, mjai
from seisan.presets import find_preset

DATA = Path(__file__).parent / "data" / "mjai"

#: each real game: players, hands, the final points as the log gives them (the table's,
#: leftover riichi sticks on it), and what its wins carry
GAMES = [
    ("riichienv-126_204_0_mjai.jsonl", 12, (2400, 14900, 38800, 43900)),  # Mortal's arena
    ("riichienv-example_log_b124_m244_0.jsonl", 12, (8200, 55600, 24500, 11700)),  # the same
    # gimite's server: han and fu stated, draws with their tenpai hands, each event a bot's
    # notes (gzip: 935 KB as written)
    ("manue-2026-07-01-130909.mjson.gz", 10, (17200, 13500, 35600, 33700)),
]


@pytest.mark.parametrize(("name", "hands", "final"), GAMES)
def test_real_games_replay_to_the_logs_points(
    name: str, hands: int, final: tuple[int, ...]
) -> None:
    game = mjai.load(DATA / name)
    assert len(game.record.hands) == hands and game.final_points == final
    played = check(game)  # every hand's points equal the log's
    assert played.final_points == final
    assert load_log(DATA / name) == game  # told from Tenhou's formats by its text


def _bare(text: str) -> str:
    """The log with every win's han, fu and yaku taken out: what most writers give."""
    lines = []
    for line in text.splitlines():
        event = json.loads(line)
        if event["type"] == "hora":
            for key in ("fan", "fu", "yakus", "hora_points"):
                event.pop(key, None)
        lines.append(json.dumps(event))
    return "\n".join(lines)


def test_a_whole_games_wins_scored_from_their_tiles_as_its_server_scored_them() -> None:
    """gimite's server states every win's han and fu: the tiles alone give the same, and
    the game replays to the log's points either way."""
    text = gzip.decompress((DATA / "manue-2026-07-01-130909.mjson.gz").read_bytes()).decode()
    stated, scored = mjai.parse(text), mjai.parse(_bare(text))
    wins = [(w.han, w.fu, w.yakuman) for h in stated.record.hands for w in h.wins]
    assert len(wins) == 8
    assert wins == [(w.han, w.fu, w.yakuman) for h in scored.record.hands for w in h.wins]
    assert check(scored).final_points == check(stated).final_points


def _hands(text: str) -> list[Any]:
    """The hands an excerpt finishes (its own start is not a game's first hand)."""
    reader = mjai._Reader(None, None)
    for line, event in mjai.events(text):
        reader.read(line, event)
    return reader.hands


#: three real Tenhou hands converted to mjai, with Tenhou's own han, fu and yaku added
#: to their wins: (file, the han and fu Tenhou gave, its yaku without dora)
EXCERPTS = [
    ("riichienv-tenhou_4p_ranked_excerpt.jsonl", 4, 30, {"役牌 發", "混一色"}),
    ("riichienv-tenhou_4p_dealer_tsumo_excerpt.jsonl", 4, 30, {"断幺九"}),
    ("riichienv-tenhou_4p_honba_kyotaku_excerpt.jsonl", 3, 30, {"役牌 發"}),
]


@pytest.mark.parametrize(("name", "han", "fu", "yaku"), EXCERPTS)
def test_wins_scored_from_their_tiles_as_tenhou_scored_them(
    name: str, han: int, fu: int, yaku: set[str]
) -> None:
    """Tiles alone (the log's han, fu and yaku taken out) give Tenhou's han and fu: the
    replay knows each hand, each meld (an open kan among them), the dora, red fives."""
    text = (DATA / name).read_text(encoding="utf-8")
    stated = _hands(text)
    scored = _hands(_bare(text))
    wins = [(w.han, w.fu, w.yakuman) for h in stated for w in h.wins]
    assert wins == [(han, fu, 0)]
    assert wins == [(w.han, w.fu, w.yakuman) for h in scored for w in h.wins]
    assert {y for h in scored for w in h.wins for y in w.yaku} == yaku


def test_a_changed_point_is_named_by_the_check() -> None:
    text = (DATA / "riichienv-126_204_0_mjai.jsonl").read_text(encoding="utf-8")
    old, new = "[-4000,-2000,-2000,10000]", "[-4000,-2000,-3000,9000]"
    changed = text.replace(f'"deltas":{old}', f'"deltas":{new}', 1)
    assert changed != text
    with pytest.raises(CheckError) as raised:
        check(mjai.parse(changed))
    assert raised.value.message.text("en").startswith("hand ")


# -- how a hand was won, from the events ---------------------------------------------------

_HONOURS = dict(zip("1234567", "ESWNPFC", strict=True))


def tiles(text: str) -> list[str]:
    """mpsz as mjai tiles (``0m`` a red five: ``5mr``; ``1z`` East: ``E``)."""
    out = []
    for digits, suit in re.findall(r"(\d+)([mpsz])", text):
        for d in digits:
            out.append(_HONOURS[d] if suit == "z" else "5" + suit + "r" if d == "0" else d + suit)
    return out


JUNK = ["W", "W", "W", "N", "N", "N", "P", "P", "P", "F", "F", "F", "C"]


def turn(seat: int, tile: str) -> list[dict[str, Any]]:
    return [
        {"type": "tsumo", "actor": seat, "pai": tile},
        {"type": "dahai", "actor": seat, "pai": tile, "tsumogiri": True},
    ]


def hand_log(hands: dict[int, str], events: list[dict[str, Any]], dora: str = "9s") -> str:
    tehais = [tiles(hands[s]) if s in hands else list(JUNK) for s in range(4)]
    lines = [
        {"type": "start_game", "names": ["Ana", "Ben", "Chie", "Dae"], "kyoku_first": 0},
        {
            "type": "start_kyoku",
            "bakaze": "E",
            "kyoku": 1,
            "honba": 0,
            "kyotaku": 0,
            "oya": 0,
            "dora_marker": dora,
            "scores": [25000] * 4,
            "tehais": tehais,
        },
        *events,
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]
    return "\n".join(json.dumps(line) for line in lines)


def won(actor: int, target: int) -> dict[str, Any]:
    return {"type": "hora", "actor": actor, "target": target, "deltas": [0, 0, 0, 0]}


def wheel(draws: int, start: int = 0) -> list[dict[str, Any]]:
    """``draws`` turns of drawing a loose tile and letting it go, from seat ``start``."""
    return [e for i in range(draws) for e in turn((start + i) % 4, "S")]


PINFU = "123m456p789s11p23s"  # waits on 1s and 4s: 平和 and nothing else
_PON = {"type": "pon", "actor": 1, "target": 0, "pai": "5p", "consumed": ["5p", "5p"]}
_LET_1S = {"type": "dahai", "actor": 1, "pai": "1s", "tsumogiri": False}
_KAKAN = {"type": "kakan", "actor": 1, "pai": "5p", "consumed": ["5p", "5p", "5p"]}


def _riichi(seat: int) -> list[dict[str, Any]]:
    """``seat`` draws a loose tile and declares riichi letting it go."""
    return [{"type": "tsumo", "actor": seat, "pai": "S"}, {"type": "reach", "actor": seat},
            {"type": "dahai", "actor": seat, "pai": "S", "tsumogiri": True},
            {"type": "reach_accepted", "actor": seat}]  # fmt: skip


def _ben_adds_a_kan(daes_riichi: bool = False) -> list[dict[str, Any]]:
    """Ben pons Ana's 5p and lets 1s go; a go-around (Dae declaring riichi in it, or
    not); Ben draws the fourth 5p and adds it to his pon."""
    dae = _riichi(3) if daes_riichi else turn(3, "S")
    return [*turn(0, "5p"), _PON, _LET_1S, *turn(2, "S"), *dae, *turn(0, "S"),
            {"type": "tsumo", "actor": 1, "pai": "5p"}, _KAKAN]  # fmt: skip


CASES = {
    # the 70th draw, the wall's last: 海底摸月
    "haitei": (
        hand_log({1: PINFU}, [*wheel(69), {"type": "tsumo", "actor": 1, "pai": "4s"}, won(1, 1)]),
        ["門前清自摸和", "平和", "海底摸月"],
        3,
        20,
    ),
    # the discard after it: 河底撈魚
    "houtei": (
        hand_log({2: PINFU}, [*wheel(69), *turn(1, "4s"), won(2, 1)]),
        ["平和", "河底撈魚"],
        2,
        30,
    ),
    # the 69th: neither
    "not-haitei": (
        hand_log({0: PINFU}, [*wheel(68), {"type": "tsumo", "actor": 0, "pai": "4s"}, won(0, 0)]),
        ["門前清自摸和", "平和"],
        2,
        20,
    ),
    # a concealed kan's replacement tile: 嶺上開花 (and no 天和: a kan came first)
    "rinshan": (
        hand_log(
            {0: "9999m123p456s78s1p"},
            [
                {"type": "tsumo", "actor": 0, "pai": "1p"},
                {"type": "ankan", "actor": 0, "consumed": ["9m", "9m", "9m", "9m"]},
                {"type": "dora", "dora_marker": "W"},
                {"type": "tsumo", "actor": 0, "pai": "9s"},
                won(0, 0),
            ],
        ),
        ["門前清自摸和", "嶺上開花"],
        2,
        60,
    ),
    # robbing an added kan: 槍槓
    "chankan": (
        hand_log(
            {1: "55p123s456s789s11z", 3: "123m456m789m22s46p"},
            [*_ben_adds_a_kan(), won(3, 1)],
        ),
        ["槍槓", "一気通貫"],
        3,
        40,
    ),
    # Dae's riichi; Ben adds a kan before Dae draws again, and Dae robs it: 一発 with 槍槓
    "chankan-ippatsu": (
        hand_log(
            {1: "55p123s456s789s11z", 3: "123m456m789m22s46p"},
            [*_ben_adds_a_kan(daes_riichi=True), won(3, 1)],
        ),
        ["立直", "一発", "槍槓", "一気通貫"],
        5,
        None,
    ),
    # the added kan is not robbed: it ends Dae's 一発 (a call), and Ben's discard after
    # its replacement tile is won on without it
    "kan-ends-ippatsu": (
        hand_log(
            {1: "55p123s456s789s11z", 3: "123m456m789m22s45s"},
            [*_ben_adds_a_kan(daes_riichi=True), *turn(1, "6s"), won(3, 1)],
        ),
        ["立直", "平和", "一気通貫"],
        4,
        30,
    ),
    # the replacement tile after an added kan (four plain 5p): 嶺上開花
    "rinshan-added-kan": (
        hand_log(
            {1: "55p123s456s789s11z"},
            [*_ben_adds_a_kan(), {"type": "tsumo", "actor": 1, "pai": "4s"}, won(1, 1)],
        ),
        ["嶺上開花"],
        1,
        40,
    ),
    # riichi, then a win before the riichi player's next discard: 一発
    "ippatsu": (
        hand_log(
            {0: "123m456p789s1p23s1z"},
            [
                *turn(0, "S"),
                *wheel(3, 1),
                {"type": "tsumo", "actor": 0, "pai": "1p"},
                {"type": "reach", "actor": 0},
                {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False},
                {"type": "reach_accepted", "actor": 0},
                *turn(1, "4s"),
                won(0, 1),
            ],
        ),
        ["立直", "一発", "平和"],
        3,
        30,
    ),
    # one discard later: riichi alone
    "no-ippatsu": (
        hand_log(
            {0: "123m456p789s1p23s1z"},
            [
                *turn(0, "S"),
                *wheel(3, 1),
                {"type": "tsumo", "actor": 0, "pai": "1p"},
                {"type": "reach", "actor": 0},
                {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False},
                {"type": "reach_accepted", "actor": 0},
                *wheel(3, 1),
                *turn(0, "S"),
                *turn(1, "4s"),
                won(0, 1),
            ],
        ),
        ["立直", "平和"],
        2,
        30,
    ),
    # riichi on the first discard, nobody having called: ダブル立直
    "double-riichi": (
        hand_log(
            {0: "123m456p789s1p23s1z"},
            [
                {"type": "tsumo", "actor": 0, "pai": "1p"},
                {"type": "reach", "actor": 0},
                {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False},
                {"type": "reach_accepted", "actor": 0},
                *wheel(3, 1),
                *turn(0, "S"),
                *turn(1, "4s"),
                won(0, 1),
            ],
        ),
        ["両立直", "平和"],
        3,
        30,
    ),
    # the dealer's first draw: 天和
    "tenhou": (
        hand_log({0: PINFU}, [{"type": "tsumo", "actor": 0, "pai": "4s"}, won(0, 0)]),
        ["天和"],
        0,
        None,
    ),
    # another player's first draw, no call before it: 地和
    "chiihou": (
        hand_log(
            {1: PINFU}, [*turn(0, "S"), {"type": "tsumo", "actor": 1, "pai": "4s"}, won(1, 1)]
        ),
        ["地和"],
        0,
        None,
    ),
    # a call before it: no 地和
    "no-chiihou": (
        hand_log(
            {1: PINFU, 2: "22z123m456m789m1p9p"},
            [
                *turn(0, "S"),
                {"type": "pon", "actor": 2, "target": 0, "pai": "S", "consumed": ["S", "S"]},
                {"type": "dahai", "actor": 2, "pai": "1p", "tsumogiri": False},
                *turn(3, "S"),
                *turn(0, "S"),
                {"type": "tsumo", "actor": 1, "pai": "4s"},
                won(1, 1),
            ],
        ),
        ["門前清自摸和", "平和"],
        2,
        20,
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_how_each_hand_was_won(case: str) -> None:
    text, yaku, han, fu = CASES[case]
    (win,) = mjai.parse(text).record.hands[0].wins
    assert sorted(win.yaku) == sorted(yaku)
    assert (win.han, win.fu, win.yakuman) == (han, fu if han < 5 else None, 1 if han == 0 else 0)


def test_a_riichi_win_without_its_ura_dora_takes_the_count_its_points_give() -> None:
    """mjai-reviewer's converter before November 2021 left ura dora indicators out: the
    winner's points say how many there were (here two: 7700 for riichi, 平和, 2 ura)."""
    events = [
        *turn(0, "S"),
        *wheel(3, 1),
        {"type": "tsumo", "actor": 0, "pai": "1p"},
        {"type": "reach", "actor": 0},
        {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False},
        {"type": "reach_accepted", "actor": 0},
        *wheel(4, 1),
        *turn(1, "4s"),
    ]
    hora = {"type": "hora", "actor": 0, "target": 1, "deltas": [12600, -11600, 0, 0]}
    text = hand_log({0: "123m456p789s1p23s1z"}, [*events, hora])
    (win,) = mjai.parse(text).record.hands[0].wins
    assert (win.han, win.fu, win.dora) == (4, 30, 2)  # 11600 (dealer 4 han 30 fu) + the stick
    stated = text.replace('"deltas"', '"ura_markers": [], "deltas"')
    (win,) = mjai.parse(stated).record.hands[0].wins
    assert (win.han, win.dora) == (2, 0)  # the log says no ura dora: none


# -- broken logs -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda t: t + "\n{not json", "line 17: not JSON (column 2)"),
        (
            lambda t: t.replace('"type": "tsumo"', '"kind": "tsumo"', 1),
            "line 3: not an mjai event (no “type”)",
        ),
        (
            lambda t: t.replace('"type": "tsumo"', '"type": "draw"', 1),
            "line 3: “draw” is not an mjai event",
        ),
        (
            lambda t: t.replace('"pai": "S"', '"pai": 7', 1),
            "line 3: a “tsumo” event with a field missing or wrong",
        ),
        (
            lambda t: t.replace('"actor": 0', '"actor": 9', 1),
            "line 3: a “tsumo” event with a field missing or wrong",
        ),
        (
            lambda t: t.replace(
                '{"type": "dahai", "actor": 0, "pai": "S", "tsumogiri": true}',
                '{"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": true}',
                1,
            ),
            "line 4: 1m is not in Ana's hand",
        ),
        (lambda t: "\n".join(t.splitlines()[:-3]), "the log ends in the middle of hand E1"),
        # a number JSON reads as infinity (1e999): Python's OverflowError had been a traceback
        (
            lambda t: t.replace('"honba": 0', '"honba": 1e999', 1),
            "line 2: a “start_kyoku” event with a field missing or wrong",
        ),
        (
            lambda t: t.replace('"kyoku": 1', '"kyoku": 2', 1).replace('"oya": 0', '"oya": 1'),
            "the log starts at E2, not at the game's first hand: seisan replays whole games",
        ),
    ],
)
def test_broken_logs_are_refused_naming_the_line(change: Any, said: str) -> None:
    text = hand_log(
        {1: PINFU},
        [
            *turn(0, "S"),
            *wheel(3, 1),
            *turn(0, "S"),
            {"type": "tsumo", "actor": 1, "pai": "4s"},
            won(1, 1),
        ],
    )
    mjai.parse(text)  # as it is: read
    with pytest.raises(LogError) as raised:
        mjai.parse(change(text))
    assert raised.value.message.text("en") == said


def test_rules_for_another_number_of_players_are_refused() -> None:
    with pytest.raises(LogError) as raised:
        mjai.parse(
            hand_log({0: PINFU}, [{"type": "tsumo", "actor": 0, "pai": "4s"}, won(0, 0)]),
            find_preset("tenhou-sanma"),
        )
    assert raised.value.message.text("en") == (
        "line 2: the log is a game of 4 players; the rules tenhou-sanma are for 3"
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_damaged_real_log_is_an_error_or_a_game_never_a_traceback(data: st.DataObject) -> None:
    """Lines cut, dropped, swapped or given a wrong value: a clear error, or a game."""
    lines = (DATA / "riichienv-126_204_0_mjai.jsonl").read_text(encoding="utf-8").splitlines()
    kind = data.draw(st.sampled_from(["cut", "drop", "swap", "value"]))
    i = data.draw(st.integers(0, len(lines) - 1))
    if kind == "cut":
        lines = lines[:i]
    elif kind == "drop":
        del lines[i]
    elif kind == "swap":
        j = data.draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    else:
        event = json.loads(lines[i])
        key = data.draw(st.sampled_from(sorted(event)))
        event[key] = data.draw(st.sampled_from([None, "x", -1, 99, [], {}, "5mr", 1.5]))
        lines[i] = json.dumps(event)
    try:
        check(mjai.parse("\n".join(lines)))
    except SeisanError as err:
        assert err.message.text("en")


# -- what an independent review found ---------------------------------------------------------


def first_hand(text: str) -> Any:
    return mjai.parse(text).record.hands[0]


def test_a_fourth_riichi_without_its_acceptance_is_paid_at_the_draw() -> None:
    """mjai-reviewer's converter writes ``reach_accepted`` at the next player's draw: the
    fourth riichi of a 四家立直 has none, and its stick is on the table all the same."""

    def riichi(seat: int, tile: str) -> list[dict[str, Any]]:
        return [{"type": "tsumo", "actor": seat, "pai": tile}, {"type": "reach", "actor": seat},
                {"type": "dahai", "actor": seat, "pai": tile, "tsumogiri": True}]  # fmt: skip

    events = [*riichi(0, "E"), {"type": "reach_accepted", "actor": 0}, *riichi(1, "1m"),
              {"type": "reach_accepted", "actor": 1}, *riichi(2, "2m"),
              {"type": "reach_accepted", "actor": 2}, *riichi(3, "3m"),
              {"type": "ryukyoku", "deltas": [0, 0, 0, 0]}]  # fmt: skip
    hand = first_hand(hand_log({s: "333z444z555z666z7z" for s in range(4)}, events))
    assert (hand.result, hand.reason, hand.riichi) == ("abort", "suucha-riichi", (0, 1, 2, 3))


@pytest.mark.parametrize(
    ("events", "reason"),
    [
        # four first discards of one wind: 四風連打; of two winds: not
        ([*turn(0, "E"), *turn(1, "E"), *turn(2, "E"), *turn(3, "E")], "suufon"),
        # after a draw: 九種九牌; after a discard: 三家和
        ([*turn(0, "E"), *turn(1, "S"), {"type": "tsumo", "actor": 2, "pai": "N"}], "kyuushu"),
        ([*turn(0, "E"), *turn(1, "S"), *turn(2, "W"), *turn(3, "E")], "sanchahou"),
    ],
)  # fmt: skip
def test_an_abortive_draw_told_by_the_table(events: list[dict[str, Any]], reason: str) -> None:
    hand = first_hand(hand_log({}, [*events, {"type": "ryukyoku", "deltas": [0, 0, 0, 0]}]))
    assert (hand.result, hand.reason) == ("abort", reason)


@pytest.mark.parametrize(
    ("written", "reason"),
    [("kyushu_kyuhai", "kyuushu"), ("sufuurenta", "suufon"), ("suucha_riichi", "suucha-riichi"),
     ("suukansansen", "suukan"), ("kyushukyuhai", "kyuushu"), ("sanchaho", "sanchahou")],
)  # fmt: skip
def test_each_writers_name_of_an_abortive_draw(written: str, reason: str) -> None:
    events = [{"type": "tsumo", "actor": 0, "pai": "E"},
              {"type": "ryukyoku", "reason": written, "deltas": [0, 0, 0, 0]}]  # fmt: skip
    hand = first_hand(hand_log({}, events))
    assert (hand.result, hand.reason) == ("abort", reason)


def test_kokushi_robs_a_concealed_kan() -> None:
    events = [{"type": "tsumo", "actor": 0, "pai": "P"},
              {"type": "ankan", "actor": 0, "consumed": ["P", "P", "P", "P"]},
              won(1, 0)]  # fmt: skip
    hand = first_hand(hand_log({0: "555z123m456m789m1p", 1: "119m19p19s12346z7z"}, events))
    assert (hand.result, hand.discarder) == ("ron", 0)
    assert (hand.wins[0].yakuman, hand.wins[0].yaku) == (1, ("国士無双",))


def test_a_pao_past_the_table_is_an_error() -> None:
    text = hand_log({0: PINFU}, [{"type": "tsumo", "actor": 0, "pai": "4s"},
                                 {**won(0, 0), "fan": 100, "fu": 30, "pao": 9}])  # fmt: skip
    with pytest.raises(LogError) as raised:
        mjai.parse(text)
    assert raised.value.message.text("en") == "line 4: a “hora” event with a field missing or wrong"


def test_mortals_name_for_a_north_set_aside() -> None:
    """Three players: ``kita`` (RiichiEnv) or ``nukidora`` (Mortal): a dora each."""

    def three(kind: str) -> str:
        tehais = [tiles("123p456p789s1p23s4z"), list(JUNK), list(JUNK)]
        lines = [{"type": "start_game", "names": ["Ana", "Ben", "Chie"]},
                 {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
                  "oya": 0, "dora_marker": "9s", "scores": [35000] * 3, "tehais": tehais},
                 {"type": "tsumo", "actor": 0, "pai": "S"},
            {"type": "dahai", "actor": 0, "pai": "S", "tsumogiri": True},
            {"type": "tsumo", "actor": 1, "pai": "S"},
            {"type": "dahai", "actor": 1, "pai": "S", "tsumogiri": True},
            {"type": "tsumo", "actor": 2, "pai": "S"},
            {"type": "dahai", "actor": 2, "pai": "S", "tsumogiri": True},
            {"type": "tsumo", "actor": 0, "pai": "1p"},
            {"type": kind, "actor": 0, "pai": "N"},
            {"type": "tsumo", "actor": 0, "pai": "4s"},
                 {"type": "hora", "actor": 0, "target": 0, "deltas": [0, 0, 0]},
                 {"type": "end_kyoku"}, {"type": "end_game"}]  # fmt: skip
        return "\n".join(json.dumps(line) for line in lines)

    kita, nukidora = first_hand(three("kita")), first_hand(three("nukidora"))
    assert kita == nukidora and kita.wins[0].dora == 1
    assert "嶺上開花" in kita.wins[0].yaku


@pytest.mark.parametrize(("stated", "expected"), [
    ({"fan": 3, "fu": 40}, (3, 40, 0, None)),  # the log's own count, not the tiles' (天和)
    ({"han": 3, "fu": 40}, (3, 40, 0, None)),  # as some writers name it
    ({"fan": 3, "fu": 32}, (3, 40, 0, None)),  # fu rounded up to ten
    ({"fan": 3, "fu": 30}, (3, 30, 0, None)),  # already whole tens
    ({"fan": 2, "fu": 25}, (2, 25, 0, None)),  # 七対子's 25 kept
    ({"fan": 4, "fu": 30}, (4, 30, 0, None)),  # below a mangan: its fu count
    ({"fan": 5, "fu": 30}, (5, None, 0, None)),  # a mangan: no fu
    ({"fan": 13, "fu": 40}, (13, None, 0, None)),
    ({"fan": 100, "fu": 30}, (0, None, 1, None)),  # a yakuman, as hundreds
    ({"fan": 200, "fu": 30}, (0, None, 2, None)),
    ({"fan": 100, "fu": 30, "pao": 3}, (0, None, 1, 3)),  # the last seat is a seat
    ({"fan": "3", "fu": 40}, (0, None, 1, None)),  # not a count: the tiles say
    ({"fan": 3}, (0, None, 1, None)),  # no fu: the tiles say
])  # fmt: skip
def test_a_win_the_log_counts_itself(stated: dict[str, Any], expected: tuple[Any, ...]) -> None:
    """A ``hora`` that states its han (``fan`` or ``han``, yakuman in hundreds) and fu
    is taken as stated, fu rounded up as the rules count it; without both, the
    winner's tiles are scored (here the dealer's win on the first draw: 天和)."""
    text = hand_log({0: PINFU}, [{"type": "tsumo", "actor": 0, "pai": "4s"},
                                 {**won(0, 0), **stated}])  # fmt: skip
    (win,) = first_hand(text).wins
    assert (win.han, win.fu, win.yakuman, win.pao) == expected


@pytest.mark.parametrize("pao", [4, -1, "1", 1.0])
def test_a_pao_not_a_seat_is_an_error(pao: Any) -> None:
    text = hand_log({0: PINFU}, [{"type": "tsumo", "actor": 0, "pai": "4s"},
                                 {**won(0, 0), "fan": 100, "fu": 30, "pao": pao}])  # fmt: skip
    with pytest.raises(LogError) as raised:
        mjai.parse(text)
    assert raised.value.message.text("en") == "line 4: a “hora” event with a field missing or wrong"


FAR = "147m258p369s1234z"  #: no wait at all


def quiet_wheel(draws: int) -> list[dict[str, Any]]:
    """``draws`` turns of a loose 5m let go (a simple: no 流し満貫 for anyone)."""
    return [e for i in range(draws) for e in turn(i % 4, "5m")]


@pytest.mark.parametrize(("hands", "end", "tenpai"), [
    ({1: PINFU}, {"deltas": [0, 0, 0, 0]}, (1,)),  # no tenpais, no points moved: the tiles
    ({1: "123m406p789s11p23s"}, {"deltas": [0, 0, 0, 0]}, (1,)),  # a red five is a five
    ({1: PINFU, 2: "123m456p789s11p29s"}, {"deltas": [0, 0, 0, 0]}, (1,)),  # 1-shanten
    ({1: PINFU}, {"deltas": [-1000, 3000, -1000, -1000]}, (1,)),
    ({}, {"deltas": [1500, 1500, -1500, -1500]}, (0, 1)),  # the points tell
    ({1: PINFU}, {"tenpais": [True, False, False, True], "deltas": [0, 0, 0, 0]}, (0, 3)),
    ({1: PINFU}, {"tenpais": [True, False, False], "deltas": [0, 0, 0, 0]}, (1,)),  # short
])  # fmt: skip
def test_who_was_tenpai_at_a_draw(hands: dict[int, str], end: dict[str, Any],
                                  tenpai: tuple[int, ...]) -> None:  # fmt: skip
    """At the wall's end, tenpai is what the log states (``tenpais``), else what the
    points moved say, else what each hand's tiles are (a red five a five)."""
    seated = {seat: FAR for seat in range(4)} | hands
    hand = first_hand(hand_log(seated, [*quiet_wheel(70), {"type": "ryukyoku", **end}]))
    assert (hand.result, hand.tenpai, hand.nagashi) == ("draw", tenpai, ())


def test_a_draw_whose_tenpai_nothing_shows_is_an_error() -> None:
    text = hand_log({s: FAR for s in range(4)},
                    [*quiet_wheel(70), {"type": "ryukyoku", "deltas": [0, 0, 0, 0]}])  # fmt: skip
    hidden = text.replace('"1m", "4m", "7m"', '"?", "?", "?"', 1)
    assert hidden != text
    with pytest.raises(LogError) as raised:
        mjai.parse(hidden)
    assert raised.value.message.text("en") == (
        "line 144: hand E1: a draw whose tenpai hands the log shows neither by points nor by tiles"
    )


# -- what the readers' mutation run found (issue 16) -------------------------------------------

_RIICHI_PINFU = "123m456p789s1p23s1z"  #: a riichi on the 1p draw (E let go), waiting on 1s/4s


def _riichi_then_tsumo(seat: int) -> list[dict[str, Any]]:
    """A go-around of loose tiles; ``seat`` declares riichi on its second draw (no
    ダブル立直), lets a tile go on its third (no 一発) and draws its 4s on its fourth."""

    def others() -> list[dict[str, Any]]:
        return [e for s in range(seat + 1, seat + 4) for e in turn(s % 4, "S")]

    return [*wheel(4), *[e for s in range(seat) for e in turn(s, "S")],
            {"type": "tsumo", "actor": seat, "pai": "1p"}, {"type": "reach", "actor": seat},
            {"type": "dahai", "actor": seat, "pai": "E", "tsumogiri": False},
            {"type": "reach_accepted", "actor": seat}, *others(), *turn(seat, "S"), *others(),
            {"type": "tsumo", "actor": seat, "pai": "4s"}]  # fmt: skip


@pytest.mark.parametrize(("seat", "deltas", "han", "fu", "ura"), [
    # Ben's riichi, tsumo, 平和 and one ura: 4 han 20 fu, 1300-2600, and his stick back
    (1, [-2600, 6200, -1300, -1300], 4, 20, 1),
    # Ana deals: the same hand, 2600 all
    (0, [8800, -2600, -2600, -2600], 4, 20, 1),
    # two ura: 5 han, a mangan (no fu), 2000-4000
    (1, [-4000, 9000, -2000, -2000], 5, None, 2),
    # no count of ura gives these points: the hand as its tiles score it
    (1, [-4000, 8900, -2000, -2000], 3, 20, 0),
])  # fmt: skip
def test_a_riichi_tsumo_without_its_ura_dora_takes_the_count_its_points_give(
    seat: int, deltas: list[int], han: int, fu: int | None, ura: int
) -> None:
    hora = {"type": "hora", "actor": seat, "target": seat, "deltas": deltas}
    text = hand_log({seat: _RIICHI_PINFU}, [*_riichi_then_tsumo(seat), hora])
    (win,) = mjai.parse(text).record.hands[0].wins
    assert (win.han, win.fu, win.dora) == (han, fu, ura)


def test_the_count_of_ura_dora_counts_the_honba_and_sticks_only_for_the_first_winner() -> None:
    """On the second hand's honba (300 a honba) and a stick left from before: Ben's
    riichi tsumo with one ura takes 5200, the honba 300 and two sticks."""
    hora = {"type": "hora", "actor": 1, "target": 1, "deltas": [-2700, 7500, -1400, -1400]}
    text = hand_log({1: _RIICHI_PINFU}, [*_riichi_then_tsumo(1), hora])
    text = text.replace('"honba": 0, "kyotaku": 0', '"honba": 1, "kyotaku": 1')
    (hand,) = _hands(text)
    assert (hand.wins[0].han, hand.wins[0].dora, hand.honba) == (4, 1, 1)


def _two_hand_log(
    second: list[int] | None, final: list[int] | None, third: list[int] | None = None
) -> str:
    """Two hands (or three) of 九種九牌 whose end says no points (no deltas, no scores)."""

    def hand(honba: int, scores: list[int] | None) -> list[dict[str, Any]]:
        start = {
            "type": "start_kyoku",
            "bakaze": "E",
            "kyoku": 1,
            "honba": honba,
            "kyotaku": 0,
            "oya": 0,
            "dora_marker": "9s",
            "tehais": [list(JUNK)] * 4,
        }
        if scores is not None:
            start["scores"] = scores
        return [
            start,
            {"type": "tsumo", "actor": 0, "pai": "E"},
            {"type": "ryukyoku", "reason": "kyushukyuhai"},
            {"type": "end_kyoku"},
        ]

    lines = [{"type": "start_game", "names": ["Ana", "Ben", "Chie", "Dae"]},
             *hand(0, [25000] * 4), *([] if second is None else hand(1, second)),
             *([] if third is None else hand(2, third)),
             {"type": "end_game", **({} if final is None else {"scores": final})}]  # fmt: skip
    return "\n".join(json.dumps(line) for line in lines)


def test_a_hand_that_says_no_points_after_it_ends_on_the_next_start_or_the_end() -> None:
    game = mjai.parse(_two_hand_log([26000, 24000, 25000, 25000], [27000, 23000, 25000, 25000]))
    assert game.points_after == ((26000, 24000, 25000, 25000), (27000, 23000, 25000, 25000))
    assert game.final_points == (27000, 23000, 25000, 25000)
    three = mjai.parse(_two_hand_log([26000] + [24000] * 3, [28000] + [24000] * 3,
                                     third=[27000, 24000, 24000, 25000]))  # fmt: skip
    assert three.points_after == ((26000, 24000, 24000, 24000), (27000, 24000, 24000, 25000),
                                  (28000, 24000, 24000, 24000))  # fmt: skip
    with pytest.raises(LogError) as raised:
        mjai.parse(_two_hand_log(None, None))
    assert raised.value.message.text("en") == "hand 1: the log says no points after it"
    with pytest.raises(LogError) as raised:
        mjai.parse(_two_hand_log([25000] * 4, None))
    assert raised.value.message.text("en") == "hand 2: the log says no points after it"


BY_SEAT = ("Player 1", "Player 2", "Player 3", "Player 4")


@pytest.mark.parametrize(("given", "logged", "expected"), [
    (None, ["Ana", "Ben", "Chie", "Dae"], ("Ana", "Ben", "Chie", "Dae")),
    (["A", "B", "C", "D"], ["Ana", "Ben", "Chie", "Dae"], ("A", "B", "C", "D")),
    (["A", "B", "C"], ["Ana", "Ben", "Chie", "Dae"], ("A", "B", "C", "Player 4")),
    (["A", "B", "A", "D"], ["Ana", "Ben", "Chie", "Dae"], ("A 1", "B", "A 3", "D")),
    (None, ["Ana", "", "Chie", "Dae"], ("Ana", "Player 2", "Chie", "Dae")),
    (None, ["Ana", "Ben", "Ana", "Dae"], ("Ana 1", "Ben", "Ana 3", "Dae")),
    (None, ["Player 2", "", "Chie", "Dae"], BY_SEAT),
])  # fmt: skip
def test_the_players_names_given_logged_or_by_seat(
    given: list[str] | None, logged: list[str], expected: tuple[str, ...]
) -> None:
    text = _two_hand_log(None, [25000] * 4).replace(
        '"names": ["Ana", "Ben", "Chie", "Dae"]', f'"names": {json.dumps(logged)}'
    )
    game = mjai.parse(text, names=given, title="a night")
    assert game.record.names == expected
    assert game.record.title == game.game_id == "a night"
    assert game.final_pt == () and game.deposits_in_final is False


def _pon(actor: int, target: int, tile: str) -> dict[str, Any]:
    return {"type": "pon", "actor": actor, "target": target, "pai": tile, "consumed": [tile] * 2}


def _let(actor: int, tile: str) -> dict[str, Any]:
    return {"type": "dahai", "actor": actor, "pai": tile, "tsumogiri": False}


def test_a_daisangen_is_paid_by_who_fed_its_third_dragon() -> None:
    """責任払い from the tiles, where the log states no ``pao``: Ben pons 白 from Ana, 發
    from Chie and 中 from Dae, then wins on Chie's 9s: Dae pays."""
    events = [*turn(0, "P"), _pon(1, 0, "P"), _let(1, "1p"),
              {"type": "tsumo", "actor": 2, "pai": "F"}, {**_let(2, "F"), "tsumogiri": True},
              _pon(1, 2, "F"), _let(1, "5p"), *turn(2, "S"),
              {"type": "tsumo", "actor": 3, "pai": "C"}, {**_let(3, "C"), "tsumogiri": True},
              _pon(1, 3, "C"), _let(1, "9p"), *turn(2, "9s"), won(1, 2)]  # fmt: skip
    (win,) = first_hand(hand_log({1: "55z66z77z123m9s159p"}, events)).wins
    assert (win.yakuman, win.yaku, win.pao) == (1, ("大三元",), 3)


def test_a_daisangen_whose_third_dragon_is_concealed_has_no_one_to_pay_alone() -> None:
    events = [*turn(0, "P"), _pon(1, 0, "P"), _let(1, "1p"),
              {"type": "tsumo", "actor": 2, "pai": "F"}, {**_let(2, "F"), "tsumogiri": True},
              _pon(1, 2, "F"), _let(1, "5p"), *turn(2, "S"), *turn(3, "S"), *turn(0, "S"),
              {"type": "tsumo", "actor": 1, "pai": "C"},
              {"type": "ankan", "actor": 1, "consumed": ["C"] * 4}, *turn(1, "S"),
              *turn(2, "9s"), won(1, 2)]  # fmt: skip
    (win,) = first_hand(hand_log({1: "55z66z777z123m9s15p"}, events)).wins
    assert (win.yakuman, win.pao) == (1, None)


def test_the_logs_own_pao_may_be_the_first_seat() -> None:
    text = hand_log({0: PINFU}, [{"type": "tsumo", "actor": 0, "pai": "4s"},
                                 {**won(0, 0), "fan": 100, "fu": 30, "pao": 0}])  # fmt: skip
    assert first_hand(text).wins[0].pao == 0


def _two_seated(text: str) -> str:
    """The log with only two players dealt in (two of the four hands empty)."""
    lines = text.splitlines()
    start = json.loads(lines[1])
    start["tehais"][2:] = [[], []]
    return "\n".join([lines[0], json.dumps(start), *lines[2:]])


@pytest.mark.parametrize(("change", "said"), [
    # a second start_kyoku before the first hand's end
    (lambda t: t.replace('{"type": "end_kyoku"}', t.splitlines()[1], 1),
     "line 5: a hand starts before the last one ended (no “end_kyoku”)"),
    (lambda t: t.replace('"kyoku": 1', '"kyoku": 5', 1),
     "line 2: a “start_kyoku” event with a field missing or wrong"),
    (lambda t: t.replace('"kyoku": 1', '"kyoku": 0', 1),
     "line 2: a “start_kyoku” event with a field missing or wrong"),
    (lambda t: t.replace('"bakaze": "E"', '"bakaze": "X"', 1),
     "line 2: a “start_kyoku” event with a field missing or wrong"),
    (_two_seated, "line 2: a “start_kyoku” event with a field missing or wrong"),
    (lambda t: t.replace(
        '{"type": "tsumo", "actor": 0, "pai": "4s"}',
        '{"type": "tsumo", "actor": 0, "pai": "4s"}\n'
        '{"type": "kakan", "actor": 0, "pai": "4s", "consumed": ["4s", "4s", "4s"]}', 1),
     "line 4: an added kan of 4s without its pon"),
])  # fmt: skip
def test_each_refusal_of_a_hands_start_and_of_a_kan_word_for_word(change: Any, said: str) -> None:
    text = change(hand_log({0: PINFU}, [{"type": "tsumo", "actor": 0, "pai": "4s"}, won(0, 0)]))
    with pytest.raises(LogError) as raised:
        mjai.parse(text)
    assert raised.value.message.text("en") == said


@pytest.mark.parametrize(("text", "said"), [
    ('[{"type": "start_game"}, {"type": ', "line 1: not JSON (column 35)"),
    ('[\n{"type": "start_game"},\n{"type": \n', "line 4: not JSON (column 1)"),
    ('[{"type": "start_game"}, {"kind": 1}]', "line 1: not an mjai event (no “type”)"),
    ('{"type": "start_game"}\n\n{"type": ', "line 3: not JSON (column 10)"),
    ('{"type": "start_game"}\n[{"type": "end_game"}, 7]', "line 2: not an mjai event (no “type”)"),
    ('{"type": "start_game"}\n' + "[" * 100_000 + "]" * 100_000,
     "line 2: not JSON (nested too deeply)"),
])  # fmt: skip
def test_the_lines_of_a_log_that_is_no_log_word_for_word(text: str, said: str) -> None:
    with pytest.raises(LogError) as raised:
        list(mjai.events(text))
    assert raised.value.message.text("en") == said


def test_blank_lines_and_lines_of_several_events_are_read() -> None:
    text = hand_log({0: PINFU}, [{"type": "tsumo", "actor": 0, "pai": "4s"}, won(0, 0)])
    lines = text.splitlines()
    spaced = "\n\n".join(lines[:3]) + "\n   \n" + json.dumps([json.loads(x) for x in lines[3:]])
    assert [e for _n, e in mjai.events(spaced)] == [e for _n, e in mjai.events(text)]
    assert [n for n, _e in mjai.events(spaced)] == [1, 3, 5, 7, 7, 7]
    assert mjai.parse(spaced) == mjai.parse(text)
    whole = json.dumps([json.loads(x) for x in lines])
    assert [n for n, _e in mjai.events("  \n" + whole)] == [1] * len(lines)
    assert mjai.parse(whole) == mjai.parse(text)


def test_a_draw_with_a_nagashi_mangan() -> None:
    """Chie lets only 9m go to the wall's end, nobody calling: 流し満貫 (the points moved
    are hers, not tenpai payments: each hand's tiles say who was tenpai)."""
    wheel70 = [e for i in range(70) for e in turn(i % 4, "9m" if i % 4 == 2 else "5m")]
    end = {"type": "ryukyoku", "deltas": [-4000, -2000, 8000, -2000]}
    hand = first_hand(hand_log({seat: FAR for seat in range(4)}, [*wheel70, end]))
    assert (hand.result, hand.tenpai, hand.nagashi) == ("draw", (), (2,))


def _open_kan_rinshan(kind: str) -> str:
    """Ana lets 5p go; Ben calls an open kan of it and wins on the replacement tile."""
    kan = {"type": kind, "actor": 1, "target": 0, "pai": "5p", "consumed": ["5p"] * 3}
    return hand_log({1: "555p23s456s789s11z"}, [*turn(0, "5p"), kan,
                    {"type": "tsumo", "actor": 1, "pai": "4s"}, won(1, 1)])  # fmt: skip


def test_an_open_kans_replacement_tile_wins_rinshan() -> None:
    (win,) = first_hand(_open_kan_rinshan("daiminkan")).wins
    assert (win.yaku, win.han, win.fu) == (("嶺上開花",), 1, 40)


@pytest.mark.parametrize(("first", "rounds", "chosen", "length"), [
    (4, "E", None, "east"), (0, "E", None, "south"), (None, "E", None, "east"),
    (None, "S", None, "south"), (4, "E", "mleague", "east"), (None, "S", "mleague", "south"),
])  # fmt: skip
def test_the_games_length_from_its_start_or_its_rounds(
    first: int | None, rounds: str, chosen: str | None, length: str
) -> None:
    """``kyoku_first`` (4: East only, as Mortal's arena writes it), else the rounds the
    log played; the rules chosen keep the log's length."""
    text = _two_hand_log([25000] * 4, [25000] * 4)
    lines = [json.loads(line) for line in text.splitlines()]
    if first is not None:
        lines[0]["kyoku_first"] = first
    lines[5]["bakaze"] = rounds
    game = mjai.parse("\n".join(json.dumps(line) for line in lines),
                      find_preset(chosen) if chosen else None)  # fmt: skip
    assert game.record.rules.game.length.value == length
    assert game.record.rules.name == (chosen or "tenhou")
    assert game.game_id == "" and game.record.title == ""


def test_three_players_play_tenhous_three_player_rules() -> None:
    lines = [json.loads(line) for line in _two_hand_log(None, [35000] * 3).splitlines()]
    lines[0]["names"] = ["Ana", "Ben", "Chie"]
    lines[1]["tehais"] = lines[1]["tehais"][:3]
    lines[1]["scores"] = [35000] * 3
    game = mjai.parse("\n".join(json.dumps(line) for line in lines))
    assert game.record.rules.name == "tenhou-sanma" and game.record.rules.players == 3


@pytest.mark.parametrize(("change", "said"), [
    (lambda t: t.replace('{"type": "end_kyoku"}', '{"type": "ryukyoku", "reason": "error"}', 1),
     "line 5: a hand ended by a program's error (mjai.app's penalty), which is no rule of "
     "the game"),
    (lambda t: t.replace('{"type": "end_kyoku"}', '{"type": "ryukyoku", "deltas": [0, 0, 0, 0]}'
                         '\n{"type": "end_kyoku"}', 1),
     "line 6: hand E1: a win and a draw at once"),
    (lambda t: "\n".join(t.splitlines()[:2] + t.splitlines()[4:]),
     "line 3: hand E1: no result (“hora” or “ryukyoku”)"),
    (lambda t: "\n".join(t.splitlines()[:1] + t.splitlines()[2:]),
     "line 2: an event outside a hand (before its “start_kyoku”)"),
    (lambda t: t.replace('"actor": 0, "pai": "4s"', '"actor": 4, "pai": "4s"', 1),
     "line 3: a “tsumo” event with a field missing or wrong"),
    (lambda t: t.replace('"names": ["Ana", "Ben", "Chie", "Dae"]', '"names": []', 1).replace(
        '{"type": "hora"', '{"type": "dahai", "actor": 1, "pai": "4s", "tsumogiri": false}\n'
        '{"type": "hora"', 1), "line 4: 4s is not in 2's hand"),
    (lambda t: t.replace('"pai": "4s"', '"pai": "9m"', 1),
     "line 4: the tiles are not a winning hand"),
])  # fmt: skip
def test_each_refusal_of_a_hand_word_for_word(change: Any, said: str) -> None:
    text = change(hand_log({0: PINFU}, [{"type": "tsumo", "actor": 0, "pai": "4s"}, won(0, 0)]))
    with pytest.raises(LogError) as raised:
        mjai.parse(text)
    assert raised.value.message.text("en") == said


def test_the_events_of_a_stream_that_are_no_play_are_passed_over() -> None:
    text = hand_log({0: PINFU}, [{"type": "tsumo", "actor": 0, "pai": "4s"}, won(0, 0)])
    lines = text.splitlines()
    noise = ['{"type": "hello"}', '{"type": "none"}', '{"type": "error"}']
    assert mjai.parse("\n".join([lines[0], *noise, *lines[1:]])) == mjai.parse(text)


def test_a_ron_on_a_north_set_aside_without_its_tile_named() -> None:
    """Three players: Ana sets a North aside, and Ben wins on it (``hora`` without its
    ``pai``: the North); 国士無双 may rob it, nothing else (no 槍槓)."""
    tehais = [tiles("123p456p789s1p23s4z"), tiles("119m19p19s123567z"), list(JUNK)]
    lines = [{"type": "start_game", "names": ["Ana", "Ben", "Chie"]},
             {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
              "oya": 0, "dora_marker": "9s", "scores": [35000] * 3, "tehais": tehais},
             {"type": "tsumo", "actor": 0, "pai": "S"}, {"type": "kita", "actor": 0, "pai": "N"},
             {"type": "hora", "actor": 1, "target": 0, "deltas": [0, 0, 0]},
             {"type": "end_kyoku"}, {"type": "end_game"}]  # fmt: skip
    hand = first_hand("\n".join(json.dumps(line) for line in lines))
    assert (hand.result, hand.discarder, hand.wins[0].yaku) == ("ron", 0, ("国士無双",))


def test_two_norths_set_aside_are_two_dora() -> None:
    tehais = [tiles("123p456p789s23s44z"), list(JUNK), list(JUNK)]
    lines = [{"type": "start_game", "names": ["Ana", "Ben", "Chie"]},
             {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
              "oya": 0, "dora_marker": "9s", "scores": [35000] * 3, "tehais": tehais},
             *[e for seat in range(3) for e in turn(seat, "S")],
             {"type": "tsumo", "actor": 0, "pai": "1p"}, {"type": "kita", "actor": 0, "pai": "N"},
             {"type": "tsumo", "actor": 0, "pai": "1p"}, {"type": "kita", "actor": 0, "pai": "N"},
             {"type": "tsumo", "actor": 0, "pai": "4s"},
             {"type": "hora", "actor": 0, "target": 0, "deltas": [0, 0, 0]},
             {"type": "end_kyoku"}, {"type": "end_game"}]  # fmt: skip
    (win,) = first_hand("\n".join(json.dumps(line) for line in lines)).wins
    assert win.dora == 2 and "嶺上開花" in win.yaku


def test_ura_dora_count_only_for_a_riichi() -> None:
    """The log's ura indicators (each name writers use) count for a riichi win only."""
    _text, _yaku, han, fu = CASES["no-chiihou"]
    for key in ("ura_markers", "uradora_markers", "uradora_marker"):
        text = _text.replace('"type": "hora"', f'"type": "hora", "{key}": ["8s"]')
        (win,) = first_hand(text).wins
        assert (win.han, win.fu, win.dora) == (han, fu, 0)
    stated = CASES["no-ippatsu"][0]
    for key in ("ura_markers", "uradora_markers", "uradora_marker"):
        text = stated.replace('"type": "hora"', f'"type": "hora", "{key}": ["8s"]')
        (win,) = first_hand(text).wins
        assert (win.han, win.dora) == (3, 1), key  # riichi, 平和 and the ura 9s


def test_load_reads_with_the_rules_names_and_the_files_name(tmp_path: Path) -> None:
    text = _two_hand_log([25000] * 4, [25000] * 4)
    path = tmp_path / "night.mjson"
    path.write_text(text, encoding="utf-8")
    mleague, names = find_preset("mleague"), ["A", "B", "C", "D"]
    game = mjai.load(path, mleague, names)
    assert game == mjai.parse(text, mleague, names, title="night")
    assert game.record.title == "night" and game.record.names == tuple(names)


def _reader_after(text: str) -> Any:
    """The reader with the events of ``text`` read (up to and not past a hand's end)."""
    reader = mjai._Reader(None, None)
    for line, event in mjai.events(text):
        reader.read(line, event)
    return reader


def test_an_added_kan_of_a_red_fives_pon_and_of_the_second_of_two_pons() -> None:
    """The added tile joins the pon of its kind, whatever its colour (5pr is 5p), and
    not another pon of the same seat."""
    events = [*turn(0, "5p"), {"type": "pon", "actor": 1, "target": 0, "pai": "5p",
                               "consumed": ["5pr", "5p"]}, _LET_1S,
              *turn(2, "9m"), {"type": "pon", "actor": 1, "target": 2, "pai": "9m",
                               "consumed": ["9m", "9m"]}, _let(1, "2s"),
              *turn(2, "S"), *turn(3, "S"), *turn(0, "S"),
              {"type": "tsumo", "actor": 1, "pai": "9m"},
              {"type": "kakan", "actor": 1, "pai": "9m", "consumed": ["9m"] * 3},
              {"type": "tsumo", "actor": 1, "pai": "5p"},
              {"type": "kakan", "actor": 1, "pai": "5p",
               "consumed": ["5pr", "5p", "5p"]}]  # fmt: skip
    text = hand_log({1: "05p99m123s456s7s11z"}, events)
    lines = text.splitlines()
    reader = _reader_after("\n".join(lines[: 2 + len(events)]))
    assert reader.open.seats[1].melds == [("kan", ["5pr", "5p", "5p", "5p"], 0),
                                          ("kan", ["9m", "9m", "9m", "9m"], 2)]  # fmt: skip


def test_a_hand_the_log_hides_lets_its_tiles_go() -> None:
    """A viewer's log hides other players' tiles as ``?``: each tile they let go is one of
    them."""
    hidden_go = [e for seat in (1, 2, 3) for e in ({"type": "tsumo", "actor": seat, "pai": "S"},
                                                    _let(seat, "N"))]  # fmt: skip
    text = hand_log({0: PINFU}, [*wheel(1), *hidden_go, {"type": "tsumo", "actor": 0, "pai": "4s"},
                                 won(0, 0)])  # fmt: skip
    start = json.loads(text.splitlines()[1])
    start["tehais"][1:] = [["?"] * 13] * 3
    lines = text.splitlines()
    hidden = "\n".join([lines[0], json.dumps(start), *lines[2:]])
    assert first_hand(hidden) == first_hand(text)


def test_a_player_the_names_leave_out_is_called_by_seat() -> None:
    text = hand_log({0: PINFU}, [{"type": "tsumo", "actor": 0, "pai": "4s"}, won(0, 0)])
    text = text.replace('"names": ["Ana", "Ben", "Chie", "Dae"]', '"names": ["Ana"]', 1).replace(
        '{"type": "hora"', '{"type": "dahai", "actor": 1, "pai": "4s", "tsumogiri": false}\n'
        '{"type": "hora"', 1)  # fmt: skip
    with pytest.raises(LogError) as raised:
        mjai.parse(text)
    assert raised.value.message.text("en") == "line 4: 4s is not in 2's hand"


def test_a_hand_without_its_dealer_named_is_dealt_by_its_number() -> None:
    """No ``oya``: E2's dealer is the second seat, whose win on the first draw is 天和."""
    text = hand_log({1: PINFU}, [{"type": "tsumo", "actor": 1, "pai": "4s"}, won(1, 1)])
    start = json.loads(text.splitlines()[1])
    start["kyoku"] = 2
    del start["oya"]
    lines = text.splitlines()
    (hand,) = _hands("\n".join([lines[0], json.dumps(start), *lines[2:]]))
    assert hand.round == "E2" and hand.wins[0].yaku == ("天和",)


def test_a_win_from_a_seat_past_the_table_is_an_error() -> None:
    text = hand_log({0: PINFU}, [*turn(1, "4s"), {**won(0, 9), "pai": "4s"}])
    with pytest.raises(LogError) as raised:
        mjai.parse(text)
    assert raised.value.message.text("en") == "line 5: a “hora” event with a field missing or wrong"


def test_a_riichi_ron_without_its_ura_dora_against_a_non_dealer_winner() -> None:
    """Ben (not the dealer) wins on Chie's 4s: riichi, 平和 and one ura, 3 han 30 fu,
    3900, and his stick back (a dealer's 3 han would be 5800)."""
    events = [*_riichi_then_tsumo(1)[:-7], *turn(2, "4s")]
    hora = {"type": "hora", "actor": 1, "target": 2, "deltas": [0, 4900, -3900, 0]}
    (win,) = mjai.parse(hand_log({1: _RIICHI_PINFU}, [*events, hora])).record.hands[0].wins
    assert (win.han, win.fu, win.dora) == (3, 30, 1)


def test_four_kans_by_two_players_end_the_hand() -> None:
    """四槓散了: Ana's three concealed kans and Ben's one, then a draw the log leaves
    unnamed before the wall's end."""

    def kan(seat: int, tile: str) -> list[dict[str, Any]]:
        return [{"type": "tsumo", "actor": seat, "pai": "S"},
                {"type": "ankan", "actor": seat, "consumed": [tile] * 4}]  # fmt: skip

    draw = {"type": "ryukyoku", "deltas": [0, 0, 0, 0]}
    events = [*kan(0, "1m"), *kan(0, "2m"), *kan(0, "3m"), *turn(0, "S"),
              *kan(1, "1p"), *turn(1, "S"), draw]  # fmt: skip
    hand = first_hand(hand_log({0: "111122223333m4p", 1: "1111p23456789p"}, events))
    assert (hand.result, hand.reason) == ("abort", "suukan")
    # two kans, then Chie's draw and an unnamed abort: 九種九牌, not 四槓散了
    two = [*kan(0, "1m"), *turn(0, "S"), *kan(1, "1p"), *turn(1, "S"),
           {"type": "tsumo", "actor": 2, "pai": "S"}, draw]  # fmt: skip
    assert first_hand(hand_log({0: "111122223333m4p", 1: "1111p23456789p"}, two)).reason == (
        "kyuushu"
    )


def test_a_daisuushi_is_paid_by_who_fed_its_fourth_wind() -> None:
    events = [*turn(0, "E"), _pon(1, 0, "E"), _let(1, "1p"),
              {"type": "tsumo", "actor": 2, "pai": "S"}, {**_let(2, "S"), "tsumogiri": True},
              _pon(1, 2, "S"), _let(1, "5p"),
              {"type": "tsumo", "actor": 2, "pai": "W"}, {**_let(2, "W"), "tsumogiri": True},
              _pon(1, 2, "W"), _let(1, "9p"), *turn(2, "P"),
              {"type": "tsumo", "actor": 3, "pai": "N"}, {**_let(3, "N"), "tsumogiri": True},
              _pon(1, 3, "N"), _let(1, "1m"), *turn(2, "9s"), won(1, 2)]  # fmt: skip
    (win,) = first_hand(hand_log({1: "11z22z33z44z9s159p1m"}, events)).wins
    assert "大四喜" in win.yaku and win.pao == 3


def test_a_daisangen_with_its_third_dragon_held_has_no_one_to_pay_alone() -> None:
    events = [*turn(0, "P"), _pon(1, 0, "P"), _let(1, "1p"),
              {"type": "tsumo", "actor": 2, "pai": "F"}, {**_let(2, "F"), "tsumogiri": True},
              _pon(1, 2, "F"), _let(1, "5p"), *turn(2, "9s"), won(1, 2)]  # fmt: skip
    (win,) = first_hand(hand_log({1: "55z66z777z123m9s15p"}, events)).wins
    assert (win.yakuman, win.pao) == (1, None)


def test_a_win_whose_tiles_the_log_hides_needs_its_han_and_fu() -> None:
    text = hand_log({0: PINFU}, [*turn(0, "S"), {"type": "tsumo", "actor": 1, "pai": "4s"},
                                 won(1, 1)])  # fmt: skip
    start = json.loads(text.splitlines()[1])
    start["tehais"][1] = ["?"] * 13
    lines = text.splitlines()
    hidden = "\n".join([lines[0], json.dumps(start), *lines[2:]])
    with pytest.raises(LogError) as raised:
        mjai.parse(hidden)
    assert raised.value.message.text("en") == (
        "line 7: hand E1: a win without han and fu, and the winner's tiles are not in the log"
    )
    stated = hidden.replace('"target": 1', '"target": 1, "fan": 2, "fu": 30', 1)
    assert (first_hand(stated).wins[0].han, first_hand(stated).wins[0].fu) == (2, 30)


def test_who_called_is_kept_with_a_win() -> None:
    assert first_hand(CASES["chankan"][0]).calls == (1,)
    assert first_hand(CASES["no-chiihou"][0]).calls == (2,)


def test_a_result_with_fewer_deltas_than_players_is_an_error() -> None:
    text = hand_log({0: PINFU}, [{"type": "tsumo", "actor": 0, "pai": "4s"},
                                 {**won(0, 0), "deltas": [0, 0, 0]}])  # fmt: skip
    with pytest.raises(LogError) as raised:
        mjai.parse(text)
    assert raised.value.message.text("en") == (
        "line 5: a “end_kyoku” event with a field missing or wrong"
    )


def test_the_ura_dora_fitted_under_the_rules_chosen() -> None:
    """Under M-League's rules (切り上げ満貫) Ben's riichi, 平和 and two ura, 4 han 30 fu,
    is a mangan: 8000 and his stick (under Tenhou's it would take three ura)."""
    events = [*_riichi_then_tsumo(1)[:-7], *turn(2, "4s")]
    hora = {"type": "hora", "actor": 1, "target": 2, "deltas": [0, 9000, -8000, 0]}
    text = hand_log({1: _RIICHI_PINFU}, [*events, hora])
    (win,) = mjai.parse(text, find_preset("mleague")).record.hands[0].wins
    assert (win.han, win.fu, win.dora) == (4, 30, 2)
    (plain,) = mjai.parse(text).record.hands[0].wins
    assert (plain.han, plain.fu, plain.dora) == (5, None, 3)


def test_a_game_that_ends_with_a_stick_on_the_table_keeps_it_off_the_final_points() -> None:
    """An East-only game of four draws, the deal passing each time (the dealer noten);
    in E4 Ana's riichi stick stays on the table. mjai's final scores are the table's
    (99,000 and the stick): the check compares them with the table's points, not with
    first place's (Ben's) points after he takes the stick."""

    def hand(number: int, honba: int, scores: list[int], tenpai: tuple[int, ...],
             riichi: bool = False) -> list[dict[str, Any]]:  # fmt: skip
        tehais = [tiles(PINFU) if seat in tenpai else tiles(FAR) for seat in range(4)]
        start = {"type": "start_kyoku", "bakaze": "E", "kyoku": number, "honba": honba,
                 "kyotaku": 0, "oya": number - 1, "dora_marker": "9s", "scores": scores,
                 "tehais": tehais}  # fmt: skip
        dealer = number - 1
        wall = [e for i in range(70) for e in turn((dealer + i) % 4, "5m")]
        if riichi:  # Ana (after Dae, the dealer) declares on her first draw's 5m
            wall[2:4] = [{"type": "tsumo", "actor": 0, "pai": "5m"}, {"type": "reach", "actor": 0},
                         {"type": "dahai", "actor": 0, "pai": "5m", "tsumogiri": True},
                         {"type": "reach_accepted", "actor": 0}]  # fmt: skip
        each = 3000 // len(tenpai)
        deltas = [each if seat in tenpai else -3000 // (4 - len(tenpai)) for seat in range(4)]
        return [start, *wall, {"type": "ryukyoku", "deltas": deltas}, {"type": "end_kyoku"}]

    lines = [{"type": "start_game", "names": ["Ana", "Ben", "Chie", "Dae"], "kyoku_first": 4},
             *hand(1, 0, [25000] * 4, (1,)), *hand(2, 1, [24000, 28000, 24000, 24000], (2,)),
             *hand(3, 2, [23000, 27000, 27000, 23000], (3,)),
             *hand(4, 3, [22000, 26000, 26000, 26000], (0, 1), riichi=True),
             {"type": "end_game", "scores": [22500, 27500, 24500, 24500]}]  # fmt: skip
    game = mjai.parse("\n".join(json.dumps(line) for line in lines), find_preset("mleague"))
    assert [h.tenpai for h in game.record.hands] == [(1,), (2,), (3,), (0, 1)]
    assert game.record.hands[3].riichi == (0,)
    played = check(game)  # (it said "final points: seisan has …28500…, the log …27500…")
    assert played.lines[-1].points == game.final_points == (22500, 27500, 24500, 24500)
    assert played.final_points == (22500, 28500, 24500, 24500)  # Ben takes the stick
