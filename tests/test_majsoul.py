"""Mahjong Soul (雀魂) records: real games of a ranked room and of a contest replayed to
the record's own points and to its result line (the final points and the score shown
beside them), in each shape the exporters write; the room's rules read from the record;
tenhou.net/6 JSON converted from Mahjong Soul read under Mahjong Soul's rules; broken
records refused, never a traceback."""

from __future__ import annotations

import gzip
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seisan.errors import SeisanError
from seisan.logs import CheckError, LogError, check, load_log, majsoul, tenhou
from seisan.presets import find_preset
from seisan.rules import Length

DATA = Path(__file__).parent / "data" / "majsoul"


def act(name: str, **data: Any) -> dict[str, Any]:
    """One event as an exporter writes it (``type`` 1: a game event), its fields at their
    default left out, as protobuf's JSON does."""
    kept = {k: v for k, v in data.items() if v not in (0, False, None)}
    return {"passed": 1000, "type": 1, "result": {"name": f".lq.{name}", "data": kept}}


def new_round(chang: int, ju: int, ben: int, scores: list[int], sticks: int = 0) -> dict[str, Any]:
    return act("RecordNewRound", chang=chang, ju=ju, ben=ben, liqibang=sticks, scores=scores,
               doras=["3z"], left_tile_count=69)  # fmt: skip


def discard(seat: int, tile: str = "9m", riichi: bool = False) -> dict[str, Any]:
    return act("RecordDiscardTile", seat=seat, tile=tile, is_liqi=riichi)


def deal(seat: int, paid: int | None = None) -> dict[str, Any]:
    liqi = None if paid is None else {"seat": paid, "score": 24000, "liqibang": 1}
    return act("RecordDealTile", seat=seat, tile="1z", liqi=liqi)


def hule(seat: int, han: int, fu: int, fans: list[tuple[int, int]], old: list[int],
         delta: list[int], tsumo: bool = False) -> dict[str, Any]:  # fmt: skip
    info = {"seat": seat, "zimo": tsumo, "count": han, "fu": fu,
            "fans": [{"id": i, "val": v} if v else {"id": i} for i, v in fans]}  # fmt: skip
    info = {k: v for k, v in info.items() if v not in (0, False)}
    after = [o + d for o, d in zip(old, delta, strict=True)]
    return act("RecordHule", hules=[info], old_scores=old, delta_scores=delta, scores=after)


#: an East-only ranked game, worked out by hand: E1 Ben's riichi and ron of 2600 from
#: Chie (his stick back); E2 a draw, Ben (the dealer) and Dae tenpai; E2-1 九種九牌 (the
#: deal stays); E2-2 Dae's tsumo of 30符3飜 (1000-2000, 200 a payer for the honba);
#: E3 Dae's mangan from Ana; E4 Ana's 1000 from Chie: Dae, the dealer, leads on 39100
#: but has lost the deal, and 30000 is reached: the game ends
EVENTS = [
    new_round(0, 0, 0, [25000] * 4),
    discard(0), deal(1), discard(1, riichi=True), deal(2, paid=1), discard(2, "5p"),
    hule(1, 2, 40, [(2, 1), (14, 1), (33, 0)], [25000, 24000, 25000, 25000],
         [0, 3600, -2600, 0]),
    new_round(0, 1, 0, [25000, 27600, 22400, 25000]),
    discard(1), deal(2), discard(2),
    act("RecordNoTile", players=[{}, {"tingpai": True}, {}, {"tingpai": True}],
        scores=[{"old_scores": [25000, 27600, 22400, 25000],
                 "delta_scores": [-1500, 1500, -1500, 1500]}]),
    new_round(0, 1, 1, [23500, 29100, 20900, 26500]),
    act("RecordLiuJu", type=1, seat=2),
    new_round(0, 1, 2, [23500, 29100, 20900, 26500]),
    discard(1), deal(2), discard(2), deal(3),
    hule(3, 3, 30, [(1, 1), (14, 1), (12, 1)], [23500, 29100, 20900, 26500],
         [-1200, -2200, -1200, 4600], tsumo=True),
    new_round(0, 2, 0, [22300, 26900, 19700, 31100]),
    discard(2), deal(3), discard(3), deal(0), discard(0, "7s"),
    hule(3, 5, 40, [(29, 5)], [22300, 26900, 19700, 31100], [-8000, 0, 0, 8000]),
    new_round(0, 3, 0, [14300, 26900, 19700, 39100]),
    discard(3), deal(0), discard(0), deal(1), discard(1), deal(2), discard(2, "2m"),
    hule(0, 1, 30, [(8, 1)], [14300, 26900, 19700, 39100], [1000, 0, -1000, 0]),
]  # fmt: skip
HEAD = {
    "uuid": "261203-00000000-test",
    "config": {"category": 2, "mode": {"mode": 1, "detail_rule": {}}, "meta": {"mode_id": 11}},
    "accounts": [{"seat": 2, "nickname": "Chie"}, {"nickname": "Ana"},
                 {"seat": 3, "nickname": "Dae"}, {"seat": 1, "nickname": "Ben"}],
    "result": {"players": [
        {"seat": 3, "total_point": 29100, "part_point_1": 39100},
        {"seat": 1, "total_point": 6900, "part_point_1": 26900},
        {"seat": 2, "total_point": -11300, "part_point_1": 18700},
        {"total_point": -24700, "part_point_1": 15300}]},
}  # fmt: skip


def game_json(events: list[dict[str, Any]] = EVENTS, head: dict[str, Any] = HEAD) -> str:
    body = {"name": ".lq.GameDetailRecords", "data": {"version": 210715, "actions": events}}
    return json.dumps({"head": head, "data": body})


def test_a_game_replays_to_its_records_result() -> None:
    game = majsoul.parse(game_json())
    assert game.record.names == ("Ana", "Ben", "Chie", "Dae")  # by seat, not account order
    assert [h.result for h in game.record.hands] == ["ron", "draw", "abort", "tsumo", "ron",
                                                     "ron"]  # fmt: skip
    first = game.record.hands[0]
    assert (first.riichi, first.discarder, first.wins[0].han, first.wins[0].fu) == ((1,), 2, 2, 40)
    assert first.wins[0].yaku == ("立直", "平和") and first.wins[0].dora == 0
    assert game.record.hands[1].tenpai == (1, 3) and game.record.hands[2].reason == "kyuushu"
    assert game.record.hands[4].wins[0].fu is None  # a mangan: no fu
    assert game.final_points == (15300, 26900, 18700, 39100)
    assert game.final_pt == (Decimal("-24.7"), Decimal("6.9"), Decimal("-11.3"), Decimal("29.1"))
    played = check(game)  # each hand's points, then the final points and scores
    assert str(played.ended) and played.settlement is not None
    assert [str(s) for s in played.settlement.scores] == ["-247/10", "69/10", "-113/10",
                                                          "291/10"]  # fmt: skip


