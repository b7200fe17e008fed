"""What a write through the API answered, by its ``Idempotency-Key``: a retry of the
same request gets the same answer and changes nothing."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class IdempotentRequest(models.Model):
    """One write by one user under one key: pending (``status`` 0) while it runs, then
    its answer. The same key with another request is refused."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=100)
    #: SHA-256 of the method, the path and the body
    fingerprint = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField(default=0)
    body = models.TextField(blank=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_request_a_key")]
