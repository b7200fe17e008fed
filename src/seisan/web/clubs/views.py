"""Views: thin. Each finds what the URL names, checks the role, and hands the numbers
over from :mod:`seisan.web.clubs.services` (that is, from the core)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from seisan.errors import SeisanError
from seisan.explain import explain, ordinal
from seisan.i18n import N_
from seisan.pt import pt_value
from seisan.stats import head_to_head, running, standings
from seisan.web.clubs import charts, services
from seisan.web.clubs import models as m
from seisan.web.clubs.access import club_view, ctx, number, role_in
from seisan.web.clubs.forms import (
    ROLE_LABELS,
    ClubForm,
    GameForm,
    ImportForm,
    MemberForm,
    PlayerForm,
    RulesForm,
    SeasonForm,
    SessionForm,
    words,
)
from seisan.web.clubs.middleware import web_lang


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "clubs/landing.html", ctx(request))
    memberships = m.Membership.objects.filter(user=request.user).select_related("club")
    return render(
        request,
        "clubs/home.html",
        ctx(request, memberships=memberships, form=ClubForm(), role_labels=ROLE_LABELS),
    )


def create_club(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect(f"{reverse('account_login')}?next={request.path}")
    form = ClubForm(request.POST or None, initial={"currency": "JPY"})
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            club = form.save()
            m.Membership.objects.create(club=club, user=request.user, role=m.Role.OWNER)
        return redirect("clubs:club", slug=club.slug)
    return render(request, "clubs/club_new.html", ctx(request, form=form))


# -- club -------------------------------------------------------------------------------


@club_view(m.Role.MEMBER)
def club_page(request: HttpRequest, club: m.Club) -> HttpResponse:
    return render(
        request,
        "clubs/club.html",
        ctx(
            request,
            club,
            seasons=club.seasons.all(),
            players=club.players.filter(merged_into__isnull=True),
            memberships=club.memberships.select_related("user"),
            player_form=PlayerForm(),
            member_form=MemberForm(),
            role_labels=ROLE_LABELS,
        ),
    )


@require_POST
@club_view(m.Role.SCORER)
def add_player(request: HttpRequest, club: m.Club) -> HttpResponse:
    form = PlayerForm(request.POST)
    if form.is_valid():
        name = " ".join(form.cleaned_data["name"].split())
        if club.players.filter(name__iexact=name, merged_into__isnull=True).exists():
            messages.error(request, words(N_("{name} is already a player here"), name=name))
        else:
            m.Player.objects.create(club=club, name=name)
            messages.success(request, words(N_("{name} added"), name=name))
    return redirect("clubs:club", slug=club.slug)


@require_POST
@club_view(m.Role.ORGANISER)
def merge_players(request: HttpRequest, club: m.Club) -> HttpResponse:
    """A duplicate guest becomes the player it always was: their games move over."""
    source = get_object_or_404(club.players, pk=number(request.POST, "source"), merged_into=None)
    target = get_object_or_404(club.players, pk=number(request.POST, "target"), merged_into=None)
    if source.pk == target.pk or not source.is_guest:
        messages.error(request, words(N_("only a guest can be merged into another player")))
        return redirect("clubs:club", slug=club.slug)
    try:
        services.merge_players(source, target)
    except SeisanError as err:
        messages.error(request, err.message.text(web_lang()))
        return redirect("clubs:club", slug=club.slug)
    messages.success(request, words(N_("{a} merged into {b}"), a=source.name, b=target.name))
    return redirect("clubs:club", slug=club.slug)


@require_POST
@club_view(m.Role.ORGANISER)
def link_player(request: HttpRequest, club: m.Club) -> HttpResponse:
    """A player is a member's account at the table: they may confirm their results."""
    player = get_object_or_404(club.players, pk=number(request.POST, "player"), merged_into=None)
    membership = club.memberships.filter(pk=number(request.POST, "member", 0)).first()
    if membership is None:
        player.user = None
    else:
        taken = club.players.filter(user=membership.user, merged_into=None).exclude(pk=player.pk)
        if taken.exists():
            text = words(N_("{email} already plays here as {name}"),
                         email=membership.user.email, name=taken[0].name)  # fmt: skip
            messages.error(request, text)
            return redirect("clubs:club", slug=club.slug)
        player.user = membership.user
    player.save()
    messages.success(request, words(N_("saved")))
    return redirect("clubs:club", slug=club.slug)


