"""A night's seating (席決め) as drawn: the tables in seat order and who sat out, by
which method and seed, so that it can be shown, printed, started as tables of the
table assistant, and read as history by the next night's draw."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from seisan.web.clubs.models import Named, Player, Season, Session


class Seating(models.Model):
    """One draw of the tables of a session (the latest is the one that stands)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seatings")
    number = models.PositiveIntegerField()  #: the draw's number in the session
    method = models.CharField(max_length=20)
    seed = models.BigIntegerField()
    #: each table's names in seat order (East, the first dealer 起家, first)
    tables = models.JSONField()
    sitting_out = models.JSONField(default=list)
    repeats = models.PositiveIntegerField(default=0)  #: pairs meeting again
    wind_repeats = models.PositiveIntegerField(default=0)
    complete = models.BooleanField(default=True)  #: False: the time limit cut it short
    created = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="one_number_a_seating")
        ]

    def __str__(self) -> str:
        return f"{self.session} seating {self.number}"


class Team(Named):
    """A team of a season (チーム戦, M-League's format): its members' scores add up,
    with the team's own penalties. A player may play for another team next season."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=60)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "key"], name="one_team_key_a_season")
        ]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player of a team for its season (one team a season)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="teams")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="one_team_a_season")
        ]


class TeamPenalty(models.Model):
    """pt taken from (or given to) a team itself, not to one of its players: a late
    line-up, a referee's decision."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="penalties")
    pt = models.DecimalField(max_digits=12, decimal_places=3)
    reason = models.CharField(max_length=120, blank=True)
    created = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip


class RoundClock(models.Model):
    """A round's countdown (対局時間): when it ends, and the tables given extra time
    (a table that started late, a long dispute), as the projector shows it."""

    session = models.OneToOneField(Session, on_delete=models.CASCADE, related_name="clock")
    ends = models.DateTimeField()
    minutes = models.PositiveIntegerField()  #: as started (the page shows it)
    #: {"3": 5}: table 3 plays five minutes more
    extra = models.JSONField(default=dict)
    started = models.DateTimeField(default=timezone.now)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip


class Registration(Named):
    """A player's entry to a season (参加登録): asked by the player through the season's
    link, or made by an organiser; the organiser approves it (then it has its player)
    or refuses it."""

    class Status(models.TextChoices):
        PENDING = "pending", "pending"
        APPROVED = "approved", "approved"
        REFUSED = "refused", "refused"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="registrations")
    name = models.CharField(max_length=60)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="registrations",
    )  # fmt: skip
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="registrations")  # fmt: skip
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "id"]
        constraints = [
            models.UniqueConstraint(fields=["season", "key"], name="one_entry_a_key"),
            models.UniqueConstraint(fields=["season", "user"], name="one_entry_an_account"),
        ]

    def __str__(self) -> str:
        return self.name


class CheckIn(models.Model):
    """A player present for a night or a round (受付): the seating draws from these."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="check_ins")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="check_ins")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "id"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="one_check_in_a_night")
        ]


class Substitution(models.Model):
    """A player who left, and who plays their seat from a night on (代走): the seat
    stays theirs, and each game marks it as the substitute's (the rules say whose
    result counts, :class:`seisan.settlement.Substitute`)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="substitutions")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    by = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    since = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="one_substitute_a_seat")
        ]
