"""Forms: what a person types, checked by the core and explained beside the field in
their language. Numbers typed on a Japanese or Korean phone (full-width digits,
▲ for minus, 12,300点) are read as the same numbers."""

from __future__ import annotations

import re
import uuid
from typing import Any

from django import forms

from seisan.errors import SeisanError
from seisan.i18n import N_, Message, _, plain_number
from seisan.rules import Rules
from seisan.web.clubs import models as m
from seisan.web.clubs.middleware import web_lang
from seisan.web.clubs.services import EntryError, rules_from_text, settle_data

_NUMBER = re.compile(r"^[+-]?\d+$")
ROLE_LABELS = {
    "member": N_("member"),
    "scorer": N_("scorer"),
    "organiser": N_("organiser"),
    "owner": N_("owner"),
}


def words(text: str, **fields: Any) -> str:
    """A catalogue message in the request's language (labels, errors)."""
    return Message(text, **fields).text(web_lang())


def parse_int(text: str, what: Message, field: str) -> int:
    clean = plain_number(text)
    if not _NUMBER.match(clean):
        raise EntryError(_("{what}: “{value}” is not a whole number", what=what, value=text), field)
    return int(clean)


class GameForm(forms.Form):
    """One game at the table: players in seat order, final points, sticks left on the
    table, chips and who busted whom when the rules have them."""

    key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    deposits = forms.CharField(required=False, initial="0")

    def __init__(
        self, *args: Any, rules: Rules, club: m.Club, seats: list[str] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.club = club
        self.n = rules.players
        self.chips = bool(rules.side.chip_value)
        self.tobi = bool(rules.side.tobi)
        winds = [N_("East"), N_("South"), N_("West"), N_("North")]
        for seat in range(self.n):
            self.fields[f"player_{seat}"] = forms.CharField(
                max_length=60, label=words(N_("Seat {wind}"), wind=words(winds[seat])),
                initial=(seats or [""] * self.n)[seat] if seats else "",
            )  # fmt: skip
            self.fields[f"points_{seat}"] = forms.CharField(
                max_length=20, label=words(N_("Points")), required=False,
                widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
            )  # fmt: skip
            if self.chips:
                self.fields[f"chips_{seat}"] = forms.CharField(
                    max_length=6, required=False, label=words(N_("Chips")),
                    widget=forms.TextInput(attrs={"inputmode": "numeric"}),
                )  # fmt: skip
            if self.tobi:
                self.fields[f"busted_{seat}"] = forms.CharField(
                    max_length=60, required=False, label=words(N_("Busted by")),
                )  # fmt: skip
        self.fields["deposits"].label = words(N_("Riichi sticks left on the table"))
        self.fields["deposits"].widget.attrs.update({"inputmode": "numeric"})
        if not self.initial.get("key") and not self.data.get("key"):
            self.initial["key"] = uuid.uuid4().hex
        self.result: Any = None
        self.data_out: dict[str, Any] = {}

    def seat_fields(self) -> list[dict[str, Any]]:
        """The bound fields of each seat, for the template."""
        return [
            {
                "player": self[f"player_{s}"],
                "points": self[f"points_{s}"],
                "chips": self[f"chips_{s}"] if self.chips else None,
                "busted": self[f"busted_{s}"] if self.tobi else None,
            }
            for s in range(self.n)
        ]

    def typed_points(self) -> list[int | None]:
        """The points typed so far (None where empty or not a number)."""
        out: list[int | None] = []
        for seat in range(self.n):
            text = str(self.data.get(f"points_{seat}", "")).strip()
            try:
                out.append(parse_int(text, _("points"), "") if text else None)
            except EntryError:
                out.append(None)
        return out

    def missing(self) -> int | None:
        """Points still missing for the table to add up (None until all but one typed)."""
        typed = self.typed_points()
        deposits_text = str(self.data.get("deposits", "0") or "0")
        try:
            deposits = parse_int(deposits_text, _("deposits"), "")
        except EntryError:
            deposits = 0
        expected = self.rules.start * self.n - deposits * self.rules.scoring.riichi
        known = [p for p in typed if p is not None]
        if len(known) < self.n - 1:
            return None
        return expected - sum(known)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:  # a field is wrong already (too long, missing): say that alone
            return cleaned
        try:
            self.data_out = self._game_table(cleaned)
            self.result = settle_data(self.data_out, self.rules)
        except EntryError as err:
            self.add_error(err.field or None, err.message.text(web_lang()))
        except SeisanError as err:
            self.add_error(None, err.message.text(web_lang()))
        return cleaned

    def _game_table(self, cleaned: dict[str, Any]) -> dict[str, Any]:
        names = []
        for seat in range(self.n):
            name = " ".join(str(cleaned.get(f"player_{seat}", "")).split())
            if not name:
                raise EntryError(_("seat {seat}: who sat here?", seat=seat + 1), f"player_{seat}")
            names.append(name)
        lowered = [n.casefold() for n in names]
        for seat, name in enumerate(lowered):
            if lowered.index(name) != seat:
                raise EntryError(_("{name} sits twice at this table", name=names[seat]),
                                 f"player_{seat}")  # fmt: skip
        points = []
        for seat in range(self.n):
            text = str(cleaned.get(f"points_{seat}", "") or "").strip()
            if not text:
                raise EntryError(_("{name}: give the final points", name=names[seat]),
                                 f"points_{seat}")  # fmt: skip
            points.append(parse_int(text, _("points"), f"points_{seat}"))
        deposits = parse_int(str(cleaned.get("deposits") or "0"), _("deposits"), "deposits")
        if deposits < 0:
            raise EntryError(_("deposits: {value} must be a count of riichi sticks, 0 or more",
                               value=deposits), "deposits")  # fmt: skip
        table: dict[str, Any] = {"players": names, "points": points}
        if deposits:
            table["deposits"] = deposits
        if self.chips:
            chips = []
            for seat in range(self.n):
                text = str(cleaned.get(f"chips_{seat}", "") or "").strip()
                chips.append(parse_int(text, _("chips"), f"chips_{seat}") if text else 0)
            if any(chips):
                table["chips"] = chips
        if self.tobi:
            busted = {}
            for seat in range(self.n):
                by = " ".join(str(cleaned.get(f"busted_{seat}", "") or "").split())
                if by:
                    busted[names[seat]] = by
            if busted:
                table["busted"] = busted
        return table


class ClubForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = m.Club
        fields = ["name", "slug", "kind", "currency"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].label = words(N_("Club name"))
        self.fields["slug"].label = words(N_("Short name for addresses (letters, digits, -)"))
        self.fields["kind"].label = words(N_("Kind"))
        self.fields["kind"].choices = [  # type: ignore[attr-defined]
            ("jansou", words(N_("jansou"))),
            ("circle", words(N_("circle"))),
            ("league", words(N_("league"))),
        ]
        self.fields["currency"].label = words(N_("Currency (JPY, KRW, USD…)"))

    def clean_currency(self) -> str:
        from babel.numbers import get_currency_name  # noqa: PLC0415

        code = str(self.cleaned_data["currency"]).strip().upper()
        if len(code) != 3 or get_currency_name(code, locale="en") == code:
            raise forms.ValidationError(words(N_("not a currency code: give JPY, KRW, USD…")))
        return code


class RulesForm(forms.Form):
    """A preset name or house rules in TOML; the core reads and checks them."""

    rules = forms.CharField(widget=forms.Textarea(attrs={"rows": 6}), initial="mleague")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rules"].label = words(N_("Rules: a preset (mleague, tenhou…) or house rules"))
        self.parsed: Rules | None = None

    def clean_rules(self) -> str:
        text = str(self.cleaned_data["rules"])
        try:
            self.parsed = rules_from_text(text)
        except SeisanError as err:
            raise forms.ValidationError(err.message.text(web_lang())) from None
        return text


class SeasonForm(RulesForm):
    name = forms.CharField(max_length=120)
    min_games = forms.IntegerField(min_value=0, initial=0, required=False)

    field_order = ["name", "rules", "min_games"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].label = words(N_("Season name"))
        self.fields["min_games"].label = words(N_("Games needed to be ranked"))


class SessionForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = m.Session
        fields = ["date", "title"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["date"].label = words(N_("Date"))
        self.fields["title"].label = words(N_("Title (optional)"))


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=60)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].label = words(N_("Name"))


class MemberForm(forms.Form):
    email = forms.EmailField()
    role = forms.ChoiceField(choices=m.Role.choices)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].label = words(N_("Email of their account"))
        self.fields["role"].label = words(N_("Role"))
        choices = [(r.value, words(ROLE_LABELS[r.value])) for r in m.Role]
        self.fields["role"].choices = choices  # type: ignore[attr-defined]


class ImportForm(forms.Form):
    file = forms.FileField()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["file"].label = words(
            N_("A session file (.toml, .csv) or a game record (.json)")
        )
