"""The table assistant: a game kept hand by hand through the real views equals
``seisan game`` on the same record, hand by hand and in its settlement; resent hands
are stored once, a second phone's hand is refused with the table as it is, undo and
corrections replay every later hand, and the last hands show the conditions."""

from __future__ import annotations

import json
import uuid
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from seisan.conditions import conditions
from seisan.games import ABORTS, load_record, play, record_from_dict
from seisan.web.clubs import models as m
from seisan.web.tables.forms import HandForm, initial_of
from seisan.web.tables.models import Table

from .conftest import EXAMPLES, season_with

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Ben", "Chie", "Dae"]
RECORD = load_record(EXAMPLES / "game.json")  # Tenhou rules, 13 hands into West


def bare(hand: dict[str, Any]) -> dict[str, Any]:
    """A record's hand as the assistant stores it: round and honba are the core's."""
    return {k: v for k, v in hand.items() if k not in ("round", "honba")}


HANDS = [bare(h) for h in json.loads((EXAMPLES / "game.json").read_text())["hands"]]


def form_data(hand: dict[str, Any], names: list[str], number: int, key: str = "") -> dict[str, str]:
    """The POST a phone sends for ``hand``: the fields the scorer taps."""
    data = {k: ("on" if v is True else str(v)) for k, v in initial_of(hand, names).items()}
    data.update(number=str(number), key=key or uuid.uuid4().hex)
    return data


@pytest.fixture
def tenhou_session(club: m.Club, owner: Any) -> m.Session:
    season = season_with(club, "tenhou", owner, name="Tenhou rules")
    return m.Session.objects.create(season=season, title="League night")


def start(client: Client, session: m.Session, names: list[str] = NAMES) -> Table:
    url = reverse("clubs:tables:start", args=[session.season.club.slug, session.pk])
    response = client.post(url, {f"player_{s}": n for s, n in enumerate(names)})
    assert response.status_code == 302, response.content.decode()[:2000]
    return Table.objects.latest("pk")


def table_url(table: Table, name: str = "table", *args: Any) -> str:
    return reverse(f"clubs:tables:{name}", args=["test", table.pk, *args])


def post_hand(client: Client, table: Table, hand: dict[str, Any], number: int,
              key: str = "") -> Any:  # fmt: skip
    return client.post(table_url(table), form_data(hand, list(table.names), number, key))


