"""The API's operations (``/api/``; the schema at ``/api/openapi.json``, its reference
page at ``/api/docs``: :mod:`seisan.web.api.reference`). Thin: each one checks access
with :func:`~seisan.web.clubs.access.club_for`, then asks the core (settling) or the
club's services (storing), as the pages do."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError
from ninja.errors import ValidationError as NinjaValidationError
from ninja.security import HttpBearer

from seisan.errors import PointsError, SeisanError
from seisan.i18n import N_, Lang, _, _n, plain_text, term
from seisan.pt import pt_value
from seisan.rules import Rules
from seisan.stats import placed, shared_places
from seisan.web.accounts.tokens import api_user
from seisan.web.api import schemas as s
from seisan.web.api.errors import (
    ApiError,
    ExactRenderer,
    error_response,
    json_response,
    validation_error,
)
from seisan.web.api.idempotency import HEADER, answer_statement, idempotent, kept
from seisan.web.api.reference import Reference
from seisan.web.clubs import models as m
from seisan.web.clubs import money, reads, services
from seisan.web.clubs.access import (
    MAX_ID,
    can_edit_game,
    club_for,
    club_time,
    role_needed,
)
from seisan.web.clubs.middleware import web_lang
from seisan.web.clubs.standings import season_standings, season_table


class TokenAuth(HttpBearer):
    """``Authorization: Bearer seisan_…``: a token made on the profile page."""

    def authenticate(self, request: HttpRequest, token: str) -> Any:
        user = api_user(token)
        if user is None:
            return None
        request.user = user
        return user


#: what the API is, at the head of its schema and of its page (``/api/docs``)
ABOUT = N_(
    "Settle riichi mahjong games exactly, and keep a club's seasons, nights and games. "
    "`POST /api/settle` needs no account; everything else takes a personal token "
    "(`Authorization: Bearer …`, made on the profile page) and the same roles as the "
    "pages: a member's to read, a scorer's to enter. Writes take an `Idempotency-Key`; "
    'errors are `{"error": {"code", "message", "field"}}` in the `Accept-Language` '
    "language."
)

api = NinjaAPI(
    title="seisan",
    version="1",
    description=ABOUT,
    docs=Reference(),
    urls_namespace="api",
    auth=TokenAuth(),
    renderer=ExactRenderer(),
)


# -- errors -----------------------------------------------------------------------------


@api.exception_handler(ApiError)
def _api_error(request: HttpRequest, err: ApiError) -> HttpResponse:
    return error_response(err, request)


@api.exception_handler(SeisanError)
def _seisan_error(request: HttpRequest, err: SeisanError) -> HttpResponse:
    # the field as the error's source named it (never guessed from its words)
    return error_response(ApiError(400, "invalid", err.message, err.field or None), request)


@api.exception_handler(NinjaValidationError)
def _validation(request: HttpRequest, err: NinjaValidationError) -> HttpResponse:
    return error_response(validation_error(list(err.errors)), request)


@api.exception_handler(AuthenticationError)
def _unauthorised(request: HttpRequest, err: AuthenticationError) -> HttpResponse:
    return error_response(
        ApiError(401, "unauthorized",
                 _("give a valid API token: Authorization: Bearer <token> (made on your "
                   "profile page)")),
        request,
    )  # fmt: skip


@api.exception_handler(PermissionDenied)
def _forbidden(request: HttpRequest, err: PermissionDenied) -> HttpResponse:
    return error_response(
        ApiError(403, "forbidden", _("your role in this club does not allow this")), request
    )


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, err: Http404) -> HttpResponse:
    return error_response(ApiError(404, "not_found", _("not found")), request)


@api.exception_handler(RequestDataTooBig)
def _too_big(request: HttpRequest, err: RequestDataTooBig) -> HttpResponse:
    return error_response(ApiError(413, "too_large", _("this request is too large")), request)


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, err: HttpError) -> HttpResponse:
    if err.status_code == 404:
        return _not_found(request, Http404())
    return error_response(
        ApiError(err.status_code, "invalid_request", _("this request cannot be read")), request
    )


# -- helpers ----------------------------------------------------------------------------

#: the errors every operation may answer (a path that names nothing is 404; a path or
#: body of the wrong type, 422), and those of a write
READ: dict[int, Any] = {401: s.ErrorOut, 403: s.ErrorOut, 404: s.ErrorOut, 422: s.ErrorOut}
WRITE: dict[int, Any] = {**READ, 400: s.ErrorOut, 409: s.ErrorOut}

_THOUSANDTH = Decimal("0.001")


def _exact(value: Fraction) -> int | Decimal:
    """A pt or money value as written (every stored value has a finite decimal form)."""
    return pt_value(value)


def _rounded(value: Fraction) -> Decimal:
    """An average or a rate, to the thousandth (half up)."""
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        _THOUSANDTH, rounding=ROUND_HALF_UP
    )


def _id(value: int) -> int:
    if value < 1 or value > MAX_ID:
        raise Http404
    return value


def _club(request: HttpRequest, slug: str, needed: str = m.Role.MEMBER) -> m.Club:
    club, _role = club_for(request.user, slug, needed)
    return club


def _rate_limited(request: HttpRequest) -> None:
    """At most ``SEISAN_API_SETTLE_RATE`` settlements a minute from one address."""
    limit = int(getattr(settings, "SEISAN_API_SETTLE_RATE", 0) or 0)
    if limit <= 0:
        return
    import time  # noqa: PLC0415

    from seisan.web.accounts.adapter import AccountAdapter  # noqa: PLC0415

    # the client's address as the sign-in limits read it (SEISAN_TRUSTED_PROXIES)
    key = f"api-settle:{AccountAdapter().get_client_ip(request)}:{int(time.time() // 60)}"
    cache.add(key, 0, 120)
    try:
        count = cache.incr(key)
    except ValueError:
        count = 1
    if count > limit:
        raise ApiError(429, "rate_limited",
                       _("too many settlements from your address: at most {limit} a minute",
                         limit=limit))  # fmt: skip


# -- settling without an account --------------------------------------------------------


def _rules(spec: object, changes: Mapping[str, Any] | None) -> Rules:
    """Rules of a request: a preset's name or a rules object (never a file), with the
    ``changes`` the command line's options make (``{"money": {"rate": 50}}``)."""
    from seisan.presets import find_preset, rules_from_data, with_changes  # noqa: PLC0415

    if spec is None:
        base = Rules()
    elif isinstance(spec, str):
        base = find_preset(spec)
    elif isinstance(spec, Mapping):
        base = rules_from_data(spec)
    else:
        raise ApiError(422, "invalid_request", _("rules: give a preset name or a rules object"),
                       "rules")  # fmt: skip
    rules = with_changes(base, changes or {}, named=isinstance(spec, str))
    rules.check_whole()  # whole now: what does nothing would be dropped in silence
    return rules


