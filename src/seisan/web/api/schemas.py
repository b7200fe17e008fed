"""What the API reads and answers, as its OpenAPI schema describes it. pt and money
are exact decimals written as JSON numbers (``62.6``, never ``62.599999``)."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Annotated, Any

from ninja import Schema
from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from seisan.i18n import N_

#: a pt or money value: exact, written as a JSON number (62.6), never as text
Pt = Annotated[Decimal, WithJsonSchema({"type": "number"})]

#: a preset's name or a rules object, told apart where the rules are read (a number
#: there is "give a preset name or a rules object", not the union's "rules.str: give a
#: text"); described to clients as the union it is
RulesSpec = Annotated[
    Any, WithJsonSchema({"anyOf": [{"type": "string"}, {"type": "object"}, {"type": "null"}]})
]

#: the side bets and extras a game may carry, as in a session file
GAME_FIELDS = N_(
    "`players` (names in seat order, East first), `points` (final points, whole), "
    "`deposits` (riichi sticks left on the table), and as the rules allow: `sashi`, "
    '`bashin`, `binta` (`["Ana:Ben:10000"]`), `soto` and `pool` (`{"Eve": "Chie"}`), '
    '`busted`, `chips` (`{"Ana": 3, "Ben": -3}`), `winners`, `penalties` (`["Ana:20:late"]`: 20 pt '
    "taken from Ana), `substitute`."
)


class ErrorBody(Schema):
    code: str = Field(description=N_("what went wrong, for a program: invalid, not_found, …"))
    message: str = Field(description=N_("what went wrong, for a person, in their language"))
    field: str | None = Field(description=N_("the field it is about, if any"))


class ErrorOut(Schema):
    error: ErrorBody = Field(description=N_("what went wrong"))


class ConflictOut(ErrorOut):
    current: dict[str, Any] = Field(description=N_("the game as it is now"))


class SettleIn(BaseModel):
    """A game to settle: its rules, and the game as a session file writes it."""

    model_config = ConfigDict(extra="allow", strict=True)

    rules: RulesSpec = Field(
        None, description=N_('a preset name ("mleague") or a rules object; none: the plain base')
    )
    changes: dict[str, Any] | None = Field(
        None,
        description=N_(
            "what seisan settle's options change: players, start, return, uma, "
            'rounding, ties, side, money ({"money": {"rate": 50}})'
        ),
    )
    points: list[int] = Field(description=N_("final points in seat order (East first)"))
    players: list[str] | None = Field(None, description=N_("names in seat order"))
    deposits: int = Field(0, ge=0, description=N_("riichi sticks left on the table at the end"))


SettleIn.__doc__ = f"A game to settle: its `rules`, and {GAME_FIELDS}"


class SeatResult(Schema):
    model_config = ConfigDict(extra="allow")

    seat: int = Field(description=N_("the seat, 0 for East (the first dealer, 起家)"))
    name: str = Field(description=N_("the player's name"))
    points: int = Field(description=N_("final points"))
    place: int = Field(description=N_("1 for first; players level under split ties share it"))
    score: Pt = Field(description=N_("pt: the points' share, oka, uma and penalties"))
    total: Pt = Field(description=N_("pt: the score and the side bets"))
    parts: dict[str, Pt] = Field(
        description=N_("the score's parts in pt: points, rounding, oka, uma, balance, penalty")
    )


class SettleOut(Schema):
    """As `seisan settle --format json`: `rules`, `results` (each seat's line; with side
    bets its `side`, with a rate its `money` and `fee`), `spectators`, `flows` (every
    flow of the side bets), who pays whom in `transfers` (the fewest) and `jansou`
    (everyone with first place), with a rate `money_transfers` and `money_jansou`, and
    the fees' total for the `house`."""

    model_config = ConfigDict(extra="allow")

    rules: dict[str, Any] = Field(
        description=N_("the rules the game was settled under, as `seisan rules show --format json`")
    )
    results: list[SeatResult] = Field(description=N_("each seat's line, East first"))


class ClubOut(Schema):
    slug: str = Field(description=N_("the club's short name in its address (`/c/slug/`)"))
    name: str = Field(description=N_("the club's name"))
    kind: str = Field(description=N_("what the club is: `circle`, `jansou` or `league`"))
    currency: str = Field(description=N_("what its money is counted in"))
    role: str = Field(
        description=N_("the token user's role: member, scorer, referee, organiser, owner")
    )


class SeasonOut(Schema):
    id: int = Field(description=N_("the season's number in the API"))
    name: str = Field(description=N_("the season's name"))
    min_games: int = Field(description=N_("games a player needs to be placed in the standings"))
    public: bool = Field(description=N_("whether its standings have a public page"))
    created: datetime.datetime = Field(description=N_("when it was made"))


class PlayerOut(Schema):
    id: int = Field(description=N_("the player's number in the API"))
    name: str = Field(description=N_("the player's name"))
    guest: bool = Field(description=N_("whether a guest, not a member"))


class ClubDetailOut(ClubOut):
    seasons: list[SeasonOut] = Field(description=N_("its seasons, newest first"))
    players: list[PlayerOut] = Field(description=N_("its players"))


class SessionOut(Schema):
    id: int = Field(description=N_("the night's number in the API"))
    season: int = Field(description=N_("its season's number"))
    date: datetime.date = Field(description=N_("the day it was played"))
    title: str = Field(description=N_("its title, if any"))


class SeasonDetailOut(SeasonOut):
    rules_version: int = Field(
        description=N_("the version of the season's rules (each change is one)")
    )
    rules: dict[str, Any] = Field(description=N_("as `seisan rules show --format json`"))
    sessions: list[SessionOut] = Field(description=N_("its nights"))


