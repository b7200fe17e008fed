"""A league's season at its largest (``make bench``): 100,000 games of 200 players in
eight teams, on PostgreSQL (``SEISAN_PG_URL``, or the local server ``.ci/run`` starts;
SQLite when there is none, and said so), read through the app's own views in this
process (Django's test client: the pages' cost without HTTP).

For each page, the SQL queries and the time: the first request after any game may
have changed (the season read whole), the first after one game was entered (the kept
table brought up to date from that game), the first after a player was renamed (the
games of the name read again; the ratings carried on), and again (kept for the season's
revision, the median of five): the standings, the team standings, the rating table (openskill's and
Tenhou's R) and the public standings; the baseline is ``robots.txt`` through the
same client in the same run (a request that does nothing). The import's own speed
is printed too. Goal (issue 18): a constant number of queries whatever the size
(``tests/web/test_queries.py`` asserts it) and ≤ 300 ms a page.
``SEISAN_BENCH_LEAGUE_GAMES`` makes the season smaller for a quick look.
"""

from __future__ import annotations

import os
import random
import secrets
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_web import drop, pg_database

GAMES = int(os.environ.get("SEISAN_BENCH_LEAGUE_GAMES", "100000"))
PLAYERS = 200
TEAMS = 8
NIGHT = 5000  #: games a session file (one import each)
GOAL_MS = 300


def night_file(rng: random.Random, names: list[str], count: int) -> str:
    """``count`` games of four of ``names``, points in hundreds adding up to 100,000."""
    out = []
    for _game in range(count):
        seated = rng.sample(names, 4)
        cuts = sorted(rng.randrange(0, 1001) for _ in range(3))
        points = [a * 100 for a in (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1],
                                    1000 - cuts[2])]  # fmt: skip
        out.append(f"[[games]]\nplayers = {seated!r}\npoints = {points!r}\n".replace("'", '"'))
    return "\n".join(out)


def main() -> None:
    found = pg_database()
    if found is None:
        print("no PostgreSQL server: on SQLite (set SEISAN_PG_URL for PostgreSQL)")
        os.environ["DATABASE_URL"] = "sqlite:///" + str(Path(os.environ.get(
            "TMPDIR", "/tmp")) / f"seisan-league-{secrets.token_hex(4)}.sqlite3")  # fmt: skip
    else:
        os.environ["DATABASE_URL"] = found[1]
    os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(40))
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"  # Django's test client
    os.environ["DJANGO_SETTINGS_MODULE"] = "seisan.web.settings"
    try:
        run("PostgreSQL" if found else "SQLite")
    finally:
        from django.db import connections  # noqa: PLC0415

        connections.close_all()
        if found is not None:
            drop(*found)