def test_a_changed_payment_is_named_by_the_check() -> None:
    text = game_json().replace("[14300, 26900, 19700, 39100]", "[14600, 26900, 19700, 38800]", 1)
    with pytest.raises(CheckError) as raised:
        check(majsoul.parse(text))
    assert raised.value.message.text("en") == (
        "hand 5 (E3): seisan has 14300, 26900, 19700, 39100; the log has 14600, 26900, 19700, 38800"
    )


def test_every_shape_the_exporters_write_is_the_same_game(tmp_path: Path) -> None:
    """``data.data.actions`` (since 2021), ``data.data.records`` (older records) and a
    dump script's ``records`` with each event's ``__type``; gzip or plain."""
    results = [e["result"] for e in EVENTS]
    older = {"head": HEAD, "data": {"name": ".lq.GameDetailRecords",
                                    "data": {"version": 0, "records": results}}}  # fmt: skip
    dumped = {"head": HEAD, "records": [
        {"__type": r["name"].removeprefix(".lq."), **r["data"]} for r in results]}  # fmt: skip
    game = majsoul.parse(game_json())
    assert majsoul.parse(json.dumps(older)) == game == majsoul.parse(json.dumps(dumped))
    path = tmp_path / "261203-00000000-test.json.gz"
    path.write_bytes(gzip.compress(game_json().encode()))
    assert majsoul.load(path) == game == load_log(path)  # told by its text


def test_the_servers_bytes_are_refused_with_what_to_do() -> None:
    text = json.dumps({"head": HEAD, "data": {"type": "Buffer", "data": [10, 21, 46]}})
    with pytest.raises(LogError) as raised:
        majsoul.parse(text)
    assert raised.value.message.text("en") == (
        "a Mahjong Soul record without its events decoded (the game server's bytes): export it "
        "as JSON with a paipu exporter")  # fmt: skip


#: a contest's rules as its record states them (the field names and values of a real
#: contest record of 2026-03-26: 30000 start and origin, uma 5/-5/-15, no busting)
CONTEST = {"init_point": 30000, "fandian": 30000, "can_jifei": False, "liqibang_value": 1000,
           "changbang_value": 300, "noting_fafu_1": 1000, "noting_fafu_2": 1500,
           "noting_fafu_3": 3000, "have_liujumanguan": False, "have_qieshangmanguan": True,
           "have_sifenglianda": False, "have_sigangsanle": False, "have_sijializhi": False,
           "have_jiuzhongjiupai": False, "have_sanjiahele": False, "have_toutiao": True,
           "have_nanruxiru": False, "jingsuanyuandian": 30000, "shunweima_2": 5,
           "shunweima_3": -5, "shunweima_4": -15, "have_zimosun": True,
           "disable_double_yakuman": 1}  # fmt: skip


def test_a_ranked_room_plays_the_ranked_rules_and_a_contest_its_own() -> None:
    ranked = majsoul.parse(game_json()).record.rules
    assert ranked.name == "mahjongsoul" and ranked.game.length is Length.EAST
    assert (ranked.start, ranked.return_points) == (25000, 25000)
    assert ranked.uma.values == (15, 5, -5, -15)
    head = {"config": {"mode": {"mode": 2, "detail_rule": CONTEST}}}
    contest = majsoul.rules_of(head, 4, hanchan=True)
    assert (contest.start, contest.return_points) == (30000, 30000)
    assert contest.uma.values == (15, 5, -5, -15) and contest.game.target == 30000
    assert not contest.game.bust_ends and not contest.game.aborts
    assert contest.game.extension.value == "none"
    scoring = contest.scoring
    assert scoring.kiriage and scoring.atamahane and not scoring.nagashi
    assert scoring.riichi_in_debt and not scoring.double_yakuman
    assert scoring.triple_ron.value == "win"


def test_a_contest_without_busting_lets_a_player_below_a_stick_declare_riichi() -> None:
    """As the contest record of 2026-03-26 does, at -1900."""
    head = {**HEAD, "config": {"category": 4, "mode": {"mode": 1, "detail_rule": CONTEST}}}
    events = [new_round(0, 0, 0, [30000] * 4), discard(0, "2m"),
              hule(1, 13, 0, [(42, 1)], [30000] * 4, [-32000, 32000, 0, 0]),
              new_round(0, 0, 0, [-2000, 62000, 30000, 30000]),
              discard(0, riichi=True), deal(1, paid=0), discard(1),
              act("RecordNoTile", players=[{"tingpai": True}, {}, {}, {}],
                  scores=[{"old_scores": [-3000, 62000, 30000, 30000],
                           "delta_scores": [3000, -1000, -1000, -1000]}])]  # fmt: skip
    game = majsoul.parse(game_json(events, head))
    assert game.record.hands[1].riichi == (0,)
    assert game.points_after == ((-2000, 62000, 30000, 30000), (0, 61000, 29000, 29000))


@pytest.mark.parametrize(
    ("detail", "expected"),
    [
        ({}, {"start": 25000, "uma": (15, 5, -5, -15), "bust": True}),
        ({"init_point": 25000, "jingsuanyuandian": 30000, "shunweima_2": 10,
          "shunweima_3": -10, "shunweima_4": -20, "can_jifei": True},
         {"start": 25000, "return": 30000, "uma": (20, 10, -10, -20), "bust": True}),
        ({"init_point": 35000}, {"start": 35000, "return": 35000, "bust": False}),
    ],
)  # fmt: skip
def test_a_rooms_detail_rule(detail: dict[str, Any], expected: dict[str, Any]) -> None:
    head = {"config": {"mode": {"mode": 1, "detail_rule": detail}}}
    rules = majsoul.rules_of(head, 4, hanchan=False)
    assert rules.game.length is Length.EAST and rules.start == expected["start"]
    assert rules.return_points == expected.get("return", expected["start"])
    assert rules.uma.values == expected.get("uma", (15, 5, -5, -15))
    assert rules.game.bust_ends is expected["bust"]


def test_names_by_seat_whatever_the_order_of_the_accounts() -> None:
    head = {"accounts": [{"seat": 2, "nickname": "C"}, {"nickname": "A"},
                         {"seat": 3, "nickname": "D"}, {"seat": 1, "nickname": "B"}]}  # fmt: skip
    assert majsoul._names(head, 4) == ["A", "B", "C", "D"]
    assert majsoul._names({"accounts": head["accounts"][:3]}, 4) == [  # a computer's seat
        "A", "Player 2", "C", "D"]  # fmt: skip


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_damaged_record_is_an_error_or_a_game_never_a_traceback(data: st.DataObject) -> None:
    events = [{"__type": e["result"]["name"].removeprefix(".lq."), **e["result"]["data"]}
              for e in EVENTS]  # fmt: skip
    whole = {"head": HEAD, "records": events}
    i = data.draw(st.integers(0, len(events) - 1))
    kind = data.draw(st.sampled_from(["drop", "value", "cut"]))
    if kind == "drop":
        del events[i]
    elif kind == "cut":
        del events[i:]
    else:
        key = data.draw(st.sampled_from(sorted(events[i])))
        events[i][key] = data.draw(st.sampled_from([None, "x", -1, 9, [], {}, [1, 2]]))
    try:
        check(majsoul.parse(json.dumps(whole)))
    except SeisanError as err:
        assert err.message.text("en")


