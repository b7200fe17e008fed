"""What a club keeps: clubs → seasons (each with versioned rules) → sessions → games.

A game is stored as the core's session-file table (``players``, ``points``,
``deposits``, bets…) or a hand-by-hand record, together with the settlement the
core gave it (a :class:`Seat` per player) and the :class:`RulesVersion` it was
settled under: changing a season's rules never rewrites a game silently.
Every model keeps its history (django-simple-history); games are deleted softly
and can be restored.
"""

from __future__ import annotations

import functools
import secrets
from typing import Any

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q, QuerySet
from django.utils import timezone
from simple_history.models import HistoricalRecords

from seisan.i18n import name_key


class Role(models.TextChoices):
    """Who may do what in a club, from the least to the most."""

    MEMBER = "member", "member"
    SCORER = "scorer", "scorer"
    #: a tournament's referee (審判): penalties and chombo on any game, check-in
    REFEREE = "referee", "referee"
    ORGANISER = "organiser", "organiser"
    OWNER = "owner", "owner"


ROLE_ORDER = [Role.MEMBER, Role.SCORER, Role.REFEREE, Role.ORGANISER, Role.OWNER]


def role_at_least(role: str | None, needed: str) -> bool:
    """Whether ``role`` includes what ``needed`` may do."""
    if role is None:
        return False
    return ROLE_ORDER.index(Role(role)) >= ROLE_ORDER.index(Role(needed))


def same_name(rows: QuerySet[Any], name: str) -> QuerySet[Any]:
    """``rows`` (of a :class:`Named` model) called ``name``, told apart as the core tells
    names apart (:func:`seisan.i18n.name_key`), which their unique indexes hold."""
    return rows.filter(key=name_key(name))


class Named(models.Model):
    """A row found by its name as people type it: ``key`` is the name as the core tells
    names apart (:func:`seisan.i18n.name_key`: case, runs of spaces, Unicode's forms),
    kept beside the name as written so that an index can hold it. The database's
    ``LOWER`` had told names apart for the web app: ASCII letters only on SQLite
    (“ÉMILE” and “émile” two players there, one on PostgreSQL), and full-width “Ａｎａ”
    from a Japanese keyboard another player than “Ana” everywhere, where the command
    line's sessions take them for one."""

    key = models.TextField(default="", editable=False)

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.key = name_key(getattr(self, "name"))  # noqa: B009 - every Named has a name
        fields = kwargs.get("update_fields")
        if fields is not None and "name" in fields and "key" not in fields:
            kwargs["update_fields"] = [*fields, "key"]
        super().save(*args, **kwargs)


def _token() -> str:
    return secrets.token_urlsafe(24)


@functools.cache
def known_zones() -> frozenset[str]:
    """The time zones this machine knows, read once a process (``available_timezones``
    walks the zone files on each call: 20-60 ms)."""
    import zoneinfo  # noqa: PLC0415

    return frozenset(zoneinfo.available_timezones())


def local_zone() -> str:
    """This machine's time zone (a new club's default): ``TZ``, else the zone
    ``/etc/localtime`` points to, else UTC."""
    import os  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    named = os.environ.get("TZ", "").lstrip(":")
    if named in known_zones():
        return named
    try:
        target = str(Path("/etc/localtime").resolve())
    except OSError:
        return "UTC"
    zone = target.partition("zoneinfo/")[2]
    return zone if zone in known_zones() else "UTC"


class Club(models.Model):
    """A jansou, a circle or a league."""

    class Kind(models.TextChoices):
        JANSOU = "jansou", "jansou"
        CIRCLE = "circle", "circle"
        LEAGUE = "league", "league"

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.CIRCLE)
    #: ISO 4217 code of the club's money (JPY, KRW, USD…)
    currency = models.CharField(max_length=3, default="JPY")
    #: where the club plays: times on its pages are local there
    time_zone = models.CharField(max_length=64, default=local_zone)
    created = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A user's role in a club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    history = HistoricalRecords()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_role_a_club")]


class Player(Named):
    """Someone who sits at a club's tables: a member with an account, or a guest.
    A merged guest points to the player it became."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=60)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="players",
    )  # fmt: skip
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="merged"
    )
    created = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        constraints = [  # as names are told apart: "ana" is Ana (two phones adding her at
            # once: one row)
            models.UniqueConstraint(
                fields=["club", "key"], condition=Q(merged_into__isnull=True),
                name="one_key_a_club",
            )
        ]  # fmt: skip
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


class Season(models.Model):
    """A run of sessions under one set of rules (which may change, versioned)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    public = models.BooleanField(default=False)  #: a read-only link for anyone
    public_token = models.CharField(max_length=40, default=_token, unique=True)
    min_games = models.PositiveIntegerField(default=0)  #: to appear in the standings
    #: players may ask to take part (a tournament's entry list, 参加登録) by its link
    registration_open = models.BooleanField(default=False)
    #: the entries' own link (shared widely: not the public standings' link)
    entry_token = models.CharField(max_length=40, default=_token, unique=True)
    #: raised whenever a game of the season changes: standings computed at an earlier
    #: revision are not shown again
    revision = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords(excluded_fields=["revision", "entry_token"])

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Everything but ``revision``, which only a change's own UPDATE raises: a season
        read before a game was saved put its older revision back, and every change after
        collided with the notes of the revisions it had undone (a 500 on each save)."""
        if not self._state.adding and kwargs.get("update_fields") is None:
            fields = self._meta.concrete_fields
            kept = [f.name for f in fields if not f.primary_key and f.name != "revision"]
            kwargs["update_fields"] = kept
        super().save(*args, **kwargs)

    @property
    def rules(self) -> RulesVersion:
        """The rules games are settled under now (the latest version)."""
        found = self.rule_versions.order_by("-number").first()
        assert found is not None, "a season always has rules"
        return found


class SeasonChange(models.Model):
    """Which games one revision of a season changed (all of them: ``games`` null), so
    that a kept standings table reads only those again; the last few kept a season."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="changes")
    revision = models.PositiveIntegerField()
    games = models.JSONField(null=True)  #: ids of the games changed; null: any

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "revision"], name="one_change_a_revision")
        ]