@require_POST
@club_view(m.Role.ORGANISER)
def set_member(request: HttpRequest, club: m.Club) -> HttpResponse:
    """Give an account a role in the club (the owner's role stays with the owner)."""
    form = MemberForm(request.POST)
    if not form.is_valid():
        messages.error(request, words(N_("give the email of an account and a role")))
        return redirect("clubs:club", slug=club.slug)
    user = get_user_model().objects.filter(email__iexact=form.cleaned_data["email"]).first()
    if user is None:
        messages.error(request, words(N_("no account has this email: ask them to sign up first")))
        return redirect("clubs:club", slug=club.slug)
    role = form.cleaned_data["role"]
    is_owner = m.role_at_least(getattr(request, "club_role", None), m.Role.OWNER)
    current = role_in(user, club)
    if m.Role.OWNER in (role, current) and not is_owner:
        raise PermissionDenied
    owners = club.memberships.filter(role=m.Role.OWNER).exclude(user=user).count()
    if current == m.Role.OWNER and role != m.Role.OWNER and owners == 0:
        messages.error(request, words(N_("a club keeps at least one owner: make someone else "
                                         "owner first")))  # fmt: skip
        return redirect("clubs:club", slug=club.slug)
    m.Membership.objects.update_or_create(club=club, user=user, defaults={"role": role})
    messages.success(request, words(N_("{email} is now {role}"), email=user.email,
                                    role=words(ROLE_LABELS[role])))  # fmt: skip
    return redirect("clubs:club", slug=club.slug)


MODEL_LABELS = {
    "Game": N_("game"), "Seat": N_("result"), "Season": N_("season"), "Player": N_("player"),
    "Membership": N_("role"), "Session": N_("session"), "Payment": N_("payment"),
}  # fmt: skip
CHANGE_LABELS = {"+": N_("created"), "~": N_("changed"), "-": N_("deleted")}
FIELD_LABELS = {
    "data": N_("game table"), "record": N_("hand record"), "points": N_("points"),
    "place": N_("place"), "score": N_("score"), "total": N_("total"), "money": N_("money"),
    "deleted": N_("deleted"), "version": N_("version"), "name": N_("name"), "role": N_("role"),
    "public": N_("public"), "min_games": N_("games needed"), "confirmed": N_("confirmed"),
    "player": N_("player"), "rules": N_("rules"), "spectators": N_("spectators"),
    "merged_into": N_("merged into"), "user": N_("account"), "title": N_("title"),
    "date": N_("date"), "amount": N_("amount"), "payer": N_("from"), "payee": N_("to"),
}  # fmt: skip


def _shown(value: Any) -> str:
    """A stored value as a person reads it (JSON for tables, not Python's repr)."""
    import json  # noqa: PLC0415

    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)
    return "" if value is None else str(value)


def _history(records: Any, model: str) -> list[dict[str, Any]]:
    entries = []
    for record in records:
        previous = record.prev_record
        changes = []
        if previous is not None:
            for c in record.diff_against(previous).changes:
                label = FIELD_LABELS.get(c.field)
                changes.append((words(label) if label else c.field, _shown(c.old), _shown(c.new)))
        entries.append({
            "record": record,
            "model": words(MODEL_LABELS[model]),
            "change": words(CHANGE_LABELS.get(record.history_type, N_("changed"))),
            "changes": changes,
        })  # fmt: skip
    return entries


@club_view(m.Role.MEMBER)
def club_history(request: HttpRequest, club: m.Club) -> HttpResponse:
    """Every change in the club: who, when, what before and after."""
    entries = []
    for model in (m.Game, m.Seat, m.Season, m.Player, m.Membership, m.Session, m.Payment):
        history = model.history.all()
        if model is m.Game:
            history = history.filter(session__season__club=club)
        elif model is m.Seat:
            history = history.filter(game__session__season__club=club)
        elif model in (m.Session, m.Payment):
            key = "season__club" if model is m.Session else "session__season__club"
            history = history.filter(**{key: club})
        else:
            history = history.filter(club=club)
        entries += _history(history.select_related("history_user")[:200], model.__name__)
    entries.sort(key=lambda e: e["record"].history_date, reverse=True)
    return render(request, "clubs/history.html", ctx(request, club, entries=entries[:300]))


