"""Every request speaks its user's language: Django's choice (the switcher, else the
browser's Accept-Language) is also the core's, so its messages read the same."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

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
