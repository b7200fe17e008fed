"""``Idempotency-Key``: a write sent again (a bot's retry after a timeout) returns the
first answer and stores nothing new; the same key with another request is refused."""

from __future__ import annotations

import hashlib
import itertools
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from seisan.i18n import _
from seisan.web.api.errors import ApiError
from seisan.web.api.models import IdempotentRequest
from seisan.web.clubs import inserts, reads

HEADER = "Idempotency-Key"
WAIT = 3.0  #: seconds a retry waits for the first request still running
LEASE = timedelta(minutes=3)  #: a first request pending longer died (its worker stopped)
KEPT = timedelta(hours=24)  #: how long a key's answer is given again
PURGE_EVERY = 100  #: requests between two deletions of the answers kept too long
_requests = itertools.count()


def _user(request: HttpRequest) -> Any:
    """The token's user (the API's auth has signed them in)."""
    return request.user


def _fingerprint(request: HttpRequest) -> str:
    digest = hashlib.sha256(f"{request.method} {request.path}\n".encode())
    digest.update(request.body)
    return digest.hexdigest()


def idempotent(request: HttpRequest, run: Callable[[], HttpResponse]) -> HttpResponse:
    """``run()`` once per key and user; its answer again for a retry."""
    key = request.headers.get(HEADER)
    if key is None:
        return run()
    if not key or len(key) > 100 or not key.isascii() or not key.isprintable():
        problem = _("Idempotency-Key: give 1 to 100 letters, digits or signs")
        raise ApiError(400, "invalid_key", problem, HEADER)
    fingerprint = _fingerprint(request)
    if next(_requests) % PURGE_EVERY == 0:  # now and then, not a query every request
        IdempotentRequest.objects.filter(created__lt=timezone.now() - KEPT).delete()
    row = _claim(_user(request), key, fingerprint)
    if row is None:  # the key is taken: its answer, or a wait for it
        return _replay(request, key, fingerprint, run)
    request._idempotent_row = row  # type: ignore[attr-defined] # (for answer_statement)
    try:
        response = run()
    except BaseException:
        row.delete()  # nothing was stored (an error is worked out again on a retry)
        raise
    if not getattr(response, "_idempotent_kept", False):
        _store(row, response)
    return response


def answer_statement(request: HttpRequest, response: HttpResponse) -> tuple[str, list[Any]] | None:
    """The statement that keeps ``response`` as the answer to the request's key, for a
    write to run in its own statement (None: no key was claimed). The write that ran
    it returns :func:`kept` of the response once committed: the answer is then stored
    with what it answers, and not again."""
    row = getattr(request, "_idempotent_row", None)
    if row is None:
        return None
    return _store_sql(), [response.status_code, response.content.decode(), row.pk]


def kept(response: HttpResponse) -> HttpResponse:
    """``response``, noted as stored by its write (:func:`answer_statement`)."""
    response._idempotent_kept = True  # type: ignore[attr-defined]
    return response


def _claim(user: Any, key: str, fingerprint: str) -> IdempotentRequest | None:
    """The key's row, made now for this request; ``None`` if it exists already. One
    statement, no savepoint (``INSERT … ON CONFLICT DO NOTHING``: SQLite and
    PostgreSQL alike)."""
    row = IdempotentRequest(user=user, key=key, fingerprint=fingerprint)
    meta, name = IdempotentRequest._meta, connection.ops.quote_name
    columns = ["user_id", "key", "fingerprint", "status", "body", "created"]
    values = [user.pk, key, fingerprint, 0, "",
              connection.ops.adapt_datetimefield_value(row.created)]  # fmt: skip
    with reads.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {name(meta.db_table)} ({', '.join(map(name, columns))}) "
            f"VALUES ({', '.join(['%s'] * len(columns))}) "
            f"ON CONFLICT ({name('user_id')}, {name('key')}) DO NOTHING RETURNING {name('id')}",
            values,
        )
        made = cursor.fetchone()
    if made is None:
        return None
    row.pk = made[0]
    return row


def _store(row: IdempotentRequest, response: HttpResponse) -> None:
    """The answer kept with its key (one written statement, as :func:`_claim`)."""
    with reads.cursor() as cursor:
        cursor.execute(_store_sql(), [response.status_code, response.content.decode(), row.pk])


def _store_sql() -> str:
    name = connection.ops.quote_name
    return (f"UPDATE {name(IdempotentRequest._meta.db_table)} SET {name('status')} = %s, "
            f"{name('body')} = %s WHERE {name('id')} = %s")  # fmt: skip


def _replay(
    request: HttpRequest, key: str, fingerprint: str, run: Callable[[], HttpResponse]
) -> HttpResponse:
    deadline = time.monotonic() + WAIT
    while True:
        row = IdempotentRequest.objects.filter(user=_user(request), key=key).first()
        if row is None:  # the first request failed and let go of the key: run again
            return idempotent(request, run)
        if timezone.now() - row.created > KEPT:  # kept too long (not yet deleted): free
            IdempotentRequest.objects.filter(pk=row.pk, created=row.created).delete()
            continue
        if row.fingerprint != fingerprint:
            raise ApiError(422, "key_reused",
                           _("this Idempotency-Key was used for another request: use a new key "
                             "for each new request"), HEADER)  # fmt: skip
        if row.status:
            inserts.on_disk()  # (stored with its game, whose request may still await the flush)
            response = HttpResponse(row.body, status=row.status, content_type="application/json")
            response["Idempotent-Replayed"] = "true"
            return response
        if timezone.now() - row.created > LEASE:  # the first request's worker died
            IdempotentRequest.objects.filter(pk=row.pk, status=0).delete()
            continue
        if time.monotonic() > deadline:
            raise ApiError(409, "in_progress",
                           _("a request with this Idempotency-Key is still running: try again "
                             "in a moment"), HEADER)  # fmt: skip
        time.sleep(0.05)