# -- seasons ----------------------------------------------------------------------------


@club_view(m.Role.ORGANISER)
def new_season(request: HttpRequest, club: m.Club) -> HttpResponse:
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        assert form.parsed is not None
        with transaction.atomic():
            season = m.Season.objects.create(
                club=club, name=form.cleaned_data["name"],
                min_games=form.cleaned_data.get("min_games") or 0,
            )  # fmt: skip
            services.new_rules_version(season, form.parsed, form.cleaned_data["rules"],
                                       request.user)  # fmt: skip
        return redirect("clubs:season", slug=club.slug, pk=season.pk)
    return render(request, "clubs/season_new.html", ctx(request, club, form=form))


SORTS = {
    "total": lambda s: -s.total,
    "games": lambda s: -s.games,
    "average": lambda s: -s.average,
    "place": lambda s: s.average_place,
    "top": lambda s: -s.rates[0],
    "rentai": lambda s: -s.rentai,
    "avoid": lambda s: -s.last_avoidance,
    "busts": lambda s: -s.busts,
    "money": lambda s: -(s.money or 0),
}


def place_labels(players: int) -> list[str]:
    """1st, 2nd, 3rd, 4th in the request's language (1位, 1위)."""
    return [ordinal(place).text(web_lang()) for place in range(1, players + 1)]


def _parse_date(text: str | None) -> date | None:
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def _standings_context(request: HttpRequest, season: m.Season) -> dict[str, Any]:
    start = _parse_date(request.GET.get("from"))
    end = _parse_date(request.GET.get("to"))
    try:
        minimum = int(request.GET["min"]) if request.GET.get("min") else None
    except ValueError:
        minimum = None
    table = services.season_standings(season, minimum, start, end)
    sort = request.GET.get("sort", "total")
    if sort in SORTS:
        table = sorted(table, key=SORTS[sort])
    seated = {s.name for s in services.season_standings(season, 0, start, end)}
    pt, money = services.off_table(services.season_games(season, start, end))
    watchers = [
        {"name": name, "total": total, "money": money.get(name)}
        for name, total in pt.items()
        if name not in seated
    ]
    keep = {k: v for k, v in request.GET.items() if k in {"from", "to", "min"} and v}
    rules = services.rules_of(season.rules)
    players = {p.name: p for p in season.club.players.all()}
    return {
        "season": season,
        "standings": [(s, players.get(s.name)) for s in table],
        "sort": sort,
        "min": season.min_games if minimum is None else minimum,
        "from": start,
        "to": end,
        "place_labels": place_labels(rules.players),
        "watchers": watchers,
        "query": urlencode(keep),
        "currency": season.club.currency,
        "rules": rules,
        "has_money": rules.stakes.rate is not None,
    }


@club_view(m.Role.MEMBER)
def season_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    season = get_object_or_404(club.seasons, pk=pk)
    context = _standings_context(request, season)
    context["sessions"] = season.sessions.all()
    context["session_form"] = SessionForm(initial={"date": timezone.localdate()})
    context["outdated"] = services.live_games(season).exclude(rules=season.rules).count()
    return render(request, "clubs/season.html", ctx(request, club, **context))


def public_season(request: HttpRequest, token: str) -> HttpResponse:
    """The read-only standings an organiser may publish."""
    season = get_object_or_404(m.Season, public_token=token)
    if not season.public:
        raise Http404
    context = _standings_context(request, season)
    return render(request, "clubs/public_season.html", ctx(request, None, **context))


