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
    '`busted`, `chips` (`{"Ana": 3}`), `winners`, `penalties` (`["Ana:20:late"]`: 20 pt '
    "taken from Ana), `substitute`."
)


class ErrorBody(Schema):
    code: str = Field(description=N_("what went wrong, for a program: invalid, not_found, …"))
    message: str = Field(description=N_("what went wrong, for a person, in their language"))
    field: str | None = Field(description=N_("the field it is about, if any"))


class ErrorOut(Schema):
    error: ErrorBody


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

    seat: int
    name: str
    points: int
    place: int
    score: Pt
    total: Pt
    parts: dict[str, Pt]


class SettleOut(Schema):
    """As `seisan settle --format json`: the rules, each seat's line, spectators,
    every flow of the side bets, and who pays whom (fewest transfers, and everyone
    with first place; in money too when there is a rate)."""

    model_config = ConfigDict(extra="allow")

    rules: dict[str, Any]
    results: list[SeatResult]


class ClubOut(Schema):
    slug: str
    name: str
    kind: str
    currency: str
    role: str = Field(
        description=N_("the token user's role: member, scorer, referee, organiser, owner")
    )


class SeasonOut(Schema):
    id: int
    name: str
    min_games: int
    public: bool
    created: datetime.datetime


class PlayerOut(Schema):
    id: int
    name: str
    guest: bool


class ClubDetailOut(ClubOut):
    seasons: list[SeasonOut]
    players: list[PlayerOut]


class SessionOut(Schema):
    id: int
    season: int
    date: datetime.date
    title: str


class SeasonDetailOut(SeasonOut):
    rules_version: int
    rules: dict[str, Any] = Field(description=N_("as `seisan rules show --format json`"))
    sessions: list[SessionOut]


class StandingOut(Schema):
    place: int
    name: str
    player: int | None
    games: int
    total: Pt = Field(description=N_("exact"))
    average: Pt = Field(description=N_("to the thousandth"))
    average_place: Pt = Field(description=N_("to the thousandth"))
    places: list[int] = Field(description=N_("how often 1st, 2nd, …"))
    busts: int
    best: Pt
    worst: Pt
    money: Pt | None


class TeamStandingOut(Schema):
    place: int
    name: str
    games: int = Field(description=N_("games its members played"))
    total: Pt = Field(description=N_("its members' totals, with its own penalties"))
    penalty: Pt = Field(description=N_("the team's own penalties (and awards)"))
    members: list[StandingOut] = Field(description=N_("place: within the team"))


class SessionIn(Schema):
    model_config = ConfigDict(extra="forbid")

    date: datetime.date
    title: str = Field("", max_length=120)


class SeatOut(Schema):
    seat: int
    name: str
    player: int
    points: int
    place: int
    score: Pt
    total: Pt
    money: Pt | None


class SpectatorOut(Schema):
    name: str
    total: Pt
    money: Pt | None


class GameIn(BaseModel):
    """A game's table, or its hand-by-hand `record`; for an edit, with its `version`."""

    model_config = ConfigDict(extra="allow", strict=True)

    version: int | None = Field(None, description=N_("for an edit: the version it changes"))
    record: dict[str, Any] | None = Field(
        None, description=N_("a hand-by-hand record as `seisan game` reads it")
    )
    players: list[str] | None = None
    points: list[int] | None = None


GameIn.__doc__ = f"A game: {GAME_FIELDS} Or a hand-by-hand `record`; an edit adds `version`."


class GameOut(Schema):
    id: int
    session: int
    number: int
    version: int
    rules_version: int
    game: dict[str, Any] = Field(description=N_("the game as entered (its table, or its record)"))
    hand_by_hand: bool
    seats: list[SeatOut]
    spectators: list[SpectatorOut]
    updated: datetime.datetime


class TransferOut(Schema):
    payer: str
    payee: str
    amount: Pt


class PaymentOut(TransferOut):
    when: datetime.datetime


class LedgerOut(Schema):
    in_money: bool
    due: list[TransferOut] = Field(description=N_("who pays whom for the night's games"))
    open: list[TransferOut] = Field(description=N_("what is still to be paid"))
    paid: list[PaymentOut]


class SessionDetailOut(SessionOut):
    games: list[GameOut]
    ledger: LedgerOut | None


class PlayerSeasonOut(StandingOut):
    season: int
    season_name: str


class PlayerDetailOut(PlayerOut):
    seasons: list[PlayerSeasonOut]


class SeatingOut(Schema):
    session: int
    number: int
    method: str
    seed: int
    tables: list[list[str]]
    sitting_out: list[str]
    repeats: int
    created: datetime.datetime