def _game_table(body: Mapping[str, Any], rules: Rules, lang: Lang) -> dict[str, Any]:
    """The request as a session file's game: the seats' names when none are given."""
    table = dict(body)
    points = table.get("points")
    if "players" not in table and isinstance(points, list):
        if len(points) != rules.players:  # (the names made up here are not to blame)
            raise PointsError(_n("{rules} is for {players} players, got {count} score",
                                 "{rules} is for {players} players, got {count} scores", "count",
                                 rules=rules, players=rules.players, count=len(points)),
                              field="points")  # fmt: skip
        table["players"] = [term(f"seat.{seat}", lang) for seat in range(len(points))]
    return table


@api.post(
    "/settle", auth=None,
    response={200: s.SettleOut, 400: s.ErrorOut, 422: s.ErrorOut, 429: s.ErrorOut},
    summary=N_("Settle one game"), tags=["settle"],
)  # fmt: skip
def settle(request: HttpRequest, body: s.SettleIn) -> HttpResponse:
    """Final points → places, scores (pt), side bets and money, exactly as
    `seisan settle --format json` gives them. The body is a game as a session file
    writes it (players, points, deposits, sashi, soto, chips…) with its rules: a
    preset's name or a rules object (`{"extends": "mleague", "uma": [20, 10, -10, -20]}`),
    and `changes` as the command line's options make them (`{"money": {"rate": 50}}`)."""
    _rate_limited(request)
    data = body.model_dump(exclude_unset=True)
    rules = _rules(data.pop("rules", None), data.pop("changes", None))
    table = _game_table(data, rules, web_lang())
    services.check_winners(table, rules)
    result = services.settle_data(table, rules)
    return json_response(result.to_dict())


# -- reading a club ---------------------------------------------------------------------


