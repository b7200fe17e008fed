"""A night's seating (席決め) as drawn: the tables in seat order and who sat out, by
which method and seed, so that it can be shown, printed, started as tables of the
table assistant, and read as history by the next night's draw."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from seisan.web.clubs.models import Session


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
