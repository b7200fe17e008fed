"""A tournament's desk, in the club's terms: entries players ask for and organisers
approve (参加登録), the check-in of a round (受付) the seating draws from, substitutes
for a player who left (代走), a referee's penalties and chombo on any game, and the
round's results published for anyone with the season's link. Every change is kept in
the club's history; an error changes nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from seisan.errors import SeisanError
from seisan.i18n import _, name_key
from seisan.web.clubs import history
from seisan.web.clubs import models as m
from seisan.web.clubs.entry import MOST_ROWS, penalty_item
from seisan.web.clubs.services import check_name, player_named, rules_of, save_game
from seisan.web.events.models import CheckIn, Registration, Substitution
from seisan.web.events.services import WHOLE_ID

Status = Registration.Status


def _clean(data: Mapping[str, Any], key: str) -> str:
    return " ".join(str(data.get(key, "")).split())


def _id(data: Mapping[str, Any], key: str) -> int | None:
    text = str(data.get(key, ""))
    return int(text) if WHOLE_ID.fullmatch(text) else None


# -- entries (参加登録) --------------------------------------------------------------------


def ask(season: m.Season, user: Any, name: str) -> Registration:
    """A signed-in player asks to take part under ``name``: the organiser approves or
    refuses. Asking again changes the name of an entry not yet decided."""
    name = " ".join(name.split())
    if not season.registration_open:
        raise SeisanError(_("the entries to {season} are closed", season=season.name))
    if not name:
        raise SeisanError(_("give the name you play under"))
    check_name(name, "name")
    mine = season.registrations.filter(user=user).first()
    if mine is not None and mine.status != Status.PENDING:
        return mine  # decided: the organiser changes it, not the player
    taken = _("someone entered {season} as {name} already: add something that tells you "
              "apart", season=season.name, name=name)  # fmt: skip
    others = m.same_name(season.registrations.all(), name)
    if mine is not None:
        others = others.exclude(pk=mine.pk)
    if others.exists():
        raise SeisanError(taken)
    if mine is not None and mine.name == name:
        return mine  # asked again, the same: nothing new
    try:
        with transaction.atomic():
            if mine is None:
                mine = Registration.objects.create(season=season, user=user, name=name)
            else:
                mine.name = name
                mine.save(update_fields=["name"])
    except IntegrityError:  # the same name or account twice at once
        raise SeisanError(taken) from None
    history.record(season.club, user, "entry.asked", name=name, season=season.name,
                   link=["clubs:events:entries", [season.pk]])  # fmt: skip
    return mine


def _approve(entry: Registration, user: Any) -> None:
    """The entry's player: the asker's own player when their account has one in the
    club (whatever name they typed), else the club's player of that name, or a new
    guest. Only a player made now is linked to the asker's account: an existing
    guest of the same name is somebody the organiser knows, not proof of who asks."""
    club = entry.season.club
    account = entry.user
    own = (club.players.filter(user=account, merged_into__isnull=True).first()
           if account is not None else None)  # fmt: skip
    if own is not None:
        player = own
    else:
        check_name(entry.name, "name")  # (an entry made before a name was refused)
        began = timezone.now()
        player = player_named(club, entry.name)
        made_now = player.created >= began  # not a guest someone else entered before
        if account is not None and made_now and player.user_id is None:
            player.user = account
            player.save(update_fields=["user"])
            history.record(club, user, "player.linked", name=player.name, email=account.email,
                           link=["clubs:player", [player.pk]])  # fmt: skip
    entry.player = player
    entry.status = Status.APPROVED
    entry.save(update_fields=["player", "status"])


def entry_action(season: m.Season, data: Mapping[str, Any], user: Any) -> None:
    """An organiser's change to the entries: ``open`` or ``close`` them, ``add`` a
    player (approved at once: a walk-in), ``approve``, ``refuse`` or ``withdraw``
    the ``entry``."""
    club = season.club
    link = ["clubs:events:entries", [season.pk]]
    action = data.get("action")
    if action in ("open", "close"):
        season.registration_open = action == "open"
        season.save(update_fields=["registration_open"])
        kind = "registration.opened" if action == "open" else "registration.closed"
        history.record(club, user, kind, season=season.name, link=link)
        return
    if action == "add":
        name = _clean(data, "name")
        if not name:
            raise SeisanError(_("give the player's name"))
        check_name(name, "name")
        on_list = _("{name} is on the list already", name=name)
        if m.same_name(season.registrations.all(), name).exists():
            raise SeisanError(on_list)
        try:
            with transaction.atomic():
                entry = Registration.objects.create(season=season, name=name)
                _approve(entry, user)
        except IntegrityError:  # the same name added twice at once
            raise SeisanError(on_list) from None
        history.record(club, user, "entry.approved", name=entry.name, season=season.name,
                       link=link)  # fmt: skip
        return
    found = season.registrations.filter(pk=_id(data, "entry") or 0).first()
    if found is None or action not in ("approve", "refuse", "withdraw"):
        raise SeisanError(_("choose what to change"))
    with transaction.atomic():
        if action == "approve":
            _approve(found, user)
            kind = "entry.approved"
        elif action == "refuse":
            found.status = Status.REFUSED
            found.save(update_fields=["status"])
            kind = "entry.refused"
        else:
            found.delete()
            kind = "entry.withdrawn"
        history.record(club, user, kind, name=found.name, season=season.name, link=link)


def takes_entries(season: m.Season) -> bool:
    """Whether the season is run on entries: they are open, or someone is approved
    (a pending or refused entry alone does not close a club night's door)."""
    return season.registration_open or season.registrations.filter(
        status=Status.APPROVED).exists()  # fmt: skip


def entered(season: m.Season) -> list[m.Player] | None:
    """The approved entries' players, by name; None when the season takes no entries
    (a club night: every player of the club may sit down)."""
    if not takes_entries(season):
        return None
    rows = (m.Player.objects.filter(registrations__season=season,
                                    registrations__status=Status.APPROVED,
                                    merged_into__isnull=True)
            .order_by("name").distinct())  # fmt: skip
    return list(rows)


# -- check-in (受付) and substitutes (代走) ----------------------------------------------


def substitutes(session: m.Session) -> dict[str, str]:
    """Whose seat someone else plays on this night: {player: substitute} (no query for
    a night read knowing that its season has none: ``substituted`` false)."""
    if getattr(session, "substituted", None) is False:
        return {}
    rows = (Substitution.objects.filter(season_id=session.season_id)
            .select_related("player", "by", "since"))  # fmt: skip
    return {s.player.name: s.by.name for s in rows
            if (session.date, session.pk) >= (s.since.date, s.since.pk)}  # fmt: skip


def present(session: m.Session) -> list[str]:
    """The players checked in for the night, by name."""
    return list(session.check_ins.order_by("player__name").values_list("player__name", flat=True))


def check_in_action(session: m.Session, data: Mapping[str, Any], user: Any) -> None:
    """A change at the desk: check ``player`` ``in`` or ``out`` (by id), or by ``name``
    (a club night's new guest); ``substitute``: ``by`` plays ``player``'s seat from
    this night on; ``back``: ``player`` plays their own seat again."""
    season = session.season
    club = season.club
    action = data.get("action")
    allowed = entered(season)
    player: m.Player | None
    if action == "in" and _clean(data, "name") and allowed is None:
        name = _clean(data, "name")
        check_name(name, "name")
        player = player_named(club, name)
    else:
        player = club.players.filter(pk=_id(data, "player") or 0, merged_into__isnull=True).first()
    if player is None:
        raise SeisanError(_("choose a player"))
    if allowed is not None and action == "in" and player not in allowed:
        raise SeisanError(_("{name} has no approved entry to {season}", name=player.name,
                            season=season.name))  # fmt: skip
    link = ["clubs:events:check_in", [session.pk]]
    if action == "in":
        standing = Substitution.objects.filter(season=season, by=player).first()
        if standing is not None:  # (checked in besides: two seats at one table)
            raise SeisanError(_("{name} plays {other}'s seat: put {other} back in their seat "
                                "first", name=player.name, other=standing.player.name))  # fmt: skip
        CheckIn.objects.get_or_create(session=session, player=player)
    elif action == "out":
        session.check_ins.filter(player=player).delete()
    elif action == "substitute":
        name = _clean(data, "by")
        if not name:
            raise SeisanError(_("who plays in their place?"))
        check_name(name, "by")
        by = player_named(club, name)
        if by.pk == player.pk:
            raise SeisanError(_("{name} cannot stand in for themselves", name=player.name))
        if Substitution.objects.filter(season=season, player=by).exists():
            raise SeisanError(_("{name} left {season}: choose someone else",
                                name=by.name, season=season.name))  # fmt: skip
        covers = Substitution.objects.filter(season=season, by=by).exclude(player=player)
        if covers.exists():
            raise SeisanError(_("{name} plays another player's seat already: choose someone "
                                "else", name=by.name))  # fmt: skip
        if Substitution.objects.filter(season=season, by=player).exists():
            raise SeisanError(_("{name} plays another player's seat: put that player back in "
                                "their seat first", name=player.name))  # fmt: skip
        if session.check_ins.filter(player=by).exists():  # (checked in to play their own
            # seat tonight: they had sat twice at one table, in it and in the one they played)
            raise SeisanError(_("{name} plays in their own seat: a substitute is someone "
                                "without one", name=by.name))  # fmt: skip
        with transaction.atomic():
            Substitution.objects.update_or_create(
                season=season, player=player, defaults={"by": by, "since": session}
            )
            CheckIn.objects.get_or_create(session=session, player=player)
        history.record(club, user, "substitute.set", name=player.name, by=by.name,
                       season=season.name, session=history.session_name(session),
                       link=link)  # fmt: skip
    elif action == "back":
        gone, _count = Substitution.objects.filter(season=season, player=player).delete()
        if gone:
            history.record(club, user, "substitute.ended", name=player.name, season=season.name,
                           link=link)  # fmt: skip
    else:
        raise SeisanError(_("choose what to change"))


def with_substitute(session: m.Session, table: Mapping[str, Any]) -> dict[str, Any]:
    """A new game's table with the night's substitute marked (``A:B``: B played A's
    seat) when one of its players has one and the table names none (names in any
    case; not when B sits at the table too: then A played). Two at one table is an
    error: a game has one substitute seat (docs/decisions.md)."""
    out = dict(table)
    if out.get("substitute"):
        return out
    subs = {name_key(name): by for name, by in substitutes(session).items()}
    names = [n for n in out.get("players") or [] if isinstance(n, str)]
    here = {name_key(n) for n in names}
    seated = [n for n in names if name_key(n) in subs and name_key(subs[name_key(n)])
              not in here]  # fmt: skip
    if len(seated) > 1:
        raise SeisanError(_("{names} are both played by substitutes: a game has one "
                            "substitute seat; put one of them back in their seat on the "
                            "check-in page, or enter the substitute on the form",
                            names=list(seated)))  # fmt: skip
    if seated:
        out["substitute"] = f"{seated[0]}:{subs[name_key(seated[0])]}"
    return out


# -- the referee (審判) -------------------------------------------------------------------


def penalty_action(game: m.Game, data: Mapping[str, Any], user: Any) -> None:
    """A referee's decision on a game: ``add`` a ``chombo`` or a ``penalty`` (``pt``,
    ``reason``) to ``player`` (a name at the table), or ``remove`` the penalty at
    ``index``. The game is settled again, as an edit is, from ``version``."""
    rules = rules_of(game.rules)
    source = dict(game.record) if game.record is not None else dict(game.data)
    names = list(game.seats.order_by("seat").values_list("player__name", flat=True))
    listed = list(source.get("penalties") or [])
    action = data.get("action")
    if action == "add":
        name = _clean(data, "player")
        if name not in names:
            raise SeisanError(_("choose a player of this game"))
        if len(listed) >= MOST_ROWS:  # what the game's edit form shows
            raise SeisanError(_("a game has at most {most} penalties", most=MOST_ROWS))
        kind = str(data.get("kind", ""))  # "chombo", or a penalty
        if kind not in ("chombo", "penalty"):  # (an unknown one had been a penalty)
            raise SeisanError(_("not one of the choices"))
        listed.append(penalty_item(name, kind, str(data.get("pt", "")).strip(),
                                   _clean(data, "reason"), rules))  # fmt: skip
    elif action == "remove":
        index = _id(data, "index")
        if index is None or index >= len(listed):
            raise SeisanError(_("choose what to change"))
        del listed[index]
    else:
        raise SeisanError(_("choose what to change"))
    if listed:
        source["penalties"] = listed
    else:
        source.pop("penalties", None)
    version = _id(data, "version")
    kind = "game.penalty" if action == "add" else "game.penalty_removed"
    if game.record is not None:
        save_game(game.session, game.data, user, game=game, version=version, record=source,
                  kind=kind)  # fmt: skip
    else:
        save_game(game.session, source, user, game=game, version=version, kind=kind)


def publish(session: m.Session, on: bool, user: Any) -> None:
    """Put the night's results on the public page (or take them off)."""
    session.published = on
    session.save(update_fields=["published"])
    history.record(session.season.club, user, "session.published" if on else
                   "session.unpublished", session=history.session_name(session),
                   link=["clubs:session", [session.pk]])  # fmt: skip
