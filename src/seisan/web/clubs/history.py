"""The club's history in words: one :class:`~seisan.web.clubs.models.Action` per thing
a person did ("changed game 3 of Friday"), with what changed before → after ("Ana's
points 42600 → 41600") and a link to it, put into words in the reader's language
when shown (the catalogue's templates and their fields are stored, never a rendered
sentence, never JSON or ids on the page).

A field is stored as JSON: text and numbers as they are, ``{"term": KEY}`` for a
catalogue term (a seat: ``seat.0`` is East), ``{"msg": TEMPLATE, "fields": {...}}``
for a sentence inside a sentence (with ``"plural"`` and ``"counted"`` for one that
counts, :func:`seisan.i18n._n`), ``{"pt": "12.5"}`` for a score (+12.5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

from seisan.errors import SeisanError
from seisan.i18n import N_, Lang, Message, Term, _n, name_key, render
from seisan.settlement import format_score
from seisan.sidebets import links
from seisan.transfers import HOUSE
from seisan.web.clubs import models as m

#: what each kind of action says (its fields are stored with it; one that counts is a
#: plural message whose fields are filled when shown)
SAID: dict[str, str | Message] = {
    "club.created": N_("created the club {name}"),
    "game.entered": N_("entered game {number} of {session}"),
    "game.edited": N_("changed game {number} of {session}"),
    "game.deleted": N_("deleted game {number} of {session}"),
    "game.restored": N_("restored game {number} of {session}"),
    "game.resettled": N_("settled game {number} of {session} again under rules version {version}"),
    "game.confirmed": N_("{name} confirmed their result in game {number} of {session}"),
    "player.added": N_("added the player {name}"),
    "player.renamed": N_("renamed the player {old} to {new}"),
    "player.linked": N_("linked the player {name} to the account {email}"),
    "player.unlinked": N_("unlinked the player {name} from their account"),
    "players.merged": N_("merged the guest {a} into {b}"),
    "players.unmerged": N_("undid the merge of {a} into {b}"),
    "member.role": N_("made {email} {role}"),
    "member.removed": N_("removed {email} from the club"),
    "member.invited": N_("invited {name} as {role}"),
    "member.joined": N_("{email} joined as {role} (invited as {name})"),
    "invitation.revoked": N_("revoked the invitation for {name}"),
    "season.created": N_("created the season {season} (rules version 1)"),
    "season.rules": N_("changed the rules of {season}: version {number}"),
    "season.settings": N_("changed the settings of {season}"),
    "season.resettled": _n(
        "settled {count} game of {season} again under rules version {number}",
        "settled {count} games of {season} again under rules version {number}",
        "count",
    ),
    "session.created": N_("started the session {session}"),
    "team.formed": N_("formed the team {team} in {season}"),
    "team.joined": N_("put {name} in the team {team}"),
    "team.left": N_("took {name} out of the team {team}"),
    "team.penalty": N_("gave the team {team} {pt} pt: {reason}"),
    "entry.asked": N_("{name} asked to take part in {season}"),
    "entry.approved": N_("approved {name}'s entry to {season}"),
    "entry.refused": N_("refused {name}'s entry to {season}"),
    "entry.withdrawn": N_("took {name}'s entry to {season} back"),
    "registration.opened": N_("opened the entries of {season}"),
    "registration.closed": N_("closed the entries of {season}"),
    "substitute.set": N_("{by} plays for {name} in {season} from {session} on"),
    "substitute.ended": N_("{name} plays their own seat in {season} again"),
    "game.penalty": N_("gave a penalty in game {number} of {session}"),
    "game.penalty_removed": N_("took back a penalty in game {number} of {session}"),
    "session.published": N_("published the results of {session}"),
    "session.unpublished": N_("took the results of {session} off the public page"),
    "seating.drawn": _n(
        "drew the tables of {session} ({method}): {count} table",
        "drew the tables of {session} ({method}): {count} tables",
        "count",
    ),
    "table.started": N_("started table {number} of {session}: {names}"),
    "table.undone": N_("took back hand {hand} at table {number} of {session}"),
    "table.corrected": N_("corrected hand {hand} at table {number} of {session}"),
    "table.stopped": N_("stopped the game at table {number} of {session}"),
    "session.imported": _n(
        "imported {file} into {season}: {count} game",
        "imported {file} into {season}: {count} games",
        "count",
    ),
    "payment.recorded": N_("recorded that {payer} paid {payee} {amount}"),
    "payment.removed": N_("removed the payment of {amount} from {payer} to {payee}"),
}
CHANGE = N_("{what}: {old} → {new}")
NOTHING = N_("nothing")


def encode(value: object) -> Any:
    """A message field as JSON (see the module's docstring)."""
    if isinstance(value, date):
        return {"day": value.isoformat()}
    if isinstance(value, Message):
        fields = {k: encode(v) for k, v in value.params.items()}
        if value.plural is not None:
            return {"msg": value.template, "plural": value.plural, "counted": value.counted,
                    "fields": fields}  # fmt: skip
        return {"msg": value.template, "fields": fields}
    if isinstance(value, Term):
        return {"term": value.key}
    if isinstance(value, Fraction):
        return {"pt": str(Decimal(value.numerator) / Decimal(value.denominator))}
    if isinstance(value, Decimal):
        return {"pt": str(value)}
    if isinstance(value, list | tuple):
        return [encode(v) for v in value]
    return value


def decode(value: Any, lang: Lang) -> object:
    """A stored field back as a message, term, score, date or text."""
    if isinstance(value, Mapping):
        if "msg" in value:
            fields = {k: decode(v, lang) for k, v in value.get("fields", {}).items()}
            if "plural" in value:
                return _n(str(value["msg"]), str(value["plural"]), str(value["counted"]),
                          **fields)  # fmt: skip
            return Message(str(value["msg"]), **fields)
        if "term" in value:
            return Term(str(value["term"]))
        if "pt" in value:
            return format_score(Fraction(Decimal(str(value["pt"]))))
        if "day" in value:
            from babel.dates import format_date  # noqa: PLC0415

            return str(format_date(date.fromisoformat(value["day"]), "medium", locale=lang.value))
    if isinstance(value, list):
        return [decode(v, lang) for v in value]
    return value


def session_name(session: m.Session) -> object:
    """How the history names a session: its title, or its date in the reader's words."""
    return session.title or session.date


def record(club: m.Club, user: Any, kind: str, **given: Any) -> m.Action:
    """Keep one action in the club's history (``given``: as :func:`action_of` takes)."""
    action = action_of(club, user, kind, **given)
    action.save()
    return action


def action_of(
    club: m.Club,
    user: Any,
    kind: str,
    *,
    changes: Sequence[Message] = (),
    link: Sequence[Any] = (),
    game: m.Game | None = None,
    undo: Mapping[str, Any] | None = None,
    **fields: object,
) -> m.Action:
    """The action :func:`record` keeps, not stored yet (a new game stores it with its
    own rows, in one statement)."""
    assert kind in SAID, kind
    return m.Action(
        club=club,
        who=user if getattr(user, "is_authenticated", False) else None,
        kind=kind,
        fields={k: encode(v) for k, v in fields.items()},
        changes=[encode(c) for c in changes],
        link=list(link),
        game=game,
        undo=dict(undo or {}),
    )


def said(action: m.Action, lang: Lang) -> str:
    """What the action was, in ``lang``."""
    fields = {k: decode(v, lang) for k, v in action.fields.items()}
    if action.kind.startswith("payment."):  # the ledgers' key, in the reader's words (店)
        for key in ("payer", "payee"):  # (kept as the key: no player has the house's name)
            if fields.get(key) == HOUSE:
                fields[key] = Term(HOUSE)
    words = SAID[action.kind]
    return (Message(words, **fields) if isinstance(words, str) else words.fill(**fields)).text(lang)


def changed(action: m.Action, lang: Lang) -> list[str]:
    """Each change of the action, before → after, in ``lang``."""
    out = []
    for item in action.changes:
        value = decode(item, lang)
        out.append(render(value, lang))
    return out


def change(what: object, old: object, new: object) -> Message:
    """``what: old → new`` (nothing where there was or is none)."""
    blank = Message(NOTHING)
    return Message(
        CHANGE,
        what=what,
        old=blank if old in (None, "", [], ()) else old,
        new=blank if new in (None, "", [], ()) else new,
    )


# -- a game's table, before and after ---------------------------------------------------

POINTS = N_("{name}'s points")
SEAT_NAME = N_("who sat {seat}")
DEPOSITS = N_("riichi sticks left on the table")
CHIPS = N_("{name}'s chips")
BUSTED = N_("who busted {name}")
WINNERS = N_("who won a hand (焼き鳥)")
TOTAL = N_("{name}'s total")
MONEY = N_("{name}'s money")
PAIR = N_("{bet} between {a} and {b}")
BACKS = N_("whom {name} backs (外ウマ)")
PENALTIES = N_("penalties")
SUBSTITUTE = N_("substitute")
RULES = N_("rules version")
BET_TERMS = {"sashi": "kind.sashi", "bashin": "kind.bashin", "binta": "kind.binta"}


def _links(value: Any) -> dict[str, Any]:
    """``{a = b}``, ``["a:b"]`` or ``"a:b"`` (as a form, a CSV and a session file give
    them) as one table."""
    try:
        return {str(a): b for a, b in links("", value or {})}
    except SeisanError:  # (a stored table was checked: never here)
        return {}


def _by_name(items: Any) -> dict[str, Any]:
    return {name_key(k): v for k, v in _links(items).items()}


def _pairs(table: Mapping[str, Any], key: str) -> dict[tuple[str, str], str]:
    out = {}
    for item in table.get(key, []) or []:
        parts = str(item).split(":")
        if len(parts) == 3:
            a, b = sorted((parts[0].strip(), parts[1].strip()), key=str.casefold)
            out[(a, b)] = parts[2].strip()
    return out


def game_changes(
    old: Mapping[str, Any],
    new: Mapping[str, Any],
    before: Sequence[Mapping[str, Any]] = (),
    after: Sequence[Mapping[str, Any]] = (),
) -> list[Message]:
    """What an edit changed in a game's table and its settlement, in words: seats,
    points, sticks, chips, busts, 焼き鳥, pair bets, 外ウマ, penalties, substitute,
    then each player's total and money."""
    out: list[Message] = []
    old_names, new_names = list(old["players"]), list(new["players"])  # (every table has)
    for seat in range(max(len(old_names), len(new_names))):
        a = old_names[seat] if seat < len(old_names) else None
        b = new_names[seat] if seat < len(new_names) else None
        if a != b:
            out.append(change(Message(SEAT_NAME, seat=Term(f"seat.{seat}")), a, b))
    old_points = dict(zip(old_names, old.get("points", []), strict=False))
    for seat, name in enumerate(new_names):
        value = new.get("points", [None] * len(new_names))[seat]
        previous = old_points.get(name)
        if previous != value:
            out.append(change(Message(POINTS, name=name), previous, value))
    if old.get("deposits", 0) != new.get("deposits", 0):
        out.append(change(Message(DEPOSITS), old.get("deposits", 0), new.get("deposits", 0)))
    old_chips, new_chips = _chips(old), _chips(new)
    for name in dict.fromkeys([*old_chips, *new_chips]):
        if old_chips.get(name, 0) != new_chips.get(name, 0):
            out.append(change(Message(CHIPS, name=name), old_chips.get(name, 0),
                              new_chips.get(name, 0)))  # fmt: skip
    old_busts, new_busts = _by_name(old.get("busted")), _by_name(new.get("busted"))
    for name in new_names:
        if old_busts.get(name_key(name)) != new_busts.get(name_key(name)):
            out.append(change(Message(BUSTED, name=name), old_busts.get(name_key(name)),
                              new_busts.get(name_key(name))))  # fmt: skip
    if list(old.get("winners") or []) != list(new.get("winners") or []):
        out.append(change(Message(WINNERS), list(old.get("winners") or []),
                          list(new.get("winners") or [])))  # fmt: skip
    for key, term_key in BET_TERMS.items():
        before_pairs, after_pairs = _pairs(old, key), _pairs(new, key)
        for pair in dict.fromkeys([*before_pairs, *after_pairs]):
            if before_pairs.get(pair) != after_pairs.get(pair):
                what = Message(PAIR, bet=Term(term_key), a=pair[0], b=pair[1])
                out.append(change(what, before_pairs.get(pair), after_pairs.get(pair)))
    for key in ("soto", "pool"):
        before_links, after_links = _links(old.get(key)), _links(new.get(key))
        for name in dict.fromkeys([*before_links, *after_links]):
            if before_links.get(name) != after_links.get(name):
                out.append(change(Message(BACKS, name=name), before_links.get(name),
                                  after_links.get(name)))  # fmt: skip
    if list(old.get("penalties") or []) != list(new.get("penalties") or []):
        out.append(change(Message(PENALTIES), _penalties(old.get("penalties")),
                          _penalties(new.get("penalties"))))  # fmt: skip
    if old.get("substitute") != new.get("substitute"):
        out.append(change(Message(SUBSTITUTE), _texts(old.get("substitute")),
                          _texts(new.get("substitute"))))  # fmt: skip
    out += result_changes(before, after)
    return out


def result_changes(
    before: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]]
) -> list[Message]:
    """Each player's total and money, where they changed."""
    out: list[Message] = []
    old = {row["name"]: row for row in before}
    for row in after:
        previous = old.get(row["name"])
        if previous is None:
            continue
        if previous["total"] != row["total"]:
            out.append(change(Message(TOTAL, name=row["name"]), Fraction(previous["total"]),
                              Fraction(row["total"])))  # fmt: skip
        if previous.get("money") != row.get("money"):
            out.append(change(Message(MONEY, name=row["name"]), previous.get("money"),
                              row.get("money")))  # fmt: skip
    return out


