"""allauth's sign-in form with seisan's words, named in ``ACCOUNT_FORMS`` (allauth
imports it when it signs someone in, once Django's apps are ready)."""

from __future__ import annotations

from typing import Any

from allauth.account.forms import LoginForm as AllauthLoginForm

from seisan.i18n import N_
from seisan.web.clubs.forms import in_our_words, words


class LoginForm(AllauthLoginForm):  # type: ignore[misc]
    """Its labels from seisan's catalogue: allauth's own had said “Remember Me” in Korean
    as “save my ID” (아이디 저장), where one signs in by email (helper-71)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        in_our_words(self)
        self.fields["login"].label = words(N_("Email"))
        self.fields["password"].label = words(N_("Password"))
        self.fields["password"].help_text = ""  # (allauth's link, in its words: the page's own)
        if "remember" in self.fields:
            self.fields["remember"].label = words(N_("Stay signed in on this device"))