@api.get(
    "/clubs", response={200: list[s.ClubOut], **READ}, tags=["clubs"], summary=N_("Your clubs")
)
def clubs(request: HttpRequest) -> list[dict[str, Any]]:
    """The clubs the token's user belongs to, with their role."""
    user: Any = request.user
    rows = m.Membership.objects.filter(user=user).select_related("club")
    return [_club_out(r.club, r.role) for r in rows.order_by("club__name")]


def _club_out(club: m.Club, role: str) -> dict[str, Any]:
    return {"slug": club.slug, "name": club.name, "kind": club.kind,
            "currency": club.currency, "role": role}  # fmt: skip


@api.get(
    "/clubs/{slug}", response={200: s.ClubDetailOut, **READ},
    tags=["clubs"], summary=N_("A club"),
)  # fmt: skip
def club(request: HttpRequest, slug: str) -> dict[str, Any]:
    """A club, its seasons and its players."""
    found, role = club_for(request.user, slug, m.Role.MEMBER)
    seasons = [_season_out(x) for x in found.seasons.order_by("-created")]
    players = [_player_out(p) for p in found.players.filter(merged_into__isnull=True)]
    return {**_club_out(found, role), "seasons": seasons, "players": players}


def _season_out(season: m.Season) -> dict[str, Any]:
    return {"id": season.pk, "name": season.name, "min_games": season.min_games,
            "public": season.public, "created": season.created}  # fmt: skip


def _player_out(player: m.Player) -> dict[str, Any]:
    return {"id": player.pk, "name": player.name, "guest": player.is_guest}


def _season(request: HttpRequest, slug: str, pk: int, needed: str = m.Role.MEMBER) -> m.Season:
    club_ = _club(request, slug, needed)
    found = get_object_or_404(club_.seasons, pk=_id(pk))
    found.club = club_
    return found


@api.get(
    "/clubs/{slug}/seasons/{pk}", response={200: s.SeasonDetailOut, **READ},
    tags=["seasons"], summary=N_("A season"),
)  # fmt: skip
def season(request: HttpRequest, slug: str, pk: int) -> dict[str, Any]:
    """A season: its rules now (as `seisan rules show --format json`) and its nights."""
    found = _season(request, slug, pk)
    version = found.rules
    sessions = [_session_out(x) for x in found.sessions.all()]
    return {**_season_out(found), "rules_version": version.number,
            "rules": services.rules_of(version).to_dict(), "sessions": sessions}  # fmt: skip


def _session_out(session: m.Session) -> dict[str, Any]:
    return {"id": session.pk, "season": session.season_id, "date": session.date,
            "title": session.title}  # fmt: skip


@api.get(
    "/clubs/{slug}/seasons/{pk}/standings",
    response={200: list[s.StandingOut], **READ},
    tags=["seasons"], summary=N_("A season's standings"),
)  # fmt: skip
def standings(request: HttpRequest, slug: str, pk: int) -> list[dict[str, Any]]:
    """The season's standings (players with at least the season's minimum of games),
    best first, as the season page shows them."""
    found = _season(request, slug, pk)
    with club_time(found.club):
        rows = season_standings(found)
    players = season_table(found).lines.players
    return [_standing_out(place, row, players.get(row.name)) for place, row in
            placed(rows)]  # fmt: skip


@api.get(
    "/clubs/{slug}/seasons/{pk}/teams",
    response={200: list[s.TeamStandingOut], **READ},
    tags=["seasons"], summary=N_("A season's team standings"),
)  # fmt: skip
def team_standings(request: HttpRequest, slug: str, pk: int) -> list[dict[str, Any]]:
    """A team event's standings: each team's total (its members' totals, with the
    team's own penalties), best first, with its members' lines."""
    from seisan.web.events.services import season_teams  # noqa: PLC0415

    found = _season(request, slug, pk)
    ranked, _teams = season_teams(found)
    players = season_table(found).lines.players
    return [{"place": place, "name": row.name, "games": row.games, "total": _exact(row.total),
             "penalty": _exact(row.penalty),
             "members": [_standing_out(n, x, players.get(x.name))
                         for n, x in placed(row.members)]}
            for place, row in zip(shared_places(ranked, lambda t: t.total), ranked,
                                  strict=True)]  # fmt: skip


