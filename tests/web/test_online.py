"""An online league kept from its logs alone: Tenhou's mjlog and tenhou.net/6 JSON,
Mahjong Soul (a converted game and its own record) and mjai, uploaded and pasted into
a season; each online name asked once and remembered; the standings equal to
``seisan session`` on the season's exported records; a log already in the club, a
log that does not match itself or the season's rules, and a broken file refused with
why while the others import."""

from __future__ import annotations

import gzip
import importlib.util
import json
import re
import subprocess
import sys
from datetime import timedelta
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as settings_of_django
from django.contrib.auth.models import AnonymousUser
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seisan.i18n import language
from seisan.web.clubs import files
from seisan.web.clubs import models as m
from seisan.web.clubs.services import EntryError
from seisan.web.clubs.standings import season_standings
from seisan.web.online import services
from seisan.web.online.models import GameLog, OnlineName, Upload

from .conftest import season_with

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[1] / "data"
TENHOU = [
    "2019080322gm-00a9-0000-81e85e04.mjlog",
    "2023053016gm-0029-0000-e54b3b98.json",
    "2023101322gm-0029-0000-01f88e5d.json",
]
MAJSOUL = "2025_1_1_Jade_Room_South.tenhou6.json"
MJAI = "manue-2026-07-01-130909.mjson.gz"
MAJSOUL_ID = json.loads((DATA / "majsoul" / MAJSOUL).read_text())["ref"][:31]


def today() -> str:
    return timezone.localdate().isoformat()


