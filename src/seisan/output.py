"""Output shared by every command: ``--format table|json|csv`` means the same everywhere.

``table`` is for people (Rich), ``json`` and ``csv`` for programs. Numbers in
JSON and CSV are exact decimals: pt values are multiples of 0.1 (or 0.001
under the exact system), written with their decimals (never a float's
artefacts).

No digit is ever lost in a table: number columns never wrap or shrink. When a
table does not fit the terminal it is shown a row at a time (a card per
player); in a pipe it is never squeezed to 80 columns.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from itertools import groupby
from typing import TYPE_CHECKING, Any, TextIO

from seisan.pt import JSONText

if TYPE_CHECKING:
    from rich.console import Console


class Format(StrEnum):
    """How a command prints its result."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"


def dumps_json(data: Any, indent: int | None = 2) -> str:
    """``data`` (with exact Decimal pt values) as JSON, non-ASCII kept readable; indented
    unless ``indent`` is None (the fast C encoder, for data too long to read by eye).

    Each Decimal goes out as a marked string, and the marks (with their quotes) are
    then taken away; should a text of the data hold the mark too, it is done again
    with a mark the data does not hold."""
    mark = ""
    while True:
        text, marked = _marked_json(data, indent, mark)
        opening, closing = f'"\\u0000{mark}', f'\\u0000{mark}"'
        if text.count(opening) == text.count(closing) == marked:
            return text.replace(opening, "").replace(closing, "")
        import uuid  # noqa: PLC0415 - (rare: the data held the mark) not at every start

        mark = uuid.uuid4().hex


def write_json(data: Any, stream: TextIO, batch: int = 1000) -> None:
    """``data`` as compact :func:`dumps_json` text (``indent=None``) written to
    ``stream`` piece by piece: each value of an object, and a long list's items in
    batches; a :class:`~seisan.pt.JSONText` as it is. The same text, without the whole
    of it held at once: a 100,000-game session is 115 MB of JSON, and building it whole,
    then taking the marks out of it, cost more with each game."""
    if isinstance(data, JSONText):
        stream.write(data.text)
    elif isinstance(data, dict) and all(isinstance(key, str) for key in data):
        stream.write("{")
        for index, (key, value) in enumerate(data.items()):
            stream.write(f"{', ' if index else ''}{dumps_json(key, None)}: ")
            write_json(value, stream, batch)
        stream.write("}")
    elif isinstance(data, list) and (len(data) > batch or _has_text(data)):
        stream.write("[")
        for start in range(0, len(data), batch):
            stream.write((", " if start else "") + _items(data[start : start + batch]))
        stream.write("]")
    else:  # (the rest, an object whose keys are not text too: JSON's own way)
        stream.write(dumps_json(data, None))


def _has_text(items: list[Any]) -> bool:
    return any(isinstance(item, JSONText) for item in items)


def _items(items: list[Any]) -> str:
    """A list's items as compact JSON, without its brackets: each :class:`JSONText` as it
    is, the rest through :func:`dumps_json` (a run of them at once)."""
    out = []
    for is_text, run in groupby(items, key=lambda item: isinstance(item, JSONText)):
        if is_text:
            out += [item.text for item in run]
        else:
            text = dumps_json(list(run), None)[1:-1]
            if text:  # (an empty list has nothing between its brackets)
                out.append(text)
    return ", ".join(out)


def _marked_json(data: Any, indent: int | None, mark: str) -> tuple[str, int]:
    """JSON with each Decimal as its own text between NUL + ``mark`` (never through a
    float), and how many there are."""
    count = 0
    # by the object: a session's few hundred values recur as the same Decimals (made
    # once in a cache), and ``data`` holds each one, so no id is reused during the dump
    texts: dict[int, str] = {}

    def exact(value: object) -> str:
        nonlocal count
        text = texts.get(id(value))
        if text is None:
            if not isinstance(value, Decimal) or not value.is_finite():
                raise TypeError(f"{type(value).__name__} is not JSON data")
            text = texts[id(value)] = f"\x00{mark}{value}\x00{mark}"
        count += 1
        return text

    return json.dumps(data, ensure_ascii=False, indent=indent, default=exact), count