def _standing_out(place: int, row: Any, player: int | None) -> dict[str, Any]:
    return {
        "place": place, "name": row.name, "player": player, "games": row.games,
        "total": _exact(row.total), "average": _rounded(row.average),
        "average_place": _rounded(row.average_place), "places": list(row.places),
        "busts": row.busts, "best": _exact(row.best), "worst": _exact(row.worst),
        "money": None if row.money is None else _exact(row.money),
    }  # fmt: skip


@api.post(
    "/clubs/{slug}/seasons/{pk}/sessions",
    response={201: s.SessionOut, 200: s.SessionOut, **WRITE},
    tags=["sessions"], summary=N_("Start a night"),
)  # fmt: skip
def new_session(request: HttpRequest, slug: str, pk: int, body: s.SessionIn) -> HttpResponse:
    """A new night of the season (a scorer's right, as on the season page)."""
    found = _season(request, slug, pk, m.Role.SCORER)
    _plain_texts({"title": body.title})

    def run() -> HttpResponse:
        from seisan.web.clubs import history  # noqa: PLC0415

        title = " ".join(body.title.split())  # (as the page keeps it: "   " is no title)
        session = m.Session.objects.create(season=found, date=body.date, title=title)
        history.record(found.club, request.user, "session.created",
                       session=history.session_name(session),
                       link=["clubs:session", [session.pk]])  # fmt: skip
        return json_response(_session_out(session), 201)

    return idempotent(request, run)


def _session(request: HttpRequest, slug: str, pk: int, needed: str = m.Role.MEMBER) -> m.Session:
    """The night ``pk`` of the club ``slug``, read in one query with its season, its
    club, the user's role there and whether its season has substitutes (a game entered
    reads none of these again: :func:`seisan.web.clubs.reads.night`)."""
    try:
        found = reads.night(slug, _id(pk), request.user)
    except Http404:  # an id out of range: as for any night, the club and role first
        found = None
    if found is None:
        _club(request, slug, needed)  # no such club (404), or not the user's (403)
        raise Http404
    role_needed(getattr(found, "role", None), needed)
    return found


@api.get(
    "/clubs/{slug}/sessions/{pk}",
    response={200: s.SessionDetailOut, **READ},
    tags=["sessions"], summary=N_("A night"),
)  # fmt: skip
def session(request: HttpRequest, slug: str, pk: int) -> dict[str, Any]:
    """A night: its games (as stored and settled) and its ledger, payments counted."""
    found = _session(request, slug, pk)
    games = (
        found.games.filter(deleted__isnull=True)
        .select_related("rules")
        .prefetch_related("seats__player")
    )
    return {**_session_out(found), "games": [_game_out(g) for g in games],
            "ledger": _ledger_out(found)}  # fmt: skip


def _ledger_out(session: m.Session) -> dict[str, Any] | None:
    ledger = money.session_ledger(session)
    if ledger is None:
        return None

    def rows(transfers: Any) -> list[dict[str, Any]]:
        return [{"payer": t.payer, "payee": t.payee, "amount": _exact(t.amount)} for t in transfers]

    return {
        "in_money": ledger.in_money,
        "due": rows(ledger.due),
        "open": rows(ledger.rows),
        # (who paid whom as the ledger names them now: “ＺＥＤ” for a payment recorded
        # to “zed”, once the game that wrote “zed” first is gone)
        "paid": [{"payer": t.payer, "payee": t.payee, "amount": p.amount, "when": p.paid}
                 for p, t in ledger.recorded],
    }  # fmt: skip


def _game_out(game: m.Game) -> dict[str, Any]:
    """A game as the API shows it, the same read back or as just saved (its seats'
    decimals are stored to the thousandth: :func:`~seisan.web.clubs.services.seat_rows`):
    its table's keys and its spectators in one order (PostgreSQL's jsonb keeps keys in
    an order of its own)."""
    seats = sorted(game.seats.all(), key=lambda x: x.seat)
    watched = sorted((game.spectators or {}).items())
    return {
        "id": game.pk, "session": game.session_id, "number": game.number,
        "version": game.version, "rules_version": game.rules.number,
        "game": _in_order(game.record if game.record is not None else game.data),
        "hand_by_hand": game.record is not None,
        "seats": [{"seat": x.seat, "name": x.player.name, "player": x.player_id,
                   "points": x.points, "place": x.place, "score": x.score, "total": x.total,
                   "money": x.money} for x in seats],
        "spectators": [{"name": name, "total": Decimal(v["total"]),
                        "money": None if v.get("money") is None else Decimal(v["money"])}
                       for name, v in watched],
        "updated": game.updated,
    }  # fmt: skip


