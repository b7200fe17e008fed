"""Sign-up and invitation forms, every word from seisan's catalogue."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError

from seisan.i18n import N_
from seisan.web.clubs.forms import ROLE_LABELS, in_our_words, visible_text, words

MAX_INVITATION_DAYS = 30


class SignupForm(forms.Form):
    """An e-mail and a password typed twice (Django's validators, our words)."""

    email = forms.EmailField(max_length=254)
    password1 = forms.CharField(widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))
    password2 = forms.CharField(widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        in_our_words(self)
        self.fields["email"].label = words(N_("Email"))
        self.fields["email"].error_messages.update(
            {
                "required": words(N_("give your email")),
                "invalid": words(N_("not an email address")),
                "max_length": words(N_("an email address has at most 254 characters")),
            }
        )
        self.fields["password1"].label = words(N_("Password"))
        self.fields["password2"].label = words(N_("Password again"))
        for name in ("password1", "password2"):
            self.fields[name].error_messages.update({"required": words(N_("give a password"))})

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        first, second = cleaned.get("password1"), cleaned.get("password2")
        if first and second and first != second:
            self.add_error("password2", words(N_("the two passwords differ")))
        elif first:
            try:
                password_validation.validate_password(first)
            except ValidationError as err:
                for code in {e.code for e in err.error_list}:
                    self.add_error("password1", words(PASSWORD_PROBLEMS.get(
                        code or "", N_("choose another password"))))  # fmt: skip
        return cleaned


PASSWORD_PROBLEMS = {
    "password_too_short": N_("a password has at least 8 characters"),
    "password_too_common": N_("this password is too common: choose another"),
    "password_entirely_numeric": N_("a password is not only digits"),
    "password_too_similar": N_("the password is too like the email"),
}


class InvitationForm(forms.Form):
    """Who is invited, with which role, for how long."""

    name = forms.CharField(max_length=60)
    role = forms.ChoiceField(choices=[("scorer", "scorer"), ("member", "member")])  # set below
    days = forms.IntegerField(min_value=1, max_value=MAX_INVITATION_DAYS, initial=7)

    def __init__(self, *args: Any, organiser_role: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        in_our_words(self)
        roles = ["member", "scorer", "referee", *(["organiser"] if organiser_role else [])]
        self.fields["role"].choices = [(r, words(ROLE_LABELS[r])) for r in roles]  # type: ignore[attr-defined]
        self.fields["role"].initial = "scorer"
        self.fields["name"].label = words(N_("For whom (a name, shown on the invitation)"))
        self.fields["role"].label = words(N_("Role"))
        self.fields["days"].label = words(N_("Valid for (days)"))
        self.fields["name"].error_messages.update(
            {
                "required": words(N_("give the name of the person invited")),
                "max_length": words(N_("a name has at most 60 characters")),
            }
        )
        self.fields["days"].error_messages.update({
            "required": words(N_("give a number of days")),
            "invalid": words(N_("give a number of days")),
            "min_value": words(N_("give a number of days from 1 to {most}"),
                               most=MAX_INVITATION_DAYS),
            "max_value": words(N_("give a number of days from 1 to {most}"),
                               most=MAX_INVITATION_DAYS),
        })  # fmt: skip
        self.fields["role"].error_messages.update({"invalid_choice": words(N_("choose a role"))})

    def clean_name(self) -> str:
        """Shown on the invitation and in the club's history: nothing invisible (a
        zero-width space alone had been taken; helper-64)."""
        return visible_text(self.cleaned_data.get("name"))


class ApiTokenForm(forms.Form):
    """What a new API token is for (shown in the list, to know which to revoke)."""

    name = forms.CharField(max_length=60)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        in_our_words(self)
        self.fields["name"].label = words(N_("What it is for (a Discord bot, a spreadsheet…)"))
        self.fields["name"].error_messages.update(
            {
                "required": words(N_("give what the token is for")),
                "max_length": words(N_("a name has at most 60 characters")),
            }
        )
