"""Template words and numbers from the core: ``{% t "English {field}" field=x %}`` (``{%
tn "{count} game" "{count} games" "count" count=n %}`` for a sentence that counts) and
``{% term "part.oka" %}`` read seisan's one catalogue (shared with the CLI);
``|pt``, ``|money`` and ``|pct`` write numbers as players read them."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString

from seisan.i18n import Message, _n
from seisan.i18n import term as core_term
from seisan.rules import Zero
from seisan.settlement import format_score
from seisan.web.clubs.middleware import web_lang
from seisan.yaku import yaku_name

register = template.Library()


@register.simple_tag
def t(text: str, **fields: Any) -> SafeString:
    """A message of seisan's catalogue in the request's language (escaped)."""
    return conditional_escape(Message(text, **fields).text(web_lang()))


@register.simple_tag
def tn(singular: str, plural: str, counted: str, **fields: Any) -> SafeString:
    """A plural message of the catalogue in the request's language (escaped): ``{% tn
    "{count} hand" "{count} hands" "count" count=n %}``, as :func:`seisan.i18n._n`."""
    return conditional_escape(_n(singular, plural, counted, **fields).text(web_lang()))


@register.simple_tag(name="term")
def term_tag(key: str, **fields: Any) -> SafeString:
    """A term of seisan's catalogue (``part.oka``, ``place``…)."""
    return conditional_escape(core_term(key, web_lang(), **fields))


def _fraction(value: Any) -> Fraction | None:
    if value is None or value == "":
        return None
    if isinstance(value, Fraction):
        return value
    return Fraction(Decimal(str(value)))


@register.filter
def pt(value: Any, zero: Any = None) -> str:
    """A score as players write it: +12.6, -30, and zero as the rules write it (0, or
    -0 under the Korean presets: 「+0 따위는 없다」)."""
    number = _fraction(value)
    if number is None:
        return ""
    return format_score(number, Zero(zero) if zero else Zero.PLAIN)


def _money_text(number: Fraction, currency: str) -> str:
    """``number`` of ``currency``: an ISO code in the reader's local form (¥1,200,
    ₩12,000), or the rules' own symbol written after it (1,200円)."""
    from babel.numbers import format_currency, format_decimal  # noqa: PLC0415

    amount = Decimal(number.numerator) / Decimal(number.denominator)
    lang = web_lang().value
    if len(currency) == 3 and currency.isascii() and currency.isupper():
        return str(format_currency(amount, currency, locale=lang))
    return f"{format_decimal(amount, locale=lang)}{currency}"


@register.filter
def money(value: Any, currency: str = "JPY") -> str:
    """Money won or lost, signed (+¥1,200, -1,200円)."""
    number = _fraction(value)
    if number is None:
        return ""
    text = _money_text(number, currency)
    return f"+{text}" if number > 0 else text


@register.filter
def amount(value: Any, currency: str = "") -> str:
    """An amount that changes hands (a transfer, a payment): never signed; pt when no
    currency is given."""
    number = _fraction(value)
    if number is None:
        return ""
    if not currency:
        return f"{format_score(abs(number)).lstrip('+')} pt"
    return _money_text(abs(number), currency)


def fixed(number: Fraction, places: int) -> str:
    """``number`` to ``places`` decimals, halves away from zero, exact (no floats)."""
    scaled = number * 10**places
    whole = int(abs(scaled) + Fraction(1, 2))
    sign = "-" if scaled < 0 and whole else ""
    text = str(whole).rjust(places + 1, "0")
    return f"{sign}{text[:-places]}.{text[-places:]}" if places else f"{sign}{text}"


@register.filter
def exact(value: Any) -> str:
    """A number as exact decimal text for a form (12.5, never 12.500000001)."""
    number = _fraction(value)
    if number is None:
        return ""
    from seisan.i18n import decimal_text  # noqa: PLC0415

    return decimal_text(number)