FORMULA_MARKS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet run a cell as a formula: such a text cell is written with a
leading ``'`` (OWASP's advice), which :func:`seisan.session.games_from_csv` takes off
again."""

_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


def unformula(cell: str) -> str:
    """A CSV cell as written by :func:`formula_safe`: its leading ``'`` taken off."""
    if len(cell) > 1 and cell[0] == "'" and cell[1] in (*FORMULA_MARKS, "'"):
        return cell[1:]
    return cell


def csv_separator(text: str) -> str:
    """The separator of a CSV file: tab, ``;`` or ``,``, the one its header line holds
    most often outside its quoted cells (``"Ana;Ben",Chie`` and ``date;time,p0,p1`` are
    comma-separated; a tie goes to tab, then ``;``). ``seisan session`` and ``seisan
    bulk`` read a file by the same rule."""
    header = re.sub(r'"[^"]*"', "", text.split("\n", 1)[0])
    most = max(("\t", ";", ","), key=header.count)  # (the first of the most)
    return most if most in header else ","


def formula_safe(cell: str) -> str:
    """A text cell a spreadsheet shows as text (``=1+1`` is written ``'=1+1``); numbers
    (``-1200``, ``+63.6``) are left as they are. :func:`unformula` reads it back."""
    if _PLAIN_NUMBER.fullmatch(cell):
        return cell
    if cell[:1] in FORMULA_MARKS or unformula(cell) != cell:
        return "'" + cell
    return cell