# -- tenhou.net/6 JSON converted from Mahjong Soul --------------------------------------------


#: real games converted by tensoul and its ports: (file, preset, hands, final points, the
#: score beside them); the three-player ones from 三銀, 三玉 and 三金 rooms, East games
CONVERTED = [
    ("2025_1_1_Jade_Room_South.tenhou6.json", "mahjongsoul", 14,
     (7200, 52400, 15500, 24900), ("-32.8", "42.4", "-14.5", "4.9")),
    ("mjai-reviewer3p-chankan.tenhou6.json", "mahjongsoul-sanma", 3,
     (20200, 25800, 59000), ("-29.8", "-9.2", "39")),
    # a bust ends it: the riichi stick on the table goes to the winner of the last hand
    ("mjai-reviewer3p-kokushi_peinuki.tenhou6.json", "mahjongsoul-sanma", 4,
     (-33600, 44600, 94000), ("-83.6", "9.6", "74")),
    ("mjai-reviewer3p-kokushi_ankan.tenhou6.json", "mahjongsoul-sanma", 1,
     (83000, -13000, 35000), ("63", "-63", "0")),
]  # fmt: skip


@pytest.mark.parametrize(("name", "preset", "hands", "final", "shown"), CONVERTED)
def test_a_converted_game_plays_mahjong_souls_rules_to_its_own_result(
    name: str, preset: str, hands: int, final: tuple[int, ...], shown: tuple[str, ...]
) -> None:
    """tenhou.net/6 JSON of a Mahjong Soul game: its ``sc`` holds the final points and the
    score shown beside them, which Tenhou's ranked rules would not give (nor its
    three-player honba of 200 on a ron, which Mahjong Soul shares)."""
    game = tenhou.load(DATA / name)
    assert game.record.rules.name == preset and len(game.record.hands) == hands
    assert game.final_points == final and game.final_pt == tuple(map(Decimal, shown))
    played = check(game)
    assert tuple(played.settlement.points) == final  # type: ignore[union-attr]
    assert majsoul.load(DATA / name) == game == load_log(DATA / name)


# -- what an independent review found ---------------------------------------------------------


def _call(seat: int, tile: str, fed: int, kind: int = 1) -> dict[str, Any]:
    """A pon (``type`` 1) or an open kan (2) of ``tile`` fed by ``fed``."""
    size = 3 if kind == 1 else 4
    return act("RecordChiPengGang", seat=seat, type=kind, tiles=[tile] * size,
               froms=[seat] * (size - 1) + [fed])  # fmt: skip


def play_of(events: list[dict[str, Any]], head: dict[str, Any] = HEAD) -> Any:
    return majsoul.parse(game_json(events, head)).record.hands


def test_four_riichi_take_the_fourth_stick_with_the_draw() -> None:
    """四家立直: the fourth riichi's stick is paid in the RecordLiuJu itself."""
    events = [new_round(0, 0, 0, [25000] * 4),
              discard(0, riichi=True), deal(1, paid=0), discard(1, riichi=True), deal(2, paid=1),
              discard(2, riichi=True), deal(3, paid=2), discard(3, riichi=True),
              act("RecordLiuJu", type=4, liqi={"seat": 3, "liqibang": 4})]  # fmt: skip
    (hand,) = play_of(events)
    assert (hand.result, hand.reason, hand.riichi) == ("abort", "suucha-riichi", (0, 1, 2, 3))


def test_a_daisangen_fed_its_third_dragon_is_paid_by_the_feeder() -> None:
    events = [new_round(0, 0, 0, [25000] * 4), discard(0, "5z"), _call(1, "5z", 0),
              discard(1, "1m"), deal(2), discard(2, "6z"), _call(1, "6z", 2), discard(1, "1m"),
              deal(2), discard(2), deal(3), discard(3, "7z"), _call(1, "7z", 3),
              discard(1, "1m"), deal(2), discard(2), deal(3), discard(3), deal(0), discard(0),
              deal(1), act("RecordHule", hules=[{"seat": 1, "zimo": True, "yiman": True,
                                                 "fans": [{"id": 37, "val": 1}]}],
                           old_scores=[25000] * 4, delta_scores=[0, 32000, 0, -32000],
                           scores=[25000, 57000, 25000, -7000])]  # fmt: skip
    (hand,) = play_of(events)
    assert (hand.wins[0].yakuman, hand.wins[0].pao, hand.wins[0].yaku) == (1, 3, ("大三元",))


@pytest.mark.parametrize(("kan", "name"), [("RecordAnGangAddGang", "a concealed kan"),
                                           ("RecordBaBei", "a North set aside")])  # fmt: skip
def test_a_ron_on_a_kan_or_a_north_is_paid_by_who_made_it(kan: str, name: str) -> None:
    events = [new_round(0, 0, 0, [25000] * 4), discard(0, "2m"), deal(1),
              act(kan, seat=1, type=3, tiles="5z"),
              act("RecordHule", hules=[{"yiman": True, "fans": [{"id": 42, "val": 1}]}],
                  old_scores=[25000] * 4, delta_scores=[32000, -32000, 0, 0],
                  scores=[57000, -7000, 25000, 25000])]  # fmt: skip
    (hand,) = play_of(events)
    assert (hand.result, hand.discarder, hand.wins[0].winner) == ("ron", 1, 0), name


def test_a_fourth_seat_on_no_points_still_plays() -> None:
    """The mode says four players; a seat starting a hand on 0 is one of them."""
    events = [new_round(0, 0, 0, [30000, 35000, 35000, 0]), discard(0), deal(1), discard(1),
              deal(2), discard(2), deal(3), discard(3),
              hule(1, 1, 30, [(8, 1)], [30000, 35000, 35000, 0], [0, 1000, 0, -1000])]  # fmt: skip
    game = majsoul.parse(game_json(events))
    (hand,) = game.record.hands
    assert len(game.record.names) == 4 and (hand.wins[0].winner, hand.discarder) == (1, 3)
    assert game.points_after == ((30000, 36000, 35000, -1000),)


def test_a_seat_past_the_table_is_an_error() -> None:
    for events in ([new_round(0, 0, 0, [25000] * 4), discard(9)],
                   [new_round(0, 0, 0, [25000] * 4), discard(0), deal(1, paid=7)]):  # fmt: skip
        with pytest.raises(LogError) as raised:
            majsoul.parse(game_json(events))
        assert raised.value.message.text("en") == (
            "a Mahjong Soul record with a field missing or wrong (hand 1)"
        )


