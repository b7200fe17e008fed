"""Yaku (役) by the name a game record keeps: Tenhou's Japanese spelling, as its logs
give it and as the tile scorer and the table assistant record it, so that statistics
count each yaku under one name whatever the source; shown in the reader's language.
Dora (ドラ, 赤ドラ, 裏ドラ) are han, not yaku: a record counts them apart."""

from __future__ import annotations

import tomllib
from functools import cache

from seisan.i18n import PACKAGE

#: the ``mahjong`` package's ids of dora, aka dora and ura dora
DORA_IDS = frozenset({120, 121, 122})
#: yaku a scorer does not tick: dora are a count, 差し込み is no yaku
_NOT_ENTERED = DORA_IDS | {118}


@cache
def catalogue() -> dict[int, dict[str, str]]:
    """Each yaku's names (``en``, ``ja``, ``ko``) by the ``mahjong`` package's id."""
    text = (PACKAGE / "data" / "yaku.toml").read_text(encoding="utf-8")
    return {int(key): names for key, names in tomllib.loads(text).items()}


@cache
def _by_record() -> dict[str, dict[str, str]]:
    """Each yaku's names by its recorded name, and by the ``mahjong`` package's English
    one (as records written before seisan kept Tenhou's names have them)."""
    found = {names["en"]: names for names in catalogue().values()}
    found.update({names["ja"]: names for names in catalogue().values()})
    return found


def yaku_name(recorded: str, lang: str = "en") -> str:
    """A recorded yaku in ``lang`` (en, ja, ko); a name the catalogue does not know
    (a house yaku, another program's spelling) is shown as the record has it."""
    return _by_record().get(recorded, {}).get(lang, recorded)


def recorded(names: list[str]) -> list[str]:
    """Yaku as a record keeps them: English names of the ``mahjong`` package as
    Tenhou's, dora (a count, not a yaku) left out, unknown names as they are."""
    dora = {catalogue()[i][lang] for i in DORA_IDS for lang in ("en", "ja")}
    return [_by_record().get(n, {}).get("ja", n) for n in names if n not in dora]


def entry_yaku() -> list[str]:
    """The recorded names a scorer may tick for a win, in the catalogue's order (by
    han, the yakuman last)."""
    return [names["ja"] for key, names in sorted(catalogue().items()) if key not in _NOT_ENTERED]
