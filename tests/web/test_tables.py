"""The table assistant: a game kept hand by hand through the real views equals
``seisan game`` on the same record, hand by hand and in its settlement; resent hands
are stored once, a second phone's hand is refused with the table as it is, undo and
corrections replay every later hand, and the last hands show the conditions."""

from __future__ import annotations

import html
import json
import uuid
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from django.db.models import QuerySet
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from seisan.conditions import conditions
from seisan.games import ABORTS, RESULTS, load_record, play, record_from_dict
from seisan.web.clubs import models as m
from seisan.web.tables.forms import SEAT_FLAGS, HandForm, initial_of
from seisan.web.tables.models import Table

from .conftest import EXAMPLES, season_with
from .pages import page_text

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Ben", "Chie", "Dae"]
RECORD = load_record(EXAMPLES / "game.json")  # Tenhou rules, 13 hands into West


def bare(hand: dict[str, Any]) -> dict[str, Any]:
    """A record's hand as the assistant stores it: round and honba are the core's."""
    return {k: v for k, v in hand.items() if k not in ("round", "honba")}


HANDS = [bare(h) for h in json.loads((EXAMPLES / "game.json").read_text())["hands"]]


def form_data(hand: dict[str, Any], names: list[str], number: int, key: str = "") -> dict[str, Any]:
    """The POST a phone sends for ``hand``: the fields the scorer taps."""
    data: dict[str, Any] = {
        k: ("on" if v is True else v if isinstance(v, list) else str(v))
        for k, v in initial_of(hand, names).items()
    }
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


def played(client: Client, session: m.Session, count: int | None = None) -> Table:
    """A table started and its first ``count`` hands of the example entered (every
    one, by default), each taken (a redirect to the table), as stored now."""
    table = start(client, session)
    for number, hand in enumerate(HANDS[:count], start=1):
        response = post_hand(client, table, hand, number)
        assert response.status_code == 302, response.content.decode()[:3000]
    table.refresh_from_db()
    return table


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
    table = played(signed_in, tenhou_session, 5)
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
    table = played(signed_in, tenhou_session, 3)
    version = table.version
    assert signed_in.post(table_url(table, "undo"), {"version": version}).status_code == 302
    # the same undo sent again (an older version) takes nothing more back
    assert signed_in.post(table_url(table, "undo"), {"version": version}).status_code == 409
    table.refresh_from_db()
    assert [h["hand"] for h in table.hands] == HANDS[:2]