@pytest.mark.parametrize(
    ("detail", "extension", "stop"),
    [
        ({"init_point": 25000}, "none", "none"),  # protobuf leaves false fields out
        ({"init_point": 25000, "have_nanruxiru": True, "have_helezhongju": True}, "west",
         "auto-win"),
        ({"init_point": 25000, "have_helezhongju": True, "have_tingpaizhongju": True}, "none",
         "auto"),
    ],
)  # fmt: skip
def test_a_rooms_extension_and_dealer_stop(detail: dict[str, Any], extension: str,
                                           stop: str) -> None:  # fmt: skip
    rules = majsoul.rules_of({"config": {"mode": {"mode": 2, "detail_rule": detail}}}, 4, True)
    assert (rules.game.extension.value, rules.game.dealer_stop.value) == (extension, stop)


def test_a_room_without_uma_and_a_stop_seisan_cannot_settle() -> None:
    head = {"config": {"mode": {"mode": 2, "detail_rule": {
        "init_point": 25000, "shunweima_2": 0, "shunweima_3": 0, "shunweima_4": 0}}}}  # fmt: skip
    assert majsoul.rules_of(head, 4, True).uma.values == (0, 0, 0, 0)
    head = {"config": {"mode": {"mode": 2, "detail_rule": {
        "init_point": 25000, "have_tingpaizhongju": True}}}}  # fmt: skip
    with pytest.raises(LogError) as raised:
        majsoul.rules_of(head, 4, True)
    assert raised.value.message.text("en") == (
        "the room's rules (detail_rule): a dealer's stop when tenpai but not after a win, which "
        "seisan cannot settle")  # fmt: skip


def test_broken_converted_files_are_errors(tmp_path: Path) -> None:
    text = (DATA / "mjai-reviewer3p-chankan.tenhou6.json").read_text(encoding="utf-8")
    data = json.loads(text)
    no_winner = {**data, "log": [[*data["log"][0][:-1], ["和了"]]]}
    bad_sc = {**data, "sc": [20200, None, 25800, -9.2, 59000, 39]}
    for broken in (no_winner, bad_sc):
        with pytest.raises(LogError) as raised:
            tenhou.parse_json(json.dumps(broken))
        assert raised.value.message.text("en") == "a tenhou.net/6 log with a field missing or wrong"
    empty = tmp_path / "empty.json"
    empty.write_text("  \n", encoding="utf-8")
    with pytest.raises(LogError) as raised:
        load_log(empty)
    assert raised.value.message.text("en") == f"{empty}: an empty file"
    marked = tmp_path / "marked.json"
    marked.write_text("\ufeff" + text, encoding="utf-8")  # a byte-order mark
    assert load_log(marked).final_points == (20200, 25800, 59000)


REAL = DATA / "kandora-tournaments-250918-8eb02a7e.json"


def test_a_real_jade_room_record_replays_to_its_result_line() -> None:
    """A ranked Jade-room hanchan as a dump script wrote it (events in ``records`` with
    their ``__type``): every hand's points, the final points and Mahjong Soul's own pt
    (its ranked uma and oka), 九種九牌 in S2 included."""
    game = load_log(REAL)
    played = check(game)
    assert game.game_id == "250918-8eb02a7e-670e-4f11-bc3f-4ec2edf71dc2"
    assert game.record.names == ("Ana", "Ben", "Chie", "Dae")
    assert [(h.round, h.result) for h in game.record.hands] == [
        ("E1", "tsumo"), ("E1", "ron"), ("E2", "ron"), ("E3", "ron"), ("E4", "ron"),
        ("S1", "ron"), ("S2", "abort"), ("S2", "ron"), ("S2", "ron"), ("S3", "tsumo"),
        ("S4", "ron")]  # fmt: skip
    assert played.final_points == game.final_points == (10100, 43400, 20900, 25600)
    assert game.final_pt == (Decimal("-29.9"), Decimal("33.4"), Decimal("-9.1"), Decimal("5.6"))


