"""Forms: what a person types, checked and explained beside the field in their
language (the entry form at the table is :mod:`seisan.web.clubs.entry`)."""

from __future__ import annotations

import re
from typing import Any

from django import forms

from seisan.i18n import N_, Message, plain_text
from seisan.web.clubs import models as m
from seisan.web.clubs.middleware import web_lang

_NUMBER = re.compile(r"^[+-]?\d+$")
ROLE_LABELS = {
    "member": N_("member"),
    "scorer": N_("scorer"),
    "referee": N_("referee"),
    "organiser": N_("organiser"),
    "owner": N_("owner"),
}


def words(text: str, **fields: Any) -> str:
    """A catalogue message in the request's language (labels, errors)."""
    return Message(text, **fields).text(web_lang())


def in_our_words(form: forms.BaseForm) -> None:
    """Every error a field can give in seisan's words and the reader's language; a form
    calls it first, then says what is particular to its fields."""
    common = {
        "required": words(N_("this is needed")),
        "invalid": words(N_("not valid here")),
        "invalid_choice": words(N_("not one of the choices")),
        "null_characters_not_allowed": words(N_("no control or invisible characters, please")),
        "empty": words(N_("the file is empty")),
        "missing": words(N_("choose a file")),
    }
    bounded: dict[tuple[str, object], str] = {}  # one text a limit, however many fields
    for field in form.fields.values():
        said = field.error_messages
        said.update(common)
        for code, template, attribute in (
            ("max_length", N_("too long: at most {most} characters"), "max_length"),
            ("min_value", N_("at least {least}"), "min_value"),
            ("max_value", N_("at most {most}"), "max_value"),
        ):
            limit = getattr(field, attribute, None)
            if limit is None:
                continue
            key = (code, limit)
            if key not in bounded:
                bounded[key] = words(template, most=limit, least=limit)
            said[code] = bounded[key]


def visible_text(value: object, required: bool = True) -> str:
    """A name or a title as a page shows it: its spaces made one, refused when it holds
    a control character, a direction override (shown reversed) or a zero-width space
    (:func:`~seisan.i18n.plain_text`, as a player's name is: a club named by one alone
    had been a link no page showed)."""
    text = " ".join(str(value or "").split())
    if not text and not required:
        return ""
    if not plain_text(text):
        raise forms.ValidationError(words(N_("no control or invisible characters, please")))
    return text


class ClubForm(forms.ModelForm):  # type: ignore[type-arg]
    """A new club: its name, its short name for addresses, its kind, its money and the
    time zone its times are written in; every message in seisan's words."""

    class Meta:
        model = m.Club
        fields = ["name", "slug", "kind", "currency", "time_zone"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        in_our_words(self)
        self.fields["name"].label = words(N_("Club name"))
        self.fields["slug"].label = words(N_("Short name for addresses (letters, digits, -)"))
        self.fields["kind"].label = words(N_("Kind"))
        self.fields["kind"].choices = [  # type: ignore[attr-defined]
            ("jansou", words(N_("jansou"))),
            ("circle", words(N_("circle"))),
            ("league", words(N_("league"))),
        ]
        self.fields["currency"].label = words(N_("Currency (JPY, KRW, USD…)"))
        self.fields["time_zone"].label = words(N_("Time zone (Asia/Tokyo, Asia/Seoul…)"))
        self.fields["time_zone"].initial = m.local_zone()
        self.fields["time_zone"].required = False  # blank: this machine's
        too_long = N_("too long: at most {most} characters")
        for name, most in (("name", 120), ("slug", 60), ("currency", 3), ("time_zone", 64)):
            self.fields[name].error_messages.update({
                "required": words(N_("this is needed")),
                "max_length": words(too_long, most=most),
            })  # fmt: skip
        self.fields["slug"].error_messages["invalid"] = words(
            N_("use only letters, digits and - in the short name")
        )
        self.fields["kind"].error_messages["invalid_choice"] = words(N_("not one of the choices"))

    def clean_name(self) -> str:
        return visible_text(self.cleaned_data.get("name"))

    def clean_slug(self) -> str:
        """In small letters (``/c/Other/`` beside ``/c/other/`` had been two clubs), with
        a letter or a digit (``-`` alone had been an address)."""
        slug = str(self.cleaned_data.get("slug") or "").lower()
        if not any(c.isalnum() for c in slug):
            raise forms.ValidationError(words(N_("use only letters, digits and - in the short "
                                                 "name")))  # fmt: skip
        return slug

    def validate_unique(self) -> None:
        """A short name taken says so in seisan's words (not Django's), whatever its
        letters' case."""
        slug = self.cleaned_data.get("slug")
        others = m.Club.objects.exclude(pk=self.instance.pk)
        if slug and others.filter(slug__iexact=slug).exists():
            self.add_error("slug", words(N_("the short name {slug} is taken: choose another"),
                                         slug=slug))  # fmt: skip

    def clean_time_zone(self) -> str:
        zone = str(self.cleaned_data.get("time_zone") or "").strip() or m.local_zone()
        # (“localtime” is the server's own clock setting, not a zone: it moves with it)
        if zone not in m.known_zones() or zone in ("localtime", "posixrules"):
            raise forms.ValidationError(words(N_("not a time zone: give Asia/Tokyo, "
                                                 "Asia/Seoul, Europe/London…")))  # fmt: skip
        return zone

    def clean_currency(self) -> str:
        from babel.numbers import get_currency_name  # noqa: PLC0415

        code = str(self.cleaned_data["currency"]).strip().upper()
        if len(code) != 3 or get_currency_name(code, locale="en") == code:
            raise forms.ValidationError(words(N_("not a currency code: give JPY, KRW, USD…")))
        return code


MAX_MIN_GAMES = 10_000


def min_games_errors() -> dict[str, Any]:
    wrong = words(N_("give a whole number from 0 to {most}"), most=MAX_MIN_GAMES)
    return {"invalid": wrong, "min_value": wrong, "max_value": wrong}


class PublishingForm(forms.Form):
    """Whether the standings are public, and the games needed to be ranked."""

    public = forms.BooleanField(required=False)
    min_games = forms.IntegerField(min_value=0, max_value=MAX_MIN_GAMES, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        in_our_words(self)
        self.fields["min_games"].error_messages.update(min_games_errors())
        self.fields["public"].label = words(N_("Anyone with the link may see the standings"))
        self.fields["min_games"].label = words(N_("Games needed to be ranked"))


class SessionForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = m.Session
        fields = ["date", "title"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        in_our_words(self)
        self.fields["date"].label = words(N_("Date"))
        self.fields["title"].label = words(N_("Title (optional)"))

    def clean_title(self) -> str:
        return visible_text(self.cleaned_data.get("title"), required=False)


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=60)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        in_our_words(self)
        self.fields["name"].label = words(N_("Name"))


class ImportForm(forms.Form):
    file = forms.FileField()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        in_our_words(self)
        self.fields["file"].label = words(
            N_(
                "A session file (.toml, .csv), a game record (.json) or a Tenhou log (.mjlog, "
                "tenhou.net/6 .json)"
            )
        )