def dumps_csv(columns: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A header line and one line per row; a text that a spreadsheet would run as a
    formula (a player named ``=HYPERLINK(…)``) is written as text."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([formula_safe(c) for c in columns])
    for row in rows:
        writer.writerow(["" if v is None else formula_safe(v) if isinstance(v, str) else v
                         for v in row])  # fmt: skip
    return buffer.getvalue()


TITLE_MOST = 80
"""The widest a table is made for its title alone."""

LONG_WORD = 30
"""Longer than any word a person reads: an address or a code, which may be folded."""


@dataclass(frozen=True)
class Sheet:
    """A table for people: ``right`` lists the number columns (right-aligned, never
    wrapped or shortened), ``wrap`` the text columns that may wrap."""

    title: str
    columns: Sequence[str]
    rows: Sequence[Sequence[str]]
    right: Sequence[int] = ()
    wrap: Sequence[int] = ()
    #: rows of a name and its value (a rules file's fields): a card reads ``name: value``
    #: rather than each column's heading before each cell
    keyed: bool = False

    def _widest(self) -> list[int]:
        """Each column's widest cell, its header included (terminal cells)."""
        from rich.cells import cell_len  # noqa: PLC0415 - Rich only when a table is drawn

        return [
            max([cell_len(column), *(cell_len(row[index]) for row in self.rows)])
            for index, column in enumerate(self.columns)
        ]

    def _longest_word(self, index: int) -> int:
        """The narrowest a text column can be without breaking a word: a Latin or
        Korean word, a number, a Japanese phrase (文節, as :func:`wrap_cells` breaks
        lines; one longer than ``LONG_WORD``, an address, may fold)."""
        from rich.cells import cell_len  # noqa: PLC0415

        words = [min(cell_len(w), LONG_WORD) for row in self.rows for w in _tokens(row[index])]
        return max([cell_len(self.columns[index]), *words])

    def needed(self) -> int:
        """The width it needs without wrapping a number or a word (borders included):
        number columns at their widest cell, text columns at their longest word."""
        widest = self._widest()
        return 1 + sum(
            (max(8, self._longest_word(i)) if i in self.wrap else widest[i]) + 3
            for i in range(len(self.columns))
        )

    def natural(self) -> int:
        """The width it takes with nothing wrapped at all (what a pipe gets)."""

        return max(sum(w + 3 for w in self._widest()) + 1, self._title_width())

    def _title_width(self) -> int:
        """What the title asks of the table's width: all of it up to :data:`TITLE_MOST`
        (a longer one, a night of fourteen files' names, wraps: it had stretched every
        column to its width in a pipe)."""
        from rich.cells import cell_len  # noqa: PLC0415

        return min(cell_len(self.title) + 4, TITLE_MOST)

    def table(self, width: int | None = None) -> Any:
        """The Rich table: a number column never narrower than its widest cell. Within
        ``width``, the text columns share what the others leave, and their cells are
        broken into lines here, between words (as :func:`wrap_cells` does), never by
        Rich inside a word (Rich folds text without spaces, Japanese, anywhere)."""
        from rich.table import Table  # noqa: PLC0415
        from rich.text import Text  # noqa: PLC0415

        widest = self._widest()
        least = {i: self._longest_word(i) if i in self.wrap else widest[i]
                 for i in range(len(self.columns))}  # fmt: skip
        room = dict.fromkeys(self.wrap, 0)
        if width is not None and self.wrap:
            fixed = sum(widest[i] + 3 for i in range(len(self.columns)) if i not in self.wrap)
            left = width - fixed - 1 - 3 * len(self.wrap)
            natural = sum(widest[i] for i in self.wrap) or 1
            smallest = {i: min(widest[i], least[i]) for i in self.wrap}
            for index in self.wrap:
                share = left * widest[index] // natural
                room[index] = min(widest[index], max(share, smallest[index]))
            while sum(room.values()) > left:  # give back from the widest that can
                spare = [i for i in self.wrap if room[i] > smallest[i]]
                if not spare:
                    break
                room[max(spare, key=lambda i: room[i] - smallest[i])] -= 1
            while sum(room.values()) < left:  # what rounding left over: to the column
                short = [i for i in self.wrap if room[i] < widest[i]]  # furthest from
                if not short:  # its widest cell
                    break
                room[max(short, key=lambda i: widest[i] - room[i])] += 1
        result = Table(title=self.title, min_width=self._title_width())
        for index, column in enumerate(self.columns):
            wrapped = room.get(index, 0)
            result.add_column(
                column,
                justify="right" if index in self.right else "left",
                overflow="fold",
                no_wrap=index not in self.wrap or bool(wrapped),
                min_width=wrapped or least[index],
                width=wrapped or None,
            )
        for row in self.rows:
            cells = [
                "\n".join(_folded(wrap_cells(cell, room[i]), room[i])) if room.get(i) else cell
                for i, cell in enumerate(row)
            ]
            result.add_row(*(Text(cell) for cell in cells))  # names are text, never markup
        return result

    def card_lines(self, width: int) -> list[str]:
        """The same rows one at a time, for a terminal too narrow for the table: a
        row's ``column: value`` items packed into lines of ``width``; an item is never
        split unless it is wider than a line, and then only between words."""
        from rich.cells import cell_len  # noqa: PLC0415

        lines = wrap_cells(self.title, width)
        if self.keyed:  # one line a field, its value wrapped under it where it must
            lines.append("")
            for key, value in self.rows:
                head = f"{key}: " if key else ""
                parts = wrap_cells(head + value, max(width - 4, 10))
                lines += ["  " + parts[0], *("    " + part for part in parts[1:])]
            return lines
        for row in self.rows:
            lines.append("")
            line = ""
            for column, cell in zip(self.columns, row, strict=True):
                if not cell:
                    continue
                item = f"{column}: {cell}"
                if line and cell_len(line) + 3 + cell_len(item) <= width:
                    line += "   " + item
                    continue
                if line:
                    lines.append(line)
                parts = wrap_cells(item, max(width - 4, 10))
                if len(parts) == 1:
                    line = "  " + item
                    continue
                lines += ["  " + parts[0], *("    " + part for part in parts[1:])]
                line = ""  # the next item starts a line of its own
            if line:
                lines.append(line)
        return lines

    def print(self, console: Console) -> None:
        """Print as a table if it fits, else as cards; never cut a number or a word.
        In a pipe, the whole table at its natural width (nothing squeezed to 80)."""
        from rich.text import Text  # noqa: PLC0415

        limit = display_width(console)
        if limit is None:
            console.print(self.table(), width=self.natural(), crop=False)
        elif self.natural() <= limit:
            console.print(self.table(), width=limit, crop=False)
        elif self.wrap and self.needed() <= limit:
            console.print(self.table(limit), width=limit, crop=False)
        else:
            for line in self.card_lines(limit):
                console.print(Text(line), no_wrap=True, crop=False, overflow="ignore")


_CLOSING = "、。，．）」』】〕》〉!?:;,.)]}%ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
"""Marks, small kana and the long vowel, which never begin a line (行頭禁則: they stay
with what they follow)."""
_OPENING = "（「『【〔《〈([{"
"""Marks that never end a line."""
_WORD = re.compile(
    r"\s+|[\x21-\x7e\u00a7\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1100-\u11ff"
    r"\u3130-\u318f\uac00-\ud7af]+|."
)
"""A word: a run of ASCII, Latin letters and § (Strauß, §5.8) and Hangul (Korean puts
spaces between words); a CJK ideograph or kana may end a line on its own, and so may
a sign such as · (Korean's list separator) or ×."""
_NUMBER = re.compile(r"[-+▲△]?[\d.,/:]+[%円원]?[;,.)]*")


_KANA_KANJI = "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
"""Japanese script (kana and kanji): where phrases, not spaces, divide the words."""
_JAPANESE_RUN = (
    "[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff0f\uff1a-\uff20]+"
)
"""A run of Japanese text and its marks (the text BudouX divides; Hangul and Latin
divide at their spaces)."""
_KANJI = "[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
_KANA = "[\u3040-\u30ff]+"
_SHORT_KANA = 4
"""A run of kana this short standing alone is one word (BudouX divides 「はい」 as if
it were a particle and what follows)."""
_COMPILED: dict[str, re.Pattern[str]] = {}


def _pattern(source: str) -> re.Pattern[str]:
    """``source`` compiled when first needed (compiling both took 5 ms of every
    command's start, for text that is wrapped only sometimes)."""
    if source not in _COMPILED:
        _COMPILED[source] = re.compile(source)
    return _COMPILED[source]


def _phrases(text: str) -> list[str]:
    """``text``'s pieces (:data:`_WORD`) with Japanese joined into its phrases (文節:
    「ルールの」「ペナルティ」), as BudouX divides them: a line breaks between phrases,
    as a Japanese reader expects, not inside a word."""
    pieces = _WORD.findall(text)
    if text.isascii() or not _pattern(_KANA_KANJI).search(text):
        return pieces
    import budoux  # noqa: PLC0415 - only where Japanese is wrapped, not for every command

    inside: set[int] = set()  # the places inside a phrase: within each run of Japanese, by BudouX
    for run in _pattern(_JAPANESE_RUN).finditer(text):
        at = run.start()
        if len(run.group()) <= _SHORT_KANA and _pattern(_KANA).fullmatch(run.group()):
            inside.update(range(at + 1, run.end()))  # はい, なし, あり: one word
            continue
        for phrase in _parser(budoux).parse(run.group()):
            inside.update(range(at + 1, at + len(phrase)))
            at += len(phrase)
    joined: list[str] = []
    at = 0
    for piece in pieces:
        if joined and at in inside and not piece.isspace() and not joined[-1].isspace():
            joined[-1] += piece
        else:
            joined.append(piece)
        at += len(piece)
    return joined


_PARSERS: dict[str, Any] = {}


def _parser(budoux: Any) -> Any:
    if "ja" not in _PARSERS:
        _PARSERS["ja"] = budoux.load_default_japanese_parser()
    return _PARSERS["ja"]


def _tokens(
    text: str, spaces: bool = False, phrases: bool = True, numbers: bool = True
) -> list[str]:
    """The pieces a line may break between: words, Japanese phrases (a CJK character
    each without ``phrases``); a closing mark stays with what it closes, an opening one
    with what follows, and (with ``numbers``) a number with the word before it
    (「2han40fu 2600」 is never split)."""
    tokens: list[str] = []
    for token in _phrases(text) if phrases else _WORD.findall(text):
        glued = bool(tokens) and not tokens[-1].isspace()
        if glued and (
            token[0] in _CLOSING
            or tokens[-1][-1] in _OPENING
            or (tokens[-1][-1].isdigit() and _pattern(_KANA_KANJI).match(token))
            or (token[0].isdigit() and _pattern(_KANJI).match(tokens[-1][-1]))
        ):
            tokens[-1] += token  # (a number keeps its unit and what it counts: 南4局, 40000点)
        elif (numbers and _NUMBER.fullmatch(token) and len(tokens) >= 2 and tokens[-1] == " "
              and not tokens[-2].isspace() and not _NUMBER.fullmatch(tokens[-2])):  # fmt: skip
            tokens[-2:] = [tokens[-2] + " " + token]
        else:
            tokens.append(token)
    return tokens if spaces else [t for t in tokens if not t.isspace()]


def wrap_cells(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` terminal cells, broken only between words
    or between CJK characters (never inside a number or a Latin word); a word wider
    than ``width`` keeps its own line whole."""
    from rich.cells import cell_len  # noqa: PLC0415

    lines: list[str] = []
    line, used, space = "", 0, False
    # (a piece, and how finely it was divided: a piece wider than a line is divided
    # again, first away from a number it holds on to, then a phrase between its
    # characters)
    tokens = [(token, 0) for token in reversed(_tokens(text, spaces=True))]
    while tokens:
        token, level = tokens.pop()
        if token.isspace():
            space = bool(line)
            continue
        size = cell_len(token)
        if size > width and level < 3:
            # (at the last level a run of ー or small kana: a character a line)
            finer = (_tokens(token, spaces=True, numbers=False) if level == 0
                     else [token] if token.isascii() or not _pattern(_KANA_KANJI).search(token)
                     else _tokens(token, phrases=False) if level == 1
                     else list(token))  # fmt: skip
            if len(finer) > 1:
                tokens.extend((piece, level + 1) for piece in reversed(finer))
                continue
            if level < 2:
                tokens.append((token, level + 1))
                continue
        gap = 1 if space else 0
        if line and used + gap + size > width:
            lines.append(line)
            line, used = token, size
        else:
            line += " " * gap + token
            used += gap + size
        space = False
    if line or not lines:
        lines.append(line)
    return lines


def _folded(lines: list[str], width: int) -> list[str]:
    """Lines of a table's cell, one wider than the column (a path, an address: a word
    longer than :data:`LONG_WORD`) folded after a ``/``, ``-``, ``_`` or ``.`` where it
    can, else at the column's edge: Rich would crop it (a file's name had lost its end)."""
    from rich.cells import cell_len  # noqa: PLC0415

    out: list[str] = []
    for whole in lines:
        rest = whole
        while cell_len(rest) > width:
            end = 0
            while cell_len(rest[: end + 1]) <= width:
                end += 1
            marks = [i + 1 for i in range(end) if rest[i] in "/-_."]
            cut = marks[-1] if marks and marks[-1] > end // 2 else max(end, 1)
            out.append(rest[:cut])
            rest = rest[cut:]
        out.append(rest)
    return out


def print_note(console: Console, text: str, separator: str = " · ") -> None:
    """A line of parts (``a · b · c``) broken between parts where it must, and a part
    wider than a line only between its words: never inside a number or a word."""
    from rich.cells import cell_len  # noqa: PLC0415
    from rich.text import Text  # noqa: PLC0415

    width = display_width(console) or cell_len(text)
    mark = separator.rstrip()  # what ends a line that goes on
    parts = text.split(separator)
    lines: list[str] = []
    line = ""
    for index, part in enumerate(parts):
        more = cell_len(mark) if index < len(parts) - 1 else 0
        if line and cell_len(line) + len(separator) + cell_len(part) + more <= width:
            line += separator + part
            continue
        if line:
            lines.append(line + mark)
        pieces = wrap_cells(part, width - more)
        lines += pieces[:-1]
        line = pieces[-1]
    lines.append(line)
    for each in lines:
        console.print(Text(each), no_wrap=True, crop=False, overflow="ignore")


def display_width(console: Console) -> int | None:
    """How wide output may be: the terminal's (or ``COLUMNS``, when set), or no limit
    in a pipe, where nothing should be squeezed to a made-up width."""
    if console.is_terminal or os.environ.get("COLUMNS"):
        return console.width
    return None


def table(
    title: str,
    columns: Sequence[str],
    rows: Sequence[Sequence[str]],
    right: Sequence[int] = (),
    wrap: Sequence[int] = (),
    keyed: bool = False,
) -> Sheet:
    """A :class:`Sheet` (kept as a function: every command builds its tables so)."""
    return Sheet(title, list(columns), [list(r) for r in rows], tuple(right), tuple(wrap),
                 keyed)  # fmt: skip


def emit(
    console: Callable[[], Console],
    fmt: Format,
    *,
    data: Any,
    csv_text: str,
    sheet: Sheet | None,
    note: str | None = None,
    indent: int | None = 2,
) -> None:
    """Print one result in ``fmt``; ``note`` follows the table (people only). The
    console is asked for only for a table (JSON and CSV need no Rich)."""
    if fmt is Format.JSON:
        if indent is None:  # long: written piece by piece
            write_json(data, sys.stdout)
            print()
        else:
            print(dumps_json(data, indent))
    elif fmt is Format.CSV:
        print(csv_text, end="")
    elif sheet is not None:
        sheet.print(console())
        if note:
            print_note(console(), note)