class RulesVersion(models.Model):
    """One version of a season's rules: the core's rules as TOML (exact numbers, and
    what ``seisan session`` reads back on export)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rule_versions")
    number = models.PositiveIntegerField()
    toml = models.TextField()
    #: what the organiser gave: a preset name, or the TOML text
    source = models.TextField(blank=True)
    created = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="one_number_a_version")
        ]

    def core(self) -> Any:
        """The core's :class:`~seisan.rules.Rules`."""
        from seisan.web.clubs.services import rules_of  # noqa: PLC0415

        return rules_of(self)


class Session(models.Model):
    """A night at the club, or one table of a league day."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="sessions")
    date = models.DateField(default=timezone.localdate)
    title = models.CharField(max_length=120, blank=True)
    created = models.DateTimeField(default=timezone.now)
    #: its results on a read-only page for anyone with the season's link
    published = models.BooleanField(default=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-date", "-id"]

    def __str__(self) -> str:
        return self.title or str(self.date)


class Game(models.Model):
    """One game: the core's game table (``data``), or a hand-by-hand ``record``;
    settled under ``rules`` into its :class:`Seat` rows."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveIntegerField()
    rules = models.ForeignKey(RulesVersion, on_delete=models.PROTECT, related_name="games")
    #: players, points, deposits, bets (a session file's table)
    data = models.JSONField(encoder=DjangoJSONEncoder)
    #: a `seisan game` record instead
    record = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    #: spectators' 外ウマ: {name: {"total": pt, "money": money or null}} as exact text
    spectators = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    updated = models.DateTimeField(default=timezone.now)
    #: raised on every change: an edit made from an older version is a conflict
    version = models.PositiveIntegerField(default=1)
    #: one per entry form: a resent form never makes a second game
    idempotency_key = models.CharField(max_length=100, unique=True, null=True, blank=True)
    deleted = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["session", "number"]
        constraints = [  # two phones saving at once never share a number
            models.UniqueConstraint(fields=["session", "number"], name="one_number_a_game")
        ]

    def __str__(self) -> str:
        return f"{self.session} #{self.number}"


class Seat(models.Model):
    """One player's line of a game's settlement, as the core gave it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    points = models.IntegerField()
    place = models.PositiveSmallIntegerField()
    score = models.DecimalField(max_digits=12, decimal_places=3)
    total = models.DecimalField(max_digits=12, decimal_places=3)  #: with side bets
    money = models.DecimalField(max_digits=16, decimal_places=3, null=True, blank=True)
    parts = models.JSONField(default=dict)
    confirmed = models.BooleanField(default=False)  #: the player confirmed it
    history = HistoricalRecords()

    class Meta:
        ordering = ["game", "seat"]
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="one_line_a_seat")]


class Payment(models.Model):
    """Money (or pt) that moved between two people for a session's ledger: who paid,
    to whom, how much, when. What is still owed is the ledger less these; editing a
    game later never turns a payment back into a debt."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="payments")
    payer = models.CharField(max_length=60)
    payee = models.CharField(max_length=60)
    amount = models.DecimalField(max_digits=16, decimal_places=3)
    in_money = models.BooleanField(default=True)
    paid = models.DateTimeField(default=timezone.now)
    #: one per payment form: a form sent twice records the payment once
    key = models.CharField(max_length=100, unique=True, null=True, blank=True)
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    history = HistoricalRecords()


class Import(models.Model):
    """A file imported into a season (its SHA-256: the same file twice is asked about)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="imports")
    session = models.ForeignKey(
        Session, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    filename = models.CharField(max_length=255)
    sha256 = models.CharField(max_length=64, db_index=True)
    games = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip


class Action(models.Model):
    """One thing a person did in the club, for its history page: what (a message of
    the catalogue and its fields, put into words in the reader's language), what
    changed (before → after, in words), a link to it, and what undoing it needs."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="actions")
    when = models.DateTimeField(default=timezone.now, db_index=True)
    who = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    kind = models.CharField(max_length=40)
    #: the sentence's fields ({"number": 3, "name": "Ana"}…)
    fields = models.JSONField(default=dict, encoder=DjangoJSONEncoder)
    #: [[template, {fields}], …]: "Ana's points {old} → {new}"
    changes = models.JSONField(default=list, encoder=DjangoJSONEncoder)
    #: [url name, [args]] of what changed
    link = models.JSONField(default=list)
    #: what undoing needs (a merge: the tables before it); empty: it cannot be undone
    undo = models.JSONField(default=dict, encoder=DjangoJSONEncoder)
    undone = models.DateTimeField(null=True, blank=True)
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="actions"
    )

    class Meta:
        ordering = ["-when", "-id"]
