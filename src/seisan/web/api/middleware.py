"""Every answer under ``/api/`` is JSON, whatever Django or ninja answered on their own:
an address that names no operation (404), a method it does not take (405), a body too
large (400 from Django), or a server error (500), each in the reader's language."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from seisan.i18n import N_, Message
from seisan.web.api.errors import ApiError, error_response

_WORDS: dict[int, tuple[str, str]] = {
    400: ("invalid_request", N_("this request cannot be read")),
    403: ("forbidden", N_("your role in this club does not allow this")),
    404: ("not_found", N_("not found")),
    405: ("method_not_allowed", N_("this address does not take this method")),
    413: ("too_large", N_("this request is too large")),
    500: ("server_error", N_("something went wrong on the server; nothing was stored")),
}


class ApiErrorsMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith("/api/") or response.status_code not in _WORDS:
            return response
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        code, message = _WORDS[response.status_code]
        answer = error_response(ApiError(response.status_code, code, Message(message)))
        if response.has_header("Allow"):
            answer["Allow"] = response["Allow"]
        return answer

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not request.path.startswith("/api/"):
            return None
        from django.core.exceptions import PermissionDenied  # noqa: PLC0415
        from django.http import Http404  # noqa: PLC0415

        # what Django answers 404 and 403 to (ninja's home page without docs raises
        # Http404): not a server error (GET /api/ was a 500)
        status = 404 if isinstance(exception, Http404) else (
            403 if isinstance(exception, PermissionDenied) else 500)  # fmt: skip
        if status != 500:
            code, message = _WORDS[status]
            return error_response(ApiError(status, code, Message(message)))
        import logging  # noqa: PLC0415

        logging.getLogger("django.request").error(
            "Internal Server Error: %s", request.path, exc_info=exception
        )
        code, message = _WORDS[500]
        return error_response(ApiError(500, code, Message(message)))
