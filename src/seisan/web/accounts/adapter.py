"""allauth, as a club runs accounts: sign-up closed unless ``SEISAN_OPEN_SIGNUP`` or an
invitation opens it; after a password is set, the club, not "change password";
failed sign-ins counted per account *and client address* (so nobody locks the owner
out from elsewhere), the address read behind ``SEISAN_TRUSTED_PROXIES`` proxies."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.urls import reverse

from seisan.i18n import N_
from seisan.web.clubs.forms import words

INVITATION_KEY = "seisan_invitation"  #: the session's pending invitation token
ENTRY_KEY = "seisan_entry"  #: the season whose entry link this browser opened (its token)


#: allauth's refusals a member can meet signing in or resetting a password, in seisan's
#: own words and catalogue (the rest of allauth's are of features seisan does not use)
_REFUSALS = {
    "email_password_mismatch": N_("that email and password do not match an account"),
    "too_many_login_attempts": N_("too many failed sign-ins: try again in a few minutes"),
    "account_inactive": N_("this account is switched off: ask the club's owner"),
    "invalid_password_reset": N_(
        "this link to set a password is not valid (used, or too old): ask for a new one"
    ),
    "unknown_email": N_("no account has this email address"),
}


class AccountAdapter(DefaultAccountAdapter):  # type: ignore[misc]
    def validation_error(self, code: str, *args: Any) -> ValidationError:
        if code in _REFUSALS:
            return ValidationError(words(_REFUSALS[code]), code=code)
        made: ValidationError = super().validation_error(code, *args)
        return made

    def is_open_for_signup(self, request: HttpRequest) -> bool:
        return bool(
            settings.SEISAN_OPEN_SIGNUP or pending_invitation(request) or pending_entry(request)
        )

    def get_login_redirect_url(self, request: HttpRequest) -> str:
        token = pending_invitation(request)
        if token:
            return reverse("invitation", args=[token])
        entry = pending_entry(request)
        if entry:
            return reverse("register", args=[entry])
        return landing_url(request.user)

    def get_password_change_redirect_url(self, request: HttpRequest) -> str:
        return landing_url(request.user)

    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        key = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{key}:{self.get_client_ip(request)}"


def pending_invitation(request: HttpRequest) -> str | None:
    """The token of an invitation this browser opened and that can still be taken (a
    used, revoked or expired one is forgotten: it opens nothing)."""
    from seisan.web.accounts.tokens import find_invitation  # noqa: PLC0415

    token = request.session.get(INVITATION_KEY)
    if not token:
        return None
    if find_invitation(str(token)) is None:
        request.session.pop(INVITATION_KEY, None)
        return None
    return str(token)


def pending_entry(request: HttpRequest) -> str | None:
    """The season link of a tournament's entries this browser opened while they are
    open (a player without an account makes one there to ask to take part)."""
    from seisan.web.clubs.models import Season  # noqa: PLC0415

    token = request.session.get(ENTRY_KEY)
    if not token:
        return None
    if not Season.objects.filter(entry_token=str(token), registration_open=True).exists():
        request.session.pop(ENTRY_KEY, None)
        return None
    return str(token)


def landing_url(user: Any) -> str:
    """Where a signed-in person starts: their club when they have one, else home."""
    from seisan.web.clubs.models import Membership  # noqa: PLC0415

    slugs = list(Membership.objects.filter(user=user).values_list("club__slug", flat=True)[:2])
    return reverse("clubs:club", args=[slugs[0]]) if len(slugs) == 1 else reverse("home")