def test_a_hanchan_entered_hand_by_hand_is_seisan_game(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    table = start(signed_in, tenhou_session)
    core = play(RECORD)
    for number, hand in enumerate(HANDS, start=1):
        response = post_hand(signed_in, table, hand, number)
        assert response.status_code == 302, response.content.decode()[:3000]
        table.refresh_from_db()
        page = signed_in.get(table_url(table)).content.decode()
        line = core.lines[number - 1]
        for points in line.points:
            assert f"{points:,}" in page
    assert "The game is over: sudden death in W1" in page
    response = signed_in.post(table_url(table, "save"))
    assert response.status_code == 302
    game = m.Game.objects.get()
    table.refresh_from_db()
    assert table.game == game
    assert core.settlement is not None
    for row in core.settlement.results:
        seat = game.seats.get(player__name=row.name)
        assert seat.points == row.points and Fraction(seat.score) == row.score
    # saving twice gives the same game
    assert signed_in.post(table_url(table, "save")).status_code == 302
    assert m.Game.objects.count() == 1
    # and the stored record is the CLI's
    again = record_from_dict(game.record, RECORD.rules)
    assert play(again).final_points == core.final_points


def test_the_record_downloads_as_seisan_game_reads_it(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    table = start(signed_in, tenhou_session)
    for number, hand in enumerate(HANDS[:5], start=1):
        post_hand(signed_in, table, hand, number)
    data = json.loads(signed_in.get(table_url(table, "export")).content)
    assert [h["round"] for h in data["hands"]] == ["E1", "E2", "E3", "E3", "E4"]
    record = record_from_dict(data)
    core = play(replace(RECORD, hands=RECORD.hands[:5]), check_end=False)
    assert play(record, check_end=False).lines == core.lines


def test_a_hand_sent_twice_is_stored_once(signed_in: Client, tenhou_session: m.Session) -> None:
    table = start(signed_in, tenhou_session)
    for _ in range(3):  # a dropped connection, the queue sent again
        assert post_hand(signed_in, table, HANDS[0], 1, key="same-key").status_code == 302
    table.refresh_from_db()
    assert len(table.hands) == 1


def test_a_second_phone_is_refused_with_the_table_as_it_is(
    signed_in: Client, tenhou_session: m.Session, club: m.Club, member_of: Any
) -> None:
    table = start(signed_in, tenhou_session)
    other = Client()
    other.force_login(member_of("scorer"))
    assert post_hand(signed_in, table, HANDS[0], 1).status_code == 302
    # the other phone still showed hand 1 as next: its different hand is a conflict
    tsumo = {"result": "tsumo", "wins": [{"winner": "Ana", "han": 3, "fu": 30}]}
    response = post_hand(other, table, tsumo, 1)
    assert response.status_code == 409
    assert "hand 1 is already entered" in response.content.decode()
    assert "E2-1" in response.content.decode()  # the current state: East 2, one honba
    table.refresh_from_db()
    assert [h["hand"] for h in table.hands] == [HANDS[0]]


def test_undo_takes_back_the_last_hand_once(signed_in: Client, tenhou_session: m.Session) -> None:
    table = start(signed_in, tenhou_session)
    for number, hand in enumerate(HANDS[:3], start=1):
        post_hand(signed_in, table, hand, number)
    table.refresh_from_db()
    version = table.version
    assert signed_in.post(table_url(table, "undo"), {"version": version}).status_code == 302
    # the same undo sent again (an older version) takes nothing more back
    assert signed_in.post(table_url(table, "undo"), {"version": version}).status_code == 409
    table.refresh_from_db()
    assert [h["hand"] for h in table.hands] == HANDS[:2]


def test_a_correction_replays_every_later_hand(signed_in: Client,
                                               tenhou_session: m.Session) -> None:  # fmt: skip
    table = start(signed_in, tenhou_session)
    for number, hand in enumerate(HANDS[:6], start=1):
        post_hand(signed_in, table, hand, number)
    table.refresh_from_db()
    fixed = {"result": "ron", "from": "Ana", "wins": [{"winner": "Dae", "han": 3, "fu": 40}]}
    data = form_data(fixed, NAMES, 2) | {"version": str(table.version)}
    response = signed_in.post(table_url(table, "correct", 2), data)
    assert response.status_code == 302
    table.refresh_from_db()
    record = replace(RECORD, hands=RECORD.hands[:6])
    hands = list(record.hands)
    hands[1] = replace(hands[1], wins=(replace(hands[1].wins[0], han=3),))
    core = play(replace(record, hands=tuple(hands)), check_end=False)
    page = signed_in.get(table_url(table)).content.decode()
    assert core.next is not None
    for points in core.next.points:
        assert f"{points:,}" in page


def test_a_correction_that_ends_the_game_early_is_refused(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    table = start(signed_in, tenhou_session)
    for number, hand in enumerate(HANDS[:4], start=1):
        post_hand(signed_in, table, hand, number)
    table.refresh_from_db()
    before = list(table.hands)
    busting = {"result": "ron", "from": "Ana", "wins": [{"winner": "Dae", "yakuman": 1}]}
    data = form_data(busting, NAMES, 2) | {"version": str(table.version)}
    response = signed_in.post(table_url(table, "correct", 2), data)
    assert response.status_code == 200
    assert "hand 3: the game already ended (Ana went below zero)" in response.content.decode()
    table.refresh_from_db()
    assert table.hands == before


def test_a_hand_the_core_refuses_is_explained_and_not_stored(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    table = start(signed_in, tenhou_session)
    own = {"result": "ron", "from": "Ana", "wins": [{"winner": "Ana", "han": 1, "fu": 30}]}
    response = post_hand(signed_in, table, own, 1)
    assert response.status_code == 400
    assert "Ana cannot win on their own discard" in response.content.decode()
    table.refresh_from_db()
    assert table.hands == []


def test_the_preview_shows_what_moves(signed_in: Client, tenhou_session: m.Session) -> None:
    table = start(signed_in, tenhou_session)
    response = signed_in.post(table_url(table, "preview"), form_data(HANDS[1], NAMES, 1))
    text = response.content.decode()
    assert "+2,600" in text and "-2,600" in text  # 2 han 40 fu from Ana, no honba yet
    signed_in.post("/i18n/setlang/", {"language": "ja"})
    response = signed_in.post(table_url(table, "preview"), form_data(HANDS[1], NAMES, 1))
    assert "東1局" in response.content.decode()


def test_the_last_hand_shows_the_conditions(signed_in: Client, tenhou_session: m.Session) -> None:
    table = start(signed_in, tenhou_session)
    for number, hand in enumerate(HANDS[:11], start=1):
        post_hand(signed_in, table, hand, number)
    page = signed_in.get(table_url(table)).content.decode()
    assert "S4-0" in page and "gaps and conditions" in page
    state = play(replace(RECORD, hands=RECORD.hands[:11]), check_end=False).next
    assert state is not None and state.last
    for need in conditions(state.points, state.dealer, RECORD.rules):
        assert need.describe(NAMES, "en") in page


def test_a_game_stopped_on_time_is_saved(signed_in: Client, tenhou_session: m.Session) -> None:
    table = start(signed_in, tenhou_session)
    for number, hand in enumerate(HANDS[:3], start=1):
        post_hand(signed_in, table, hand, number)
    table.refresh_from_db()
    assert signed_in.post(table_url(table, "save")).status_code == 400  # not ended
    response = signed_in.post(table_url(table, "stop"), {"end": "time", "version": table.version})
    assert response.status_code == 302
    assert signed_in.post(table_url(table, "save")).status_code == 302
    game = m.Game.objects.get()
    assert game.record["end"] == "time" and len(game.record["hands"]) == 3


def test_members_see_the_table_and_only_scorers_enter(
    signed_in: Client, tenhou_session: m.Session, member_of: Any
) -> None:
    table = start(signed_in, tenhou_session)
    member = Client()
    member.force_login(member_of("member"))
    page = member.get(table_url(table))
    assert page.status_code == 200 and b"Save the hand" not in page.content
    assert post_hand(member, table, HANDS[0], 1).status_code == 403
    assert Client().get(table_url(table)).status_code == 302  # signed out: sign in first


def test_the_session_page_lists_its_tables(signed_in: Client, tenhou_session: m.Session) -> None:
    table = start(signed_in, tenhou_session)
    page = signed_in.get(reverse("clubs:session", args=["test", tenhou_session.pk]))
    assert table_url(table).encode() in page.content


def test_a_name_twice_is_refused(signed_in: Client, tenhou_session: m.Session) -> None:
    url = reverse("clubs:tables:start", args=["test", tenhou_session.pk])
    response = signed_in.post(url, {f"player_{s}": n for s, n in enumerate(["A", "B", "A", "D"])})
    assert response.status_code == 200 and Table.objects.count() == 0


# -- every hand the form can make round-trips ------------------------------------------

seat = st.sampled_from(NAMES)


@st.composite
def hands(draw: st.DrawFn) -> dict[str, Any]:
    result = draw(st.sampled_from(["ron", "tsumo", "draw", "abort", "chombo"]))
    hand: dict[str, Any] = {"result": result}
    riichi = draw(st.lists(seat, unique=True, max_size=4))
    if riichi:
        hand["riichi"] = [n for n in NAMES if n in riichi]
    if result in ("ron", "tsumo"):
        winners = draw(st.lists(seat, unique=True, min_size=1, max_size=3))
        wins = []
        for name in [n for n in NAMES if n in winners]:
            win: dict[str, Any] = {"winner": name}
            if draw(st.booleans()):
                win["yakuman"] = draw(st.integers(1, 6))
            else:
                win["han"] = draw(st.integers(1, 99))
                if draw(st.booleans()):
                    win["fu"] = draw(st.integers(10, 55)) * 2
            if draw(st.booleans()):
                win["pao"] = draw(seat)
            wins.append(win)
        hand["wins"] = wins
        if result == "ron":
            hand["from"] = draw(seat)
    elif result == "draw":
        for key in ("tenpai", "nagashi"):
            chosen = draw(st.lists(seat, unique=True, max_size=4))
            if chosen:
                hand[key] = [n for n in NAMES if n in chosen]
    elif result == "abort":
        hand["reason"] = draw(st.sampled_from(ABORTS))
    else:
        hand["player"] = draw(seat)
    calls = draw(st.lists(seat, unique=True, max_size=4))
    if calls:
        hand["calls"] = [n for n in NAMES if n in calls]
    if draw(st.booleans()):
        hand["stop"] = True
    return hand


@settings(max_examples=300, deadline=None)
@given(hands())
def test_every_hand_the_form_can_make_comes_back_as_it_went(hand: dict[str, Any]) -> None:
    form = HandForm(form_data(hand, NAMES, 1), names=NAMES)
    assert form.is_valid(), form.errors
    assert form.hand() == hand
