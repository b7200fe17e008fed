"""Every word a person reads, in English, Japanese and Korean (en / ja / ko).

One gettext catalogue (``seisan/locale/{ja,ko}/LC_MESSAGES/seisan.po``, compiled
to ``.mo``) holds both kinds of text, and the CLI and the web app share it:

- **messages**: English templates with named fields, written in the code as
  ``_("seat {seat}: points {points} are not whole", seat=0, points="x")``. A
  :class:`Message` keeps its fields and is put into words only when shown, in
  the language of the moment (:func:`language`), so an error raised deep in the
  core reads in the user's language at the top;
- **plural messages**: a sentence that counts, written in the code with its
  English singular and plural and the field that counts, as gettext's ``ngettext``
  takes them: ``_n("{count} game imported", "{count} games imported", "count",
  count=n)``; shown in the form the language of the moment takes for that number
  (English: one and other; Japanese and Korean have one form);
- **terms**: labels looked up by key (``term("part.oka")``), whose English is
  :data:`TERMS` and whose translations carry the key as gettext context.

English needs no catalogue. ``tools/messages.py`` (Babel) extracts, updates and
compiles the catalogue; a test checks every message and term has ja and ko.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from enum import Enum, StrEnum
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import gettext

PACKAGE = Path(__file__).resolve().parent
"""seisan's folder: its data files and catalogue are read from here."""


class Lang(StrEnum):
    """A language seisan speaks."""

    EN = "en"
    JA = "ja"
    KO = "ko"


_current: ContextVar[Lang] = ContextVar("seisan_language", default=Lang.EN)


def current_language() -> Lang:
    """The language messages are shown in now (English unless set)."""
    return _current.get()


def set_language(lang: Lang | str) -> None:
    """Show messages in ``lang`` from now on in this context (the CLI does this once)."""
    _current.set(Lang(lang))


@contextmanager
def language(lang: Lang | str) -> Iterator[Lang]:
    """Show messages in ``lang`` inside the ``with`` block (a web request, a test)."""
    token = _current.set(Lang(lang))
    try:
        yield Lang(lang)
    finally:
        _current.reset(token)


