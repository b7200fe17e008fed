"""Rules chosen, not typed: a preset picked from a list that shows what each one is
(every preset, Korean and three-player ones included), then changed field by field:
start and return points, uma, rounding, ties, leftover sticks, game length, the side
bets and the money. What the organiser chose is kept as a small house-rules TOML
(``extends = "mleague"`` and the fields that differ), which the "advanced" box shows
and takes back as typed; the core reads and checks either way.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

import tomli_w
from django import forms

from seisan.errors import RulesError, SeisanError
from seisan.explain import RULE_FIELDS, rule_value, rules_caption
from seisan.i18n import N_, plain_number, term
from seisan.presets import presets, rules_from_data
from seisan.rounding import Rounding
from seisan.rules import WHOLE_NUMBER, Deposits, Extension, FeePayer, Length, Rules, Ties
from seisan.web.clubs.forms import (
    MAX_MIN_GAMES,
    in_our_words,
    min_games_errors,
    visible_text,
    words,
)
from seisan.web.clubs.middleware import web_lang
from seisan.web.clubs.services import rules_from_text

#: form field: (its place in a rules file, what it holds)
WHOLE, PT, TEXT, CHOICE, FLAG = "whole", "pt", "text", "choice", "flag"
FIELDS: dict[str, tuple[tuple[str, ...], str]] = {
    "start": (("start",), WHOLE),
    "return_points": (("return",), WHOLE),
    "uma": (("uma",), TEXT),
    "rounding": (("rounding",), CHOICE),
    "ties": (("ties",), CHOICE),
    "deposits": (("deposits",), CHOICE),
    "length": (("game", "length"), CHOICE),
    "extension": (("game", "extension"), CHOICE),
    "sou_uma": (("side", "sou_uma"), WHOLE),
    "sou_bashin": (("side", "sou_bashin"), WHOLE),
    "binta": (("side", "binta"), WHOLE),
    "kubi": (("side", "kubi"), WHOLE),
    "shizumi": (("side", "shizumi"), WHOLE),
    "shizumi_line": (("side", "shizumi_line"), WHOLE),
    "chip_value": (("side", "chip_value"), PT),
    "tobi": (("side", "tobi"), WHOLE),
    "tobi_at_zero": (("side", "tobi_at_zero"), FLAG),
    "yakitori": (("side", "yakitori"), WHOLE),
    "soto_pool": (("side", "soto_pool"), WHOLE),
    "rate": (("money", "rate"), PT),
    "unit": (("money", "unit"), PT),
    "currency": (("money", "currency"), TEXT),
    "fee": (("money", "fee"), PT),
    "fee_payer": (("money", "fee_payer"), CHOICE),
    "money_rounding": (("money", "rounding"), CHOICE),
}
LABELS = {name: RULE_FIELDS[".".join(path)] for name, (path, _kind) in FIELDS.items()}
"""Each field's label: the core's words for that place in a rules file."""
PARTS = {
    "basics": ("start", "return_points", "uma", "rounding", "ties", "deposits", "length",
               "extension"),
    "side": ("sou_uma", "sou_bashin", "binta", "kubi", "shizumi", "shizumi_line", "chip_value",
             "tobi", "tobi_at_zero", "yakitori", "soto_pool"),
    "money": ("rate", "unit", "currency", "fee", "fee_payer", "money_rounding"),
}  # fmt: skip
#: where a core error names a field of a rules file, the form's field
BY_PATH = {".".join(path): name for name, (path, _kind) in FIELDS.items()}


def _choices(name: str) -> list[tuple[str, str]]:
    lang = web_lang()
    if name in {"rounding", "money_rounding"}:
        return [(r.value, r.label(lang)) for r in Rounding]
    if name == "ties":
        return [(t.value, t.label(lang)) for t in Ties]
    if name == "deposits":
        return [(d.value, d.label(lang)) for d in Deposits]
    choices = {"length": Length, "extension": Extension, "fee_payer": FeePayer}
    if name in choices:
        path = ".".join(FIELDS[name][0])
        return [(c.value, rule_value(path, c.value, lang)) for c in choices[name]]
    if name == "tobi_at_zero":
        return [("true", rule_value("", True, lang)), ("false", rule_value("", False, lang))]
    raise KeyError(name)


def preset_choices() -> list[tuple[str, str, str]]:
    """Every preset: its id, its title and its rules in one line, in the reader's language."""
    lang = web_lang()
    out = []
    for rules in presets():
        players = words(N_("{count} players"), count=rules.players)
        out.append((rules.name, rules.title(lang), f"{players} · {rules_caption(rules, lang)}"))
    return out


#: a field given beside the house rules as TOML, which replace it
TOML_REPLACES = N_("the house rules as TOML replace this: change it there, or clear the TOML "
                   "to use the fields")  # fmt: skip