@club_view(m.Role.ORGANISER)
def season_settings(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """Change the rules (a new version) or the season's publishing and minimum."""
    season = get_object_or_404(club.seasons, pk=pk)
    form = RulesForm(request.POST or None, initial={"rules": season.rules.toml})
    if request.method == "POST":
        if "public" in request.POST or "min_games" in request.POST:
            season.public = request.POST.get("public") == "on"
            try:
                season.min_games = max(0, int(request.POST.get("min_games") or 0))
            except ValueError:
                messages.error(request, words(N_("games needed: give a whole number")))
                return redirect("clubs:season_settings", slug=club.slug, pk=season.pk)
            season.save()
            messages.success(request, words(N_("saved")))
            return redirect("clubs:season_settings", slug=club.slug, pk=season.pk)
        if form.is_valid():
            assert form.parsed is not None
            if services.rules_toml(form.parsed) != season.rules.toml:
                services.new_rules_version(season, form.parsed, form.cleaned_data["rules"],
                                           request.user)  # fmt: skip
                messages.success(request, words(N_("new rules saved; earlier games keep the "
                                                   "rules they were settled under")))  # fmt: skip
            return redirect("clubs:season_settings", slug=club.slug, pk=season.pk)
    versions = season.rule_versions.order_by("-number")
    preview = services.resettle_preview(season)
    public_url = request.build_absolute_uri(reverse("public_season", args=[season.public_token]))
    return render(
        request,
        "clubs/season_settings.html",
        ctx(
            request,
            club,
            season=season,
            form=form,
            versions=versions,
            preview=preview,
            public_url=public_url,
        ),
    )


@require_POST
@club_view(m.Role.ORGANISER)
def resettle(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    season = get_object_or_404(club.seasons, pk=pk)
    try:
        count = services.resettle(season, request.user)
    except SeisanError as err:
        messages.error(request, err.message.text(web_lang()))
    else:
        messages.success(request, words(N_("{count} games settled again"), count=count))
    return redirect("clubs:season", slug=club.slug, pk=season.pk)


@club_view(m.Role.MEMBER)
def export_season(request: HttpRequest, club: m.Club, pk: int, kind: str) -> HttpResponse:
    season = get_object_or_404(club.seasons, pk=pk)
    try:
        files = services.export_season(season)
    except SeisanError as err:
        messages.error(request, err.message.text(web_lang()))
        return redirect("clubs:season", slug=club.slug, pk=season.pk)
    stem = f"{club.slug}-{season.pk}"
    if kind == "toml":
        body, name, mime = files.session, f"{stem}.toml", "application/toml"
    elif kind == "rules":
        body, name, mime = files.rules, "rules.toml", "application/toml"
    elif kind == "csv":
        body, name, mime = files.csv, f"{stem}.csv", "text/csv"
    else:
        raise Http404
    response = HttpResponse(body, content_type=f"{mime}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@club_view(m.Role.ORGANISER)
def import_view(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    season = get_object_or_404(club.seasons, pk=pk)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            text = upload.read().decode("utf-8-sig")
            session, count = services.import_session(season, text, upload.name, request.user)
        except UnicodeDecodeError:
            form.add_error("file", words(N_("not UTF-8 text")))
        except (SeisanError, ValueError) as err:
            message = err.message.text(web_lang()) if isinstance(err, SeisanError) else str(err)
            form.add_error("file", message)
        else:
            messages.success(request, words(N_("{count} games imported"), count=count))
            return redirect("clubs:session", slug=club.slug, pk=session.pk)
    return render(request, "clubs/import.html", ctx(request, club, season=season, form=form))


# -- sessions ---------------------------------------------------------------------------


@require_POST
@club_view(m.Role.SCORER)
def new_session(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    season = get_object_or_404(club.seasons, pk=pk)
    form = SessionForm(request.POST)
    if form.is_valid():
        session = form.save(commit=False)
        session.season = season
        session.save()
        return redirect("clubs:enter", slug=club.slug, pk=session.pk)
    messages.error(request, words(N_("give the date of the session")))
    return redirect("clubs:season", slug=club.slug, pk=season.pk)


@club_view(m.Role.MEMBER)
def session_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    games = session.games.filter(deleted__isnull=True).prefetch_related("seats__player")
    deleted = session.games.filter(deleted__isnull=False)
    result = services.session_result(session)
    form = request.GET.get("ledger", "fewest")
    in_money = result is not None and result.stakes.rate is not None
    ledger = []
    if result is not None:
        transfers = result.jansou(in_money) if form == "first" else result.transfers(in_money)
        transfers = [*transfers, *(result.fee_transfers() if in_money else [])]
        paid = {(p.payer, p.payee, p.amount): p for p in session.payments.all()}
        for t in transfers:
            amount = pt_value(t.amount)
            ledger.append({"t": t, "amount": amount,
                           "paid": paid.get((t.payer, t.payee, _dec(amount)))})  # fmt: skip
    balances = _member_balances(club) if in_money else {}
    return render(
        request,
        "clubs/session.html",
        ctx(
            request,
            club,
            session=session,
            games=games,
            deleted=deleted,
            result=result,
            ledger=ledger,
            ledger_form=form,
            in_money=in_money,
            balances=balances,
        ),
    )


def _ledger_rows(session: m.Session) -> set[tuple[str, str, Any]]:
    """Every transfer either ledger of the session shows, in pt and in money."""
    result = services.session_result(session)
    rows: set[tuple[str, str, Any]] = set()
    if result is None:
        return rows
    for in_money in (False, True) if result.stakes.rate is not None else (False,):
        for t in [*result.transfers(in_money), *result.jansou(in_money)]:
            rows.add((t.payer, t.payee, _dec(pt_value(t.amount))))
    for t in result.fee_transfers() if result.stakes.rate is not None else []:
        rows.add((t.payer, t.payee, _dec(pt_value(t.amount))))
    return rows


def _dec(value: Any) -> Any:
    from decimal import Decimal  # noqa: PLC0415

    return Decimal(str(value))


def _member_balances(club: m.Club) -> dict[str, Any]:
    """Each person's money over every session, and what is still open of it after the
    transfers marked paid."""
    return services.club_balances(club)


@require_POST
@club_view(m.Role.SCORER)
def mark_paid(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    payer, payee = request.POST.get("payer", ""), request.POST.get("payee", "")
    try:
        amount = _dec(request.POST.get("amount", ""))
    except ArithmeticError:  # decimal.InvalidOperation
        amount = None
    if amount is not None and not amount.is_finite():
        amount = None
    if amount is None or (payer, payee, amount) not in _ledger_rows(session):
        messages.error(request, words(N_("this transfer is not in the session's ledger")))
        return redirect("clubs:session", slug=club.slug, pk=session.pk)
    paid = request.POST.get("paid") == "1"
    existing = session.payments.filter(payer=payer, payee=payee, amount=amount).first()
    if existing is not None and not paid:
        existing.delete()  # unmark: the history keeps it
    elif existing is None and paid:
        user = request.user if request.user.is_authenticated else None
        result = services.session_result(session)
        in_money = result is not None and result.stakes.rate is not None
        m.Payment.objects.create(session=session, payer=payer, payee=payee, amount=amount,
                                 in_money=in_money, marked_by=user)  # fmt: skip
    return redirect(
        f"{reverse('clubs:session', args=[club.slug, session.pk])}?ledger="
        f"{request.POST.get('ledger', 'fewest')}"
    )


# -- games ------------------------------------------------------------------------------


def _game_form(
    request: HttpRequest, club: m.Club, session: m.Session, game: m.Game | None = None
) -> GameForm:
    rules = services.rules_of(game.rules if game is not None else session.season.rules)
    if request.method == "POST":
        return GameForm(request.POST, rules=rules, club=club)
    initial: dict[str, Any] = {}
    seats = None
    if game is not None:
        data = game.data
        names = [s.player.name for s in game.seats.select_related("player").order_by("seat")]
        initial = {"version": game.version, "deposits": data.get("deposits", 0)}
        for seat, name in enumerate(names):
            initial[f"player_{seat}"] = name
            initial[f"points_{seat}"] = data["points"][seat]
        chips = data.get("chips")
        if isinstance(chips, list):
            for seat, count in enumerate(chips):
                initial[f"chips_{seat}"] = count
        for loser, winner in (data.get("busted") or {}).items():
            if loser in names:
                initial[f"busted_{names.index(loser)}"] = winner
    else:
        same = number(request.GET, "same", 0)
        if same:
            previous = session.games.filter(pk=same).first()
            if previous is not None:
                seats = [s.player.name for s in previous.seats.order_by("seat")]
                for seat, name in enumerate(seats):
                    initial[f"player_{seat}"] = name
    return GameForm(initial=initial, rules=rules, club=club, seats=seats)


@club_view(m.Role.SCORER)
def enter_game(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """The phone form at the table: players, points, sticks; one tap saves."""
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    form = _game_form(request, club, session)
    if request.method == "POST" and form.is_valid():
        try:
            game, created = services.save_game(session, form.data_out, request.user,
                                               key=form.cleaned_data.get("key"))  # fmt: skip
        except SeisanError as err:
            form.add_error(None, err.message.text(web_lang()))
        else:
            if not created:
                messages.info(request, words(N_("this game was already saved")))
            else:
                messages.success(request, words(N_("game {number} saved"), number=game.number))
            if "next" in request.POST:
                return redirect(
                    f"{reverse('clubs:enter', args=[club.slug, session.pk])}?same={game.pk}"
                )
            return redirect("clubs:game", slug=club.slug, pk=game.pk)
    players = club.players.filter(merged_into__isnull=True)
    return render(
        request,
        "clubs/enter.html",
        ctx(
            request,
            club,
            session=session,
            form=form,
            players=players,
            preview=_preview(form) if request.method == "POST" else None,
        ),
    )


def _preview(form: GameForm) -> dict[str, Any]:
    """What the entry form shows as it is typed: points missing, and the settlement."""
    missing = form.missing()
    result = None
    error = None
    if form.is_bound:
        try:
            table = form._game_table({k: form.data.get(k) for k in form.fields})
            result = services.settle_data(table, form.rules)
        except SeisanError as err:
            error = err.message
    rows = []
    if result is not None:
        totals = result.totals()
        money = result.money()
        for r in result.settlement.by_place():
            rows.append({"r": r, "total": totals[r.name],
                         "money": None if money is None else money[r.name]})  # fmt: skip
    over = -missing if missing is not None and missing < 0 else None
    return {"missing": missing, "over": over, "rows": rows, "error": error}


@club_view(m.Role.SCORER)
def preview(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """htmx: the live preview of the entry form."""
    session = get_object_or_404(m.Session, pk=pk, season__club=club)
    rules = services.rules_of(session.season.rules)
    form = GameForm(request.POST, rules=rules, club=club)
    return render(
        request,
        "clubs/_preview.html",
        ctx(request, club, preview=_preview(form), currency=club.currency),
    )


def _can_edit(request: HttpRequest, game: m.Game) -> bool:
    role = getattr(request, "club_role", None)
    if m.role_at_least(role, m.Role.ORGANISER):
        return True
    window = timedelta(hours=settings.SCORER_EDIT_HOURS)
    return (
        m.role_at_least(role, m.Role.SCORER)
        and game.created_by_id == request.user.pk
        and timezone.now() - game.created < window
    )


@club_view(m.Role.MEMBER)
def game_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    game = get_object_or_404(m.Game, pk=pk, session__season__club=club)
    seats = list(game.seats.select_related("player").order_by("place", "seat"))
    result = services.game_result_of(game)
    lines = explain(result)
    hands = None
    if game.record is not None:
        from seisan.games import record_from_dict  # noqa: PLC0415

        played = record_from_dict(game.record, services.rules_of(game.rules)).play()
        hands = played.lines
    mine = {s.pk for s in seats if s.player.user_id == request.user.pk}
    return render(
        request,
        "clubs/game.html",
        ctx(
            request,
            club,
            game=game,
            seats=seats,
            lines=lines,
            hands=hands,
            can_edit=_can_edit(request, game),
            mine=mine,
            rules=services.rules_of(game.rules),
            outdated=game.rules_id != game.session.season.rules.pk,
        ),
    )


@club_view(m.Role.SCORER)
def edit_game(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    game = get_object_or_404(m.Game, pk=pk, session__season__club=club, deleted__isnull=True)
    if not _can_edit(request, game):
        raise PermissionDenied
    if game.record is not None:
        messages.error(request, words(N_("a hand-by-hand record is changed by importing it again")))
        return redirect("clubs:game", slug=club.slug, pk=game.pk)
    form = _game_form(request, club, game.session, game)
    if request.method == "POST" and form.is_valid():
        try:
            services.save_game(game.session, form.data_out, request.user, game=game,
                               version=form.cleaned_data.get("version"))  # fmt: skip
        except services.Conflict as err:
            form.add_error(None, err.message.text(web_lang()))
        except SeisanError as err:
            form.add_error(None, err.message.text(web_lang()))
        else:
            messages.success(request, words(N_("game {number} saved"), number=game.number))
            return redirect("clubs:game", slug=club.slug, pk=game.pk)
    players = club.players.filter(merged_into__isnull=True)
    return render(
        request,
        "clubs/enter.html",
        ctx(
            request,
            club,
            session=game.session,
            form=form,
            players=players,
            editing=game,
            preview=None,
        ),
    )


@require_POST
@club_view(m.Role.SCORER)
def delete_game(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    game = get_object_or_404(m.Game, pk=pk, session__season__club=club, deleted__isnull=True)
    if not _can_edit(request, game):
        raise PermissionDenied
    game.deleted = timezone.now()
    game.save()
    messages.success(request, words(N_("game {number} deleted: it can be restored"),
                                    number=game.number))  # fmt: skip
    return redirect("clubs:session", slug=club.slug, pk=game.session.pk)


@require_POST
@club_view(m.Role.ORGANISER)
def restore_game(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    game = get_object_or_404(m.Game, pk=pk, session__season__club=club, deleted__isnull=False)
    game.deleted = None
    game.save()
    messages.success(request, words(N_("game {number} restored"), number=game.number))
    return redirect("clubs:game", slug=club.slug, pk=game.pk)


@require_POST
@club_view(m.Role.MEMBER)
def confirm_seat(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    """A member confirms their own result."""
    seat = get_object_or_404(m.Seat, pk=number(request.POST, "seat"), game__pk=pk,
                             game__session__season__club=club)  # fmt: skip
    if seat.player.user_id != request.user.pk:
        raise PermissionDenied
    seat.confirmed = True
    seat.save()
    return redirect("clubs:game", slug=club.slug, pk=pk)


@club_view(m.Role.MEMBER)
def game_history(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    game = get_object_or_404(m.Game, pk=pk, session__season__club=club)
    entries = _history(game.history.select_related("history_user").all(), "Game")
    return render(request, "clubs/history.html", ctx(request, club, entries=entries, game=game))


# -- players ----------------------------------------------------------------------------


@club_view(m.Role.MEMBER)
def player_page(request: HttpRequest, club: m.Club, pk: int) -> HttpResponse:
    player = get_object_or_404(club.players, pk=pk)
    season_id = number(request.GET, "season", 0)
    seasons = club.seasons.all()
    season = seasons.filter(pk=season_id).first() if season_id else seasons.first()
    context: dict[str, Any] = {"player": player, "seasons": seasons, "season": season}
    if season is not None:
        games = list(services.season_games(season))
        lines = services.stat_seats(games)
        extra, extra_money = services.off_table(games)
        table = {s.name: s for s in standings(lines, 0, extra, extra_money)}
        mine = table.get(player.name)
        trend = running(lines, player.name)
        n = len(mine.places) if mine else services.rules_of(season.rules).players
        labels = place_labels(n)
        context.update(
            stats=mine,
            chart=charts.line_chart(trend, words(N_("Cumulative total (pt)"))),
            histogram=charts.place_histogram(
                mine.places if mine else [0] * n, labels, words(N_("Places"))
            ),
            recent=[
                (g, seat, ordinal(seat.place).text(web_lang()))
                for g in reversed(games)
                for seat in g.seats.all()
                if seat.player_id == player.pk
            ][:10],
            rivals=head_to_head(lines, player.name),
        )
    return render(request, "clubs/player.html", ctx(request, club, **context))


def robots(request: HttpRequest) -> HttpResponse:
    return HttpResponse("User-agent: *\nDisallow: /\n", content_type="text/plain")


def not_signed_in(request: HttpRequest) -> HttpResponseRedirect:
    return redirect("account_login")
