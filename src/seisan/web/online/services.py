"""An online league's games from their logs, in two steps.

:func:`read_logs` reads each file (Tenhou's mjlog or tenhou.net/6 JSON, a Mahjong
Soul record, mjai's JSON lines; gzip or plain), checks it against its own numbers
under the rules the log states (every hand's points, the final points and pt), then
replays it under the season's rules, which must give the same points hand by hand:
what the season settles is what was played. A file that fails, or a log already in
the club, is refused with why; the others wait in an :class:`Upload` for the names
nobody has told yet.

:func:`import_upload` remembers the names given (each online name is a club player
from then on) and stores the games, one session a day the logs were played, each
with its hand-by-hand record and its log's id."""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from seisan.errors import SeisanError
from seisan.explain import RULE_VALUES
from seisan.games import GameRecord, record_from_dict
from seisan.i18n import Lang, _, name_key
from seisan.ledger import game_result
from seisan.logs import check, made_up_seats, parse_log, sniff, text_of
from seisan.web.clubs import files, history
from seisan.web.clubs import models as m
from seisan.web.clubs.services import EntryError, check_name, player_named, rules_of
from seisan.web.online.models import GameLog, OnlineName, Upload

log = logging.getLogger(__name__)
MAX_FILES = 500  #: files in one upload (more: several uploads)
MAX_UPLOAD_BYTES = 100 * 1024 * 1024  #: all files of one upload together
KEPT = timedelta(days=1)  #: an upload not imported is forgotten after this
_TENHOU_DATE = re.compile(r"^(\d{4})(\d{2})(\d{2})\d{2}gm-")
_MAJSOUL_DATE = re.compile(r"^(\d{2})(\d{2})(\d{2})-[0-9a-f]{8}-")


class OnlineError(EntryError):
    """A name or an upload the import cannot take: names the field."""


def pasted_logs(text: str, lang: str) -> list[tuple[str, bytes]]:
    """tenhou.net/6 JSON pasted from log pages, one after another: each a log, named
    in ``lang``'s words."""
    text = text.strip()
    if not text:
        return []
    decoder = json.JSONDecoder()
    found: list[tuple[str, bytes]] = []
    at = 0
    while at < len(text):
        try:
            _value, end = decoder.raw_decode(text, at)
        except (ValueError, RecursionError):  # (nested past Python's depth: the reader
            # refuses it in words, as it does an upload of the same bytes)
            found.append((_name_of_paste(len(found) + 1, lang), text[at:].encode()))
            break  # read as it is: the reader says what is wrong with it
        found.append((_name_of_paste(len(found) + 1, lang), text[at:end].encode()))
        at = end
        while at < len(text) and text[at] in " \t\r\n,":
            at += 1
    return found


def _name_of_paste(number: int, lang: str) -> str:
    return _("pasted log {number}", number=number).text(lang)