def run(engine: str) -> None:
    import django  # noqa: PLC0415

    django.setup()
    from django.core.management import call_command  # noqa: PLC0415
    from django.db import connection  # noqa: PLC0415
    from django.test import Client  # noqa: PLC0415
    from django.test.utils import CaptureQueriesContext  # noqa: PLC0415
    from django.urls import reverse  # noqa: PLC0415
    from rich.progress import Progress  # noqa: PLC0415

    from seisan.web.clubs import files, services  # noqa: PLC0415
    from seisan.web.clubs import models as m  # noqa: PLC0415
    from seisan.web.clubs.standings import bump  # noqa: PLC0415
    from seisan.web.events import services as events  # noqa: PLC0415
    from tests.web.conftest import make_user  # noqa: PLC0415

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    owner = make_user("owner@example.com")
    club = m.Club.objects.create(name="League", slug="league")
    m.Membership.objects.create(club=club, user=owner, role=m.Role.OWNER)
    season = m.Season.objects.create(club=club, name="Season", public=True)
    services.new_rules_version(season, services.rules_from_text("mleague"), "mleague", owner)
    names = [f"Player {n:03d}" for n in range(PLAYERS)]
    rng = random.Random(7)
    begin = time.perf_counter()
    with Progress() as progress:
        task = progress.add_task(f"importing {GAMES:,} games", total=GAMES)
        done = 0
        while done < GAMES:
            count = min(NIGHT, GAMES - done)
            files.import_session(season, night_file(rng, names, count), f"n{done}.toml", owner)
            done += count
            progress.update(task, completed=done)
    imported = time.perf_counter() - begin
    for team in range(TEAMS):
        events.team_action(season, {"action": "team", "name": f"Team {team}"}, owner)
        made = season.teams.get(name=f"Team {team}")
        for name in names[team::TEAMS]:
            events.team_action(season, {"action": "member", "team": str(made.pk),
                                        "player": name}, owner)  # fmt: skip
    client = Client()
    client.force_login(owner)
    pages = {
        "standings": reverse("clubs:season", args=[club.slug, season.pk]),
        "team standings": reverse("clubs:events:teams", args=[club.slug, season.pk]),
        "ratings (openskill)": reverse("clubs:events:ratings", args=[club.slug]),
        "ratings (Tenhou R)": reverse("clubs:events:ratings", args=[club.slug]) + "?system=tenhou",
        "public standings": reverse("public_season", args=[season.public_token]),
        "baseline: robots.txt": "/robots.txt",
    }

    def timed(url: str) -> tuple[float, int]:
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(url)
            took = time.perf_counter() - start
        assert response.status_code == 200, (url, response.status_code)
        return took * 1000, len(captured)

    games = m.Game.objects.filter(session__season=season).count()
    print(f"\n{engine}: {games:,} games of {PLAYERS} players in {TEAMS} teams, imported in "
          f"{imported:.0f} s ({games / imported:,.0f} games/s)")  # fmt: skip
    print(f"{'page':<22} {'whole ms':>9} {'1 game ms':>10} {'rename ms':>10} {'kept ms':>8} "
          f"{'queries':>8} {'× baseline':>11}  goal")  # fmt: skip
    base = statistics.median(timed("/robots.txt")[0] for _ in range(5))
    session = season.sessions.order_by("-pk").first()
    for name, url in pages.items():
        bump(season)  # any game may have changed (a rename): read whole
        whole, queries = timed(url)
        # one game entered: the kept table reads that game only
        seated = rng.sample(names, 4)
        services.save_game(session, {"players": seated, "points": [40000, 30000, 20000, 10000]},
                           owner)  # fmt: skip
        changed, _queries = timed(url)
        # a player renamed: the games of the name (about 2,000) read again, the
        # ratings carried on under the new name
        new_name = f"Player {len(name)} renamed"
        services.rename_player(club.players.get(name=names[0]), new_name, owner)
        names[0] = new_name
        renamed, _queries = timed(url)
        again = statistics.median(timed(url)[0] for _ in range(5))
        slowest = max(changed, renamed)
        verdict = "met" if again <= GOAL_MS and slowest <= GOAL_MS else (
            "kept pages only" if again <= GOAL_MS else "not met")  # fmt: skip
        verdict = "" if name.startswith("baseline") else verdict
        print(f"{name:<22} {whole:>9.0f} {changed:>10.0f} {renamed:>10.0f} {again:>8.1f} "
              f"{queries:>8} {again / base:>11.0f}  {verdict}")  # fmt: skip
    # a server just started: `seisan serve` keeps the seasons played last before its
    # workers fork, so the first reader is not the one who waits for the season whole
    from seisan.web.clubs import standings as kept  # noqa: PLC0415

    kept._TABLES.clear()
    start = time.perf_counter()
    ready = kept.warm()
    took = time.perf_counter() - start
    # what a full scan of the collector costs a worker with the season kept, and once
    # `seisan serve` has frozen what it made before the fork (the workers' own pauses:
    # at any request, whenever enough new objects have aged)
    import gc  # noqa: PLC0415

    from seisan.web.serve import before_fork  # noqa: PLC0415

    start = time.perf_counter()
    gc.collect()
    scan = time.perf_counter() - start
    before_fork()
    start = time.perf_counter()
    gc.collect()
    frozen = time.perf_counter() - start
    first, queries = timed(pages["standings"])
    print(f"seisan serve's start: {len(ready)} season kept in {took:.1f} s; then the first "
          f"standings request {first:.0f} ms ({queries} queries); a full collection "
          f"{scan:.1f} s with everything kept, {frozen * 1000:.0f} ms once frozen before "
          f"the fork")  # fmt: skip
    gc.unfreeze()


if __name__ == "__main__":
    main()
