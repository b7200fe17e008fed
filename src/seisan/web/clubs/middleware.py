"""Every request speaks its user's language: Django's choice (the switcher, else the
browser's Accept-Language) is also the core's, so its messages read the same. A
stored game the core no longer settles (a name it now refuses) is a page saying
which and why, not a server error."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation

from seisan.errors import SeisanError
from seisan.i18n import Lang, language


def web_lang() -> Lang:
    """The core's language for Django's active one (``ja-jp`` → ``ja``)."""
    code = (translation.get_language() or "en").split("-")[0].lower()
    return Lang(code) if code in {lang.value for lang in Lang} else Lang.EN


class SeisanLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with language(web_lang()):
            return self.get_response(request)


class UnsettledMiddleware:
    """The core's error where a page settles what is stored: its words on a page of the
    site (409: the stored game and the core disagree), logged as the error it is. The
    API answers any error of the core itself (400, in JSON); forms catch the errors
    of what they send."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (response.status_code == 405 and not getattr(response, "streaming", False)
                and not response.content and request.method != "HEAD"
                and not request.path_info.startswith("/api/")):  # fmt: skip
            # an address a form sends to, opened as a page (a bookmark, a link copied
            # from the address bar): a page that says so, not a blank one
            from seisan.web.clubs.access import ctx  # noqa: PLC0415

            page = HttpResponse(render_to_string("not_a_page.html", ctx(request), request),
                                status=405)  # fmt: skip
            for header, value in response.items():  # (Allow, and whatever else was set)
                if header.lower() not in ("content-type", "content-length"):
                    page[header] = value
            page.cookies = response.cookies
            return page
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, SeisanError) or request.path_info.startswith("/api/"):
            return None
        from django.conf import settings  # noqa: PLC0415

        if settings.DEBUG:  # a developer sees the traceback
            return None
        import logging  # noqa: PLC0415

        from seisan.web.clubs.access import ctx  # noqa: PLC0415 - models loaded by now

        logging.getLogger("django.request").error(
            "Stored game not settled: %s", request.path, exc_info=exception
        )
        from django.urls import reverse  # noqa: PLC0415

        match = request.resolver_match  # within a club: its page, where players are renamed
        slug = match.kwargs.get("slug") if match is not None else None
        club_url = reverse("clubs:club", args=[slug]) if slug else None
        page = render_to_string("unsettled.html", ctx(request, problem=str(exception),
                                                      club_url=club_url), request)  # fmt: skip
        return HttpResponse(page, status=409)