def _chips(table: Mapping[str, Any]) -> dict[str, Any]:
    chips = table.get("chips")
    names = list(table["players"])
    if isinstance(chips, Mapping):
        return dict(chips)
    if isinstance(chips, list):
        return dict(zip(names, chips, strict=False))
    return {}


PENALTY = N_("{who}:{reason}")
LIST = N_("{first}; {rest}")


def _penalties(value: Any) -> object:
    """A game's penalties as the history shows them: ``Ana:20:chombo`` with the chombo
    in the reader's words (``Ana:20:チョンボ``); a reason the scorer typed as typed."""
    if not isinstance(value, list) or not value:
        return _texts(value)
    items: list[object] = []
    for item in value:
        text = _texts(item)
        chombo = text.endswith(":chombo")
        items.append(Message(PENALTY, who=text.removesuffix(":chombo"), reason=Term("chombo"))
                     if chombo else text)  # fmt: skip
    joined = items[0]
    for item in items[1:]:  # "; " between them, as every other list of the history
        joined = Message(LIST, first=joined, rest=item)
    return joined


def _texts(value: Any) -> str:
    if value is None:  # (an empty text or list is written empty as it is)
        return ""
    if isinstance(value, list):
        return "; ".join(_texts(v) for v in value)
    if isinstance(value, Mapping):
        return ":".join(str(v) for v in value.values())
    return str(value)
