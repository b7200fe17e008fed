"""Who may see and do what: the club a URL names, the visitor's role there, and the
context every page gets (role flags, language). Views use these and nothing else to
decide access."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, QuerySet, Subquery
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone

from seisan.web.clubs import models as m
from seisan.web.clubs.middleware import web_lang

View = Callable[..., HttpResponse]


def role_in(user: Any, club: m.Club) -> str | None:
    """The user's role in the club (None: not a member)."""
    if not getattr(user, "is_authenticated", False):
        return None
    found = m.Membership.objects.filter(club=club, user=user).values_list("role", flat=True)
    return found.first()


def club_for(user: Any, slug: str, needed: str) -> tuple[m.Club, str]:
    """The club ``slug`` names and the user's role there, if it is at least ``needed``:
    the one check behind every page and every API call (404: no such club; 403: not
    a member, or a smaller role)."""
    club = get_object_or_404(with_role(m.Club.objects.filter(slug=slug), user))
    return club, role_needed(getattr(club, "role", None), needed)


def with_role(rows: QuerySet[Any], user: Any, club: str = "") -> QuerySet[Any]:
    """``rows`` with ``role``: the user's role in each row's club, read in the same
    query (``club``: the path from a row to its club, as ``season__club``)."""
    if not getattr(user, "is_authenticated", False):
        return rows
    mine = m.Membership.objects.filter(club=OuterRef(f"{club}__pk" if club else "pk"), user=user)
    annotated: QuerySet[Any] = rows.annotate(role=Subquery(mine.values("role")[:1]))
    return annotated


def role_needed(role: str | None, needed: str) -> str:
    """``role``, if it is at least ``needed`` (403 if not, or no role)."""
    if role is None or not m.role_at_least(role, needed):
        raise PermissionDenied
    return role


def can_edit_game(user: Any, role: str | None, game: m.Game) -> bool:
    """Who may change a game (the pages and the API alike): an organiser any game; a
    scorer the games they entered, for ``SCORER_EDIT_HOURS`` after."""
    if m.role_at_least(role, m.Role.ORGANISER):
        return True
    window = timedelta(hours=settings.SCORER_EDIT_HOURS)
    return (
        m.role_at_least(role, m.Role.SCORER)
        and game.created_by_id == user.pk
        and timezone.now() - game.created < window
    )


def club_view(needed: str) -> Callable[[View], View]:
    """Resolve ``slug`` to the club and require at least ``needed`` there: signed-out
    visitors go to the sign-in page, members without the role get 403."""

    def wrap(view: View) -> View:
        @wraps(view)
        def inner(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                get_object_or_404(m.Club, slug=slug)
                if request.headers.get("X-Seisan-Queued"):  # a phone's queue: keep it
                    return HttpResponse(status=401)
                return redirect(f"{reverse('account_login')}?next={request.path}")
            club, role = club_for(request.user, slug, needed)
            request.club_role = role  # type: ignore[attr-defined]
            request.club = club  # type: ignore[attr-defined]
            with club_time(club):
                return view(request, club, *args, **kwargs)

        return inner

    return wrap


def saved(request: HttpRequest, url: str) -> HttpResponse:
    """After a form is stored: the next page, or for a phone's queue (offline.js) 201
    and where to go, so that the phone tells "stored" from "the form came back"."""
    if request.headers.get("X-Seisan-Queued"):
        return JsonResponse({"next": url}, status=201)
    return redirect(url)


@contextmanager
def club_time(club: m.Club) -> Iterator[None]:
    """Times on the club's pages are local where the club plays."""
    try:
        zone = zoneinfo.ZoneInfo(club.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = None
    if zone is None:
        yield
        return
    with timezone.override(zone):
        yield


MAX_ID = 2**63 - 1  #: the largest id a database row has


def number(data: Any, key: str, default: int | None = None) -> int:
    """A whole number (an id) from a form or the address; anything else is not found
    (404), never a server error."""
    value = data.get(key)
    if value in (None, "") and default is not None:
        return default
    text = str(value).strip()
    if not text.isascii() or not text.isdigit() or len(text) > 19 or int(text) > MAX_ID:
        raise Http404
    return int(text)


def organises(request: HttpRequest) -> bool:
    """Whether the visitor of a :func:`club_view` page is an organiser there (a page
    members read and organisers change)."""
    return m.role_at_least(getattr(request, "club_role", None), m.Role.ORGANISER)


def ctx(request: HttpRequest, club: m.Club | None = None, **extra: Any) -> dict[str, Any]:
    """What every page's template gets: the club, the role and what it allows."""
    role = getattr(request, "club_role", None)
    return {
        "club": club,
        "role": role,
        "can_score": m.role_at_least(role, m.Role.SCORER),
        "can_referee": m.role_at_least(role, m.Role.REFEREE),
        "can_organise": m.role_at_least(role, m.Role.ORGANISER),
        "is_owner": m.role_at_least(role, m.Role.OWNER),
        "lang": web_lang().value,
        **extra,
    }