def test_a_hand_resent_after_another_phone_undid_it_stays_undone(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    """A phone's queue resends a hand whose answer it lost; meanwhile another phone took
    that hand back. The resend must not bring it back."""
    table = start(signed_in, tenhou_session)
    post_hand(signed_in, table, HANDS[0], 1)
    assert post_hand(signed_in, table, HANDS[1], 2, key="lost-answer").status_code == 302
    table.refresh_from_db()
    assert signed_in.post(table_url(table, "undo"), {"version": table.version}).status_code == 302
    response = post_hand(signed_in, table, HANDS[1], 2, key="lost-answer")
    assert response.status_code == 409
    assert "hand 2 from this form was taken back (undo)" in html.unescape(response.content.decode())
    table.refresh_from_db()
    assert [h["hand"] for h in table.hands] == HANDS[:1]
    assert table.undone == ["lost-answer"]
    # the hand entered afresh (a new form, a new key) is stored
    assert post_hand(signed_in, table, HANDS[1], 2).status_code == 302
    table.refresh_from_db()
    assert [h["hand"] for h in table.hands] == HANDS[:2]


def test_a_correction_replays_every_later_hand(signed_in: Client,
                                               tenhou_session: m.Session) -> None:  # fmt: skip
    table = played(signed_in, tenhou_session, 6)
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
    table = played(signed_in, tenhou_session, 4)
    before = list(table.hands)
    busting = {"result": "ron", "from": "Ana", "wins": [{"winner": "Dae", "yakuman": 1}]}
    data = form_data(busting, NAMES, 2) | {"version": str(table.version)}
    response = signed_in.post(table_url(table, "correct", 2), data)
    assert response.status_code == 400  # (refused, as the table's own page answers)
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
    table = played(signed_in, tenhou_session, 11)
    page = signed_in.get(table_url(table)).content.decode()
    assert "S4-0" in page and "gaps and conditions" in page
    state = play(replace(RECORD, hands=RECORD.hands[:11]), check_end=False).next
    assert state is not None and state.last
    for need in conditions(state.points, state.dealer, RECORD.rules):
        assert need.describe(NAMES, "en") in page


def test_a_game_stopped_on_time_is_saved(signed_in: Client, tenhou_session: m.Session) -> None:
    table = played(signed_in, tenhou_session, 3)
    assert signed_in.post(table_url(table, "save")).status_code == 400  # not ended
    response = signed_in.post(table_url(table, "stop"), {"end": "time", "version": table.version})
    assert response.status_code == 302
    assert signed_in.post(table_url(table, "save")).status_code == 302
    game = m.Game.objects.get()
    assert game.record["end"] == "time" and len(game.record["hands"]) == 3


def test_a_hand_sent_after_the_stop_is_refused_and_the_stop_kept(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    """helper-66: a second phone that had not seen the stop on time entered hand 4, and
    the stop moved from "before E4" to after it, in silence."""
    table = played(signed_in, tenhou_session, 3)
    signed_in.post(table_url(table, "stop"), {"end": "time", "version": table.version})
    late = post_hand(signed_in, table, HANDS[3], 4)
    assert late.status_code == 409
    assert "the game was stopped after hand 3: take back the stop (undo)" in page_text(
        late.content.decode()
    )
    table.refresh_from_db()
    assert (table.end, len(table.hands)) == ("time", 3)


def test_a_game_ended_by_its_rules_is_not_stopped(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    table = played(signed_in, tenhou_session)
    stopped = signed_in.post(table_url(table, "stop"), {"end": "time", "version": table.version})
    assert stopped.status_code == 400
    said = page_text(stopped.content.decode())
    assert "the game has already ended by its rules: there is nothing to stop" in said
    table.refresh_from_db()
    assert table.end == ""


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


@st.composite
def any_form(draw: st.DrawFn) -> dict[str, Any]:
    """A hand form as a scorer may leave it: any field filled with a value it takes,
    whatever the result (a box ticked for another result, han on a seat that does not
    win, a reason at a ron), the tiles aside (they need the table)."""
    data: dict[str, Any] = {"result": draw(st.sampled_from(RESULTS)), "number": "1", "key": "k"}
    seats = [str(s) for s in range(len(NAMES))]
    optional = {
        "discarder": st.sampled_from(seats), "offender": st.sampled_from(seats),
        "reason": st.sampled_from(ABORTS), "stop": st.just("on"),
    }  # fmt: skip
    for s in seats:
        optional |= {f"{flag}_{s}": st.just("on") for flag in SEAT_FLAGS}
        optional |= {
            f"han_{s}": st.integers(1, 13).map(str), f"fu_{s}": st.sampled_from(["30", "40"]),
            f"yakuman_{s}": st.integers(0, 2).map(str), f"dora_{s}": st.integers(0, 3).map(str),
            f"pao_{s}": st.sampled_from(seats),
            f"yaku_{s}": st.lists(st.sampled_from(["立直", "平和", "門前清自摸和"]),
                                  min_size=1, unique=True),
        }  # fmt: skip
    for key in draw(st.lists(st.sampled_from(sorted(optional)), unique=True, max_size=8)):
        data[key] = draw(optional[key])
    return data


@settings(max_examples=400, deadline=None)
@given(any_form())
def test_whatever_a_form_holds_is_refused_or_kept(data: dict[str, Any]) -> None:
    """The hand form drops nothing: what it takes (the core may still refuse the hand,
    in words) comes back whole from the hand it makes, field by field; else the form
    refuses it beside the field. Only “deals in” is read at a ron alone (a round
    button cannot be unticked)."""
    form = HandForm(data, names=NAMES)
    if not form.is_valid():
        assert all(form.errors.values())  # refused, in words beside a field
        return

    def held(fields: dict[str, Any]) -> dict[str, Any]:
        """What the fields hold: a count of 0 (no yakuman, no dora, or the han 0 a
        winner with neither han nor yakuman goes as, which the core refuses) as none."""
        return {k: sorted(v) if isinstance(v, list) else "on" if v is True else str(v)
                for k, v in fields.items() if k not in ("number", "key")
                and not (k.startswith(("yakuman", "dora", "han")) and str(v) == "0")}  # fmt: skip

    sent = held(data)
    if data["result"] != "ron":
        sent.pop("discarder", None)
    assert sent == held(initial_of(form.hand(), NAMES))


# -- what a phone's queue (offline.js) is told ------------------------------------------


def test_a_queued_hand_is_told_stored_and_where_to_go(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    table = start(signed_in, tenhou_session)
    data = form_data(HANDS[0], NAMES, 1, key="queued-1")
    response = signed_in.post(table_url(table), data, headers={"X-Seisan-Queued": "1"})
    assert response.status_code == 201 and response.json() == {"next": table_url(table)}
    again = signed_in.post(table_url(table), data, headers={"X-Seisan-Queued": "1"})
    assert again.status_code == 201  # sent twice: stored once, and still "stored"
    table.refresh_from_db()
    assert len(table.hands) == 1
    # a hand the core refuses comes back as the form (not 201): the phone keeps it
    own = {"result": "ron", "from": "Ana", "wins": [{"winner": "Ana", "han": 1, "fu": 30}]}
    refused = signed_in.post(table_url(table), form_data(own, NAMES, 2),
                             headers={"X-Seisan-Queued": "1"})  # fmt: skip
    assert refused.status_code == 400


def test_a_queue_sent_after_signing_out_is_kept_for_later(tenhou_session: m.Session,
                                                          signed_in: Client) -> None:  # fmt: skip
    table = start(signed_in, tenhou_session)
    response = Client().post(table_url(table), form_data(HANDS[0], NAMES, 1),
                             headers={"X-Seisan-Queued": "1"})  # fmt: skip
    assert response.status_code == 401
    table.refresh_from_db()
    assert table.hands == []


def test_a_queued_game_of_the_points_form_is_told_its_page(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    url = reverse("clubs:enter", args=["test", tenhou_session.pk])
    data = {"player_0": "Ana", "player_1": "Ben", "player_2": "Chie", "player_3": "Dae",
            "points_0": "42600", "points_1": "31000", "points_2": "16400", "points_3": "10000",
            "deposits": "0", "key": "queued-game", "save": "1"}  # fmt: skip
    response = signed_in.post(url, data, headers={"X-Seisan-Queued": "1"})
    game = m.Game.objects.get()
    assert response.status_code == 201
    assert response.json() == {"next": reverse("clubs:game", args=["test", game.pk])}


def test_the_app_installs_and_its_worker_is_served_from_the_root(client: Client) -> None:
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker["Content-Type"].startswith("text/javascript")
    assert b"caches.open" in worker.content
    manifest = client.get("/manifest.webmanifest").json()
    assert manifest["short_name"] == "seisan" and manifest["display"] == "standalone"


# -- hand statistics: the season's page says what seisan stats says ---------------------


def _cells(page: str, name: str) -> list[str]:
    import re  # noqa: PLC0415

    row = re.search(rf'<tr><td class="name">{name}</td>(.*?)</tr>', page, re.S)
    assert row is not None, name
    cells = re.findall(r'<td class="num">(.*?)</td>', row.group(1), re.S)
    return [re.sub(r"<[^>]+>", " ", c).split()[0] for c in cells]


def test_the_seasons_hand_statistics_are_seisan_stats(
    signed_in: Client, tenhou_session: m.Session, tmp_path: Any
) -> None:
    from typer.testing import CliRunner  # noqa: PLC0415

    from seisan.cli import app  # noqa: PLC0415

    table = played(signed_in, tenhou_session)
    signed_in.post(table_url(table, "save"))
    exported = tmp_path / "table.json"
    exported.write_text(signed_in.get(table_url(table, "export")).content.decode(), "utf-8")
    season = tenhou_session.season
    season_page = signed_in.get(reverse("clubs:season", args=["test", season.pk]))
    hands_url = reverse("clubs:tables:hand_stats", args=["test", season.pk])
    assert f'hx-get="{hands_url}"'.encode() in season_page.content  # loaded after the page
    page = signed_in.get(hands_url, headers={"HX-Request": "true"}).content.decode()
    assert "Hand statistics" in page and "<html" not in page
    result = CliRunner().invoke(app, ["stats", str(exported), "--format", "json", "--lang", "en"])
    assert result.exit_code == 0, result.output
    cli = {row["name"]: row for row in json.loads(result.stdout)}
    for name in NAMES:
        row = cli[name]
        cells = _cells(page, name)
        assert cells[0] == str(row["hands"])
        win = Fraction(row["wins"] * 100, row["hands"])
        assert cells[1] == f"{int(win * 10 + Fraction(1, 2)) / 10:.1f}%"
        assert cells[-1] == str(row["yakuman"])
    ana = _cells(page, "Ana")
    assert ana == ["13", "15.4%", "15.4%", "7.7%", "100.0%", "0.0%", "50.0%", "25.0%", "3600",
                   "3750", "0"]  # fmt: skip
    # sorted by deal-in rate, lowest first (the page of its own)
    page = signed_in.get(hands_url + "?hs=deal_in")
    text = page.content.decode()
    assert text.index('<td class="name">Ana</td>') > text.index('<td class="name">Ben</td>')
    assert "<html" in text and 'aria-current="true">Deal-in %' in text
    # every heading sorts by its own column, as seisan.stats ranks the rows
    from seisan.web.tables import stats  # noqa: PLC0415

    headings = [
        "Name",
        "Hands dealt",
        "Win %",
        "Deal-in %",
        "Riichi %",
        "Riichi won %",
        "Call %",
        "Tsumo %",
        "Tenpai at draw %",
        "Avg. win",
        "Avg. deal-in",
        "Yakuman",
    ]
    assert [label for _key, label in stats.columns()] == headings
    from django.utils import translation  # noqa: PLC0415

    from seisan.i18n import term  # noqa: PLC0415

    for code in ("ja", "ko"):  # the page's language, not the process's
        with translation.override(code):
            assert stats.columns()[0] == ("name", term("name", code)) != ("name", "Name")
    rows = stats.season_hand_stats(season, season.sessions.get().games.all())
    for key, label in stats.columns():
        text = signed_in.get(
            f"{hands_url}?hs={key}", headers={"HX-Request": "true"}
        ).content.decode()
        assert f'href="{hands_url}?hs={key}"' in text
        assert text.count('aria-current="true"') == 1
        assert f'aria-current="true">{label}</a>' in text
        order = [s.name for s in stats.sorted_by(rows, key)[0]]
        assert sorted(NAMES, key=lambda n: text.index(f'<td class="name">{n}</td>')) == order


def test_a_players_page_has_their_hand_statistics(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    table = played(signed_in, tenhou_session)
    signed_in.post(table_url(table, "save"))
    ana = m.Player.objects.get(name="Ana")
    for query in (f"?season={tenhou_session.season.pk}", "?season=all"):
        page = signed_in.get(reverse("clubs:player", args=["test", ana.pk]) + query)
        text = page.content.decode()
        assert "Hand statistics" in text and "<dd>3750</dd>" in text and "<dd>15.4%</dd>" in text


def test_every_table_of_the_session_now(signed_in: Client, tenhou_session: m.Session) -> None:
    first = start(signed_in, tenhou_session)
    second = start(signed_in, tenhou_session, ["Eve", "Fay", "Gus", "Hal"])
    for number, hand in enumerate(HANDS[:2], start=1):
        post_hand(signed_in, first, hand, number)
    url = reverse("clubs:tables:live", args=["test", tenhou_session.pk])
    page = signed_in.get(url).content.decode()
    assert 'hx-trigger="every 5s"' in page
    assert "Table 1" in page and "E3-0" in page and "Table 2" in page and "E1-0" in page
    assert "20,600" in page and "27,400" in page  # after hand 2 (examples/game.json)
    part = signed_in.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in part and "Table 2" in part and second.names[0] in part


# -- real Tenhou logs into a season: every hand and the final scores as the logs say -----


def test_the_real_tenhou_logs_imported_into_seasons_are_what_the_logs_say(
    club: m.Club, owner: Any
) -> None:
    import sys  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    from seisan.logs import tenhou  # noqa: PLC0415
    from seisan.web.clubs import files, services  # noqa: PLC0415

    sys.path.insert(0, str(Path(__file__).parents[1]))
    from test_tenhou_logs import LOGS, rules_of  # noqa: PLC0415

    seasons: dict[str, m.Season] = {}
    checked = 0
    for path in LOGS:
        game = tenhou.load(path, rules_of(path))
        rules = game.record.rules
        toml = services.rules_toml(rules)
        if toml not in seasons:
            season = m.Season.objects.create(club=club, name=f"{rules.name} {len(seasons)}")
            services.new_rules_version(season, rules, rules.name, owner)
            seasons[toml] = season
        session, count = files.import_session(seasons[toml], tenhou.read_text(path), path.name,
                                              owner)  # fmt: skip
        assert count == 1
        stored = session.games.get()
        seats = list(stored.seats.order_by("seat"))
        assert [s.points for s in seats] == list(game.final_points), path.name
        assert [s.score for s in seats] == list(game.final_pt), path.name
        # and hand by hand: the stored record plays to the log's points after each hand
        played = record_from_dict(stored.record, rules).play()
        assert [line.points for line in played.lines] == list(game.points_after), path.name
        checked += 1
    assert checked == len(LOGS) >= 160


# -- a random game entered through the views is seisan game on its record ---------------

FUS = (30, 40, 50, 60, 70)


def _random_hand(rng: Any, n: int) -> dict[str, Any]:
    names = NAMES[:n]
    kind = rng.choice(["ron", "ron", "tsumo", "tsumo", "draw", "draw", "ron2", "abort"])
    hand: dict[str, Any] = {}
    riichi = [p for p in names if rng.random() < 0.15]
    if riichi:
        hand["riichi"] = riichi

    def win(who: str) -> dict[str, Any]:
        if rng.random() < 0.03:
            return {"winner": who, "yakuman": 1}
        han = rng.choice([1, 1, 2, 2, 3, 4, 5, 6, 8])
        return {"winner": who, "han": han, **({"fu": rng.choice(FUS)} if han < 5 else {})}

    if kind in ("ron", "ron2"):
        discarder = rng.choice(names)
        others = [p for p in names if p != discarder]
        winners = rng.sample(others, 2 if kind == "ron2" else 1)
        hand.update(result="ron", **{"from": discarder},
                    wins=[win(w) for w in names if w in winners])  # fmt: skip
    elif kind == "tsumo":
        hand.update(result="tsumo", wins=[win(rng.choice(names))])
    elif kind == "abort":
        hand.update(result="abort", reason="kyuushu")
    else:
        tenpai = [p for p in names if rng.random() < 0.5]
        hand.update(result="draw", **({"tenpai": tenpai} if tenpai else {}))
    if rng.random() < 0.2:
        hand["calls"] = [p for p in names if rng.random() < 0.5] or [names[0]]
    return hand


@settings(max_examples=8, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_random_game_entered_hand_by_hand_is_seisan_game(rng: Any) -> None:
    from seisan.games import GameError  # noqa: PLC0415

    from .conftest import make_user  # noqa: PLC0415

    club = m.Club.objects.filter(slug="test").first()
    if club is None:  # the first example sets the league up; the others reuse it
        user = make_user("owner@example.com")
        club = m.Club.objects.create(name="Test club", slug="test")
        m.Membership.objects.create(club=club, user=user, role=m.Role.OWNER)
        season = season_with(club, "tenhou", user, name="Tenhou rules")
        m.Session.objects.create(season=season, title="League night")
    user = club.memberships.get().user
    client = Client()
    client.force_login(user)
    session = m.Session.objects.get(title="League night")
    table = start(client, session)
    rules = RECORD.rules
    hands: list[dict[str, Any]] = []
    ended = False
    for _ in range(40):
        for _attempt in range(20):  # a hand the core takes at this point of the game
            hand = _random_hand(rng, 4)
            try:
                trial = record_from_dict({"players": NAMES, "hands": [*hands, hand]}, rules)
                played = play(trial, check_end=False)
            except GameError:
                continue
            break
        else:
            break
        hands.append(hand)
        response = post_hand(client, table, hand, len(hands))
        assert response.status_code == 302, response.content.decode()[:2000]
        page = client.get(table_url(table)).content.decode()
        shown = played.next.points if played.next is not None else played.final_points
        for points in shown:
            assert f"{points:,}" in page
        if played.next is None:
            ended = True
            break
    table.refresh_from_db()
    assert [h["hand"] for h in table.hands] == hands
    if ended:
        assert client.post(table_url(table, "save")).status_code == 302
        game = m.Game.objects.get(table=table)
        core = play(record_from_dict({"players": NAMES, "hands": hands}, rules))
        assert core.settlement is not None
        assert [s.points for s in game.seats.order_by("seat")] == list(core.final_points)
        assert [Fraction(s.score) for s in game.seats.order_by("seat")] == list(
            core.settlement.scores
        )


def test_a_hand_after_the_end_is_refused_in_words(signed_in: Client,
                                                  tenhou_session: m.Session) -> None:  # fmt: skip
    table = played(signed_in, tenhou_session)
    response = post_hand(signed_in, table, {"result": "draw"}, len(HANDS) + 1)
    assert response.status_code == 400
    assert "the game already ended (sudden death in W1)" in response.content.decode()


# -- a win given as tiles: han and fu from the mahjong package --------------------------


def test_a_win_given_as_tiles_is_scored_from_them(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    table = start(signed_in, tenhou_session)
    # East 1, Ana deals; Ben tsumo on 2s to 123m 456p 789s 34s 55s: 平和 and 門前清自摸和,
    # 2 han 20 fu, 400/700 (Tenhou's scoring)
    data = {"result": "tsumo", "win_1": "on", "tiles_1": "123m456p789s23455s",
            "wintile_1": "2s", "number": "1", "key": "tiles-1"}  # fmt: skip
    response = signed_in.post(table_url(table), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    table.refresh_from_db()
    [win] = table.hands[0]["hand"]["wins"]
    assert (win["winner"], win["han"], win["fu"]) == ("Ben", 2, 20)
    assert win["yaku"] == ["門前清自摸和", "平和"]  # as Tenhou's logs name them
    assert "dora" not in win
    page = signed_in.get(table_url(table)).content.decode()
    assert "26,500" in page and "24,300" in page and "24,600" in page


def test_a_tiles_hand_corrected_keeps_its_yaku_and_dora(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    """The correction form shows a tiles-entered win as han, fu, yaku and dora; saving it
    with another discarder changes only that."""
    table = start(signed_in, tenhou_session)
    # Chie's riichi pinfu on 8s from Dae, 8s dora and ura: 4 han 30 fu, 7700
    data = {"result": "ron", "win_2": "on", "riichi_2": "on", "discarder": "3",
            "tiles_2": "234m567p11s345678s", "wintile_2": "8s", "dora": "7s", "ura": "7s",
            "number": "1", "key": "tiles-3"}  # fmt: skip
    assert signed_in.post(table_url(table), data).status_code == 302
    table.refresh_from_db()
    stored = table.hands[0]["hand"]
    assert stored["wins"] == [
        {"winner": "Chie", "han": 4, "fu": 30, "yaku": ["立直", "平和"], "dora": 2}
    ]
    page = signed_in.get(table_url(table, "correct", 1)).content.decode()
    assert 'value="立直" id="id_yaku_2_1" checked' in page and 'name="dora_2" value="2"' in page
    fixed = dict(stored, **{"from": "Ben"})
    edit = form_data(fixed, list(table.names), 1) | {"version": str(table.version)}
    assert signed_in.post(table_url(table, "correct", 1), edit).status_code == 302
    table.refresh_from_db()
    assert table.hands[0]["hand"] == fixed


def test_tiles_typed_on_a_correction_give_it_its_han_and_fu(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    """The correction page shows a win as han, fu, yaku and dora; tiles typed there
    give them anew, the values shown giving way (helper-54: they had to be cleared
    first); a value changed beside the tiles is still refused."""
    table = start(signed_in, tenhou_session)
    data = {"result": "ron", "win_2": "on", "riichi_2": "on", "discarder": "3",
            "tiles_2": "234m567p11s345678s", "wintile_2": "8s", "dora": "7s", "ura": "7s",
            "number": "1", "key": "tiles-4"}  # fmt: skip
    assert signed_in.post(table_url(table), data).status_code == 302
    table.refresh_from_db()
    shown = form_data(table.hands[0]["hand"], list(table.names), 1) | {
        "version": str(table.version),
        "tiles_2": "234m567p11s345678s",
        "wintile_2": "8s",
    }
    shown["yaku_2"] = list(reversed(shown["yaku_2"]))  # (as the page lists them)
    said = "On a correction, the han, fu, yaku and dora shown give way to the tiles as typed here."
    assert said in signed_in.get(table_url(table, "correct", 1)).content.decode()
    assert said not in signed_in.get(table_url(table)).content.decode()  # (a new hand's page)
    changed = signed_in.post(table_url(table, "correct", 1), shown | {"han_2": "5"})
    assert changed.status_code == 400
    assert "this is worked out from the tiles: clear it, or clear the tiles" in html.unescape(
        changed.content.decode())  # fmt: skip
    assert signed_in.post(table_url(table, "correct", 1), shown).status_code == 302
    table.refresh_from_db()
    assert table.hands[0]["hand"]["wins"] == [
        {"winner": "Chie", "han": 2, "fu": 30, "yaku": ["立直", "平和"]}
    ]  # (no dora now)


def test_yaku_and_dora_ticked_by_the_scorer_are_kept(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    table = start(signed_in, tenhou_session)
    win = {"winner": "Ana", "han": 3, "fu": 40, "yaku": ["立直", "一発"], "dora": 1}
    hand = {"result": "ron", "from": "Dae", "riichi": ["Ana"], "wins": [win]}
    assert post_hand(signed_in, table, hand, 1).status_code == 302
    table.refresh_from_db()
    assert table.hands[0]["hand"] == hand
    # more dora than the hand's han: refused in words, nothing stored
    over = {**hand, "wins": [{"winner": "Ana", "han": 3, "fu": 40, "dora": 4}]}
    response = post_hand(signed_in, table, over, 2)
    assert response.status_code == 400
    assert "Ana&#x27;s 4 han of dora leave no han of yaku in a 3 han hand" in (
        response.content.decode()
    )
    table.refresh_from_db()
    assert len(table.hands) == 1


def test_tiles_that_are_no_win_are_said_beside_them(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    table = start(signed_in, tenhou_session)
    data = {"result": "tsumo", "win_1": "on", "tiles_1": "123m456p789s23456s",
            "wintile_1": "2s", "number": "1", "key": "tiles-2"}  # fmt: skip
    response = signed_in.post(table_url(table), data)
    assert response.status_code == 400
    assert "the tiles are not a winning hand" in response.content.decode()
    table.refresh_from_db()
    assert table.hands == []


def test_the_hand_statistics_page_reads_the_same_queries_for_any_number_of_games(
    signed_in: Client, tenhou_session: m.Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.core.cache import cache  # noqa: PLC0415
    from django.db import connection  # noqa: PLC0415
    from django.test.utils import CaptureQueriesContext  # noqa: PLC0415

    from seisan.web.clubs import files  # noqa: PLC0415
    from seisan.web.tables import stats  # noqa: PLC0415

    # one bucket however the ids fall (PostgreSQL's ids go on across tests: 250 and 260
    # are two buckets, each read on its own, which is what buckets are for)
    monkeypatch.setattr(stats, "BUCKET", 1 << 40)

    season = tenhou_session.season
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    record.pop("rules")
    url = reverse("clubs:tables:hand_stats", args=["test", season.pk])
    counts = []
    for total in (2, 12):
        while season.sessions.count() < total:
            n = season.sessions.count()
            text = json.dumps(record | {"title": f"game {n}"})
            files.import_session(season, text, f"g{n}.json", season.club.memberships.get().user)
        cache.clear()
        with CaptureQueriesContext(connection) as cold:
            assert signed_in.get(url).status_code == 200
        with CaptureQueriesContext(connection) as warm:
            assert signed_in.get(url).status_code == 200
        counts.append((len(cold), len(warm)))
    assert counts[0] == counts[1], counts
    assert counts[0][1] <= counts[0][0]


def eight_games(season: m.Season) -> QuerySet[m.Game]:
    """Eight imported games of four of six players, who sit in turn."""
    from seisan.web.clubs import files  # noqa: PLC0415

    user = season.club.memberships.get().user
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    record.pop("rules")
    people = ["Ana", "Ben", "Chie", "Dae", "Eve", "Fay"]
    for n in range(8):
        names = people[n % 3 : n % 3 + 4]
        text = json.dumps(record | {"title": f"game {n}"})
        for old, new in zip(NAMES, names, strict=True):
            text = text.replace(f'"{old}"', f'"@{new}"')
        files.import_session(season, text.replace('"@', '"'), f"g{n}.json", user)
    return m.Game.objects.filter(session__season=season)


class Watched:
    """The cache as the statistics use it, with every write noted (key, timeout)."""

    def __init__(self) -> None:
        from django.core.cache import cache  # noqa: PLC0415

        self.cache = cache
        self.written: list[tuple[str, Any]] = []

    def get(self, key: str, default: Any = None) -> Any:
        return self.cache.get(key, default)

    def set(self, key: str, value: Any, timeout: Any) -> None:
        self.written.append((key, timeout))
        self.cache.set(key, value, timeout)


def test_a_changed_game_replays_that_game_only(
    tenhou_session: m.Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Statistics kept in buckets (3 games each here) equal the whole season's replayed
    from scratch, after a game is changed and after one is deleted; each change replays
    the changed game only and merges its bucket only; nothing unchanged is written, and
    what is written is kept for good."""
    from django.db.models import F  # noqa: PLC0415

    from seisan.stats import merge_stats, play_stats  # noqa: PLC0415
    from seisan.web.tables import stats  # noqa: PLC0415

    monkeypatch.setattr(stats, "BUCKET", 3)
    replayed: list[int] = []
    merged: list[int] = []

    def counted(plays: Any) -> Any:
        replayed.append(1)
        return play_stats(plays)

    def merges(parts: Any) -> Any:
        merged.append(1)
        return merge_stats(parts)

    monkeypatch.setattr(stats, "play_stats", counted)
    monkeypatch.setattr(stats, "merge_stats", merges)
    watched = Watched()
    monkeypatch.setattr(stats, "cache", watched)
    games = eight_games(tenhou_session.season)
    pks = list(games.order_by("pk").values_list("pk", flat=True))
    buckets = sorted({pk // 3 for pk in pks})

    def scratch() -> dict[str, Any]:
        plays = [record_from_dict(g.record, RECORD.rules).play() for g in games.order_by("pk")]
        return {s.name: s for s in play_stats(plays)}

    def kept() -> dict[str, Any]:
        return {s.name: s for s in stats.hand_stats(games, "test")}

    assert kept() == scratch() and len(replayed) == 8
    assert len(merged) == len(buckets) + 1  # each bucket, then the buckets' totals
    parts = [f"seisan:hand-stats-parts:test:{bucket}" for bucket in buckets]
    assert watched.written == [*((key, None) for key in parts),
                               ("seisan:hand-stats-buckets:test", None)]  # fmt: skip
    assert sorted(watched.get("seisan:hand-stats-buckets:test")) == buckets
    watched.written.clear()
    assert kept() == scratch() and len(replayed) == 8  # nothing replayed the second time
    assert len(merged) == len(buckets) + 2 and watched.written == []  # nor merged, nor written
    one = games.order_by("pk")[4]
    changed = json.loads(json.dumps(one.record).replace('"Eve"', '"Gus"'))
    games.filter(pk=one.pk).update(record=changed, version=F("version") + 1)
    assert kept() == scratch() and len(replayed) == 9
    assert len(merged) == len(buckets) + 4  # its bucket, then the totals
    assert watched.written == [(f"seisan:hand-stats-parts:test:{one.pk // 3}", None),
                               ("seisan:hand-stats-buckets:test", None)]  # fmt: skip
    assert "Gus" in kept()
    games.filter(pk=games.order_by("pk")[0].pk).delete()
    assert kept() == scratch() and len(replayed) == 9


def test_a_seasons_statistics_kept_for_its_revision(
    tenhou_session: m.Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A season's statistics are one entry kept for good with its revision: read again
    without working anything out until the revision moves on."""
    from seisan.web.clubs.standings import bump  # noqa: PLC0415
    from seisan.web.tables import stats  # noqa: PLC0415

    season = tenhou_session.season
    games = eight_games(season)
    worked: list[str] = []

    def counted(chosen: Any, scope: str) -> Any:
        worked.append(scope)
        return hand_stats(chosen, scope)

    hand_stats = stats.hand_stats
    monkeypatch.setattr(stats, "hand_stats", counted)
    watched = Watched()
    monkeypatch.setattr(stats, "cache", watched)
    season.refresh_from_db()
    first = stats.season_hand_stats(season, games)
    assert worked == [f"season:{season.pk}"]
    key = f"seisan:hand-stats:{season.pk}"
    assert (key, None) in watched.written
    assert watched.get(key) == (season.revision, first)
    assert stats.season_hand_stats(season, games) == first and len(worked) == 1
    games.filter(pk=games.order_by("pk")[0].pk).delete()
    bump(season, [])
    season.refresh_from_db()
    after = stats.season_hand_stats(season, games)
    assert len(worked) == 2 and after != first
    assert watched.get(key) == (season.revision, after)


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", "Riichi 2 · Ippatsu 1 · Pinfu 1 · Tanyao 1"),
     ("ja", "立直 2 · 一発 1 · 平和 1 · 断幺九 1"), ("ko", "리치 2 · 일발 1 · 핑후 1 · 탕야오 1")],
)  # fmt: skip
def test_the_yaku_counts_read_in_the_readers_language(
    signed_in: Client, tenhou_session: m.Session, lang: str, shown: str
) -> None:
    """Yaku ticked by the scorer and from tiles count under one name (the record's), the
    most frequent first, in the season's table and on the player's page."""
    table = start(signed_in, tenhou_session)
    first = {
        "result": "ron",
        "from": "Dae",
        "riichi": ["Ana"],
        "wins": [{"winner": "Ana", "han": 3, "fu": 40, "yaku": ["立直", "一発", "断幺九"]}],
    }
    assert post_hand(signed_in, table, first, 1).status_code == 302
    # Ana again, dealer, riichi pinfu by tiles: 立直 from tiles is the same yaku
    tiles = {
        "result": "ron",
        "win_0": "on",
        "riichi_0": "on",
        "discarder": "3",
        "tiles_0": "234m567p11s345678s",
        "wintile_0": "8s",
        "number": "2",
        "key": "t2",
    }
    assert signed_in.post(table_url(table), tiles).status_code == 302
    table.refresh_from_db()
    stopped = signed_in.post(table_url(table, "stop"), {"end": "time", "version": table.version})
    assert stopped.status_code == 302
    assert signed_in.post(table_url(table, "save")).status_code == 302
    signed_in.post("/i18n/setlang/", {"language": lang})
    season = tenhou_session.season
    page = signed_in.get(reverse("clubs:tables:hand_stats", args=["test", season.pk]))
    top = " · ".join(shown.split(" · ")[:3])  # ties in count: by the recorded name
    assert f'<td class="yaku small">{top}</td>' in page.content.decode()
    ana = m.Player.objects.get(name="Ana")
    player = signed_in.get(reverse("clubs:player", args=["test", ana.pk]))
    assert shown in player.content.decode()


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_a_ja_or_ko_scorer_reads_no_english(signed_in: Client, tenhou_session: m.Session,
                                            lang: str) -> None:  # fmt: skip
    import re  # noqa: PLC0415

    table = start(signed_in, tenhou_session)
    for number, hand in enumerate(HANDS[:11], start=1):  # to South 4: the conditions show
        post_hand(signed_in, table, hand, number)
    signed_in.post("/i18n/setlang/", {"language": lang})
    season = tenhou_session.season
    pages = [table_url(table), table_url(table, "correct", 2),
             reverse("clubs:tables:live", args=["test", tenhou_session.pk]),
             reverse("clubs:tables:hand_stats", args=["test", season.pk])]  # fmt: skip
    # names the club gave (players, the session, the season) and notation
    allowed = {*NAMES, "League", "night", "Tenhou", "rules", "EN", "seisan", "JSON", "game",
               "mpsz", "chi", "pon", "kan", "ankan"}  # fmt: skip
    for url in pages:
        page = signed_in.get(url).content.decode()
        words = set(re.findall(r"[A-Za-z]{2,}", page_text(page))) - allowed
        words = {w for w in words if not re.fullmatch(r"\d*[mpsz]", w)}
        assert words == set(), (url, sorted(words))


@pytest.mark.parametrize(("lang", "first", "last"), [
    ("en", "E1-0", "W1-1"), ("ja", "東1局 0本場", "西1局 1本場"),
    ("ko", "동1국 0본장", "서1국 1본장"),
])  # fmt: skip
def test_a_saved_games_hands_are_named_as_the_table_names_them(
    signed_in: Client, tenhou_session: m.Session, lang: str, first: str, last: str
) -> None:
    """The game page's hand-by-hand table wrote every round as its code (E1-0) in ja and
    ko, beside a table assistant that writes 東1局 0本場 (helper-71)."""
    table = played(signed_in, tenhou_session)
    assert signed_in.post(table_url(table, "save")).status_code == 302
    signed_in.post("/i18n/setlang/", {"language": lang})
    game = m.Game.objects.get()
    text = page_text(signed_in.get(reverse("clubs:game", args=["test", game.pk])).content.decode())
    assert first in text and last in text
    if lang != "en":
        assert "E1-0" not in text and "W1-1" not in text


# -- what the review found: keys reused by a cached page, names, renames ----------------


def test_a_key_sent_again_with_another_hand_is_refused_not_dropped(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    """A page kept offline repeats its key: hand B sent with hand A's key was answered
    "already saved" and lost; now it is refused with the table as it is."""
    table = start(signed_in, tenhou_session)
    assert post_hand(signed_in, table, HANDS[0], 1, key="K0").status_code == 302
    response = post_hand(signed_in, table, HANDS[1], 2, key="K0")
    assert response.status_code == 409
    assert "this form already saved hand 1" in response.content.decode()
    table.refresh_from_db()
    assert [h["hand"] for h in table.hands] == [HANDS[0]]


def test_a_table_uses_the_clubs_own_spelling_of_a_name(
    signed_in: Client, tenhou_session: m.Session, club: m.Club
) -> None:
    m.Player.objects.create(club=club, name="Ana Lee")
    table = start(signed_in, tenhou_session, ["ana  lee", "Ben", "Chie", "Dae"])
    assert table.names[0] == "Ana Lee"


def test_renaming_a_player_renames_them_at_a_table_in_play(
    signed_in: Client, tenhou_session: m.Session, club: m.Club, owner: Any
) -> None:
    from seisan.web.clubs import services  # noqa: PLC0415

    table = played(signed_in, tenhou_session, 3)
    services.save_game(tenhou_session, {"players": NAMES, "points": [25000] * 4}, owner)
    services.rename_player(club.players.get(name="Ana"), "Anna", owner)
    table.refresh_from_db()
    assert table.names[0] == "Anna"
    assert all("Ana" not in json.dumps(e["hand"]) for e in table.hands)
    assert table.hands[1]["hand"]["from"] == "Anna"


def test_undoing_a_merge_keeps_the_hands_entered_since(
    signed_in: Client, tenhou_session: m.Session, club: m.Club, owner: Any
) -> None:
    """The review's case: undoing a merge put a table's hands back as they were before
    it, so hands entered since were lost (3 hands became 1), with no new version."""
    from seisan.web.clubs import services  # noqa: PLC0415

    services.save_game(tenhou_session, {"players": NAMES, "points": [25000] * 4}, owner)
    m.Player.objects.create(club=club, name="Anna")
    table = start(signed_in, tenhou_session, ["Anna", "Ben", "Chie", "Dae"])
    post_hand(signed_in, table, HANDS[0], 1)
    action = services.merge_players(club.players.get(name="Anna"), club.players.get(name="Ana"),
                                    owner)  # fmt: skip
    table.refresh_from_db()
    assert table.names[0] == "Ana"
    for number, hand in enumerate(HANDS[1:3], start=2):  # two more hands after the merge
        assert post_hand(signed_in, table, hand, number).status_code == 302
    table.refresh_from_db()
    version = table.version
    services.undo_merge(action, owner)
    table.refresh_from_db()
    assert table.names == ["Anna", "Ben", "Chie", "Dae"]
    renamed = [json.loads(json.dumps(h).replace('"Ana"', '"Anna"')) for h in HANDS[:3]]
    assert [e["hand"] for e in table.hands] == renamed
    assert table.version == version + 1


def test_statistics_outlive_many_revisions_of_a_season(
    tenhou_session: m.Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review's case: every revision left a cache entry of its own, and past
    Django's 300 entries the cull deleted the per-game statistics first, so a page
    replayed the whole season with nothing changed. Now one entry a season."""
    from django.core.cache import cache  # noqa: PLC0415

    from seisan.stats import play_stats  # noqa: PLC0415
    from seisan.web.clubs import files  # noqa: PLC0415
    from seisan.web.tables import stats  # noqa: PLC0415

    replayed: list[int] = []
    monkeypatch.setattr(stats, "play_stats", lambda plays: replayed.append(1) or play_stats(plays))
    season = tenhou_session.season
    record = json.loads((EXAMPLES / "game.json").read_text(encoding="utf-8"))
    record.pop("rules")
    user = season.club.memberships.get().user
    for n in range(3):
        text = json.dumps(record | {"title": f"game {n}"})
        files.import_session(season, text, f"g{n}.json", user)
    games = m.Game.objects.filter(session__season=season)
    from django.db import connection  # noqa: PLC0415

    def entries() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM seisan_cache")
            return int(cursor.fetchone()[0])

    cache.clear()
    first = stats.season_hand_stats(season, games)
    assert len(replayed) == 3
    kept = entries()
    for _ in range(320):  # 320 changes that touch no record (a title, a setting)
        season.revision += 1
        season.save(update_fields=["revision"])
        assert stats.season_hand_stats(season, games) == first
    assert len(replayed) == 3
    assert entries() == kept  # no entry left behind for each revision


def test_yaku_kept_under_english_names_are_renamed_by_the_migration(
    signed_in: Client, tenhou_session: m.Session, owner: Any
) -> None:
    """Wins given as tiles before yaku were kept by Tenhou's names have the mahjong
    package's English names, "Dora" among them: the migration renames them, leaves
    dora out, and gives changed games a new version."""
    import importlib  # noqa: PLC0415

    from django.apps import apps  # noqa: PLC0415

    from seisan.web.clubs import services  # noqa: PLC0415

    migration = importlib.import_module("seisan.web.tables.migrations.0003_yaku_by_tenhou_names")
    old = {"result": "ron", "from": "Dae", "riichi": ["Chie"],
           "wins": [{"winner": "Chie", "han": 4, "fu": 30,
                     "yaku": ["Riichi", "Pinfu", "Dora", "Ura Dora"]}]}  # fmt: skip
    table = start(signed_in, tenhou_session)
    Table.objects.filter(pk=table.pk).update(hands=[{"hand": old, "key": "k"}])
    record = {"players": NAMES, "hands": [old], "end": "time"}
    game, _created = services.save_game(tenhou_session, {"players": NAMES}, owner, key="g",
                                        record=record)  # fmt: skip
    version, table_version = game.version, Table.objects.get(pk=table.pk).version
    migration.forwards(apps, None)
    new = [{"winner": "Chie", "han": 4, "fu": 30, "yaku": ["立直", "平和"]}]
    table.refresh_from_db()
    game.refresh_from_db()
    assert table.hands[0]["hand"]["wins"] == new and table.version == table_version + 1
    assert game.record["hands"][0]["wins"] == new and game.version == version + 1
    migration.forwards(apps, None)  # run again: nothing left to change
    game.refresh_from_db()
    assert game.version == version + 1


def test_a_yaku_the_list_lacks_survives_a_correction(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    """A house yaku in a record (or another program's name) is offered on the
    correction form, ticked, and kept when the hand is saved again."""
    table = start(signed_in, tenhou_session)
    win = {"winner": "Ana", "han": 2, "fu": 30, "yaku": ["立直", "十三不塔"]}
    hand = {"result": "ron", "from": "Dae", "riichi": ["Ana"], "wins": [win]}
    Table.objects.filter(pk=table.pk).update(hands=[{"hand": hand, "key": "k"}])
    page = signed_in.get(table_url(table, "correct", 1)).content.decode()
    assert 'value="十三不塔"' in page and "十三不塔" in page
    table.refresh_from_db()
    fixed = {**hand, "from": "Ben"}
    edit = form_data(fixed, NAMES, 1) | {"version": str(table.version)}
    # the preview of the correction reads it too (helper-54: “not one of the choices”)
    shown = signed_in.post(table_url(table, "preview"), edit | {"editing": "1"}).content.decode()
    assert "not one of the choices" not in shown and "Ana 2han30fu 2900" in shown
    assert signed_in.post(table_url(table, "correct", 1), edit).status_code == 302
    table.refresh_from_db()
    assert table.hands[0]["hand"] == fixed


def test_a_refused_han_of_dora_is_said_beside_it(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    table = start(signed_in, tenhou_session)
    data = form_data({"result": "ron", "from": "Dae", "wins": [{"winner": "Ana", "han": 2}]},
                     NAMES, 1) | {"dora_0": "-1"}  # fmt: skip
    response = signed_in.post(table_url(table), data)
    assert response.status_code == 400
    assert 'class="error"' in response.content.decode()


RON = {"result": "ron", "win_0": "on", "han_0": "3", "fu_0": "40", "discarder": "3",
       "number": "1", "key": "unread"}  # fmt: skip
TILES = {"result": "tsumo", "win_1": "on", "tiles_1": "123m456p789s23455s", "wintile_1": "2s",
         "number": "1", "key": "unread"}  # fmt: skip
DRAW = {"result": "draw", "tenpai_0": "on", "number": "1", "key": "unread"}
FOR_A_WINNER = "this is for a winner: tick “wins”, or clear it"
TILES_AS_WELL = "give the winning hand's tiles as well, or clear this"
FROM_TILES = "this is worked out from the tiles: clear it, or clear the tiles"
DORA = ("dora indicators are read only for a winner given as tiles: give the winner's "
        "tiles, or clear the indicators")  # fmt: skip
URA = ("ura dora indicators are read only for a winner in riichi given as tiles: give the "
       "winner's tiles, or clear the indicators")  # fmt: skip


@pytest.mark.parametrize(("base", "more", "said"), [
    # what a winner's row holds, on a seat that does not win (or a hand nobody wins)
    (RON, {"tiles_1": "123m456p789s11z"}, FOR_A_WINNER),
    (RON, {"wintile_2": "5m"}, FOR_A_WINNER),
    (RON, {"melds_3": "chi123m"}, FOR_A_WINNER),
    (RON, {"han_1": "2"}, FOR_A_WINNER),
    (RON, {"fu_2": "30"}, FOR_A_WINNER),
    (RON, {"yakuman_3": "1"}, FOR_A_WINNER),
    (RON, {"dora_1": "1"}, FOR_A_WINNER),
    (RON, {"yaku_2": ["立直"]}, FOR_A_WINNER),
    (RON, {"pao_1": "2"}, FOR_A_WINNER),
    (DRAW, {"han_0": "3"}, FOR_A_WINNER),
    # a winner's calls or winning tile without the hand's tiles
    (RON, {"wintile_0": "5m"}, TILES_AS_WELL),
    (RON, {"melds_0": "chi123m"}, TILES_AS_WELL),
    # han, fu, yakuman, yaku and dora typed beside the tiles they come from
    (TILES, {"han_1": "3"}, FROM_TILES),
    (TILES, {"fu_1": "40"}, FROM_TILES),
    (TILES, {"yakuman_1": "1"}, FROM_TILES),
    (TILES, {"dora_1": "1"}, FROM_TILES),
    (TILES, {"yaku_1": ["平和"]}, FROM_TILES),
    # indicators where no winner is given as tiles (or none in riichi, for ura)
    (RON, {"dora": "1m"}, DORA),
    (RON, {"ura": "2p"}, URA),
    (TILES, {"ura": "2p"}, URA),
    # what another result has: to the core, which refuses it in its own words
    (RON, {"tenpai_1": "on"}, "tenpai is listed only at a draw"),
    (RON, {"nagashi_2": "on"}, "流し満貫 (nagashi) is made only at a draw"),
    (RON, {"reason": "kyuushu"}, "a reason is given only for an abortive draw"),
    (RON, {"offender": "2"}, "only a chombo names a player (player = …)"),
    (RON, {"yakuman_0": "1"}, "Ana: give han or yakuman, not both"),
    (DRAW, {"win_1": "on"}, "a hand ending in “draw” has no winner"),
])  # fmt: skip
def test_what_a_hand_would_not_read_is_refused_not_dropped(
    signed_in: Client,
    tenhou_session: m.Session,
    base: dict[str, Any],
    more: dict[str, Any],
    said: str,
) -> None:
    """Each field of the hand form holds something only where it is read: typed
    elsewhere (a row that does not win, beside the tiles it comes from), it is refused
    beside itself, never dropped (found by helper-53: `dora=1m` on a hand given by han
    and fu was stored without it)."""
    table = start(signed_in, tenhou_session)
    assert signed_in.post(table_url(table), base).status_code == 302  # (taken alone)
    Table.objects.filter(pk=table.pk).update(hands=[], version=1)
    response = signed_in.post(table_url(table), base | more)
    assert response.status_code == 400
    page = response.content.decode()
    shown = html.unescape(page)
    assert said in shown
    if said in (FOR_A_WINNER, FROM_TILES, DORA, URA, TILES_AS_WELL):  # the form's: beside it
        assert f'<p class="error">{said}</p>' in shown
    table.refresh_from_db()
    assert table.hands == []


def test_a_yaku_the_page_does_not_offer_is_refused(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    """Only the yaku of the list, and on a correction the corrected hand's own, are
    taken (found by helper-53: any name sent was offered, so taken)."""
    table = start(signed_in, tenhou_session)
    response = signed_in.post(table_url(table), {**RON, "yaku_0": ["立直", "zzz"]})
    assert response.status_code == 400
    assert '<p class="error">not one of the choices</p>' in response.content.decode()
    table.refresh_from_db()
    assert table.hands == []


def test_who_dealt_in_is_read_at_a_ron_only(signed_in: Client, tenhou_session: m.Session) -> None:
    """A round button cannot be unticked in a browser: “deals in” left on from a ron
    the scorer changed to a tsumo is not read (the preview shows the tsumo)."""
    table = start(signed_in, tenhou_session)
    tsumo = {"result": "tsumo", "win_0": "on", "han_0": "3", "fu_0": "40", "discarder": "3",
             "number": "1", "key": "dealt-in"}  # fmt: skip
    assert signed_in.post(table_url(table), tsumo).status_code == 302
    table.refresh_from_db()
    assert "from" not in table.hands[0]["hand"]


@pytest.mark.parametrize("reason", ["suufon", "suucha-riichi", "sanchahou"])
def test_a_three_player_table_is_not_offered_or_given_a_four_player_abort(
    signed_in: Client, club: m.Club, owner: Any, reason: str
) -> None:
    """helper-64: 四風連打 was taken at a three-player table (302)."""
    season = season_with(club, "tenhou-sanma", owner, name="Sanma")
    night = m.Session.objects.create(season=season, title="Three")
    table = start(signed_in, night, NAMES[:3])
    page = signed_in.get(table_url(table)).content.decode()
    assert f'value="{reason}"' not in page and 'value="kyuushu"' in page
    sent = signed_in.post(table_url(table), {"result": "abort", "reason": reason,
                                             "number": "1", "key": uuid.uuid4().hex})  # fmt: skip
    assert sent.status_code == 400
    table.refresh_from_db()
    assert table.hands == []


def test_a_hand_number_past_the_next_is_not_said_to_be_entered(
    signed_in: Client, tenhou_session: m.Session
) -> None:
    """helper-64: hand 999 was “already entered (from another phone?)”."""
    table = start(signed_in, tenhou_session)
    response = post_hand(signed_in, table, HANDS[0], 999)
    assert response.status_code == 409
    shown = html.unescape(response.content.decode())
    assert "hand 999 is not the next hand (1): here is the table as it is now" in shown
    table.refresh_from_db()
    assert table.hands == []


def test_a_three_player_hand_of_tiles_not_dealt_is_refused(
    signed_in: Client, club: m.Club, owner: Any
) -> None:
    """The check of three-player tiles is the core's (``score_tiles(players=3)``), so the
    table assistant makes it too: 2m–8m are not dealt at a table of three."""
    season = season_with(club, "tenhou-sanma", owner, name="Sanma")
    night = m.Session.objects.create(season=season, title="Three")
    table = start(signed_in, night, NAMES[:3])
    tiles = {"result": "ron", "win_0": "on", "discarder": "1", "tiles_0": "234m567p11s345678s",
             "wintile_0": "8s", "number": "1", "key": uuid.uuid4().hex}  # fmt: skip
    sent = signed_in.post(table_url(table), tiles)
    assert sent.status_code == 400
    assert "three-player mahjong has no 2m, 3m, 4m" in html.unescape(sent.content.decode())
    table.refresh_from_db()
    assert table.hands == []