@cache
def catalog(lang: Lang) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English: none, the templates are English)."""
    import gettext  # noqa: PLC0415 - English, the common case, needs no catalogue

    if lang is Lang.EN:
        return gettext.NullTranslations()
    return gettext.translation("seisan", localedir=str(PACKAGE / "locale"), languages=[lang.value])


def _lang(lang: Lang | str | None) -> Lang:
    return _current.get() if lang is None else Lang(lang)


class Message:
    """A sentence for a person: an English template (the gettext msgid) and its
    fields, put into words in the language of the moment when shown. A plural
    message (:func:`_n`) has its English plural too (the msgid_plural) and the field
    whose number chooses between them."""

    __slots__ = ("counted", "params", "plural", "template")

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params = params
        self.plural: str | None = None
        self.counted: str | None = None

    def text(self, lang: Lang | str | None = None) -> str:
        """The message in ``lang`` (default: the current language)."""
        chosen = _lang(lang)
        fields = {k: render(v, chosen) for k, v in self.params.items()}
        if self.plural is None or self.counted is None:
            words = self.template if chosen is Lang.EN else catalog(chosen).gettext(self.template)
        elif chosen is Lang.EN:
            words = self.template if english_one(fields[self.counted]) else self.plural
        else:
            number = gettext_number(fields[self.counted])
            words = catalog(chosen).ngettext(self.template, self.plural, number)
        return words.format(**fields)

    def fill(self, **params: object) -> Message:
        """This message (plural or not) with ``params`` as its fields (a sentence kept
        with its fields apart, as the web app's history keeps them)."""
        message = Message(self.template, **params)
        message.plural, message.counted = self.plural, self.counted
        return message

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Message({self.text(Lang.EN)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.template, self.plural, self.counted, self.params) == (
            other.template, other.plural, other.counted, other.params)  # fmt: skip

    def __hash__(self) -> int:
        return hash(self.template)


def _(template: str, /, **params: object) -> Message:
    """Mark ``template`` as a message for the catalogue (the extraction keyword)."""
    return Message(template, **params)


def _n(singular: str, plural: str, counted: str, /, **params: object) -> Message:
    """A message that counts: its English ``singular`` and ``plural`` (the gettext msgid
    and msgid_plural, extracted as ``ngettext``'s), shown in the form the language
    takes for the number in the field ``counted`` (which ``params`` must give)."""
    message = Message(singular, **params)
    message.plural, message.counted = plural, counted
    return message


def english_one(number: str) -> bool:
    """Whether English says a number as written with its singular: “1 game”, “-1
    point”, but “0 games”, “1.0 points”, “1.5 points” (CLDR's rule for English: one
    is the whole number 1 written without decimals)."""
    return number.lstrip("+-") == "1"


def gettext_number(number: str) -> int:
    """The whole number gettext chooses a plural form by, from the number as written (its
    rules are written for whole numbers): the number itself when it is written whole,
    else 2, a number of the form of many (“1.5 points”, as English says it too; a
    number of 19 digits or more, which no count reaches, the same)."""
    digits = number.lstrip("+-")
    return int(digits) if digits.isascii() and digits.isdigit() and len(digits) < 19 else 2


def N_(text: str) -> str:
    """Mark ``text`` (a command's help, shown before a language is chosen) for the
    catalogue without translating it now; :func:`translate` does that when shown."""
    return text


def translate(text: str, lang: Lang | str | None = None) -> str:
    """A marked text (:func:`N_`) in ``lang`` (default: the current language)."""
    return catalog(_lang(lang)).gettext(text)


class Term:
    """A label by key, for a message field that must be translated too."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key

    def __str__(self) -> str:
        return term(self.key)


#: how a list reads in each language where it is not “, ”: Japanese lists with its
#: 読点 (「--rules mleague、--rules npm」), Korean with a comma as English does
LIST_SEPARATORS = {Lang.JA: "、"}


def render(value: object, lang: Lang | str | None = None) -> str:
    """A value as a person reads it: messages and terms translated, numbers exact
    (``1.5``, never ``Decimal('1.5')``; a number read from a file as written there),
    lists joined as the language lists (``LIST_SEPARATORS``), text as typed, a JSON
    null as ``null``."""
    chosen = _lang(lang)
    if isinstance(value, Message):
        return value.text(chosen)
    if isinstance(value, Term):
        return term(value.key, chosen)
    text = getattr(value, "text", None)
    if callable(text) and not isinstance(value, str):  # an error, a round: own words
        return str(text(chosen))
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:  # JSON's null, as the file wrote it (never Python's None)
        return "null"
    if isinstance(value, Decimal) and value.is_finite() and not too_long(value):
        return str(value)  # a number read from a file, as written there (100.0, not 100)
    if isinstance(value, Fraction | Decimal):
        return decimal_text(value, chosen)
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, PurePath):
        return str(value)
    if isinstance(value, Mapping):
        return ", ".join(f"{render(k, chosen)} = {render(v, chosen)}" for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        return LIST_SEPARATORS.get(chosen, ", ").join(render(v, chosen) for v in items)
    return _visible(str(value))


_NOT_TEXT = frozenset({"Cc", "Cs", "Zl", "Zp", "Cf"})
"""Unicode categories no name, title or reason holds: controls (a line break, a terminal
escape), lone surrogates (which no file or database stores), line and paragraph
separators, and format characters: a zero-width space, a byte-order mark, a direction
override that turns the points after it around on the screen."""

_JOINERS = frozenset("\u200c\u200d\u200e\u200f\u061c\u180e") | frozenset(
    map(chr, range(0xE0020, 0xE0080))
)
"""Format characters that are text: the zero-width (non-)joiner of emoji and Indic
scripts, the direction marks a Hebrew or Arabic name is written with (not the overrides
and isolates), Mongolian's vowel separator, and the tags of a subdivision's flag (🏴
of England)."""


def _text_char(c: str) -> bool:
    import unicodedata  # noqa: PLC0415 - only for the rare text isprintable() doubts

    return unicodedata.category(c) not in _NOT_TEXT or c in _JOINERS


def plain_text(text: str) -> bool:
    """Whether ``text`` is what a name, a title or a reason may hold: no character of
    :data:`_NOT_TEXT`. Spaces of every script (the ideographic space of 「山田　太郎」)
    and the joiners are text, though ``str.isprintable`` says otherwise."""
    return text.isprintable() or all(map(_text_char, text))


def file_text(name: str) -> str:
    """A file's name as text for a title: the bytes a file system gave that are not
    UTF-8 (which Python keeps as lone surrogates, and no file can store) as “�”."""
    if name.isprintable() or name.isascii():
        return name
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def text_only(text: str) -> str:
    """``text`` without the characters :func:`plain_text` refuses (a log's name with a
    zero-width space or a direction override, as a server let it be)."""
    return text if plain_text(text) else "".join(filter(_text_char, text))


KEPT_LONGEST = 64
"""The longest name or number whose key is kept once worked out: a name sent to the
API without an account may be megabytes long, and kept it would stay (helper-65)."""


def name_key(name: str) -> str:
    """How two names are told apart (one player, one key): letters without regard to
    case, and any run of spaces of any script as one space, so 「山田　太郎」 typed with
    the ideographic space is 「山田 太郎」, as the web app stores it; and as Unicode
    matches names (its compatibility form, NFKC): “José” with a combining accent (as
    macOS writes it) is “José”, full-width “Ａｎａ” from a Japanese keyboard is “Ana”,
    half-width ｱﾅ is アナ. Kept once worked out (a short name).
    """
    return _kept_key(name) if len(name) <= KEPT_LONGEST else _name_key(name)


def _name_key(name: str) -> str:
    """:func:`name_key` worked out."""
    if not name.isascii():
        import unicodedata  # noqa: PLC0415 - only for names beyond ASCII

        name = unicodedata.normalize("NFKC", name)
    return " ".join(name.split()).casefold()


#: a 10,000-game session asked for 470,000 keys of its twelve names (issue 20)
_kept_key = lru_cache(maxsize=4096)(_name_key)


class Spellings(dict[str, str]):
    """One person, one name (表記の統一): each person's name as first written, found by
    its :func:`name_key`, so that “ana” or “ＡＮＡ” after Ana is Ana wherever names are
    gathered (a session, a season's spectators, a night's payments). ``first`` are
    written before any (a night's seated players: a spectator who played is under their
    name)."""

    def __init__(self, first: Iterable[str] = ()) -> None:
        super().__init__()
        for name in first:
            self.setdefault(name_key(name), name)

    def __call__(self, name: str) -> str:
        """``name`` as first written; the first spelling now if nobody wrote it yet."""
        return self.setdefault(name_key(name), name)

    def known(self, name: str) -> str:
        """``name`` as first written, else as given (and not kept)."""
        return self.get(name_key(name), name)


def _visible(text: str) -> str:
    """Text as typed, but a character no line holds (a line break in a name, a direction
    override) written as an escape, so that an error stays one line and shows what was
    wrong."""
    if text.isprintable() or all(map(_text_char, text)):
        return text
    return "".join(c if _text_char(c) else c.encode("unicode_escape").decode("ascii")
                   for c in text)  # fmt: skip


def plain_number(text: str) -> str:
    """:func:`_plain_number`, kept once worked out for short texts (as :func:`name_key`)."""
    return _kept_number(text) if len(text) <= KEPT_LONGEST else _plain_number(text)


def _plain_number(text: str) -> str:
    """A number as people type it, in ASCII: full-width digits and signs from a Japanese
    or Korean IME, ▲/△ for minus (Japanese score sheets), thousands separators,
    spaces and a trailing 点/점 dropped (``"▲１，２００点"`` → ``"-1200"``). Separators
    only between groups of three digits: ``"40,00,0"`` is left as it is, so it is
    refused rather than read as 40000."""
    import re  # noqa: PLC0415
    import unicodedata  # noqa: PLC0415

    # NFKC makes full-width digits ASCII, and would make ² or ① digits too: those stay,
    # and are refused (a superscript is no digit a person types in a number)
    clean = "".join(c if c.isdigit() and not c.isdecimal() else unicodedata.normalize("NFKC", c)
                    for c in text).strip()  # fmt: skip
    for minus in ("▲", "△", "−", "–", "ー"):
        clean = clean.replace(minus, "-")
    for suffix in ("点", "점", "pts", "pt"):
        clean = clean.removesuffix(suffix).rstrip()
    clean = re.sub(r"^([-+]) +", r"\1", clean)
    if re.fullmatch(r"[-+]?\d{1,3}([, ]\d{3})+(\.\d*)?", clean):
        clean = clean.replace(",", "").replace(" ", "")
    return clean


_kept_number = lru_cache(maxsize=4096)(_plain_number)


SHIFT_JIS = "cp932"
"""What Excel in Japan saves a CSV as (Shift_JIS with Microsoft's additions)."""


def decode_text(data: bytes) -> tuple[str, str]:
    """A text file's bytes as text, and the encoding they were read in: UTF-8 (with
    or without a BOM), else Shift_JIS (cp932, Excel's CSV in Japan). Raises
    :class:`UnicodeDecodeError` when they are neither."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8"), "utf-8"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        text = data.decode(SHIFT_JIS)
    index = not_text(text)
    if index is not None:  # (where in the bytes: a kanji is two)
        start = len(text[:index].encode(SHIFT_JIS))
        raise UnicodeDecodeError(SHIFT_JIS, data, start, start + 1, "not text")
    return text, SHIFT_JIS


def not_text(text: str) -> int | None:
    """Where text read as Shift_JIS shows it is not text, or None: almost any bytes
    decode as cp932, but text has no control characters (but tab and line ends) and
    none of the characters cp932's unused bytes map to (0xA0, 0xFD–0xFF: U+F8F0–U+F8F3;
    its user-defined characters, 外字, U+E000–U+E757, are text)."""
    found = _pattern_not_text().search(text)
    return None if found is None else found.start()


def _pattern_not_text() -> Any:
    if not _NOT_SHIFT_JIS:  # compiled when first needed, not at every start
        import re  # noqa: PLC0415

        _NOT_SHIFT_JIS.append(re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\uf8f0-\uf8f3]"))
    return _NOT_SHIFT_JIS[0]


_NOT_SHIFT_JIS: list[Any] = []


def read_as(file: object, encoding: str) -> Message:
    """The note that a file was read in another encoding than UTF-8 (Shift_JIS)."""
    return _("{file} is not UTF-8; read it as Shift_JIS ({encoding})", file=file,
             encoding=encoding)  # fmt: skip


def decimal_text(value: Fraction | Decimal | int, lang: Lang | str | None = None) -> str:
    """An exact number as decimal text (``-12.5``, ``3``); a value with no finite
    decimal form is written as a fraction (``1/3``)."""
    if isinstance(value, Decimal):
        if not value.is_finite():
            return str(value)
        if too_long(value):  # (a Fraction of 1e10000000 takes a minute to make)
            return _shortened_decimal(value, lang)
        value = Fraction(value)
    value = Fraction(value)
    if max(abs(value.numerator), value.denominator) >= _TOO_LONG:
        return _shortened(value, lang)
    if value.denominator == 1:
        return str(value.numerator)
    for digits in range(1, 40):
        scaled = value * 10**digits
        if scaled.denominator == 1:
            sign = "-" if scaled < 0 else ""
            whole, frac = divmod(abs(scaled.numerator), 10**digits)
            return f"{sign}{whole}.{frac:0{digits}d}"
    return f"{value.numerator}/{value.denominator}"


#: a number this long is no amount anyone means (and past what Python writes out)
_TOO_LONG_DIGITS = 1000
_TOO_LONG = 10**_TOO_LONG_DIGITS


def too_long(value: Decimal) -> bool:
    """Whether a decimal is past any amount meant, by its exponent alone (``1e10000000``,
    ``1e-10000000``): never made a Fraction, which would take minutes."""
    return value.is_finite() and abs(value.adjusted()) >= _TOO_LONG_DIGITS


def _shortened_decimal(value: Decimal, lang: Lang | str | None) -> str:
    if value.adjusted() < 0:
        return "≈0"
    sign, digits, _exponent = value.as_tuple()
    first = "".join(str(d) for d in digits[:5]).ljust(5, "0")
    return _("{first}… ({count} digits)", first=("-" if sign else "") + first,
             count=value.adjusted() + 1).text(lang)  # fmt: skip


def _shortened(value: Fraction, lang: Lang | str | None) -> str:
    """A number too long to be meant, as its first digits and how many there are
    (``99999… (5000 digits)``): an error can still name what was given."""
    whole = abs(value.numerator) // value.denominator
    if whole < _TOO_LONG:  # a thousand decimals: near enough to the thousandth
        return "≈" + decimal_text(round(value, 3), lang)
    count = _digit_count(whole)
    first = whole // 10 ** max(count - 5, 0)
    sign = "-" if value < 0 else ""
    return _("{first}… ({count} digits)", first=f"{sign}{first}", count=count).text(lang)


def _digit_count(number: int) -> int:
    count = int(number.bit_length() * 0.30102999566398120)  # log10(2): never one too many
    while number >= 10**count:
        count += 1
    return count


#: term key -> English; the catalogue gives Japanese and Korean (context = key)
TERMS: Mapping[str, str] = {
    # columns
    "seat": "Seat",
    "name": "Name",
    "points": "Points",
    "place": "Place",
    "score": "Score",
    "part.points": "Points part",
    "part.rounding": "Rounding",
    "part.oka": "Oka",
    "part.uma": "Uma",
    "part.balance": "Balance",
    "part.penalty": "Penalty",
    "chombo": "Chombo",
    "substitute.by": "{name} (played by {by})",
    # rule fields
    "rules": "Rules",
    "preset": "Preset",
    "title": "Title",
    "players": "Players",
    "start": "Start points",
    "return": "Return points",
    "oka": "Oka",
    "uma": "Uma",
    "floating": "Floating uma",
    "rounding": "Rounding",
    "ties": "Ties",
    "deposits": "Leftover deposits",
    "zero": "Zero shown as",
    "source": "Source",
    "notes": "Notes",
    "field": "Field",
    "value": "Value",
    "start/return": "Start/Return",
    "aliases": "Aliases",
    # seat winds: seat 0 is the first dealer (起家)
    "seat.0": "East",
    "seat.1": "South",
    "seat.2": "West",
    "seat.3": "North",
    # rounding modes (001 スコア清算)
    "rounding.half-up": "half up",
    "rounding.half-down": "half down",
    "rounding.ceil": "up",
    "rounding.floor": "down",
    "rounding.toward-zero": "toward zero",
    "rounding.half-toward-zero": "half toward zero",
    "rounding.half-even": "half to even",
    "rounding.none": "exact",
    "rounding.points-half-away": "points to 1000, halves away from zero",
    # tie policies
    "ties.seat": "by seat",
    "ties.split": "split",
    # leftover deposits
    "deposits.first": "to first place",
    "deposits.lost": "not paid out",
    # uma kinds
    "uma.none": "no uma",
    "uma.floating": "by the number of floating players",
    # side bets (seed 000) and money
    "kind.sashi": "Sashi-uma",
    "kind.bashin": "Bashin",
    "kind.sou-uma": "Sou-uma",
    "kind.sou-bashin": "Sou-bashin",
    "kind.binta": "Binta",
    "kind.shizumi": "Shizumi-uma",
    "kind.chips": "Chips",
    "kind.tobi": "Bust prize",
    "kind.yakitori": "Yakitori",
    "kind.soto": "Soto-uma",
    "kind.score": "Score",
    "money": "Money",
    "house": "House",
    "fees": "Fees to the house",
    "pool": "pool",
    "spectator": "Spectator",
    "backs": "Backs",
    "from": "From",
    "to": "To",
    "amount": "Amount",
    "transfers": "Who pays whom (fewest transfers)",
    "jansou": "Who pays whom (everyone with first place)",
    "game": "Game",
    "running": "Running totals",
    "chart": "Cumulative totals (pt)",
    "standings": "Standings",
    "played": "Games",
    # hands
    "ron": "Ron",
    "han": "han",
    "fu": "fu",
    "tsumo": "Tsumo",
    "all": "all",
    "win": "Win",
    "pays": "Pays",
    "limit": "Limit",
    "limit.mangan": "mangan",
    "limit.haneman": "haneman",
    "limit.baiman": "baiman",
    "limit.sanbaiman": "sanbaiman",
    "limit.yakuman": "yakuman",
    "limit.suuman": "suuman",
    "limit.chouman": "chouman",
    "system.standard": "Standard",
    "system.30fu": "30-fu base",
    "system.gorin": "Gorin (50 fu)",
    "system.exact": "Exact",
    # a tile hand's fields, as its errors name them (the field in brackets in ja/ko)
    "field.tiles": "tiles",
    "field.win": "win",
    "field.dora": "dora",
    "field.ura": "ura",
    # game records
    "final": "Final points",
    "on_table": "Deposits",
    "round": "Round",
    "result": "Result",
    "ended": "Ended",
    # abortive draws (途中流局), by the ids a record uses
    "abort.kyuushu": "kyuushu",
    "abort.suufon": "suufon",
    "abort.suucha-riichi": "suucha-riichi",
    "abort.suukan": "suukan",
    "abort.sanchahou": "sanchahou",
    # messages
    "total": "Total",
    "plain": "No preset",
    "error": "error",
    "changed": "changed",
    "side": "Side bets",
    "rank_points": "Rank points",
    "scoring": "Hand scoring",
    "penalties": "Penalties",
    "flow": "Game flow",
    "points_unit": "Points unit",
    "honba.count": "{n} honba",
    "floating.count": "{n} at or above return points",
    # a game record's fields (and a hand's counts) named in errors: the key as written (in
    # Japanese and Korean after its word: 本場(honba))
    "record.riichi": "riichi",
    "record.tenpai": "tenpai",
    "record.nagashi": "nagashi",
    "record.calls": "calls",
    "record.wins": "wins",
    "record.han": "han",
    "record.fu": "fu",
    "record.yakuman": "yakuman",
    "record.ankan": "ankan",
    "record.dora": "dora",
    "record.honba": "honba",
    "record.from": "from",
    "record.player": "player",
    "record.winner": "winner",
    "record.pao": "pao",
    "record.yaku": "yaku",
    "record.daiminkan": "daiminkan",
    "record.penalties": "penalties",
    "record.substitute": "substitute",
    "record.chombo": "chombo",
    # the labels of a bet between two players on the points form: 対象 [A] 相手 [B] 点数 [n]
    "pair.between": "between",
    "pair.and": "and",
    "pair.amount": "points",
    # a hand's result as a record writes it, named in errors the same way (流局(draw))
    "record.result.draw": "draw",
    "record.result.abort": "abort",
    # a side bet's fields named in errors, the same way (差しウマ(sashi))
    "bet.sashi": "sashi",
    "bet.bashin": "bashin",
    "bet.binta": "binta",
    "bet.chips": "chips",
    "bet.busted": "busted",
    "bet.winners": "winners",
    "bet.soto": "soto",
    "bet.pool": "pool",
    "bet.tobi": "tobi",
    "bet.yakitori": "yakitori",
}


def term(key: str, lang: Lang | str | None = None, **fields: object) -> str:
    """The label of ``key`` in ``lang`` (default: the current language); an unknown
    key is returned as it is."""
    english = TERMS.get(key)
    if english is None:
        return key
    chosen = _lang(lang)
    text = english if chosen is Lang.EN else catalog(chosen).pgettext(key, english)
    return text.format(**fields) if fields else text


def term_forms(key: str) -> tuple[str, ...]:
    """``key``'s label in every language (to recognise a name typed in any of them)."""
    return tuple(term(key, lang) for lang in Lang)


#: the winds as players write them alone: 東 南 西 北, 동 남 서 북 (seat 0 is East, 起家)
_WINDS = ("東南西北", "동남서북")


@cache
def _seat_words() -> dict[str, int]:
    words = {name_key(word): seat for seat in range(4) for word in term_forms(f"seat.{seat}")}
    words.update({winds[seat]: seat for winds in _WINDS for seat in range(4)})
    return words


def seat_of_wind(text: str) -> int | None:
    """The seat a wind names in any language (“East”, 「東家」, 「東」, “동가”: 0), or None:
    a script written in English names the same seats when run under a ja locale."""
    return _seat_words().get(name_key(text))


def default_lang(environ: Mapping[str, str] | None = None) -> Lang:
    """The language of the user's locale (LC_ALL, LC_MESSAGES, LANG), else English."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            prefix = value[:2].lower()
            return Lang(prefix) if prefix in {lang.value for lang in Lang} else Lang.EN
    return Lang.EN