@register.filter
def pct(value: Any) -> str:
    """A rate as a percentage to one decimal (45.5%)."""
    number = _fraction(value)
    return "" if number is None else f"{fixed(number * 100, 1)}%"


@register.filter
def avg(value: Any) -> str:
    """An average to two decimals (2.45, -12.35)."""
    number = _fraction(value)
    return "" if number is None else fixed(number, 2)


@register.filter
def caption(rules: Any) -> str:
    """The rules in one line: start, return, oka, uma, rounding, ties (in words)."""
    from seisan.explain import rules_caption  # noqa: PLC0415

    return rules_caption(rules, web_lang())


@register.filter
def yaku(value: str) -> str:
    """A yaku as a record keeps it (立直), in the request's language (Riichi, 리치)."""
    return yaku_name(str(value), web_lang())


@register.filter
def msg(value: Any) -> str:
    """A core message (an error, a summary) in the request's language."""
    return value.text(web_lang()) if isinstance(value, Message) else str(value)


def _local(value: Any) -> Any:
    """A stored moment in the time zone of the page (the club's)."""
    from datetime import datetime  # noqa: PLC0415

    from django.utils import timezone  # noqa: PLC0415

    if isinstance(value, datetime) and timezone.is_aware(value):
        return timezone.localtime(value)
    return value


@register.filter
def day(value: Any) -> str:
    """A date as the reader's language writes it (Dec 1, 2026 · 2026/12/01 ·
    2026. 12. 1.)."""
    if value in (None, ""):
        return ""
    from babel.dates import format_date  # noqa: PLC0415

    return str(format_date(_local(value), format="medium", locale=web_lang().value))


@register.filter
def when(value: Any) -> str:
    """A moment, in local time, as the reader's language writes it."""
    if value in (None, ""):
        return ""
    from babel.dates import format_date, format_time  # noqa: PLC0415

    local = _local(value)
    lang = web_lang().value
    return f"{format_date(local, format='medium', locale=lang)} " + str(
        format_time(local, format="short", tzinfo=local.tzinfo, locale=lang)
    )


@register.filter
def used(form: Any, prefix: str) -> bool:
    """Whether a folded part of a form has a value or an error (it opens)."""
    return bool(form.used(prefix))


@register.filter
def part(form: Any, name: str) -> list[Any]:
    """The bound fields of one part of the rules form."""
    return list(form.part(name))


@register.filter
def split(text: str) -> list[str]:
    return text.split()


@register.filter
def errors_of(form: Any, name: str) -> Any:
    return form[name].errors


@register.filter
def get(mapping: Any, key: Any) -> Any:
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None


@register.filter
def points(value: Any) -> str:
    """Game points as a table writes them: ``25,000``, ``-1,300``."""
    return f"{int(value):,}"


@register.filter
def delta(value: Any) -> str:
    """A change of points with its sign: ``+3,900``, ``-1,300``, ``0``."""
    number = int(value)
    return f"{number:+,}" if number else "0"


@register.filter
def ordinal(value: Any) -> str:
    """A place as players say it: 1st, 1位, 1위."""
    from seisan.explain import ordinal as core_ordinal  # noqa: PLC0415

    return core_ordinal(int(value)).text(web_lang())


@register.filter
def whole(value: Any) -> str:
    """A number of points to the nearest whole one (an average win: 5233)."""
    number = _fraction(value)
    return "" if number is None else fixed(number, 0)


@register.filter
def clock(seconds: Any) -> str:
    """Seconds left as a countdown shows them: 45:00, 1:05:09, 0:07."""
    whole = max(0, int(seconds or 0))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


@register.simple_tag(takes_context=True)
def signup_open(context: Any) -> bool:
    """Whether this visitor may make an account (open sign-up, or an invitation or a
    tournament's entry link opened in this browser): the sign-in page offers it then."""
    from allauth.account.adapter import get_adapter  # noqa: PLC0415

    request = context.get("request")
    return request is not None and bool(get_adapter(request).is_open_for_signup(request))