def _real_edited(tmp_path: Path, edit: Any) -> Path:
    """The real record with ``edit`` made to its JSON, as a file."""
    data = json.loads(REAL.read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / REAL.name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _hule(data: dict[str, Any], index: int) -> dict[str, Any]:
    return [r for r in data["records"] if r["__type"] == "RecordHule"][index]


def test_each_hands_change_as_the_record_states_it_is_checked(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    """A win states its points three times: ``old_scores`` (the sticks of the hand
    paid), ``delta_scores`` and ``scores``; the check had compared ``scores`` alone, so
    a record whose ``delta_scores`` were changed passed ``import --check``."""
    game = load_log(REAL)
    assert [d is None for d in game.deltas] == [False] * 6 + [True] + [False] * 4  # S2 九種九牌
    assert game.deltas[3] == (-5200, 0, 0, 5200)  # Dae's riichi stick paid, and won back
    check(game)

    def more(data: dict[str, Any]) -> None:
        _hule(data, 2)["delta_scores"] = [-3000, 0, 0, 3000]  # its scores as they were

    with pytest.raises(CheckError) as raised:
        check(load_log(_real_edited(tmp_path, more)))
    assert raised.value.message.text("en") == (
        "hand 3 (E2): seisan's changes are -2000, 0, 0, 2000; the log's are -3000, 0, 0, 3000"
    )
    error = cli.run("import", "majsoul", str(tmp_path / REAL.name), "--check", "-o",
                    str(tmp_path / "out"), code=2)  # fmt: skip
    said = f"seisan: error: {tmp_path / REAL.name}: hand 3 (E2): seisan's changes are"
    assert error.startswith(said)

    def unpaid(data: dict[str, Any]) -> None:  # E3: Dae's stick not paid, by the record
        _hule(data, 3)["old_scores"] = [34400, 21100, 22400, 22100]

    with pytest.raises(CheckError) as raised:
        check(load_log(_real_edited(tmp_path, unpaid)))
    assert raised.value.message.text("en") == (
        "hand 4 (E3): seisan's changes are -5200, 0, 0, 5200; the log's are -5200, 0, 0, 6200"
    )


def test_two_accounts_on_one_seat_are_refused(tmp_path: Path) -> None:
    """The later account had taken the seat's name, and the other seat had become
    “Player 2”, without a word."""

    def twice(data: dict[str, Any]) -> None:
        data["head"]["accounts"][1]["seat"] = 3  # Ben where Dae sits

    with pytest.raises(LogError) as raised:
        load_log(_real_edited(tmp_path, twice))
    assert raised.value.message.text("en") == (
        f"{tmp_path / REAL.name}: the record's players (head.accounts) give seat 3 twice"
    )
    head = {"accounts": [{"nickname": "A"}, {"seat": 1, "nickname": "B"}, {"nickname": "C"}]}
    with pytest.raises(LogError, match="give seat 0 twice"):  # (seat 0: left out, twice)
        majsoul._names(head, 4)


def test_events_typed_with_one_underscore_are_read_alike() -> None:
    """Some exporters write each event's type as ``_type`` (Mystouille/kandora2)."""
    data = json.loads(REAL.read_text(encoding="utf-8"))
    for record in data["records"]:
        record["_type"] = record.pop("__type")
    game = majsoul.parse(json.dumps(data))
    assert game.record == load_log(REAL).record
    check(game)


def _room(**detail: Any) -> dict[str, Any]:
    return {"config": {"mode": {"detail_rule": detail}}}


def test_a_friends_rooms_rules_each_as_its_record_states() -> None:
    """Every key of a room's ``detail_rule`` read, each away from the ranked rooms'
    value (so a key read wrongly falls back to the preset and shows)."""
    rules = majsoul.rules_of(_room(
        init_point=25000, jingsuanyuandian=30000, shunweima_2=5, shunweima_3=-5,
        shunweima_4=-15, fandian=31000, have_helezhongju=True, have_qieshangmanguan=True,
        have_toutiao=True, liqibang_value=500, changbang_value=600, noting_fafu_3=1500,
        disable_double_yakuman=True), 4, True)  # fmt: skip
    assert (rules.extends, rules.start, rules.return_points) == ("mahjongsoul", 25000, 30000)
    assert rules.uma.values == (15, 5, -5, -15)
    game = rules.game
    assert (game.length.value, game.target, game.bust_ends, game.extension.value,
            game.dealer_stop.value, game.aborts) == ("south", 31000, False, "none", "auto-win",
                                                     False)  # fmt: skip
    s = rules.scoring
    assert (s.nagashi, s.kiriage, s.atamahane, s.triple_ron.value, s.riichi, s.honba, s.noten,
            s.double_yakuman, s.riichi_in_debt) == (False, True, True, "win", 500, 600, 1500,
                                                    False, True)  # fmt: skip
    ranked = majsoul.rules_of(_room(can_jifei=True, have_nanruxiru=True, have_helezhongju=True,
                                    have_tingpaizhongju=True, have_liujumanguan=True,
                                    have_sanjiahele=True), 4, False)  # fmt: skip
    assert (ranked.game.length.value, ranked.game.bust_ends, ranked.game.extension.value,
            ranked.game.dealer_stop.value, ranked.scoring.nagashi,
            ranked.scoring.triple_ron.value, ranked.scoring.riichi_in_debt) == (
        "east", True, "west", "auto", True, "abort", False)  # fmt: skip


@pytest.mark.parametrize(
    ("detail", "players", "expected"),
    [
        # a three-player room that states none of them: the three-player preset's values
        # (200 a honba, 100 from each payer on a tsumo, noten payments 2000 in all)
        ({"init_point": 35000}, 3, (1000, 200, 100, 2000)),
        # each noten player pays noting_fafu_N with N tenpai: with 2 of 3 tenpai, the
        # one noten player pays the whole (the client's defaults: 1000 and 2000)
        ({"noting_fafu_1": 1000, "noting_fafu_2": 2000, "changbang_value": 400}, 3,
         (1000, 400, 200, 2000)),
        ({"noting_fafu_2": 1500, "noting_fafu_3": 3000}, 3, (1000, 200, 100, 1500)),
        # an odd number of hundreds: the preset's 100 a payer (a contest record states 300)
        ({"changbang_value": 300}, 3, (1000, 300, 100, 2000)),
        ({"init_point": 25000}, 4, (1000, 300, None, 3000)),
        ({"noting_fafu_2": 1500, "noting_fafu_3": 2400, "liqibang_value": 2000}, 4,
         (2000, 300, None, 2400)),
    ],
)  # fmt: skip
def test_a_rooms_sticks_and_noten_payments_by_its_count_of_players(
    detail: dict[str, Any], players: int, expected: tuple[int, int, int | None, int]
) -> None:
    s = majsoul.rules_of(_room(**detail), players, True).scoring
    assert (s.riichi, s.honba, s.honba_tsumo, s.noten) == expected


@pytest.mark.parametrize("abort", ["have_jiuzhongjiupai", "have_sifenglianda",
                                   "have_sigangsanle", "have_sijializhi"])  # fmt: skip
def test_each_abortive_draw_of_a_room_allows_them(abort: str) -> None:
    assert majsoul.rules_of(_room(**{abort: True}), 4, True).game.aborts is True


def test_a_three_player_room_and_the_ranked_rooms_and_a_stop_seisan_cannot_settle() -> None:
    sanma = majsoul.rules_of(_room(shunweima_2=0, shunweima_3=-15), 3, True)
    assert (sanma.extends, sanma.players, sanma.uma.values) == ("mahjongsoul-sanma", 3,
                                                                 (15, 0, -15))  # fmt: skip
    ranked = find_preset("mahjongsoul").to_dict(meta=False)
    read = majsoul.rules_of({}, 4, True).to_dict(meta=False)
    assert {k: v for k, v in read.items() if k not in ("changed", "extends_preset")} == ranked
    east = majsoul.rules_of({"config": {"mode": {}}}, 4, False)
    assert east.game.length.value == "east" and east.uma == find_preset("mahjongsoul").uma
    with pytest.raises(LogError) as odd:
        majsoul.rules_of(_room(have_tingpaizhongju=True), 4, True)
    assert odd.value.message.text("en") == (
        "the room's rules (detail_rule): a dealer's stop when tenpai but not after a win, "
        "which seisan cannot settle"
    )
    with pytest.raises(LogError) as bad:
        majsoul.rules_of(_room(liqibang_value=150), 4, True)
    assert bad.value.message.text("en") == (
        "the room's rules (detail_rule): rules: scoring.riichi = 150: must be a multiple of "
        "100 points, 0 or more"
    )


# -- what the readers' mutation run found (issue 16) -------------------------------------------


def test_rules_and_names_given_for_a_record() -> None:
    """``-r`` and names: the rules as the record played them (its length kept), the
    names by seat; the hands, the points and the game's id unchanged, and the record's
    own pt dropped under other rules (they are not those rules' pt)."""
    from seisan.logs import as_logged  # noqa: PLC0415

    plain = majsoul.parse(game_json())
    mleague = find_preset("mleague")
    chosen = majsoul.parse(game_json(), mleague)
    assert chosen.record.rules == as_logged(mleague, 4, hanchan=False)
    assert chosen.record.rules.game.length is Length.EAST and chosen.record.rules.oka == 20
    for game in (chosen, majsoul.parse(game_json(), names=["A", "B", "C", "D"])):
        assert game.record.hands == plain.record.hands
        assert game.record.title == plain.record.title == "261203-00000000-test"
        assert game.points_after == plain.points_after
        assert game.final_points == plain.final_points == (15300, 26900, 18700, 39100)
        assert game.game_id == plain.game_id == "261203-00000000-test"
    assert chosen.record.names == plain.record.names and chosen.final_pt == ()
    named = majsoul.parse(game_json(), names=["A", "B", "C", "D"])
    assert named.record.names == ("A", "B", "C", "D")
    assert named.record.rules == plain.record.rules and named.final_pt == plain.final_pt
    both = majsoul.parse(game_json(), mleague, ["A", "B", "C", "D"])
    assert (both.record.rules, both.record.names) == (chosen.record.rules, named.record.names)
    # a hanchan stays one
    south = majsoul.parse(REAL.read_text(encoding="utf-8"), mleague)
    assert south.record.rules == mleague and south.record.rules.game.length is Length.SOUTH
    with pytest.raises(LogError) as raised:
        majsoul.parse(game_json(), find_preset("mahjongsoul-sanma"))
    assert raised.value.message.text("en") == (
        "the log is a game of 4 players; the rules mahjongsoul-sanma are for 3"
    )


def test_a_converted_game_given_rules_and_names_is_tenhous_reading() -> None:
    text = (DATA / CONVERTED[0][0]).read_text(encoding="utf-8")
    names = ["A", "B", "C", "D"]
    for rules in (None, find_preset("mleague")):
        ours = majsoul.parse(text, rules, names)
        assert ours == tenhou.parse_json(text, rules, names)
        assert ours.record.names == tuple(names)
        assert ours.record.rules.name == ("mahjongsoul" if rules is None else "mleague")


@pytest.mark.parametrize("text", ["[]", '{"x": 1}', '{"head": 1}', '{"head": [], "log": 1}'])
def test_what_is_not_a_record_is_said_word_for_word(text: str) -> None:
    with pytest.raises(LogError) as raised:
        majsoul.parse(text)
    assert raised.value.message.text("en") == "not a Mahjong Soul record (no “head”)"
    assert raised.value.message.text("ja") == "雀魂の牌譜ではありません（「head」がありません）"


def test_a_record_that_also_has_a_log_key_is_still_a_mahjong_soul_record() -> None:
    data = json.loads(game_json())
    data["log"] = []
    assert majsoul.parse(json.dumps(data)) == majsoul.parse(game_json())


def test_a_record_without_its_uuid_has_no_id() -> None:
    head = {k: v for k, v in HEAD.items() if k != "uuid"}
    game = majsoul.parse(game_json(head=head))
    assert game.game_id == "" and game.record.title == ""


#: a hand of each kind the reader keeps apart, worked out from the events: E1-1 Ana's
#: 流し満貫 (her seat, 0, left out as protobuf does) with Chie's pon, Ben tenpai from a
#: short list of players; E1-2 九種九牌; E1-3 a draw with no payments written; S2 Dae's
#: tsumo with his seat wind (西: Ben deals), the round wind (南) and three dora; S2-1 Ben's
#: double yakuman (大三元 with 字一色) from Chie
RICH = [
    new_round(0, 0, 1, [25000] * 4),
    discard(0), _call(2, "9m", 0), discard(2),
    act("RecordNoTile", liujumanguan=True, players=[{}, {"tingpai": True}],
        scores=[{"old_scores": [25000] * 4, "delta_scores": [12000, -4000, -4000, -4000]}]),
    new_round(0, 0, 2, [37000, 21000, 21000, 21000]),
    act("RecordLiuJu", type=1),
    new_round(0, 0, 3, [37000, 21000, 21000, 21000]),
    discard(0), deal(1),
    act("RecordNoTile", players=[{}, {}, {}, {}],
        scores=[{"old_scores": [37000, 21000, 21000, 21000]}]),
    new_round(1, 1, 0, [37000, 21000, 21000, 21000]),
    discard(1), deal(2), discard(2), deal(3),
    hule(3, 5, 40, [(10, 1), (11, 1), (31, 2), (32, 1)], [37000, 21000, 21000, 21000],
         [-2000, -4000, -2000, 8000], tsumo=True),
    new_round(1, 1, 1, [35000, 17000, 19000, 29000]),
    discard(1), deal(2), discard(2, "5z"),
    act("RecordHule", hules=[{"seat": 1, "yiman": True,
                              "fans": [{"id": 37, "val": 1}, {"id": 39, "val": 1}]}],
        old_scores=[35000, 17000, 19000, 29000], delta_scores=[0, 96300, -96300, 0],
        scores=[35000, 113300, -77300, 29000]),
]  # fmt: skip


def test_every_field_of_each_kind_of_hand_as_the_record_gives_it() -> None:
    from seisan.games import Hand, Win  # noqa: PLC0415

    game = majsoul.parse(game_json(RICH))
    assert game.record.hands == (
        Hand("draw", riichi=(), tenpai=(1,), nagashi=(0,), round="E1", honba=1, calls=(2,)),
        Hand("abort", riichi=(), reason="kyuushu", round="E1", honba=2, calls=()),
        Hand("draw", riichi=(), tenpai=(), nagashi=(), round="E1", honba=3, calls=()),
        Hand("tsumo", (Win(3, 5, None, 0, 0, None, ("自風 西", "場風 南"), 3),), None, (),
             round="S2", honba=0, calls=()),
        Hand("ron", (Win(1, 0, None, 2, 0, None, ("大三元", "字一色"), 0),), 2, (),
             round="S2", honba=1, calls=()),
    )  # fmt: skip
    # the points after each: the payments, none written (the next hand's start), the last
    assert game.points_after == (
        (37000, 21000, 21000, 21000), (37000, 21000, 21000, 21000),
        (37000, 21000, 21000, 21000), (35000, 17000, 19000, 29000),
        (35000, 113300, -77300, 29000))  # fmt: skip


def test_an_abort_just_before_the_last_hand_ends_on_the_next_hands_start() -> None:
    events = [*EVENTS[:-9], new_round(0, 3, 0, [14300, 26900, 19700, 39100]),
              act("RecordLiuJu", type=2), *EVENTS[-9:]]  # fmt: skip
    events[-9] = new_round(0, 3, 1, [14300, 26900, 19700, 39100])
    game = majsoul.parse(game_json(events))
    assert [h.result for h in game.record.hands][-2:] == ["abort", "ron"]
    assert game.points_after[-2] == (14300, 26900, 19700, 39100)
    assert game.points_after[-1] == (15300, 26900, 18700, 39100)


def test_the_record_says_each_yakumans_count_or_one() -> None:
    """A yakuman's count is the sum of its fans' ``val`` (2 for a double), or 1 where the
    record leaves them out."""
    for fans, count in (([{"id": 38, "val": 2}], 2), ([{"id": 38}], 1),
                        ([{"id": 37, "val": 1}, {"id": 31, "val": 3}], 1)):  # fmt: skip
        win = {"seat": 1, "zimo": True, "yiman": True, "fans": fans}
        events = [new_round(0, 0, 0, [25000] * 4), discard(0), deal(1),
                  act("RecordHule", hules=[win], old_scores=[25000] * 4,
                      delta_scores=[0, 0, 0, 0], scores=[25000] * 4)]  # fmt: skip
        (hand,) = play_of(events)
        assert (hand.wins[0].yakuman, hand.wins[0].dora, hand.wins[0].han) == (count, 0, 0)


def test_a_yaku_the_table_does_not_know_is_named_by_its_id() -> None:
    events = [new_round(0, 0, 0, [25000] * 4), discard(0),
              hule(1, 2, 30, [(999, 1), (14, 1)], [25000] * 4, [-2000, 2000, 0, 0])]  # fmt: skip
    (hand,) = play_of(events)
    assert hand.wins[0].yaku == ("役 999", "平和")


@pytest.mark.parametrize(("kind", "name"), [(1, "a pon"), (2, "an open kan")])
def test_responsibility_goes_to_who_fed_the_last_set(kind: int, name: str) -> None:
    """大三元's 責任払い: who fed the third dragon's set (a pon or an open kan), not the
    second's; a closed third dragon makes no one responsible."""

    def game(third: list[dict[str, Any]]) -> Any:
        win = {"seat": 1, "zimo": True, "yiman": True, "fans": [{"id": 37, "val": 1}]}
        events = [new_round(0, 0, 0, [25000] * 4), _call(1, "5z", 0), discard(1),
                  _call(1, "6z", 3), discard(1), *third, deal(1),
                  act("RecordHule", hules=[win], old_scores=[25000] * 4,
                      delta_scores=[0, 0, 0, 0], scores=[25000] * 4)]  # fmt: skip
        (hand,) = play_of(events)
        return hand.wins[0].pao

    assert game([_call(1, "7z", 2, kind), discard(1)]) == 2, name
    assert game([]) is None  # two dragons called, the third in the closed hand


def test_a_win_without_a_winner_is_an_error() -> None:
    events = [new_round(0, 0, 0, [25000] * 4), discard(0),
              act("RecordHule", hules=[], old_scores=[25000] * 4, scores=[25000] * 4)]  # fmt: skip
    with pytest.raises(LogError) as raised:
        majsoul.parse(game_json(events))
    assert raised.value.message.text("en") == (
        "a Mahjong Soul record with a field missing or wrong (hand 1)"
    )


@pytest.mark.parametrize(("events", "message"), [
    ([new_round(0, 0, 0, [25000] * 4), act("RecordLiuJu")],
     "an abortive draw of a kind seisan does not know (0)"),
    ([new_round(0, 0, 0, [25000] * 4), act("RecordLiuJu", type=9)],
     "an abortive draw of a kind seisan does not know (9)"),
    ([discard(0)], "an event outside a hand (before its RecordNewRound)"),
    ([new_round(0, 0, 0, [25000] * 4), new_round(0, 0, 1, [25000] * 4)], "hand 1: no result"),
    ([*EVENTS[:7], new_round(0, 1, 0, [25000] * 4), new_round(0, 1, 1, [25000] * 4)],
     "hand 2: no result"),
    ([], "the log has no hands"),
    ([new_round(0, 0, 0, [25000] * 4), discard(4)],
     "a Mahjong Soul record with a field missing or wrong (hand 1)"),
    ([new_round(0, 0, 0, [25000] * 3)],
     "a Mahjong Soul record with a field missing or wrong (hand 1)"),
    # a number JSON reads as infinity (1e999): Python's OverflowError had been a traceback
    ([new_round(0, 0, 0, [float("inf"), 25000, 25000, 25000])],
     "a Mahjong Soul record with a field missing or wrong (hand 1)"),
    ([new_round(0, 0, 0, [25000] * 4), discard(0),
      act("RecordNoTile", players=[{}, {"tingpai": True}], scores=[
          {"old_scores": [25000] * 4, "delta_scores": [-1000, 3000, -1000]}])],
     "a Mahjong Soul record with a field missing or wrong (hand 1)"),
])  # fmt: skip
def test_each_refusal_of_the_events_word_for_word(events: list[Any], message: str) -> None:
    with pytest.raises(LogError) as raised:
        majsoul.parse(game_json(events))
    assert raised.value.message.text("en") == message


@pytest.mark.parametrize(("head", "message"), [
    ({k: v for k, v in HEAD.items() if k != "result"},
     "the record has no final result (head.result) for its 4 players"),
    ({**HEAD, "result": {"players": HEAD["result"]["players"][:3]}},
     "the record has no final result (head.result) for its 4 players"),
    ({**HEAD, "result": {"players": [*HEAD["result"]["players"][:3],
                                     {"seat": 2, "part_point_1": 15300}]}},
     "the record's final result (head.result) gives seat 2 twice"),
    ({**HEAD, "config": {}}, "the record does not say its mode (head.config.mode.mode)"),
    ({**HEAD, "config": {"mode": {"mode": 3}}},
     "a Mahjong Soul game of a mode seisan does not settle (3)"),
])  # fmt: skip
def test_each_refusal_of_the_head_word_for_word(head: dict[str, Any], message: str) -> None:
    with pytest.raises(LogError) as raised:
        majsoul.parse(game_json(EVENTS, head))
    assert raised.value.message.text("en") == message


def test_a_final_result_without_zero_fields_reads_zero() -> None:
    """protobuf's JSON leaves a 0 out: a player on 0 points with a score of 0."""
    rows = [{"seat": 3, "total_point": 29100, "part_point_1": 39100},
            {"seat": 1}, {"seat": 2, "total_point": -11300, "part_point_1": 18700},
            {"total_point": -24700, "part_point_1": 15300}]  # fmt: skip
    game = majsoul.parse(game_json(EVENTS, {**HEAD, "result": {"players": rows}}))
    assert game.final_points == (15300, 0, 18700, 39100)
    assert game.final_pt == (Decimal("-24.7"), 0, Decimal("-11.3"), Decimal("29.1"))


def test_a_three_player_room_reads_three_seats_of_a_padded_list() -> None:
    """A three-player mode's hands may list a fourth score of 0: the mode says three."""
    head = {**HEAD, "config": {"mode": {"mode": 11}}, "accounts": [
        {"nickname": "Ana"}, {"seat": 1, "nickname": "Ben"}, {"seat": 2, "nickname": "Chie"},
        {"seat": 3, "nickname": "Eve"}], "result": {"players": [
            {"part_point_1": 36000}, {"seat": 1, "part_point_1": 34000},
            {"seat": 2, "part_point_1": 35000}]}}  # fmt: skip
    events = [new_round(0, 0, 0, [35000, 35000, 35000, 0]), discard(0),
              hule(1, 1, 30, [(8, 1)], [35000] * 3, [-1000, 1000, 0])]  # fmt: skip
    game = majsoul.parse(game_json(events, head))
    assert game.record.names == ("Ana", "Ben", "Chie")  # an account past the table: no seat
    assert game.points_after == ((34000, 36000, 35000),)


@pytest.mark.parametrize("accounts", [
    [{"nickname": "Ana"}, {"seat": 1, "nickname": "Ana"}, {"seat": 2, "nickname": "Chie"},
     {"seat": 3, "nickname": "Dae"}],
    [{"nickname": "Ana"}, {"seat": 2, "nickname": "Chie"}, {"seat": 3, "nickname": "Dae"},
     {"seat": 4, "nickname": "Player 2"}, {"seat": 1}],
])  # fmt: skip
def test_names_that_do_not_tell_the_players_apart_are_by_seat(accounts: list[Any]) -> None:
    """A name twice: each with its seat's number; a seat with no name: by its seat; the
    others keep theirs."""
    game = majsoul.parse(game_json(head={**HEAD, "accounts": accounts}))
    expected = ("Ana 1", "Ana 2", "Chie", "Dae")
    if accounts[1].get("nickname") != "Ana":  # a seat with no name: named by its seat
        expected = ("Ana", "Player 2", "Chie", "Dae")
    assert game.record.names == expected


def test_an_event_seisan_does_not_read_is_passed_over() -> None:
    events = [*EVENTS[:3], act("RecordSomethingNew", seat=1), *EVENTS[3:]]
    assert majsoul.parse(game_json(events)) == majsoul.parse(game_json())


@pytest.mark.parametrize(("data", "message"), [
    ({"head": HEAD, "records": [{"__type": ".lq.RecordNewRound", "scores": [25000] * 4}]},
     "hand 1: no result"),
    ({"head": HEAD, "records": {"a": 1}}, "a Mahjong Soul record without its events decoded "
     "(the game server's bytes): export it as JSON with a paipu exporter"),
    ({"head": HEAD, "data": [1]}, "a Mahjong Soul record without its events decoded "
     "(the game server's bytes): export it as JSON with a paipu exporter"),
])  # fmt: skip
def test_the_shapes_of_events_and_what_is_not_one(data: dict[str, Any], message: str) -> None:
    with pytest.raises(LogError) as raised:
        majsoul.parse(json.dumps(data))
    assert raised.value.message.text("en") == message


def test_load_gives_the_rules_and_names_to_the_reader_and_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(game_json(), encoding="utf-8")
    mleague, names = find_preset("mleague"), ["A", "B", "C", "D"]
    assert majsoul.load(path, mleague, names) == majsoul.parse(game_json(), mleague, names)
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(LogError) as raised:
        majsoul.load(path)
    assert raised.value.message.text("en") == f"{path}: not a Mahjong Soul record (no “head”)"


def test_a_record_without_its_config_does_not_say_its_mode() -> None:
    head = {k: v for k, v in HEAD.items() if k != "config"}
    with pytest.raises(LogError) as raised:
        majsoul.parse(game_json(head=head))
    assert raised.value.message.text("en") == (
        "the record does not say its mode (head.config.mode.mode)"
    )


def test_who_called_is_kept_with_a_win_and_an_abort() -> None:
    won = [new_round(0, 0, 0, [25000] * 4), discard(0, "5z"), _call(2, "5z", 0),
           discard(2), hule(1, 1, 30, [(8, 1)], [25000] * 4, [0, 1000, -1000, 0])]  # fmt: skip
    aborted = [new_round(0, 0, 0, [25000] * 4), discard(0, "5z"), _call(2, "5z", 0),
               discard(2), act("RecordLiuJu", type=3)]  # fmt: skip
    assert [play_of(events)[0].calls for events in (won, aborted)] == [(2,), (2,)]


def test_a_fan_without_its_id_or_a_win_without_fans() -> None:
    """protobuf leaves an id of 0 out (no yaku has it: named by its id); a win may list
    no fans at all."""
    no_id = [new_round(0, 0, 0, [25000] * 4), discard(0),
             act("RecordHule", hules=[{"seat": 1, "count": 1, "fu": 30, "fans": [{"val": 1}]}],
                 old_scores=[25000] * 4, delta_scores=[-1000, 1000, 0, 0],
                 scores=[24000, 26000, 25000, 25000])]  # fmt: skip
    assert play_of(no_id)[0].wins[0].yaku == ("役 0",)
    no_fans = [new_round(0, 0, 0, [25000] * 4), discard(0),
               act("RecordHule", hules=[{"seat": 1, "count": 1, "fu": 30}],
                   old_scores=[25000] * 4, delta_scores=[-1000, 1000, 0, 0],
                   scores=[24000, 26000, 25000, 25000])]  # fmt: skip
    (win,) = play_of(no_fans)[0].wins
    assert (win.han, win.fu, win.yaku, win.dora) == (1, 30, (), 0)


def test_a_nagashi_by_a_seat_past_the_first_and_a_draw_with_no_payments() -> None:
    nagashi = [new_round(0, 0, 0, [25000] * 4), discard(3),
               act("RecordNoTile", liujumanguan=True, players=[{}, {}, {}, {}],
                   scores=[{"seat": 3, "old_scores": [25000] * 4,
                            "delta_scores": [-4000, -2000, -2000, 8000]}])]  # fmt: skip
    (hand,) = play_of(nagashi)
    assert (hand.nagashi, hand.tenpai) == ((3,), ())
    unpaid = [new_round(0, 0, 0, [25000] * 4), discard(0),
              act("RecordNoTile", players=[{"tingpai": True}] * 4),
              new_round(0, 0, 1, [25000] * 4), discard(0),
              hule(1, 1, 30, [(8, 1)], [25000] * 4, [-1300, 1300, 0, 0])]  # fmt: skip
    game = majsoul.parse(game_json(unpaid))
    assert game.record.hands[0].tenpai == (0, 1, 2, 3)
    assert game.points_after[0] == (25000, 25000, 25000, 25000)  # the next hand's start


def test_an_old_record_with_empty_actions_beside_its_records_reads_its_records() -> None:
    """Exporters that write every field give a record from before 2021 an empty
    ``actions`` list beside its ``records``: the records are the game."""
    records = [event["result"] for event in EVENTS]
    body = {"name": ".lq.GameDetailRecords",
            "data": {"version": 0, "records": records, "actions": []}}  # fmt: skip
    game = majsoul.parse(json.dumps({"head": HEAD, "data": body}))
    assert game == majsoul.parse(game_json())


@pytest.mark.parametrize(("detail", "composite"), [
    ({"disable_composite_yakuman": 1}, False),  # 无复合役满: a hand is one yakuman at most
    ({"disable_composite_yakuman": 0}, True),
    ({"init_point": 25000}, True),
])  # fmt: skip
def test_a_rooms_composite_yakuman(detail: dict[str, Any], composite: bool) -> None:
    assert majsoul.rules_of(_room(**detail), 4, True).scoring.composite_yakuman is composite


@pytest.mark.parametrize("given", [{"rules": "mahjongsoul"}, {"names": ["A", "B", "C", "D"]}])
def test_the_deal_is_kept_under_given_rules_or_names(given: dict[str, Any]) -> None:
    """``stats -r`` reads a record under the rules given: its deal, what tells two games
    alike hand by hand apart, had been left behind (the two counted once)."""
    rules = find_preset(given["rules"]) if "rules" in given else None
    game = majsoul.parse(REAL.read_text(encoding="utf-8"), rules, given.get("names"))
    assert game.record is not load_log(REAL).record
    assert game.deal == load_log(REAL).deal != ""
