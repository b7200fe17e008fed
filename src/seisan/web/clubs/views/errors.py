"""Error pages in the site's layout and the reader's language."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.template.loader import render_to_string

from seisan.web.clubs.access import ctx


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page, drawn with the request (its language and layout); plain text if
    even that fails."""
    try:
        return HttpResponseServerError(render_to_string("500.html", ctx(request), request))
    except Exception:  # the page of last resort must not fail in turn
        return HttpResponseServerError("500", content_type="text/plain")