class RulesForm(forms.Form):
    """A preset and the fields that differ, or house rules as TOML (advanced)."""

    preset = forms.ChoiceField(choices=[], required=False)
    advanced = forms.CharField(widget=forms.Textarea(attrs={"rows": 6}), required=False,
                               max_length=20_000)  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.presets = preset_choices()
        self.fields["preset"].choices = [(p, title) for p, title, _c in self.presets]  # type: ignore[attr-defined]
        self.fields["preset"].label = words(N_("Start from"))
        self.fields["advanced"].label = words(N_("House rules as TOML (advanced: replaces all "
                                                 "of the above)"))  # fmt: skip
        blank = words(N_("as the preset"))
        for name, (_path, kind) in FIELDS.items():
            if kind in {CHOICE, FLAG}:
                field: forms.Field = forms.ChoiceField(
                    choices=[("", blank), *_choices(name)], required=False
                )
            else:
                field = forms.CharField(required=False, max_length=40)
                field.widget.attrs["placeholder"] = blank
                if kind in (WHOLE, PT):
                    field.widget.attrs["inputmode"] = "decimal" if kind == PT else "numeric"
            field.label = words(LABELS[name])
            self.fields[name] = field
        in_our_words(self)
        self.parsed: Rules | None = None
        self.source = ""

    def part(self, name: str) -> list[Any]:
        return [self[f] for f in PARTS[name]]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        advanced = str(cleaned.get("advanced") or "").strip()
        typed = [name for name in FIELDS if str(cleaned.get(name) or "").strip()]
        if advanced and typed:  # the TOML replaces them: never dropped in silence
            for name in typed:
                self.add_error(name, words(TOML_REPLACES))
            return cleaned
        try:
            if advanced:
                self.parsed = rules_from_text(advanced)
                self.source = advanced
                return cleaned
            if not cleaned.get("preset"):
                self.add_error("preset", words(N_("choose the rules to start from")))
                return cleaned
            data = self._data(cleaned)
            self.parsed = rules_from_data(data)
            self.parsed.check_whole()
            self.source = tomli_w.dumps(data)
        except _FieldError as err:
            self.add_error(err.field, err.text)
        except RulesError as err:
            field = BY_PATH.get(err.field) if not advanced else None
            if field:  # the field says which: its problem alone
                self.add_error(field, err.problem.text(web_lang()))
            else:
                self.add_error("advanced" if advanced else None, err.message.text(web_lang()))
        except SeisanError as err:
            self.add_error("advanced" if advanced else None, err.message.text(web_lang()))
        except RecursionError:
            self.add_error("advanced", words(N_("not valid TOML (nested too deep)")))
        return cleaned

    def _data(self, cleaned: Mapping[str, Any]) -> dict[str, Any]:
        """``extends = PRESET`` and the fields given, as a house-rules file has them."""
        data: dict[str, Any] = {"extends": cleaned["preset"]}
        for name, (path, kind) in FIELDS.items():
            text = str(cleaned.get(name) or "").strip()
            if not text:
                continue
            value = _value(name, kind, text)
            table = data
            for key in path[:-1]:
                table = table.setdefault(key, {})
            table[path[-1]] = value
        return data


class _FieldError(Exception):
    def __init__(self, field: str, text: str) -> None:
        super().__init__(text)
        self.field = field
        self.text = text


def _value(name: str, kind: str, text: str) -> Any:
    if kind == FLAG:
        return text == "true"
    if kind in (TEXT, CHOICE):
        return text
    clean = plain_number(text)
    if kind == WHOLE:
        if not WHOLE_NUMBER.fullmatch(clean) or len(clean) > 12:  # (one sign: ▲▲5 is no number)
            raise _FieldError(name, words(N_("“{value}” is not a whole number of points"),
                                          value=text))  # fmt: skip
        return int(clean)
    try:
        number = Decimal(clean)
    except InvalidOperation:
        number = Decimal("NaN")
    if not number.is_finite() or len(clean) > 20:
        raise _FieldError(name, words(N_("“{value}” is not a number"), value=text))
    return int(number) if number == number.to_integral_value() else number


def initial_of(source: str) -> dict[str, Any]:
    """The form's values for what an organiser wrote before: a preset name, or
    ``extends`` and fields the form has; anything else goes to the advanced box."""
    stripped = source.strip()
    if not stripped:
        return {}
    if "=" not in stripped and "\n" not in stripped:
        try:
            found = rules_from_text(stripped)
        except SeisanError:
            return {"advanced": source}
        return {"preset": found.name}
    try:
        data = tomllib.loads(stripped, parse_float=Decimal)
    except (ValueError, RecursionError):  # TOMLDecodeError, digits past the limit
        return {"advanced": source}
    flat: dict[str, Any] = {}
    rest = dict(data)
    extends = rest.pop("extends", None)
    for name, (path, kind) in FIELDS.items():
        table: Any = rest
        for key in path[:-1]:
            table = table.get(key) if isinstance(table, Mapping) else None
        if isinstance(table, Mapping) and path[-1] in table:
            value = table[path[-1]]
            flat[name] = ("true" if value else "false") if kind == FLAG else str(value)
    leftover = _without(rest, [path for path, _kind in FIELDS.values()])
    if not isinstance(extends, str) or leftover:
        return {"advanced": source}
    return {"preset": extends, **flat}


def _without(data: Mapping[str, Any], paths: list[tuple[str, ...]]) -> dict[str, Any]:
    """``data`` less the keys at ``paths`` (and the tables they leave empty)."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        inner = [p[1:] for p in paths if p[0] == key and len(p) > 1]
        if (key,) in paths:
            continue
        if inner and isinstance(value, Mapping):
            left = _without(value, inner)
            if left:
                out[key] = left
        else:
            out[key] = value
    return out


def part_labels() -> dict[str, str]:
    """The headings of the form's parts."""
    return {"basics": term("rules"), "side": term("side"), "money": term("money")}


class SeasonForm(RulesForm):
    """A new season: its name, the games needed to be ranked, and its rules."""

    name = forms.CharField(max_length=120)
    min_games = forms.IntegerField(min_value=0, max_value=MAX_MIN_GAMES, initial=0,
                                   required=False)  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.order_fields(["name", "min_games", "preset"])
        self.fields["name"].label = words(N_("Season name"))
        self.fields["name"].error_messages.update(
            {
                "required": words(N_("give the season a name")),
                "max_length": words(N_("too long: at most {most} characters"), most=120),
            }
        )
        self.fields["min_games"].label = words(N_("Games needed to be ranked"))
        self.fields["min_games"].error_messages.update(min_games_errors())

    def clean_name(self) -> str:
        return visible_text(self.cleaned_data.get("name"))
