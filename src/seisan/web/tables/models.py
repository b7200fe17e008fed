"""A table in play: the players in seat order, the season's rules, and the hands as the
scorer enters them, in the core's record format (``seisan game``'s JSON). The running
points, the round and the end all come from the core playing those hands; nothing
here is a number of its own. When the game ends it is saved as a club game with its
record, and the table points to it.
"""

from __future__ import annotations

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone

from seisan.web.clubs.models import Game, RulesVersion, Session


class Table(models.Model):
    """One game kept hand by hand (卓): who sits where, and every hand so far."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField()  #: the table's number in the session
    rules = models.ForeignKey(RulesVersion, on_delete=models.PROTECT, related_name="tables")
    #: the names in seat order: seat 0 is the first dealer (起家)
    names = models.JSONField()
    #: the hands in order, each ``{"hand": {...}, "key": ..., "by": ..., "at": ...}``:
    #: the hand as the record format has it, without round and honba (the core says
    #: those), and the idempotency key its form was sent with
    hands = models.JSONField(default=list, encoder=DjangoJSONEncoder)
    #: the keys of hands taken back by undo: the same hand resent later from a phone's
    #: queue (its answer was lost) is refused, not entered again
    undone = models.JSONField(default=list)
    #: raised on every change: an undo or edit made from an older state is refused
    version = models.PositiveIntegerField(default=1)
    #: "time" or "agreement" when the table stops the game before the rules end it
    end = models.CharField(max_length=10, blank=True)
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="table"
    )
    created = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="one_number_a_table")
        ]

    def __str__(self) -> str:
        return f"{self.session} table {self.number}"
