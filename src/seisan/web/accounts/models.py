"""One-time links: the owner's sign-in link, and invitations to a club with a role.
Only the SHA-256 of a token is kept: a copy of the database signs nobody in."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class SignInLink(models.Model):
    """A one-time sign-in link (the owner's first start, ``seisan serve --owner-link``;
    no default password ever). A new link, or a password set, ends the older ones."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    token_hash = models.CharField(max_length=64, unique=True)
    expires = models.DateTimeField()
    used = models.DateTimeField(null=True, blank=True)


class Invitation(models.Model):
    """An organiser's invitation for one person to join a club with a role."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=10)
    #: who it is for, as the organiser wrote it (shown on the invitation)
    name = models.CharField(max_length=60)
    token_hash = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    expires = models.DateTimeField()
    used = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    @property
    def open(self) -> bool:
        """Not used, not revoked, not expired."""
        return self.used is None and self.revoked is None and self.expires > timezone.now()


class ApiToken(models.Model):
    """A user's token for the JSON API (a bot, a spreadsheet): it acts as the user, with
    their roles. Only its SHA-256 is kept; it is shown once, and revoked, not deleted
    (its last use stays on the profile page)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    #: what the user called it ("Discord bot")
    name = models.CharField(max_length=60)
    token_hash = models.CharField(max_length=64, unique=True)
    #: the token's first characters, to tell tokens apart on the page
    prefix = models.CharField(max_length=16)
    created = models.DateTimeField(default=timezone.now)
    last_used = models.DateTimeField(null=True, blank=True)
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
