"""What an online league's import keeps: each online name as the club's player it is
(asked once, then remembered), the log each game came from (the same log is never
a second game), and logs read and waiting for their players' names."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from seisan.web.clubs.models import Club, Game, Player, RulesVersion, Season


class OnlineName(models.Model):
    """A name a player uses online (Tenhou, Mahjong Soul, an mjai log), as written
    there: the club's player it is."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="online_names")
    name = models.CharField(max_length=100)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="online_names")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name"]
        constraints = [  # online names are exact: "ASAPIN" and "asapin" are two accounts
            models.UniqueConstraint(fields=["club", "name"], name="one_online_name_a_club")
        ]

    def __str__(self) -> str:
        return self.name


class GameLog(models.Model):
    """The log a game was read from: its id (Tenhou's or Mahjong Soul's game id, else
    the game's fingerprint) and its fingerprint (the SHA-256 of its players and hands,
    the same whatever the file's name or format) each refuse the same game twice in a
    club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    log_id = models.CharField(max_length=120)
    fingerprint = models.CharField(max_length=64, default="")  #: "" before it was kept
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="log")
    kind = models.CharField(max_length=10)  #: tenhou, majsoul, mjai
    filename = models.CharField(max_length=255)
    #: the log's own final points, to show beside seisan's
    final_points = models.JSONField(default=list)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "log_id"], name="one_game_a_log"),
            models.UniqueConstraint(
                fields=["club", "fingerprint"],
                name="one_game_a_fingerprint",
                condition=~Q(fingerprint=""),
            ),
        ]


class Upload(models.Model):
    """Logs read into a season and waiting for their players' names: each ready game
    (its record with the online names, already checked) and each file refused, with
    why. Deleted when imported, and after a day."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="+")
    #: the season's rules the games were checked under: changed since, they are read again
    rules = models.ForeignKey(RulesVersion, null=True, on_delete=models.CASCADE,
                              related_name="+")  # fmt: skip
    created = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
        related_name="+",
    )  # fmt: skip
    games = models.JSONField(default=list)
    refused = models.JSONField(default=list)