def _in_order(value: Any) -> Any:
    """JSON with every object's keys sorted (the table as entered, in one order)."""
    if isinstance(value, dict):
        return {key: _in_order(value[key]) for key in sorted(value)}
    if isinstance(value, list):
        return [_in_order(item) for item in value]
    return value


MAX_TEXT = 120  #: a title or a label (as the pages keep them)


def _plain_texts(data: Any, field: str = "") -> None:
    """Every text of a request is printable and of a sensible length: a NUL byte or a
    control character is refused here (PostgreSQL would refuse it with a server error)."""
    if isinstance(data, str):
        if not plain_text(data) or len(data) > 10 * MAX_TEXT:
            raise ApiError(422, "invalid_request",
                           _("{field}: letters, digits and signs only, at most {most}",
                             field=field or "text", most=10 * MAX_TEXT), field or None)  # fmt: skip
    elif isinstance(data, dict):
        for key, value in data.items():
            _plain_texts(str(key), field)
            _plain_texts(value, f"{field}.{key}" if field else str(key))
    elif isinstance(data, list):
        for n, value in enumerate(data):
            _plain_texts(value, f"{field}.{n}")


def _table_of(body: s.GameIn) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The stored form of a game in a request: a table (players, points, bets…) or a
    hand-by-hand record (``{"record": {...}}``)."""
    data = body.model_dump(exclude_unset=True, exclude={"version"})
    record = data.pop("record", None)
    _plain_texts(data)
    if record is not None:
        if data:
            raise ApiError(422, "invalid_request",
                           _("give a game's table or its record, not both"), "record")  # fmt: skip
        _plain_texts(record, "record")
        if isinstance(record, dict) and "rules" in record:
            raise ApiError(422, "invalid_request",
                           _("record.rules: a game is settled under its season's rules: leave "
                             "rules out of the record"), "record.rules")  # fmt: skip
        return {}, record
    return data, None


@api.post(
    "/clubs/{slug}/sessions/{pk}/games",
    response={201: s.GameOut, 200: s.GameOut, **WRITE},
    tags=["games"], summary=N_("Enter a game"),
)  # fmt: skip
def new_game(request: HttpRequest, slug: str, pk: int, body: s.GameIn) -> HttpResponse:
    """Enter a game of the night, settled under the season's rules now: its table as a
    session file writes it (`players`, `points`, `deposits`, `sashi`, `chips`…), or a
    hand-by-hand `record` as `seisan game` reads it. With an `Idempotency-Key`, a
    retry returns the first answer and stores nothing new."""
    found = _session(request, slug, pk, m.Role.SCORER)
    data, record = _table_of(body)
    if data.get("winners"):
        services.check_winners(data, services.rules_of(found.season.rules))

    key = request.headers.get(HEADER)  # the game's own key too: stored once even if the
    scoped = _game_key(request, key) if key else None  # first request's worker died after it

    def run() -> HttpResponse:
        rules_now = getattr(found, "rules_now", None)  # read with the night
        answered: list[HttpResponse] = []

        def also(game: m.Game) -> tuple[str, list[Any]] | None:
            """The answer, stored with the game in its statement (PostgreSQL)."""
            answered.append(json_response(_game_out(game), 201))
            return answer_statement(request, answered[0])

        try:
            game, created = services.save_game(
                found, data, request.user, record=record, key=scoped, kind="game.entered",
                rules_version=rules_now, also=also,
            )  # fmt: skip
        except SeisanError as err:
            if record is not None:  # the record's field, as the request names it
                err.field = f"record.{err.field}" if err.field else "record"
            raise
        if created and answered:  # committed with the game, in its statement
            return kept(answered[0])
        # stored now: as it is in memory; found stored before (a resent key): as stored
        return json_response(_game_out(game if created else _fresh(game)),
                             201 if created else 200)  # fmt: skip

    return idempotent(request, run)


def _game_key(request: HttpRequest, key: str) -> str:
    """The game's idempotency key for an API key: the user's and theirs, hashed (the
    column holds 100 characters; the header may have as many)."""
    import hashlib  # noqa: PLC0415

    return "api:" + hashlib.sha256(f"{request.user.pk}:{key}".encode()).hexdigest()[:48]


#: a game's seats with their players, in one query
_SEATS = Prefetch("seats", queryset=m.Seat.objects.select_related("player"))


def _fresh(game: m.Game) -> m.Game:
    return m.Game.objects.select_related("rules").prefetch_related(_SEATS).get(pk=game.pk)


def _game(request: HttpRequest, slug: str, pk: int, needed: str = m.Role.MEMBER) -> m.Game:
    club_ = _club(request, slug, needed)
    return get_object_or_404(
        m.Game.objects.select_related("rules", "session").prefetch_related(_SEATS),
        pk=_id(pk), session__season__club=club_, deleted__isnull=True,
    )  # fmt: skip


@api.get(
    "/clubs/{slug}/games/{pk}",
    response={200: s.GameOut, **READ},
    tags=["games"], summary=N_("A game"),
)  # fmt: skip
def game(request: HttpRequest, slug: str, pk: int) -> dict[str, Any]:
    """A game as stored, with its `version` (an edit says which version it changes)."""
    return _game_out(_game(request, slug, pk))


@api.put(
    "/clubs/{slug}/games/{pk}",
    response={200: s.GameOut, **WRITE, 409: s.ConflictOut},
    tags=["games"], summary=N_("Correct a game"),
)  # fmt: skip
def edit_game(request: HttpRequest, slug: str, pk: int, body: s.GameIn) -> HttpResponse:
    """Correct a game: the whole game again, with the `version` it was read at. When
    someone else changed it since, nothing is stored: `409` with the game as it is now."""
    found = _game(request, slug, pk, m.Role.SCORER)
    role = club_for(request.user, slug, m.Role.SCORER)[1]
    if not can_edit_game(request.user, role, found):  # the pages' rule: a scorer their own
        raise PermissionDenied
    if body.version is None:
        problem = _("version: give the version of the game you changed")
        raise ApiError(422, "invalid_request", problem, "version")
    data, record = _table_of(body)
    if data.get("winners"):
        services.check_winners(data, services.rules_of(found.rules))
    if found.record is not None or record is not None:
        problem = _("a hand-by-hand record is changed by importing it again")
        raise ApiError(422, "invalid_request", problem, "record")

    def run() -> HttpResponse:
        try:
            game_, _created = services.save_game(found.session, data, request.user, game=found,
                                                 version=body.version, record=record)  # fmt: skip
        except services.Conflict as err:
            current = _game_out(_fresh(found))
            raise ApiError(409, "conflict", err.message, "version", current=current) from None
        return json_response(_game_out(game_))

    return idempotent(request, run)


@api.get(
    "/clubs/{slug}/players/{pk}",
    response={200: s.PlayerDetailOut, **READ},
    tags=["players"], summary=N_("A player"),
)  # fmt: skip
def player(request: HttpRequest, slug: str, pk: int) -> dict[str, Any]:
    """A player's line in each season of the club they played in."""
    club_ = _club(request, slug)
    found = get_object_or_404(club_.players, pk=_id(pk), merged_into__isnull=True)
    seasons = []
    played = club_.seasons.filter(sessions__games__seats__player=found).distinct()
    for season_ in played.order_by("-created"):
        table = season_table(season_)
        rows = {row.name: (place, row) for place, row in placed(table.everyone)}
        if found.name in rows:
            place, row = rows[found.name]
            seasons.append({"season": season_.pk, "season_name": season_.name,
                            **_standing_out(place, row, found.pk)})  # fmt: skip
    return {**_player_out(found), "seasons": seasons}


@api.get(
    "/clubs/{slug}/sessions/{pk}/seating",
    response={200: s.SeatingOut, **READ},
    tags=["sessions"], summary=N_("A night's seating"),
)  # fmt: skip
def seating(request: HttpRequest, slug: str, pk: int) -> dict[str, Any]:
    """The night's tables as drawn (the draw that stands), seats in order from East."""
    from seisan.web.events.models import Seating  # noqa: PLC0415

    found = _session(request, slug, pk)
    drawn = Seating.objects.filter(session=found).order_by("-number").first()
    if drawn is None:
        raise ApiError(404, "not_found", _("no tables have been drawn for this night yet"))
    return {"session": found.pk, "number": drawn.number, "method": drawn.method,
            "seed": drawn.seed, "tables": drawn.tables, "sitting_out": drawn.sitting_out,
            "repeats": drawn.repeats, "created": drawn.created}  # fmt: skip
