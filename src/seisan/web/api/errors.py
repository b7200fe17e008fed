"""Errors of the API as JSON, ``{"error": {"code", "message", "field"}}``, the message
in the request's language (``Accept-Language``) from the shared catalogue."""

from __future__ import annotations

import datetime
from typing import Any

from django.http import HttpRequest, HttpResponse
from ninja.renderers import BaseRenderer

from seisan.i18n import N_, Message, _
from seisan.output import dumps_json


class ApiError(Exception):
    """An answer other than success: its HTTP status, a code a program can test, a
    message for the person, and the field it is about (if any)."""

    def __init__(
        self, status: int, code: str, message: Message, field: str | None = None,
        **extra: Any,
    ) -> None:  # fmt: skip
        super().__init__(message.template)
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.extra = extra


def _plain(data: Any) -> Any:
    """Dates and times as ISO 8601 text; everything else as it is."""
    if isinstance(data, dict):
        return {k: _plain(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_plain(v) for v in data]
    if isinstance(data, datetime.date):  # a datetime too
        return data.isoformat()
    return data


def json_text(data: Any) -> str:
    """``data`` as JSON with exact numbers (pt as written, never through a float)."""
    return dumps_json(_plain(data), indent=None)


class ExactRenderer(BaseRenderer):
    """ninja's answers through :func:`json_text`: Decimal pt values as JSON numbers."""

    media_type = "application/json"

    def render(self, request: HttpRequest, data: Any, *, response_status: int) -> Any:
        return json_text(data)


def json_response(data: Any, status: int = 200, **headers: str) -> HttpResponse:
    """``data`` as a JSON answer (see :func:`json_text`)."""
    response = HttpResponse(json_text(data), status=status, content_type="application/json")
    for name, value in headers.items():
        response[name.replace("_", "-")] = value
    return response


def error_response(err: ApiError, request: HttpRequest | None = None) -> HttpResponse:
    body: dict[str, Any] = {
        "error": {"code": err.code, "message": err.message.text(), "field": err.field}
    }
    body.update(err.extra)
    return json_response(body, err.status)


#: what pydantic found wrong with a field, in words of the catalogue
_PROBLEMS = {
    "missing": N_("this field is required"),
    "extra_forbidden": N_("this field is not known here"),
    "int_type": N_("give a whole number"),
    "int_parsing": N_("give a whole number"),
    "int_from_float": N_("give a whole number"),
    "string_type": N_("give a text"),
    "bool_type": N_("give true or false"),
    "list_type": N_("give a list"),
    "dict_type": N_("give an object"),
    "model_type": N_("give an object"),
    "model_attributes_type": N_("give an object"),
    "json_invalid": N_("the body is not JSON"),
    "string_too_long": N_("this text is too long"),
    "string_too_short": N_("this text is too short"),
    "too_short": N_("this list is too short"),
    "too_long": N_("this list is too long"),
    "greater_than_equal": N_("this number is too small"),
    "less_than_equal": N_("this number is too large"),
}


def validation_error(errors: list[dict[str, Any]]) -> ApiError:
    """The first problem of a request that does not fit the schema."""
    first = errors[0] if errors else {}
    where = [str(part) for part in first.get("loc", ())
             if part not in ("body", "payload", "path", "query")]  # fmt: skip
    if not where and "body" in first.get("loc", ()) and first.get("type") == "missing":
        # (the whole body missing had been “this field is required”, of no field)
        return ApiError(
            422,
            "invalid_request",
            _("the request has no body: send a JSON object (Content-Type: application/json)"),
        )
    problem = Message(_PROBLEMS.get(str(first.get("type", "")), N_("this value is not valid here")))
    field = ".".join(where) or None
    message = _("{field}: {problem}", field=field, problem=problem) if field else problem
    return ApiError(422, "invalid_request", message, field)