def read_logs(season: m.Season, uploads: Sequence[tuple[str, bytes]], user: Any) -> Upload:
    """Every file read and checked (see the module): an :class:`Upload` holding the
    games ready and the files refused, with why in each language."""
    if len(uploads) > MAX_FILES:
        raise OnlineError(_("{count} files at once, more than {most}: upload them in "
                            "several parts", count=len(uploads), most=MAX_FILES),
                          "files")  # fmt: skip
    if sum(len(raw) for _name, raw in uploads) > MAX_UPLOAD_BYTES:
        raise OnlineError(_("the files are larger than {most} MB together: upload them in "
                            "several parts", most=MAX_UPLOAD_BYTES // (1024 * 1024)),
                          "files")  # fmt: skip
    if not uploads:
        raise OnlineError(_("choose log files, or paste a log"), "files")
    version = season.rules
    rules = rules_of(version)
    known = _known_logs(season.club)
    ready: list[dict[str, Any]] = []
    refused: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    for filename, raw in uploads:
        try:
            files.check_size(len(raw))
            game = _read(filename, raw, rules)
            keys = (game["log_id"], game["fingerprint"])
            earlier = next((seen[k] for k in keys if k in seen), None)
            if earlier is not None:
                raise SeisanError(_("the same game as {file}", file=earlier))
            there = next((known[k] for k in keys if k in known), None)
            if there is not None:
                raise SeisanError(_("already imported: {game}", game=there))
        except SeisanError as err:  # kept in every language: whoever reads the page
            refused.append({"file": filename,
                            "problem": {str(x): err.message.text(x) for x in Lang}})  # fmt: skip
            continue
        except (
            LookupError,
            TypeError,
            ValueError,
            AttributeError,
            ArithmeticError,
            RecursionError,
        ):  # a reader's own fault: the file is refused, not the page
            log.exception("reading %s", filename)
            said = _("seisan could not read this log (a fault of seisan's): please report it "
                     "with the file")  # fmt: skip
            refused.append({"file": filename, "problem": {str(x): said.text(x) for x in Lang}})
            continue
        seen[game["log_id"]] = seen[game["fingerprint"]] = filename
        ready.append(game)
    Upload.objects.filter(created__lt=timezone.now() - KEPT).delete()
    by = user if getattr(user, "is_authenticated", False) else None
    return Upload.objects.create(season=season, rules=version, created_by=by, games=ready,
                                 refused=refused)  # fmt: skip


def _known_logs(club: m.Club) -> dict[str, str]:
    """The club's logs of games not deleted: each id and fingerprint → the game, as a
    player would name it."""
    found = GameLog.objects.filter(club=club, game__deleted__isnull=True)
    known = {}
    for log in found.select_related("game__session__season"):
        session = log.game.session
        label = f"{session.season.name} · {session.date.isoformat()} #{log.game.number}"
        known[log.log_id] = known[log.fingerprint] = label
    return known


def _read(filename: str, raw: bytes, rules: Any) -> dict[str, Any]:
    """One file as a game ready to import: its record under the season's rules (the
    online names as its players), its id, its date, its own final points."""
    text = text_of(raw, filename)
    kind = sniff(text)
    logged = parse_log(text, filename, named=False)  # under the rules the log states
    check(logged)
    record = logged.record
    if kind == "tenhou" and record.rules.name.startswith("mahjongsoul"):
        kind = "majsoul"  # tenhou.net/6 JSON converted from Mahjong Soul
    if record.rules.players != rules.players:
        raise SeisanError(_("a game of {players} players; the season's rules are for "
                            "{count}", players=record.rules.players,
                            count=rules.players))  # fmt: skip
    ours_length, its_length = rules.game.length.value, record.rules.game.length.value
    if ours_length != its_length:
        raise SeisanError(_("the game is {game}; the season's rules play {season}",
                            game=_(RULE_VALUES[f"game.length={its_length}"]),
                            season=_(RULE_VALUES[f"game.length={ours_length}"])))  # fmt: skip
    made_up = [seat + 1 for seat in made_up_seats(record.names)]
    if made_up:  # the readers' names for seats a log leaves unnamed or names alike
        raise SeisanError(_("the log names no player of its own at seat {seat} (two seats of "
                            "one name, or none): each player needs their own",
                            seat=made_up[0]))  # fmt: skip
    for name in record.names:
        if len(name) > OnlineName._meta.get_field("name").max_length:  # type: ignore[operator]
            raise SeisanError(_("the online name “{name}” is too long", name=name[:20] + "…"))
    ours = GameRecord(rules, record.names, record.hands)
    under = replace(logged, record=ours, final_pt=())  # the season's uma and oka are its own
    try:
        check(under)
    except SeisanError as err:
        raise SeisanError(_("the season's rules give other points than the game had under "
                            "its own rules ({own}): {problem}", own=record.rules,
                            problem=err.message)) from None  # fmt: skip
    data = ours.to_dict()
    data.pop("rules", None)  # the season's rules settle it
    data.pop("title", None)
    game = json.dumps({"players": data["players"], "hands": data["hands"]}, sort_keys=True)
    fingerprint = hashlib.sha256(game.encode()).hexdigest()  # any file name, any format
    log_id = logged.game_id if kind != "mjai" and logged.game_id else ""
    return {
        "file": filename,
        "kind": kind,
        "log_id": log_id or "sha256:" + fingerprint,
        "fingerprint": fingerprint,
        "date": _date_of(log_id),
        "rules": record.rules.name,
        "rules_title": {str(x): record.rules.title(x) for x in Lang},
        "names": list(record.names),
        "final": list(logged.final_points),
        "record": data,
    }


def _date_of(log_id: str) -> str:
    """The day a log was played, from its id (Tenhou's 2009022022gm-…, Mahjong Soul's
    250913-…), ISO; "" when the id does not say."""
    found = _TENHOU_DATE.match(log_id)
    if found:
        year, month, day = (int(x) for x in found.groups())
    else:
        found = _MAJSOUL_DATE.match(log_id)
        if not found:
            return ""
        year, month, day = (int(x) for x in found.groups())
        year += 2000
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return ""


def remembered(club: m.Club, names: Sequence[str]) -> dict[str, m.Player]:
    """The club's player of each online name told before (a merged guest followed to
    the player it became)."""
    found = OnlineName.objects.filter(club=club, name__in=list(names)).select_related("player")
    out = {}
    for row in found:
        player = row.player
        while player.merged_into_id is not None:
            player = player.merged_into  # type: ignore[assignment]
        out[row.name] = player
    return out


def unknown_names(upload: Upload) -> list[str]:
    """The online names of the upload's games that nobody has told yet, in order of
    appearance."""
    names = list(dict.fromkeys(n for g in upload.games for n in g["names"]))
    known = remembered(upload.season.club, names)
    return [n for n in names if n not in known]


def told_names(club: m.Club, unknown: Sequence[str], form: Mapping[str, str]) -> dict[str, str]:
    """Who each online name nobody told yet is, from the review's form: a player chosen
    (``#12``), or the name typed for a new one. Each row names the online name it asks
    about (``name_0``…): when another import has told one since the page was shown,
    the rows no longer match and the form is refused, never read row by row against
    other names. A new name typed beside a chosen player is refused, not dropped
    (which was meant cannot be told), unless it is the online name as offered or the
    player's own name."""
    told: dict[str, str] = {}
    changed = _("the names to tell have changed since the page was shown: look at them again")
    if form.get(f"name_{len(unknown)}") is not None:  # one told since, from the end
        raise OnlineError(changed, "")
    for index, name in enumerate(unknown):
        asked = form.get(f"name_{index}")
        if asked is not None and asked != name:
            raise OnlineError(changed, "")
        choice = form.get(f"who_{index}", "new")
        typed = form.get(f"new_{index}", "")
        if choice == "new":
            told[name] = typed
            continue
        player = _chosen(club, choice)
        if player is None:  # (a player's id, as the page offers them)
            raise OnlineError(_("the club has no such player for “{name}”", name=name), name)
        if typed.strip() and name_key(typed) not in (name_key(name), name_key(player.name)):
            both = _("“{name}”: a player is chosen and a new name typed (“{typed}”): choose "
                     "“A new player, named:” for the new name, or clear the name",
                     name=name, typed=typed.strip())  # fmt: skip
            raise OnlineError(both, name)
        told[name] = choice
    return told


def import_upload(upload: Upload, told: Mapping[str, str], user: Any, lang: str) -> list[m.Session]:
    """The upload's games stored (see the module). ``told`` gives each unknown online
    name its player: a player's id (``#12``), or the name of a new one. All or nothing;
    the sessions are titled in ``lang``'s words."""
    season = upload.season
    club = season.club
    if not upload.games:
        raise OnlineError(_("no game is ready to import"), "")
    version = season.rules
    if upload.rules is None or upload.rules.toml != version.toml:  # (the same rules saved
        # again are the same) checked under other rules: what was played may differ
        raise OnlineError(_("the season's rules have changed since these logs were read: "
                            "read them again"), "")  # fmt: skip
    unknown = unknown_names(upload)
    for name in unknown:
        if not told.get(name):
            raise OnlineError(_("say who “{name}” is", name=name), name)
    rules = rules_of(version)
    with transaction.atomic():
        _remember(club, {name: told[name] for name in unknown})  # a name known stays
        players = remembered(club, [n for g in upload.games for n in g["names"]])
        by_day: dict[str, list[tuple[dict[str, Any], Any, Any, dict[str, Any]]]] = {}
        for game in upload.games:
            names = tuple(players[n].name for n in game["names"])
            if len(set(name_key(n) for n in names)) != len(names):
                twice = [o for o, n in zip(game["names"], names, strict=True)
                         if [name_key(x) for x in names].count(name_key(n)) > 1]  # fmt: skip
                raise OnlineError(_("{names} are one player in {file}: a game needs each "
                                    "seat its own player", names=twice,
                                    file=game["file"]), twice[0])  # fmt: skip
            record = replace(record_from_dict(game["record"], rules), names=names)
            try:
                played = record.play()  # as checked when read: the same rules, the same end
            except SeisanError as err:
                raise SeisanError(err.within(game["file"])) from None
            assert played.settlement is not None
            data = record.to_dict(played.lines)
            data.pop("rules", None)
            result = game_result(played.settlement)
            day = game["date"] or timezone.localdate().isoformat()
            by_day.setdefault(day, []).append(({"players": list(names)}, data, result, game))
        sessions = []
        known = _known_logs(club)
        for day in sorted(by_day):
            settled = by_day[day]
            for *_x, game in settled:
                there = known.get(game["log_id"]) or known.get(game["fingerprint"])
                if there is not None:  # imported by someone else since it was read
                    raise OnlineError(_("{file} is already imported: {game}", file=game["file"],
                                        game=there), "")  # fmt: skip
            title = _("online games").text(lang)
            session = files.store_games(season, version, title, user,
                                        [(t, d, r) for t, d, r, _g in settled],
                                        date.fromisoformat(day))  # fmt: skip
            stored = list(session.games.order_by("number"))
            back = Q(log_id__in=[g["log_id"] for *_x, g in settled])
            back |= Q(fingerprint__in=[g["fingerprint"] for *_x, g in settled])
            GameLog.objects.filter(back, club=club, game__deleted__isnull=False).delete()
            try:
                with transaction.atomic():
                    GameLog.objects.bulk_create([
                        GameLog(club=club, log_id=g["log_id"], fingerprint=g["fingerprint"],
                                game=game, kind=g["kind"], filename=g["file"][:255],
                                final_points=g["final"])
                        for game, (*_x, g) in zip(stored, settled, strict=True)
                    ])  # fmt: skip
            except IntegrityError:
                raise OnlineError(_("another import took some of these logs at the same "
                                    "moment: nothing was imported; read the files again"),
                                  "") from None  # fmt: skip
            history.record(club, user, "session.imported", file=title, season=season.name,
                           count=len(settled), link=["clubs:session", [session.pk]])  # fmt: skip
            sessions.append(session)
        upload.delete()
    return sessions


def _chosen(club: m.Club, choice: str) -> m.Player | None:
    """The club's player a choice names (``#`` and their id), or None."""
    digits = choice[1:]
    if not (choice.startswith("#") and digits.isascii() and digits.isdigit() and len(digits) < 19):
        return None
    return club.players.filter(pk=int(digits), merged_into__isnull=True).first()


def _remember(club: m.Club, told: Mapping[str, str]) -> None:
    """Each name told kept as its player: ``#`` and an existing player's id, or the name
    of a new player."""
    for online, who in told.items():
        if who.startswith("#"):
            found = _chosen(club, who)
            if found is None:
                raise OnlineError(_("the club has no such player for “{name}”", name=online),
                                  online)  # fmt: skip
            player = found
        else:
            clean = " ".join(who.split())
            if not clean:
                raise OnlineError(_("say who “{name}” is", name=online), online)
            check_name(clean, online)
            player = player_named(club, clean)
        OnlineName.objects.update_or_create(club=club, name=online,
                                            defaults={"player": player})  # fmt: skip