class StandingOut(Schema):
    place: int = Field(description=N_("1 for the best; players level share it"))
    name: str = Field(description=N_("the player's name"))
    player: int | None = Field(description=N_("the player's number in the API"))
    games: int = Field(description=N_("games played"))
    total: Pt = Field(description=N_("pt, exact: the games' totals added"))
    average: Pt = Field(description=N_("to the thousandth"))
    average_place: Pt = Field(description=N_("to the thousandth"))
    places: list[int] = Field(description=N_("how often 1st, 2nd, …"))
    busts: int = Field(description=N_("games ended below zero"))
    best: Pt = Field(description=N_("the best game's score"))
    worst: Pt = Field(description=N_("the worst game's score"))
    money: Pt | None = Field(description=N_("money won (negative: lost), with a rate"))


class TeamStandingOut(Schema):
    place: int = Field(description=N_("1 for the best; teams level share it"))
    name: str = Field(description=N_("the team's name"))
    games: int = Field(description=N_("games its members played"))
    total: Pt = Field(description=N_("its members' totals, with its own penalties"))
    penalty: Pt = Field(description=N_("the team's own penalties (and awards)"))
    members: list[StandingOut] = Field(description=N_("place: within the team"))


class SessionIn(Schema):
    model_config = ConfigDict(extra="forbid")

    date: datetime.date = Field(description=N_("the day it is played"))
    title: str = Field("", max_length=120, description=N_("a title, if any"))


class SeatOut(Schema):
    seat: int = Field(description=N_("the seat, 0 for East (the first dealer, 起家)"))
    name: str = Field(description=N_("the player's name as the club knows them"))
    player: int = Field(description=N_("the player's number in the API"))
    points: int = Field(description=N_("final points"))
    place: int = Field(description=N_("1 for first"))
    score: Pt = Field(description=N_("pt"))
    total: Pt = Field(description=N_("pt with the side bets"))
    money: Pt | None = Field(description=N_("money, with a rate"))


class SpectatorOut(Schema):
    name: str = Field(description=N_("the spectator's name"))
    total: Pt = Field(description=N_("pt their bets won (negative: lost)"))
    money: Pt | None = Field(description=N_("money, with a rate"))


class GameIn(BaseModel):
    """A game's table, or its hand-by-hand `record`; for an edit, with its `version`."""

    model_config = ConfigDict(extra="allow", strict=True)

    version: int | None = Field(None, description=N_("for an edit: the version it changes"))
    record: dict[str, Any] | None = Field(
        None, description=N_("a hand-by-hand record as `seisan game` reads it")
    )
    players: list[str] | None = Field(None, description=N_("names in seat order, East first"))
    points: list[int] | None = Field(None, description=N_("final points in seat order"))


GameIn.__doc__ = f"A game: {GAME_FIELDS} Or a hand-by-hand `record`; an edit adds `version`."


class GameOut(Schema):
    id: int = Field(description=N_("the game's number in the API"))
    session: int = Field(description=N_("its night's number"))
    number: int = Field(description=N_("its number within the night"))
    version: int = Field(description=N_("1 when entered, one more at each change"))
    rules_version: int = Field(description=N_("the version of the rules it was settled under"))
    game: dict[str, Any] = Field(description=N_("the game as entered (its table, or its record)"))
    hand_by_hand: bool = Field(description=N_("whether it was entered hand by hand (a record)"))
    seats: list[SeatOut] = Field(description=N_("each seat's line, East first"))
    spectators: list[SpectatorOut] = Field(description=N_("spectators' bets (外ウマ)"))
    updated: datetime.datetime = Field(description=N_("when it last changed"))


class TransferOut(Schema):
    payer: str = Field(description=N_("who pays"))
    payee: str = Field(description=N_("who is paid"))
    amount: Pt = Field(description=N_("pt, or money with a rate"))


class PaymentOut(TransferOut):
    when: datetime.datetime = Field(description=N_("when it was marked paid"))


class LedgerOut(Schema):
    in_money: bool = Field(
        description=N_("whether the amounts are money (the rules have a rate) or pt")
    )
    due: list[TransferOut] = Field(description=N_("who pays whom for the night's games"))
    open: list[TransferOut] = Field(description=N_("what is still to be paid"))
    paid: list[PaymentOut] = Field(description=N_("payments marked as made"))


class SessionDetailOut(SessionOut):
    games: list[GameOut] = Field(description=N_("its games in order"))
    ledger: LedgerOut | None = Field(description=N_("who pays whom; `null` before the first game"))


class PlayerSeasonOut(StandingOut):
    season: int = Field(description=N_("the season's number"))
    season_name: str = Field(description=N_("the season's name"))


class PlayerDetailOut(PlayerOut):
    seasons: list[PlayerSeasonOut] = Field(
        description=N_("the player's line in each season they played in")
    )


class SeatingOut(Schema):
    session: int = Field(description=N_("the night's number"))
    number: int = Field(description=N_("the draw's number within the night"))
    method: str = Field(
        description=N_("how it was drawn: `shuffled`, `swiss`, `interval`, `teams` or `script`")
    )
    seed: int = Field(description=N_("the draw's seed (the same seed, the same tables)"))
    tables: list[list[str]] = Field(
        description=N_("each table's players in seat order, East first")
    )
    sitting_out: list[str] = Field(description=N_("who sits out this round"))
    repeats: int = Field(description=N_("pairs of players meeting again this season"))
    created: datetime.datetime = Field(description=N_("when it was drawn"))