def _majsoul_record() -> str:
    """The hand-worked Mahjong Soul record of tests/test_majsoul.py (its own format)."""
    spec = importlib.util.spec_from_file_location("majsoul_game", DATA.parent / "test_majsoul.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.game_json())


def session_totals(season: m.Season, path: Path) -> dict[str, Fraction]:
    """Each person's total as `seisan session` (the CLI, run as a user runs it) gives it
    on the season exported to ``path`` (.json or .toml)."""
    exported = files.export_season(season)
    path.write_text(exported.json if path.suffix == ".json" else exported.toml)
    cli = subprocess.run([sys.executable, "-m", "seisan", "session", str(path), "--format",
                          "json"], capture_output=True, text=True, check=True)  # fmt: skip
    return {row["name"]: Fraction(Decimal(str(row["total"])))
            for row in json.loads(cli.stdout)["players"]}  # fmt: skip


def upload(path: Path, name: str = "") -> SimpleUploadedFile:
    return SimpleUploadedFile(name or path.name, path.read_bytes())


def read(signed_in: Client, club: m.Club, season: m.Season, **data: Any) -> Any:
    return signed_in.post(reverse("clubs:online:upload", args=[club.slug, season.pk]), data)


def english(upload: Upload) -> list[dict[str, str]]:
    """The files refused, with why in English (kept in each language)."""
    assert all(set(r["problem"]) == {"en", "ja", "ko"} for r in upload.refused)
    return [{"file": r["file"], "problem": r["problem"]["en"]} for r in upload.refused]


def review_of(response: Any) -> Upload:
    assert response.status_code == 302, response.content.decode()[:2000]
    return Upload.objects.get(pk=int(response.url.rstrip("/").rsplit("/", 1)[1]))


def test_an_online_league_from_logs_of_every_format(
    signed_in: Client, club: m.Club, owner: Any, tmp_path: Path
) -> None:
    season = season_with(club, "tenhou", owner, "Online league")
    m.Player.objects.create(club=club, name="Mika")
    pasted = (DATA / "tenhou" / TENHOU[2]).read_text()
    response = read(signed_in, club, season, pasted=pasted + "\n", files=[
        upload(DATA / "tenhou" / TENHOU[0]), upload(DATA / "tenhou" / TENHOU[1]),
        upload(DATA / "majsoul" / MAJSOUL), upload(DATA / "mjai" / MJAI),
        SimpleUploadedFile("261203-00000000-test.json", _majsoul_record().encode()),
    ])  # fmt: skip
    pending = review_of(response)
    assert english(pending) == [
        {
            "file": "261203-00000000-test.json",
            "problem": (
                "the game is East only (東風戦); the season's rules play East and South (半荘)"
            ),
        }
    ]
    kinds = {g["file"]: (g["kind"], g["date"], g["rules"]) for g in pending.games}
    assert kinds == {
        TENHOU[0]: ("tenhou", "2019-08-03", "tenhou-2020"),
        TENHOU[1]: ("tenhou", "2023-05-30", "tenhou"),
        "pasted log 1": ("tenhou", "2023-10-13", "tenhou"),
        MAJSOUL: ("majsoul", "2024-12-31", "mahjongsoul"),  # its id's day
        MJAI: ("mjai", "", "tenhou"),
    }
    assert pending.refused[0]["problem"]["ja"] == (
        "この対局は東風戦です。シーズンのルールは半荘（東南戦）です"
    )
    assert (
        pending.refused[0]["problem"]["ko"]
        == "이 대국은 동풍전입니다. 시즌 룰은 반장(동남전)입니다"
    )
    page = signed_in.get(response.url).content.decode()
    assert "Ready to import: 5" in page and "Refused: 1" in page
    signed_in.cookies["django_language"] = "ja"
    page = signed_in.get(response.url).content.decode()
    assert "取り込み可能：5" in page and "この対局は東風戦です" in page and "天鳳 (四麻)" in page
    signed_in.cookies["django_language"] = "en" and "Who is who" in page
    unknown = services.unknown_names(pending)
    assert unknown == ["Ana", "Ben", "Chie", "Dae", "ManueGo3", "ManueGo2", "ManueGo1",
                       "ManueGo0"]  # fmt: skip
    # the four bots are four club players under their own names; Ana is Mika
    ana = unknown.index("Ana")
    mika = m.Player.objects.get(name="Mika")
    form = {f"who_{i}": "new" for i in range(len(unknown))}
    form |= {f"new_{i}": name for i, name in enumerate(unknown)}
    form[f"who_{ana}"] = f"#{mika.pk}"
    done = signed_in.post(response.url, form)
    assert done.status_code == 302 and done.url == reverse("clubs:season",
                                                           args=[club.slug, season.pk])  # fmt: skip
    assert not Upload.objects.filter(pk=pending.pk).exists()
    games = m.Game.objects.filter(session__season=season)
    assert games.count() == 5 and all(g.record for g in games)
    sessions = season.sessions.order_by("date")
    assert [s.date.isoformat() for s in sessions] == [
        "2019-08-03", "2023-05-30", "2023-10-13", "2024-12-31", today()]  # fmt: skip
    logs = {g.game.session.date.isoformat(): g for g in GameLog.objects.filter(club=club)}
    assert {d: (g.kind, g.log_id[:31]) for d, g in logs.items()} == {
        "2019-08-03": ("tenhou", "2019080322gm-00a9-0000-81e85e04"),
        "2023-05-30": ("tenhou", "2023053016gm-0029-0000-e54b3b98"),
        "2023-10-13": ("tenhou", "2023101322gm-0029-0000-01f88e5d"),
        "2024-12-31": ("majsoul", MAJSOUL_ID),
        today(): ("mjai", "sha256:" + logs[today()].fingerprint[:24]),  # no date: today's
    }  # fmt: skip
    seated = {s.player.name for g in games for s in g.seats.all()}
    assert seated == {"Mika", "Ben", "Chie", "Dae", "ManueGo0", "ManueGo1", "ManueGo2",
                      "ManueGo3"}  # fmt: skip
    # each game's page names its log, with the log's final points: seisan's
    game = m.Game.objects.get(log__log_id="2019080322gm-00a9-0000-81e85e04")
    final = [s.points for s in game.seats.order_by("seat")]
    assert game.log.final_points == final
    page = signed_in.get(reverse("clubs:game", args=[club.slug, game.pk])).content.decode()
    assert (f"Read from the log {TENHOU[0]}; its final points: "
            f"{', '.join(map(str, final))}") in page  # fmt: skip
    # the standings are what `seisan session` gives on the exported records
    totals = session_totals(season, tmp_path / "league.json")
    assert {row.name: row.total for row in season_standings(season, 0)} == totals
    assert totals["Mika"] != 0


def test_an_east_only_mahjong_soul_league_from_its_own_records(
    signed_in: Client, club: m.Club, owner: Any, tmp_path: Path
) -> None:
    season = season_with(club, 'extends = "mahjongsoul"\n[game]\nlength = "east"\n', owner)
    record = SimpleUploadedFile("261203-00000000-test.json", _majsoul_record().encode())
    pending = review_of(read(signed_in, club, season, files=[record]))
    assert english(pending) == []
    [game] = pending.games
    assert (game["kind"], game["log_id"], game["date"]) == (
        "majsoul",
        "261203-00000000-test",
        "2026-12-03",
    )
    assert game["final"] == [15300, 26900, 18700, 39100]
    services.import_upload(pending, {n: n for n in game["names"]}, None, "ja")
    session = season.sessions.get()
    assert session.title == "オンライン対局"  # in the importer's words
    totals = session_totals(season, tmp_path / "league.toml")
    assert {row.name: row.total for row in season_standings(season, 0)} == totals
    # Mahjong Soul's own result, oka and uma of a ranked room: 29.1, 6.9, -11.3, -24.7
    assert totals == {"Dae": Fraction("29.1"), "Ben": Fraction("6.9"),
                      "Chie": Fraction("-11.3"), "Ana": Fraction("-24.7")}  # fmt: skip


def test_a_name_told_once_is_remembered(signed_in: Client, club: m.Club, owner: Any) -> None:
    season = season_with(club, "tenhou", owner)
    first = review_of(read(signed_in, club, season,
                           files=[upload(DATA / "tenhou" / TENHOU[0])]))  # fmt: skip
    assert services.unknown_names(first) == ["Ana", "Ben", "Chie", "Dae"]
    services.import_upload(first, {"Ana": "Ana Lee", "Ben": "Ben", "Chie": "Chie",
                                   "Dae": "Dae"}, None, "en")  # fmt: skip
    assert OnlineName.objects.get(club=club, name="Ana").player.name == "Ana Lee"
    second = review_of(read(signed_in, club, season,
                            files=[upload(DATA / "tenhou" / TENHOU[1])]))  # fmt: skip
    assert services.unknown_names(second) == []
    page = signed_in.get(reverse("clubs:online:review", args=[club.slug, second.pk]))
    assert "Who is who" not in page.content.decode()
    signed_in.post(reverse("clubs:online:review", args=[club.slug, second.pk]), {})
    game = m.Game.objects.get(log__log_id="2023053016gm-0029-0000-e54b3b98")
    assert game.record["players"][0] in {"Ana Lee", "Ben", "Chie", "Dae"}
    assert "Ana Lee" in game.record["players"]
    # forgotten: asked again
    row = OnlineName.objects.get(club=club, name="Ana")
    signed_in.post(reverse("clubs:online:forget", args=[club.slug, row.pk]))
    third = review_of(read(signed_in, club, season,
                           files=[upload(DATA / "tenhou" / TENHOU[2])]))  # fmt: skip
    assert services.unknown_names(third) == ["Ana"]


def test_the_same_log_is_refused_whatever_its_file_is_called(
    signed_in: Client, club: m.Club, owner: Any
) -> None:
    season = season_with(club, "tenhou", owner)
    path = DATA / "tenhou" / TENHOU[1]
    first = review_of(read(signed_in, club, season, files=[upload(path)]))
    sessions = services.import_upload(first, {n: n for n in ("Ana", "Ben", "Chie", "Dae")},
                                      None, "en")  # fmt: skip
    label = f"Season · {sessions[0].date.isoformat()} #1"
    gz = SimpleUploadedFile("copy.json.gz", gzip.compress(path.read_bytes()))
    again = review_of(read(signed_in, club, season, files=[upload(path), gz]))
    assert again.games == []
    assert english(again) == [
        {"file": TENHOU[1], "problem": f"already imported: {label}"},
        {"file": "copy.json.gz", "problem": f"already imported: {label}"},
    ]
    # one upload holding one log twice: the second refused
    other = season_with(club, "tenhou", owner, "Other")
    mjai = DATA / "mjai" / MJAI
    twice = review_of(read(signed_in, club, other,
                           files=[upload(mjai), upload(mjai, "again.mjson.gz")]))  # fmt: skip
    assert [g["file"] for g in twice.games] == [MJAI]
    assert english(twice) == [{"file": "again.mjson.gz", "problem": f"the same game as {MJAI}"}]
    # one game as tenhou.net/6 JSON and as mjlog under a name without its id: its
    # players and hands tell it
    pair = "2019021004gm-00a9-0000-e2f6516d"
    both = review_of(read(signed_in, club, other, files=[
        upload(DATA / "tenhou" / f"{pair}.json"),
        upload(DATA / "tenhou" / f"{pair}.mjlog", "game.mjlog")]))  # fmt: skip
    assert english(both) == [{"file": "game.mjlog", "problem": f"the same game as {pair}.json"}]
    # a deleted game's log may come back
    game = m.Game.objects.get(log__log_id="2023053016gm-0029-0000-e54b3b98")
    game.deleted = game.updated
    game.save()
    back = review_of(read(signed_in, club, season, files=[upload(path)]))
    assert english(back) == [] and len(back.games) == 1
    services.import_upload(back, {}, None, "en")
    assert GameLog.objects.get(log_id="2023053016gm-0029-0000-e54b3b98").game.deleted is None


def test_what_cannot_be_imported_is_refused_with_why_and_the_rest_imports(
    signed_in: Client, club: m.Club, owner: Any
) -> None:
    season = season_with(club, 'extends = "tenhou"\nstart = 30000\nreturn = 30000\n',
                         owner)  # fmt: skip
    sanma = season_with(club, "tenhou-sanma", owner, "Sanma")
    good = DATA / "tenhou" / TENHOU[1]
    text = good.read_text()
    broken = SimpleUploadedFile("cut.json", text[: len(text) // 2].encode())
    empty = SimpleUploadedFile("empty.mjlog", b"")
    got = review_of(read(signed_in, club, season, files=[upload(good), broken, empty]))
    assert got.games == []
    problems = {r["file"]: r["problem"] for r in english(got)}
    assert problems[TENHOU[1]] == (
        "the season's rules give other points than the game had under its own rules "
        "(Tenhou): hand 1 (E1): seisan has 41700, 26100, 26100, 26100; the log has 36700, 21100, "
        "21100, 21100")  # fmt: skip
    ja = {r["file"]: r["problem"]["ja"] for r in got.refused}[TENHOU[1]]
    assert "対局のルール（天鳳 (四麻)）" in ja, ja  # the rules' title as a ja reader knows it
    assert problems["cut.json"].startswith("not valid tenhou.net/6 JSON (at line 1, column ")
    assert problems["empty.mjlog"] == "empty.mjlog: an empty file"
    four = review_of(read(signed_in, club, sanma, files=[upload(good)]))
    assert english(four) == [{"file": TENHOU[1], "problem":
                             "a game of 4 players; the season's rules are for 3"}]  # fmt: skip
    # nothing chosen: an error, nothing stored
    response = read(signed_in, club, season)
    assert response.status_code == 400
    assert "choose log files, or paste a log" in response.content.decode()


def test_a_changed_number_in_a_log_is_refused_by_its_own_check(
    signed_in: Client, club: m.Club, owner: Any
) -> None:
    season = season_with(club, "tenhou", owner)
    data = json.loads((DATA / "tenhou" / TENHOU[1]).read_text())
    data["log"][1][1][1:3] = [20100, 22100]  # after the first hand, 1000 moved
    changed = SimpleUploadedFile("changed.json", json.dumps(data).encode())
    got = review_of(read(signed_in, club, season, files=[changed]))
    assert got.games == []
    assert english(got) == [{"file": "changed.json", "problem": (
        "hand 1 (E1): seisan has 36700, 21100, 21100, 21100; the log has 36700, 20100, "
        "22100, 21100")}]  # fmt: skip


def test_two_online_names_told_as_one_player_are_refused(
    signed_in: Client, club: m.Club, owner: Any
) -> None:
    season = season_with(club, "tenhou", owner)
    pending = review_of(read(signed_in, club, season,
                             files=[upload(DATA / "tenhou" / TENHOU[0])]))  # fmt: skip
    url = reverse("clubs:online:review", args=[club.slug, pending.pk])
    response = signed_in.post(url, {"who_0": "new", "new_0": "Ana", "who_1": "new",
                                    "new_1": "ana", "who_2": "new", "new_2": "Chie",
                                    "who_3": "new", "new_3": "Dae"})  # fmt: skip
    assert response.status_code == 400
    assert "Ana, Ben are one player in " + TENHOU[0] in response.content.decode()
    assert not OnlineName.objects.exists() and not m.Game.objects.exists()
    response = signed_in.post(url, {"who_0": "new", "new_0": " ", "who_1": "new",
                                    "new_1": "Ben", "who_2": "new", "new_2": "Chie",
                                    "who_3": "new", "new_3": "Dae"})  # fmt: skip
    assert "say who “Ana” is" in response.content.decode()


def test_a_new_name_typed_beside_a_chosen_player_is_refused_not_dropped(
    signed_in: Client, club: m.Club, owner: Any
) -> None:
    season = season_with(club, "tenhou", owner)
    ana = m.Player.objects.create(club=club, name="Anastasia")
    pending = review_of(read(signed_in, club, season,
                             files=[upload(DATA / "tenhou" / TENHOU[0])]))  # fmt: skip
    url = reverse("clubs:online:review", args=[club.slug, pending.pk])
    rest = {"who_1": "new", "new_1": "Ben", "who_2": "new", "new_2": "Chie",
            "who_3": "new", "new_3": "Dae"}  # fmt: skip
    response = signed_in.post(url, {"who_0": f"#{ana.pk}", "new_0": "Zed", **rest})
    assert response.status_code == 400
    page = response.content.decode()
    assert (
        "“Ana”: a player is chosen and a new name typed (“Zed”): choose “A new player, "
        "named:” for the new name, or clear the name"
    ) in page
    assert 'value="Zed"' in page  # (as typed)
    assert not OnlineName.objects.exists() and not m.Game.objects.exists()
    signed_in.cookies["django_language"] = "ja"
    page = signed_in.post(url, {"who_0": f"#{ana.pk}", "new_0": "Zed", **rest}).content.decode()
    assert "「Ana」: 既存のプレイヤーを選んだうえで新しい名前（「Zed」）" in page
    signed_in.cookies["django_language"] = "en"
    # a choice the page does not offer is no player's, never a new one of its name
    response = signed_in.post(url, {"who_0": "Zed", "new_0": "Ana", **rest})
    assert "the club has no such player for “Ana”" in response.content.decode()
    assert not m.Player.objects.filter(name="Zed").exists()
    # the name as offered (its spaces and case aside), the player's own, or none, goes
    # with the player chosen
    for same in ("ANA", "anastasia", ""):
        with transaction.atomic():
            response = signed_in.post(url, {"who_0": f"#{ana.pk}", "new_0": same, **rest})
            assert response.status_code == 302, same
            transaction.set_rollback(True)
    response = signed_in.post(url, {"who_0": f"#{ana.pk}", "new_0": "  Ana ", **rest})
    assert response.status_code == 302
    assert OnlineName.objects.get(name="Ana").player == ana
    assert m.Game.objects.count() == 1


def test_a_review_sent_after_its_names_changed_is_refused_not_read_row_by_row(
    signed_in: Client, club: m.Club, owner: Any
) -> None:
    """The form names the online name of each row: when another import told one of
    them since the page was shown, the rows are refused, never read against the next
    name down (found by helper-53: Ben became player “Ana”, Chie “Ben”, Dae “Chie”)."""
    season = season_with(club, "tenhou", owner)
    pending = review_of(read(signed_in, club, season,
                             files=[upload(DATA / "tenhou" / TENHOU[0])]))  # fmt: skip
    url = reverse("clubs:online:review", args=[club.slug, pending.pk])
    page = signed_in.get(url).content.decode()
    shown = re.findall(r'name="(name_\d)" value="([^"]*)"', page)
    assert shown == [("name_0", "Ana"), ("name_1", "Ben"), ("name_2", "Chie"), ("name_3", "Dae")]
    anastasia = m.Player.objects.create(club=club, name="Anastasia")
    OnlineName.objects.create(club=club, name="Ana", player=anastasia)
    sent = dict(shown) | {f"who_{i}": "new" for i in range(4)}
    sent |= {f"new_{i}": n for i, n in enumerate(["Ana", "Ben", "Chie", "Dae"])}
    response = signed_in.post(url, sent)
    assert response.status_code == 400
    assert ("the names to tell have changed since the page was shown: look at them again"
            in response.content.decode())  # fmt: skip
    assert not m.Game.objects.exists() and OnlineName.objects.count() == 1
    # the last name told since: the rows left still match, the last one is gone
    OnlineName.objects.all().delete()
    OnlineName.objects.create(club=club, name="Dae", player=anastasia)
    response = signed_in.post(url, sent | {"new_3": "Daisy Typed"})
    assert response.status_code == 400
    assert not m.Game.objects.exists()


def test_a_review_whose_rows_changed_in_the_middle_is_refused(
    signed_in: Client, club: m.Club, owner: Any
) -> None:
    """As many names to tell as the page showed, but not the same: one remembered
    name forgotten and another told since. Each row is checked against its own name
    (the count alone matches): Ben, Chie and Dae would be read as Ana, Ben and Chie."""
    season = season_with(club, "tenhou", owner)
    anastasia = m.Player.objects.create(club=club, name="Anastasia")
    OnlineName.objects.create(club=club, name="Ana", player=anastasia)
    pending = review_of(read(signed_in, club, season,
                             files=[upload(DATA / "tenhou" / TENHOU[0])]))  # fmt: skip
    url = reverse("clubs:online:review", args=[club.slug, pending.pk])
    shown = re.findall(r'name="(name_\d)" value="([^"]*)"', signed_in.get(url).content.decode())
    assert shown == [("name_0", "Ben"), ("name_1", "Chie"), ("name_2", "Dae")]
    OnlineName.objects.filter(name="Ana").delete()
    OnlineName.objects.create(club=club, name="Dae", player=anastasia)
    sent = dict(shown) | {f"who_{i}": "new" for i in range(3)}
    sent |= {f"new_{i}": n for i, n in enumerate(["Ben", "Chie", "Dae"])}
    response = signed_in.post(url, sent)
    assert response.status_code == 400
    assert ("the names to tell have changed since the page was shown: look at them again"
            in response.content.decode())  # fmt: skip
    assert not m.Game.objects.exists()
    assert list(OnlineName.objects.values_list("name", flat=True)) == ["Dae"]


def test_a_row_without_its_choice_or_its_name_and_an_id_past_any_player(
    signed_in: Client, club: m.Club, owner: Any
) -> None:
    """A row sent without its choice is a new player of the name typed (the list
    offers that first); a new player with no name sent is asked for; a player's id of
    19 digits, past what the database holds, is no player of the club (it had been
    looked up: an error of the database, not a word)."""
    season = season_with(club, "tenhou", owner)
    pending = review_of(read(signed_in, club, season,
                             files=[upload(DATA / "tenhou" / TENHOU[0])]))  # fmt: skip
    url = reverse("clubs:online:review", args=[club.slug, pending.pk])
    rest = {"who_1": "new", "new_1": "Ben", "who_2": "new", "new_2": "Chie",
            "who_3": "new", "new_3": "Dae"}  # fmt: skip
    response = signed_in.post(url, {"who_0": "new", **rest})
    assert response.status_code == 400 and "say who “Ana” is" in response.content.decode()
    response = signed_in.post(url, {"who_0": "#" + "9" * 19, **rest})
    assert response.status_code == 400
    assert "the club has no such player for “Ana”" in response.content.decode()
    assert not m.Game.objects.exists() and not OnlineName.objects.exists()
    ana = m.Player.objects.create(club=club, name="Ana Chosen")
    with transaction.atomic():  # a player chosen, and no name box sent: that player
        response = signed_in.post(url, {"who_0": f"#{ana.pk}", **rest})
        assert response.status_code == 302
        assert OnlineName.objects.get(name="Ana").player == ana
        transaction.set_rollback(True)
    response = signed_in.post(url, {"new_0": "Anastasia", **rest})
    assert response.status_code == 302
    assert OnlineName.objects.get(name="Ana").player.name == "Anastasia"


def test_only_an_organiser_reads_logs_into_a_season(
    club: m.Club, owner: Any, member_of: Any
) -> None:
    season = season_with(club, "tenhou", owner)
    scorer = Client()
    scorer.force_login(member_of(m.Role.SCORER))
    url = reverse("clubs:online:upload", args=[club.slug, season.pk])
    assert scorer.get(url).status_code == 403
    assert scorer.post(url, {"pasted": "{}"}).status_code == 403
    assert not Upload.objects.exists()


SAMPLES = [DATA / "tenhou" / TENHOU[0], DATA / "tenhou" / TENHOU[1], DATA / "majsoul" / MAJSOUL]


@given(data=st.data())
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
def test_a_damaged_log_is_refused_with_why_never_a_traceback(
    club: m.Club, owner: Any, data: st.DataObject
) -> None:
    season = m.Season.objects.filter(club=club).first() or season_with(club, "tenhou", owner)
    raw = data.draw(st.sampled_from(SAMPLES)).read_bytes()
    cut = data.draw(st.integers(0, len(raw)))
    start = data.draw(st.integers(0, cut))
    noise = data.draw(st.binary(max_size=20))
    damaged = raw[:start] + noise + raw[cut:]
    got = services.read_logs(season, [("damaged.json", damaged)], None)
    assert len(got.games) + len(got.refused) == 1
    for row in got.refused:
        assert row["file"] == "damaged.json" and all(row["problem"].values())
        assert "a fault of seisan's" not in row["problem"]["en"]  # the readers' own errors


# -- each limit and refusal word for word ------------------------------------------------


def test_an_upload_too_big_or_empty_is_refused_whole(club: m.Club, owner: Any) -> None:
    season = season_with(club, "tenhou", owner)
    with pytest.raises(services.OnlineError) as many:
        services.read_logs(season, [("a.json", b"{}")] * (services.MAX_FILES + 1), None)
    assert many.value.message.text("en") == (
        "501 files at once, more than 500: upload them in several parts"
    )
    assert services.read_logs(season, [("a.json", b"{}")] * services.MAX_FILES, None)
    half = b" " * (services.MAX_UPLOAD_BYTES // 2)
    with pytest.raises(services.OnlineError) as heavy:
        services.read_logs(season, [("a.json", half), ("b.json", half + b" ")], None)
    assert (heavy.value.message.text("en"), heavy.value.field) == (
        "the files are larger than 100 MB together: upload them in several parts",
        "files",
    )
    at_most = services.read_logs(season, [("a.json", half), ("b.json", half)], None)
    assert [r["file"] for r in at_most.refused] == ["a.json", "b.json"]  # each too big alone
    with pytest.raises(services.OnlineError) as none:
        services.read_logs(season, [], None)
    assert (none.value.message.text("en"), none.value.field) == (
        "choose log files, or paste a log",
        "files",
    )
    one = services.read_logs(
        season,
        [
            ("big.json", b" " * (files.MAX_IMPORT_BYTES + 1)),
            ("edge.json", b" " * files.MAX_IMPORT_BYTES),
        ],
        None,
    )
    assert english(one) == [
        {"file": "big.json", "problem": "the file is larger than 10 MB: split it into several"},
        {"file": "edge.json", "problem": "edge.json: an empty file"},
    ]  # fmt: skip


def test_an_upload_not_imported_is_forgotten_after_a_day(club: m.Club, owner: Any) -> None:
    season = season_with(club, "tenhou", owner)
    now = timezone.now()
    old = Upload.objects.create(season=season, created=now - timedelta(days=1, seconds=5))
    kept = Upload.objects.create(season=season, created=now - timedelta(hours=23))
    services.read_logs(season, [("a.json", b"{}")], None)
    assert not Upload.objects.filter(pk=old.pk).exists()
    assert Upload.objects.filter(pk=kept.pk).exists()


def test_pasted_logs_one_after_another() -> None:
    one, two = '{"log": [1]}', '{"log": [2], "ref": "x"}'
    assert services.pasted_logs("  \n ", "en") == []
    assert services.pasted_logs(f"{one}\n, \t{two}\r\n", "en") == [
        ("pasted log 1", one.encode()), ("pasted log 2", two.encode())]  # fmt: skip
    assert services.pasted_logs(f"{one}XX{two}", "en")[1] == ("pasted log 2", f"XX{two}".encode())
    assert services.pasted_logs(f"{one} oops {{", "ja") == [
        ("貼り付けた牌譜 1", one.encode()), ("貼り付けた牌譜 2", b"oops {")]  # fmt: skip


@pytest.mark.parametrize(("log_id", "day"), [
    ("2009022022gm-00a9-0000-cd94aac8", "2009-02-20"),
    ("2019023022gm-00a9-0000-cd94aac8", ""),  # no 30 February
    ("2009022022gm00a9-0000-cd94aac8", ""),
    ("250913-638affa1-cee0-4d7b-9c8a-8f1c0a2b3c4d", "2025-09-13"),
    ("251313-638affa1-cee0", ""),
    ("250913-638affa-cee0", ""),
    ("x250913-638affa1-cee0", ""),
    ("sha256:2009022022", ""),
    ("", ""),
])  # fmt: skip
def test_the_day_a_log_was_played_from_its_id(log_id: str, day: str) -> None:
    assert services._date_of(log_id) == day


def test_a_name_told_is_a_player_of_the_club_followed_through_a_merge(
    club: m.Club, owner: Any
) -> None:
    from seisan.web.clubs.services import merge_players  # noqa: PLC0415

    season = season_with(club, "tenhou", owner)
    upload = services.read_logs(season, [(TENHOU[0], (DATA / "tenhou" / TENHOU[0]).read_bytes())],
                                None)  # fmt: skip
    other = m.Club.objects.create(name="Other", slug="other")
    stranger = m.Player.objects.create(club=other, name="Stranger")
    told: dict[str, str] = {"Ana": f"#{stranger.pk}", "Ben": "Ben", "Chie": "Chie",
                                  "Dae": "Dae"}  # fmt: skip
    with pytest.raises(services.OnlineError) as foreign:
        services.import_upload(upload, told, None, "en")
    assert foreign.value.message.text("en") == "the club has no such player for “Ana”"
    for wrong in ("#abc", "#", "#٣", "#" + "9" * 19, "#99999"):  # never a traceback
        told["Ana"] = wrong
        with pytest.raises(services.OnlineError) as bad:
            services.import_upload(upload, told, None, "en")
        assert bad.value.message.text("en") == "the club has no such player for “Ana”"
    told["Ana"] = "Ana:1"
    with pytest.raises(EntryError) as separator:
        services.import_upload(upload, told, None, "en")
    assert (separator.value.message.text("en"), separator.value.field) == (
        "the name “Ana:1” has “:”, which separates names in seisan's files: leave it out",
        "Ana",
    )
    told["Ana"] = "  Ana   Lee "
    services.import_upload(upload, told, None, "en")
    guest = m.Player.objects.get(club=club, name="Ana Lee")
    assert OnlineName.objects.get(club=club, name="Ana").player == guest
    member = m.Player.objects.create(club=club, name="Anastasia")
    merge_players(guest, member, owner)
    assert services.remembered(club, ["Ana", "Ben", "Nobody"]) == {
        "Ana": member, "Ben": m.Player.objects.get(club=club, name="Ben")}  # fmt: skip
    told["Ana"] = f"#{guest.pk}"  # a merged guest is no longer a player to choose
    again = services.read_logs(season, [(TENHOU[1], (DATA / "tenhou" / TENHOU[1]).read_bytes())],
                               None)  # fmt: skip
    OnlineName.objects.filter(name="Ana").delete()
    with pytest.raises(services.OnlineError) as merged:
        services.import_upload(again, {"Ana": f"#{guest.pk}"}, None, "en")
    assert merged.value.message.text("en") == "the club has no such player for “Ana”"


def test_nothing_to_import_and_a_log_taken_meanwhile(club: m.Club, owner: Any) -> None:
    season = season_with(club, "tenhou", owner)
    empty = services.read_logs(season, [("a.json", b"{}")], None)
    with pytest.raises(services.OnlineError) as nothing:
        services.import_upload(empty, {}, None, "en")
    assert nothing.value.message.text("en") == "no game is ready to import"
    raw = (DATA / "tenhou" / TENHOU[0]).read_bytes()
    first = services.read_logs(season, [(TENHOU[0], raw)], None)
    second = services.read_logs(season, [("copy.mjlog", raw)], None)
    names = {n: n for n in ("Ana", "Ben", "Chie", "Dae")}
    services.import_upload(first, names, None, "en")
    with pytest.raises(services.OnlineError) as taken:
        services.import_upload(second, {}, None, "en")
    day = m.Game.objects.get().session.date.isoformat()
    assert taken.value.message.text("en") == (f"copy.mjlog is already imported: Season · {day} #1")
    assert m.Game.objects.count() == 1 and Upload.objects.filter(pk=second.pk).exists()
    with pytest.raises(services.OnlineError) as unsaid:
        services.import_upload(second, {"Ana": ""}, None, "en")  # (names known: not asked)
    assert "already imported" in unsaid.value.message.text("en")


def test_seats_of_one_name_and_names_too_long_are_refused(club: m.Club, owner: Any) -> None:
    season = season_with(club, "tenhou", owner)
    text = (DATA / "tenhou" / TENHOU[1]).read_text()
    mjai = (DATA / "mjai" / "riichienv-126_204_0_mjai.jsonl").read_text()
    same = mjai.replace('"names":["0","1","2","3"]', '"names":["Ana","Ana","Chie","Dae"]', 1)
    assert same != mjai  # (the readers name such seats Ana 1, Ana 2: no one's own name)
    long = json.loads(text)
    long["name"] = ["A" * 101, "Ben", "Chie", "Dae"]
    edge = json.loads(text)
    edge["name"] = ["A" * 100, "Ben", "Chie", "Dae"]
    got = services.read_logs(
        season,
        [
            ("same.json", same.encode()),
            ("long.json", json.dumps(long).encode()),
            ("edge.json", json.dumps(edge).encode()),
        ],
        None,
    )
    assert english(got) == [
        {"file": "same.json", "problem": "the log names no player of its own at seat 1 (two "
                                         "seats of one name, or none): each player needs their "
                                         "own"},
        {"file": "long.json", "problem": f"the online name “{'A' * 20}…” is too long"},
    ]  # fmt: skip
    assert [g["names"][0] for g in got.games] == ["A" * 100]


def test_forgetting_a_name_goes_back_where_it_was_asked(
    signed_in: Client, club: m.Club, owner: Any
) -> None:
    season = season_with(club, "tenhou", owner)
    player = m.Player.objects.create(club=club, name="Ana")
    rows = [OnlineName.objects.create(club=club, name=f"ana{i}", player=player) for i in range(3)]
    url = reverse("clubs:online:forget", args=[club.slug, rows[0].pk])
    assert signed_in.get(url).status_code == 405
    back = signed_in.post(url, {"season": str(season.pk)})
    assert back.url == reverse("clubs:online:upload", args=[club.slug, season.pk])
    other = m.Club.objects.create(name="Other", slug="other")
    theirs = season_with(other, "tenhou", owner, "Theirs")
    home = signed_in.post(reverse("clubs:online:forget", args=[club.slug, rows[1].pk]),
                          {"season": str(theirs.pk)})  # fmt: skip
    assert home.url == reverse("clubs:club", args=[club.slug])
    plain = signed_in.post(reverse("clubs:online:forget", args=[club.slug, rows[2].pk]),
                           {"season": "x1"})  # fmt: skip
    assert plain.url == reverse("clubs:club", args=[club.slug])
    assert not OnlineName.objects.exists()
    page = signed_in.get(reverse("clubs:online:upload", args=[club.slug, season.pk]))
    assert "Online names the club knows" not in page.content.decode()


def test_as_many_files_as_the_import_takes_come_through_the_page(
    signed_in: Client, club: m.Club, owner: Any
) -> None:
    """Django's own limit (100 files a request by default) is the import's (500): the
    page reads them all and says why each is refused."""
    assert settings_of_django.DATA_UPLOAD_MAX_NUMBER_FILES == services.MAX_FILES
    season = season_with(club, "tenhou", owner)
    many = [SimpleUploadedFile(f"{i}.json", b"{}") for i in range(services.MAX_FILES)]
    got = review_of(read(signed_in, club, season, files=many))
    assert len(got.refused) == services.MAX_FILES


def test_a_readers_fault_refuses_the_file_not_the_page(
    club: m.Club, owner: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    season = season_with(club, "tenhou", owner)

    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise KeyError("a reader's bug")

    monkeypatch.setattr(services, "parse_log", broken)
    with language("ko"):  # kept in each language, whatever the process speaks
        got = services.read_logs(season, [("x.json", b'{"log": []}'), ("y.json", b"{}")], None)
    assert english(got) == [{"file": name, "problem": (
        "seisan could not read this log (a fault of seisan's): please report it with the "
        "file")} for name in ("x.json", "y.json")]  # fmt: skip
    assert got.refused[0]["problem"]["ja"] != got.refused[0]["problem"]["ko"]
    assert [r.getMessage() for r in caplog.records] == ["reading x.json", "reading y.json"]


def test_each_refusal_of_an_import_names_its_field(club: m.Club, owner: Any) -> None:
    """A name nobody told is asked about by its own field; what concerns no name has
    none."""
    season = season_with(club, "tenhou", owner)
    empty = services.read_logs(season, [("a.json", b"{}")], None)
    with pytest.raises(services.OnlineError) as nothing:
        services.import_upload(empty, {}, None, "en")
    assert nothing.value.field == ""
    raw = (DATA / "tenhou" / TENHOU[0]).read_bytes()
    upload = services.read_logs(season, [(TENHOU[0], raw)], None)
    for told in ({"Ana": "Ana", "Ben": "Ben", "Chie": "Chie"},
                 {"Ana": "Ana", "Ben": "Ben", "Chie": "Chie", "Dae": ""}):  # fmt: skip
        with pytest.raises(services.OnlineError) as unsaid:
            services.import_upload(upload, told, None, "ja")
        assert (unsaid.value.message.text("en"), unsaid.value.field) == ("say who “Dae” is", "Dae")
    with pytest.raises(services.OnlineError) as foreign:
        services.import_upload(upload, {"Ana": "#0", "Ben": "B", "Chie": "C", "Dae": "D"}, None,
                               "en")  # fmt: skip
    assert foreign.value.field == "Ana"
    with pytest.raises(services.OnlineError) as blank:
        services.import_upload(upload, {"Ana": "A", "Ben": "  ", "Chie": "C", "Dae": "D"}, None,
                               "en")  # fmt: skip
    assert (blank.value.message.text("en"), blank.value.field) == ("say who “Ben” is", "Ben")
    with pytest.raises(services.OnlineError) as many:
        services.read_logs(season, [("a.json", b"{}")] * (services.MAX_FILES + 1), None)
    assert many.value.field == "files"
    assert not m.Game.objects.exists() and not OnlineName.objects.exists()


def test_each_refusal_of_the_review_names_its_field(club: m.Club) -> None:
    """As an import's own refusals: a row's problem is asked about by its online name;
    a list changed since the page was shown concerns no one name."""
    ana = m.Player.objects.create(club=club, name="Anastasia")
    unknown = ["Ana", "Ben"]
    cases = [
        ({"name_0": "Ana", "name_1": "Ben", "name_2": "Chie"}, ""),  # one told since
        ({"name_0": "Ben", "name_1": "Ana"}, ""),  # the rows no longer match
        ({"who_0": "#0"}, "Ana"),  # no such player
        ({"who_0": "new", "who_1": f"#{ana.pk}", "new_1": "Zed"}, "Ben"),  # both
    ]
    for form, field in cases:
        with pytest.raises(services.OnlineError) as refused:
            services.told_names(club, unknown, form)
        assert refused.value.field == field, form
    assert services.told_names(club, unknown, {"who_0": f"#{ana.pk}", "new_1": "Ben"}) == {
        "Ana": f"#{ana.pk}", "Ben": "Ben"}  # fmt: skip


# -- what an import stores, and the races it refuses -------------------------------------

NAMES = {n: n for n in ("Ana", "Ben", "Chie", "Dae")}


def test_an_import_keeps_who_did_it_and_each_games_record_and_log(club: m.Club, owner: Any) -> None:
    """Who read the logs and who imported them, the history's line, the games' tables
    and records (the season's rules settle them: no rules or title of the log's own),
    and each log's file name as long as it may be."""
    from seisan.i18n import Lang  # noqa: PLC0415
    from seisan.web.clubs import history  # noqa: PLC0415

    season = season_with(club, "tenhou", owner)
    raw = (DATA / "tenhou" / TENHOU[1]).read_bytes()
    name = "x" * 300 + ".json"
    upload = services.read_logs(season, [(name, raw)], owner)
    assert upload.created_by == owner and upload.rules == season.rules
    assert services.read_logs(season, [(name, raw)], None).created_by is None
    assert services.read_logs(season, [(name, raw)], AnonymousUser()).created_by is None
    (session,) = services.import_upload(upload, NAMES, owner, "ja")
    assert session.title == "オンライン対局" and session.date.isoformat() == "2023-05-30"
    game = session.games.get()
    assert game.created_by == owner
    assert game.data == {"players": ["Ana", "Ben", "Chie", "Dae"]}
    assert sorted(game.record) == ["hands", "players"]
    assert game.log.filename == name[:255] and game.log.kind == "tenhou"
    assert game.log.fingerprint == (
        "0f437d47a7ca39ac0d15aadc505ced0ae908d856726ed5cd524181fe53287f5a"
    )  # stored: a later version must find the same game by it
    action = m.Action.objects.get(club=club, kind="session.imported")
    assert action.who == owner and action.link == ["clubs:session", [session.pk]]
    assert history.said(action, Lang.EN) == "imported オンライン対局 into Season: 1 game"


def test_one_game_of_one_log_whatever_is_stored_of_it(club: m.Club, owner: Any) -> None:
    """A log is one game by its id even when its names were edited (another
    fingerprint), by its fingerprint under another id, and of this club only; a deleted
    game's log, by either, may come back, and nothing else is forgotten."""
    season = season_with(club, "tenhou", owner)
    text = (DATA / "tenhou" / TENHOU[1]).read_text()
    edited = json.loads(text)
    edited["name"] = ["Eve", "Fay", "Gus", "Hal"]
    renamed = json.dumps(edited).encode()
    first = services.read_logs(season, [(TENHOU[1], text.encode())], None)
    second = services.read_logs(season, [("renamed.json", renamed)], None)
    assert first.games[0]["fingerprint"] != second.games[0]["fingerprint"]
    (session,) = services.import_upload(first, NAMES, None, "en")
    label = f"Season · {session.date.isoformat()} #1"
    with pytest.raises(services.OnlineError) as taken:
        services.import_upload(second, {n: n for n in ("Eve", "Fay", "Gus", "Hal")}, None, "en")
    assert (taken.value.message.text("en"), taken.value.field) == (
        f"renamed.json is already imported: {label}",
        "",
    )
    assert english(services.read_logs(season, [("renamed.json", renamed)], None)) == [
        {"file": "renamed.json", "problem": f"already imported: {label}"}]  # fmt: skip
    # another club's import is not this club's
    other = m.Club.objects.create(name="Other", slug="other")
    theirs = season_with(other, "tenhou", owner)
    elsewhere = services.read_logs(theirs, [(TENHOU[1], text.encode())], None)
    assert english(elsewhere) == [] and len(elsewhere.games) == 1
    services.import_upload(elsewhere, NAMES, None, "en")
    # deleted here: the renamed log (same id, other fingerprint) comes back, and the
    # other club's log and another deleted game's log stay
    mjai = services.read_logs(season, [(MJAI, (DATA / "mjai" / MJAI).read_bytes())], None)
    services.import_upload(mjai, {n: n for n in services.unknown_names(mjai)}, None, "en")
    for deleted in m.Game.objects.filter(session__season=season):
        deleted.deleted = deleted.updated
        deleted.save()
    again = services.read_logs(season, [("renamed.json", renamed)], None)
    services.import_upload(again, {n: n for n in ("Eve", "Fay", "Gus", "Hal")}, None, "en")
    assert GameLog.objects.get(club=club, log_id=first.games[0]["log_id"]).game.deleted is None
    assert GameLog.objects.filter(club=other).count() == 1
    assert GameLog.objects.get(club=club, kind="mjai").game.deleted is not None


def test_an_import_that_loses_a_race_stores_nothing(
    club: m.Club, owner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another import taking a log between the check and the write (its commit not yet
    seen: here, the check finding nothing) stores nothing of this one, names included."""
    season = season_with(club, "tenhou", owner)
    raw = (DATA / "tenhou" / TENHOU[1]).read_bytes()
    first = services.read_logs(season, [(TENHOU[1], raw)], None)
    second = services.read_logs(season, [("copy.json", raw)], None)
    services.import_upload(first, NAMES, None, "en")
    OnlineName.objects.all().delete()
    monkeypatch.setattr(services, "_known_logs", lambda club: {})
    with pytest.raises(services.OnlineError) as lost:
        services.import_upload(second, {**NAMES, "Ana": "Ana Lee"}, owner, "en")
    assert (lost.value.message.text("en"), lost.value.field) == (
        "another import took some of these logs at the same moment: nothing was imported; "
        "read the files again", "")  # fmt: skip
    assert m.Game.objects.count() == 1 and not OnlineName.objects.exists()
    assert not m.Player.objects.filter(name="Ana Lee").exists()
    assert Upload.objects.filter(pk=second.pk).exists()


def test_logs_read_under_rules_changed_since_are_read_again(club: m.Club, owner: Any) -> None:
    """The games were checked under the rules of the moment they were read: a change of
    the season's rules before the import (another start: the hands would not be what
    was played) refuses it whole; read again, the logs are checked under the new rules."""
    from seisan.web.clubs.services import new_rules_version, rules_from_text  # noqa: PLC0415

    season = season_with(club, "tenhou", owner)
    raw = (DATA / "tenhou" / TENHOU[1]).read_bytes()
    upload = services.read_logs(season, [(TENHOU[1], raw)], None)
    new_rules_version(season, rules_from_text("tenhou"), "the same again", owner)
    services.import_upload(upload, NAMES, None, "en")  # the same rules, saved again: imported
    assert m.Game.objects.count() == 1
    m.Game.objects.update(deleted=timezone.now())  # (its log may come back)
    OnlineName.objects.all().delete()
    stale = services.read_logs(season, [(TENHOU[1], raw)], None)
    unknown = Upload.objects.create(season=season, games=stale.games)  # (before the rules kept)
    changed = 'extends = "tenhou"\nstart = 30000\nreturn = 30000\n'
    new_rules_version(season, rules_from_text(changed), changed, owner)
    for waiting in (stale, unknown):
        with pytest.raises(services.OnlineError) as refused:
            services.import_upload(waiting, NAMES, None, "en")
        assert (refused.value.message.text("en"), refused.value.field) == (
            "the season's rules have changed since these logs were read: read them again",
            "",
        )
        assert refused.value.message.text("ja") != refused.value.message.text("en")
    assert not m.Game.objects.filter(deleted__isnull=True).exists()
    assert not OnlineName.objects.exists()
    again = services.read_logs(season, [(TENHOU[1], raw)], None)
    assert again.games == [] and english(again)[0]["problem"].startswith(
        "the season's rules give other points than the game had under its own rules"
    )


def test_a_season_of_other_uma_and_oka_takes_the_logs_as_played(club: m.Club, owner: Any) -> None:
    """Only the hands must be the same: the season's uma (30-10 here) and no oka settle
    the games in place of the lobby's, each equal to the core's settlement."""
    rules = 'extends = "tenhou"\nreturn = 25000\numa = [30, 10, -10, -30]\n'
    season = season_with(club, rules, owner)
    upload = services.read_logs(
        season, [(TENHOU[1], (DATA / "tenhou" / TENHOU[1]).read_bytes())], None
    )
    assert english(upload) == []
    services.import_upload(upload, NAMES, None, "en")
    final = dict(zip(upload.games[0]["names"], upload.games[0]["final"], strict=True))
    expected = {n: Fraction(p - 25000, 1000) + {1: 30, 2: 10, 3: -10, 4: -30}[place]
                for place, (n, p) in enumerate(sorted(final.items(), key=lambda x: -x[1]),
                                               start=1)}  # fmt: skip
    assert {row.name: row.total for row in season_standings(season, 0)} == expected


def test_names_are_the_clubs_own_and_read_in_one_query_each(
    club: m.Club, owner: Any, django_assert_num_queries: Any
) -> None:
    """An online name told in another club is asked again here; two names told as one
    player are refused by the first of them; the club's logs and remembered names are
    read in one query however many there are."""
    season = season_with(club, "tenhou", owner)
    other = m.Club.objects.create(name="Other", slug="other")
    OnlineName.objects.create(club=other, name="Ana",
                              player=m.Player.objects.create(club=other, name="Ana"))  # fmt: skip
    uploads = [services.read_logs(season, [(n, (DATA / "tenhou" / n).read_bytes())], None)
               for n in TENHOU]  # fmt: skip
    assert services.unknown_names(uploads[0]) == ["Ana", "Ben", "Chie", "Dae"]
    with pytest.raises(services.OnlineError) as one:
        services.import_upload(uploads[0], {**NAMES, "Chie": "ana"}, None, "en")
    assert (one.value.message.text("en"), one.value.field) == (
        f"Ana, Chie are one player in {TENHOU[0]}: a game needs each seat its own player",
        "Ana",
    )
    for upload in uploads:
        services.import_upload(upload, NAMES, None, "en")
    with django_assert_num_queries(1):
        known = services._known_logs(club)
    assert len(known) == 6 and set(known.values()) == {
        f"Season · {g.session.date.isoformat()} #{g.number}" for g in m.Game.objects.all()
    }
    with django_assert_num_queries(1):
        players = services.remembered(club, ["Ana", "Ben", "Chie", "Dae", "Eve"])
    assert {n: p.name for n, p in players.items()} == NAMES


def test_a_logged_player_called_house_is_read_with_their_seat() -> None:
    """“house” is the ledgers' name for the house: a log's player of that name is read
    as “House 2” (a name of their own, mapped to a club player like any other), not as
    a seat the log left unnamed."""
    from seisan.logs import tenhou  # noqa: PLC0415

    path = Path(__file__).parents[1] / "data" / "tenhou" / "2009100819gm-0049-0000-13bf5b23.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    rules = tenhou.parse_json(path.read_text(encoding="utf-8")).record.rules
    data["name"][1] = "House"
    read = services._read("x.json", json.dumps(data).encode(), rules)
    assert read["names"] == [data["name"][0], "House 2", data["name"][2], data["name"][3]]


def test_a_paste_nested_past_pythons_depth_is_refused_in_words(
    club: m.Club, owner: Any, signed_in: Client
) -> None:
    """helper-64: ``[`` × 3,000 pasted was a 500 (RecursionError), where the same bytes
    uploaded as a file are refused as nested too deeply."""
    season = season_with(club, "tenhou", owner)
    assert services.pasted_logs("[" * 3000, "en") == [("pasted log 1", b"[" * 3000)]
    page = read(signed_in, club, season, pasted="[" * 3000)
    assert page.status_code in (200, 302)
    upload = Upload.objects.get(season=season)
    assert len(upload.refused) == 1
    assert "nested too deeply" in upload.refused[0]["problem"]["en"]


@pytest.mark.parametrize("pasted", ["null", "42", '"a log"', "true"])
def test_a_pasted_json_value_is_said_to_be_no_log_not_bad_xml(
    club: m.Club, owner: Any, signed_in: Client, pasted: str
) -> None:
    """helper-64: a pasted ``null`` was "not valid mjlog XML" (the reader of what is
    left). JSON that is one value is no log of any format, said so in each language."""
    season = season_with(club, "tenhou", owner)
    page = read(signed_in, club, season, pasted=pasted)
    assert page.status_code in (200, 302)
    problem = Upload.objects.get(season=season).refused[0]["problem"]
    assert problem["en"] == (
        f"“{pasted}” is a JSON value, not a game log: a log is a tenhou.net/6 or Mahjong "
        "Soul JSON object, mjai's event lines, or Tenhou's mjlog XML"
    )
    assert "XML" not in problem["en"].split(":")[0] and "mjlog" in problem["ja"]


def test_a_deleted_games_log_in_another_club_stays_when_one_club_imports_it(
    signed_in: Client, club: m.Club, owner: Any
) -> None:
    """Each club keeps its own logs: a club importing a log another club had imported
    and deleted takes nothing of that club's (the mutation run's ``import_upload_197``,
    which cleared every club's row of the log, lived without it)."""
    path = DATA / "tenhou" / TENHOU[1]
    names = {n: n for n in ("Ana", "Ben", "Chie", "Dae")}
    other = m.Club.objects.create(name="Other club", slug="other", currency="JPY")
    m.Membership.objects.create(club=other, user=owner, role=m.Role.OWNER)
    theirs = season_with(other, "tenhou", owner, "Theirs")
    services.import_upload(services.read_logs(theirs, [(path.name, path.read_bytes())], owner),
                           names, None, "en")  # fmt: skip
    game = m.Game.objects.get(session__season=theirs)
    game.deleted = game.updated
    game.save()
    ours = season_with(club, "tenhou", owner, "Ours")
    services.import_upload(services.read_logs(ours, [(path.name, path.read_bytes())], owner),
                           names, None, "en")  # fmt: skip
    assert GameLog.objects.filter(club=other, game=game).exists()
    assert GameLog.objects.filter(club=club).count() == 1
