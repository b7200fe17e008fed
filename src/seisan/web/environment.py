"""The web app's settings from the environment, each read and checked where it is read.

A server that would start with a value it cannot use (``SEISAN_HTTPS=maybe``,
``CONN_MAX_AGE=a minute``, a time zone that does not exist) stops at once with one
line in the reader's language that names the variable and what to give: a word a
flag did not know had turned it off in silence, and a number that could not be read
was Python's traceback. A variable set to nothing (``SEISAN_HTTPS=``, what a
template leaves of one it does not fill) is one not set: its default.
"""

from __future__ import annotations

import importlib
import os
import re
import zoneinfo

from django.core.exceptions import ImproperlyConfigured

from seisan.errors import SeisanError
from seisan.i18n import _

YES = frozenset({"1", "true", "yes", "on"})
NO = frozenset({"0", "false", "no", "off"})

#: allauth's rate limits: so many, per an optional number of s, m, h or d, per ip, user
#: or key; several apart by commas (allauth.core.internal.ratelimit.parse_rates)
RATE = re.compile(r"[1-9][0-9]*/([0-9]+(\.[0-9]+)?)?[smhd](/(ip|user|key))?")


class SettingError(SeisanError, ImproperlyConfigured):
    """A variable of the environment the web app cannot start with (設定の誤り):
    ``seisan serve`` and ``python -m seisan.web`` print it as one line."""


def given(name: str) -> str | None:
    """The variable's value without spaces round it; None when unset or empty."""
    value = os.environ.get(name, "").strip()
    return value or None


def flag(name: str, default: bool = False) -> bool:
    """On or off: 1, true, yes, on / 0, false, no, off (any case)."""
    value = given(name)
    if value is None:
        return default
    if value.lower() in YES:
        return True
    if value.lower() in NO:
        return False
    raise SettingError(_("{name} “{value}”: give 1 to turn it on or 0 to turn it off",
                         name=name, value=value))  # fmt: skip


def whole(name: str, default: int, least: int = 0) -> int:
    """A whole number from ``least`` on."""
    value = given(name)
    if value is None:
        return default
    if re.fullmatch(r"[0-9]{1,18}", value) and int(value) >= least:
        return int(value)
    raise SettingError(_("{name} “{value}”: give a whole number from {least}",
                         name=name, value=value, least=least))  # fmt: skip


def seconds(name: str, default: float) -> float:
    """A number of seconds above 0 (a fraction too: 0.5)."""
    value = given(name)
    if value is None:
        return default
    try:
        number = float(value)
    except ValueError:
        number = 0.0
    if 0 < number < float("inf"):
        return number
    raise SettingError(_("{name} “{value}”: give a number of seconds above 0",
                         name=name, value=value))  # fmt: skip


def time_zone(name: str, default: str) -> str:
    """A time zone's name from the tz database (Asia/Tokyo, UTC)."""
    value = given(name)
    if value is None:
        return default
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):  # (OSError: a folder,
        # “Asia”, where the tz database is the tzdata package)
        message = _("{name} “{value}”: no such time zone (give one such as Asia/Tokyo, "
                    "Asia/Seoul or UTC)", name=name, value=value)  # fmt: skip
        raise SettingError(message) from None
    return value


def rates(name: str, default: str) -> str:
    """allauth's rate limits: ``20/m/ip``, ``5/300s/key``, several apart by commas."""
    value = given(name)
    if value is None:
        return default
    if all(RATE.fullmatch(part.strip()) for part in value.split(",")):
        return value
    raise SettingError(_("{name} “{value}”: give a limit such as 20/m/ip (a count, then s, "
                         "m, h or d, then ip, user or key)", name=name, value=value))  # fmt: skip


def _listed(name: str, default: str = "") -> list[str]:
    """The variable's items apart by commas, each without its spaces, none empty."""
    return [item.strip() for item in (given(name) or default).split(",") if item.strip()]


def hosts(name: str, default: str) -> list[str]:
    """Host names apart by commas (``scores.example.org``, ``.example.org``, ``*``),
    never an address with its scheme or path, which no request's host matches."""
    named = _listed(name, default)
    for host in named:
        if "/" in host:
            said = _("{name} “{value}”: give host names (scores.example.org), not addresses "
                     "with http:// or a path", name=name, value=host)  # fmt: skip
            raise SettingError(said)
    return named


def origins(name: str) -> list[str]:
    """Origins apart by commas, each with its scheme (``https://scores.example.org``), as
    Django asks (without one, Django's check refused it and the server started anyway)."""
    named = _listed(name)
    for origin in named:
        if not re.match(r"https?://[^/]+$", origin, flags=re.IGNORECASE):
            said = _("{name} “{value}”: give each origin with its scheme "
                     "(https://scores.example.org)", name=name, value=origin)  # fmt: skip
            raise SettingError(said)
    return named


def backend(name: str, default: str) -> str:
    """A class by its dotted path (``django.core.mail.backends.smtp.EmailBackend``),
    found now: a misspelt one was a 500 page at the first password reset."""
    value = given(name)
    if value is None:
        return default
    module, _dot, attribute = value.rpartition(".")
    try:
        found = bool(module) and hasattr(importlib.import_module(module), attribute)
    except ImportError:
        found = False
    except Exception:  # a module that needs the apps loaded (its models, say):
        found = True  # it imports once Django has started; its first mail says the rest
    if not found:
        raise SettingError(_("{name} “{value}”: no such class (give its dotted path, such as "
                             "django.core.mail.backends.smtp.EmailBackend)", name=name,
                             value=value))  # fmt: skip
    return value
