"""Making and taking one-time tokens: random, stored hashed, taken once even when two
requests race (a conditional UPDATE: exactly one of them changes the row)."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from seisan.web.accounts.models import ApiToken, Invitation, SignInLink
from seisan.web.clubs import reads


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_sign_in_link(user: Any, lifetime: timedelta) -> str:
    """A one-time sign-in token for ``user``; every older unused link of theirs ends."""
    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        SignInLink.objects.filter(user=user, used__isnull=True).delete()
        SignInLink.objects.create(
            user=user, token_hash=hash_token(token), expires=timezone.now() + lifetime
        )
    return token


def take_sign_in_link(token: str) -> Any | None:
    """The user the link signs in, once (None: unknown, used, or expired)."""
    now = timezone.now()
    link = SignInLink.objects.filter(token_hash=hash_token(token)).select_related("user").first()
    if link is None:
        return None
    taken = SignInLink.objects.filter(pk=link.pk, used__isnull=True, expires__gt=now).update(
        used=now
    )
    return link.user if taken == 1 else None


def end_sign_in_links(user: Any) -> None:
    """A password was set or changed: no link signs this user in any more."""
    SignInLink.objects.filter(user=user).delete()


def new_invitation(club: Any, role: str, name: str, lifetime: timedelta, by: Any) -> str:
    """An invitation's token (shown once: only its hash is kept)."""
    token = secrets.token_urlsafe(24)
    Invitation.objects.create(
        club=club, role=role, name=name, token_hash=hash_token(token),
        expires=timezone.now() + lifetime, created_by=by,
    )  # fmt: skip
    return token


def find_invitation(token: str) -> Invitation | None:
    """The invitation of ``token`` if it can still be taken."""
    found = Invitation.objects.filter(token_hash=hash_token(token)).select_related("club").first()
    return found if found is not None and found.open else None


def take_invitation(invitation: Invitation, user: Any) -> bool:
    """Mark the invitation used by ``user``; False if another request took it first."""
    now = timezone.now()
    taken = Invitation.objects.filter(
        pk=invitation.pk, used__isnull=True, revoked__isnull=True, expires__gt=now
    ).update(used=now, used_by=user)
    return taken == 1


API_TOKEN_PREFIX = "seisan_"  #: every API token starts so (a leaked one is easy to find)


def new_api_token(user: Any, name: str) -> str:
    """A new API token for ``user`` (shown once: only its hash is kept)."""
    token = API_TOKEN_PREFIX + secrets.token_urlsafe(32)
    ApiToken.objects.create(user=user, name=name, token_hash=hash_token(token), prefix=token[:12])
    return token


def api_user(token: str) -> Any | None:
    """The user an API token acts as (None: unknown or revoked); notes its use at most
    once a minute (a bot posting fifty games writes one row, not fifty)."""
    found = reads.token(hash_token(token))
    if found is None or not found.user.is_active:
        return None
    now = timezone.now()
    if found.last_used is None or now - found.last_used > timedelta(minutes=1):
        ApiToken.objects.filter(pk=found.pk).update(last_used=now)
    return found.user
