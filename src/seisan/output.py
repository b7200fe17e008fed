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
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Any

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
        mark = uuid.uuid4().hex


def _marked_json(data: Any, indent: int | None, mark: str) -> tuple[str, int]:
    """JSON with each Decimal as its own text between NUL + ``mark`` (never through a
    float), and how many there are."""
    count = 0

    def exact(value: object) -> str:
        nonlocal count
        if isinstance(value, Decimal) and value.is_finite():
            count += 1
            return f"\x00{mark}{value}\x00{mark}"
        raise TypeError(f"{type(value).__name__} is not JSON data")

    return json.dumps(data, ensure_ascii=False, indent=indent, default=exact), count


def dumps_csv(columns: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A header line and one line per row."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow(["" if v is None else v for v in row])
    return buffer.getvalue()


@dataclass(frozen=True)
class Sheet:
    """A table for people: ``right`` lists the number columns (right-aligned, never
    wrapped or shortened), ``wrap`` the text columns that may wrap."""

    title: str
    columns: Sequence[str]
    rows: Sequence[Sequence[str]]
    right: Sequence[int] = ()
    wrap: Sequence[int] = ()

    def needed(self) -> int:
        """The width it needs without wrapping a number (borders included)."""
        from rich.cells import cell_len  # noqa: PLC0415 - Rich only when a table is drawn

        total = 1
        for index, column in enumerate(self.columns):
            cells = [cell_len(column), *(cell_len(row[index]) for row in self.rows)]
            if index in self.wrap:
                words = [cell_len(w) for row in self.rows for w in row[index].split()]
                total += max([8, *words]) + 3
            else:
                total += max(cells) + 3
        return total

    def table(self) -> Any:
        """The Rich table."""
        from rich.cells import cell_len  # noqa: PLC0415
        from rich.table import Table  # noqa: PLC0415
        from rich.text import Text  # noqa: PLC0415

        result = Table(title=self.title, min_width=cell_len(self.title) + 4)
        for index, column in enumerate(self.columns):
            widest = max([cell_len(column), *(cell_len(row[index]) for row in self.rows)])
            result.add_column(
                column,
                justify="right" if index in self.right else "left",
                overflow="fold",
                no_wrap=index not in self.wrap,
                min_width=None if index in self.wrap else widest,
            )
        for row in self.rows:
            result.add_row(*(Text(cell) for cell in row))  # names are text, never markup
        return result

    def cards(self) -> Any:
        """The same rows one at a time, ``column: value`` a line: for narrow terminals."""
        from rich.console import Group  # noqa: PLC0415
        from rich.text import Text  # noqa: PLC0415

        parts: list[Any] = [Text(self.title, style="bold")]
        for row in self.rows:
            parts.append(Text(""))
            for column, cell in zip(self.columns, row, strict=True):
                if cell:
                    parts.append(Text(f"  {column}: ").append(cell))
        return Group(*parts)

    def print(self, console: Console) -> None:
        """Print as a table if it fits, else as cards; never cut a number."""
        limit = display_width(console)
        if limit is not None and self.needed() > limit:
            console.print(self.cards())
        else:
            console.print(self.table(), width=max(console.width, self.needed()), crop=False)


_CLOSING = "、。，．）」』】〕》〉!?:;,.)]}%"
"""Marks that never begin a line (禁則: they stay with what they close)."""
_OPENING = "（「『【〔《〈([{"
"""Marks that never end a line."""


def wrap_cells(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` terminal cells, broken only between words
    or between CJK characters (never inside a number or a Latin word); a word wider
    than ``width`` keeps its own line whole."""
    import re  # noqa: PLC0415

    from rich.cells import cell_len  # noqa: PLC0415

    tokens: list[str] = []
    # a word: a run of ASCII and Hangul (Korean puts spaces between words); a CJK
    # ideograph or kana may end a line on its own
    for token in re.findall(r"\s+|[\x21-\x7e\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]+|.",
                            text):  # fmt: skip
        glued = tokens and not tokens[-1].isspace()
        if glued and (token[0] in _CLOSING or tokens[-1][-1] in _OPENING):
            tokens[-1] += token  # a closing mark stays on its line, an opening one moves
        else:
            tokens.append(token)
    lines: list[str] = []
    line, used, space = "", 0, False
    for token in tokens:
        if token.isspace():
            space = bool(line)
            continue
        size = cell_len(token)
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
) -> Sheet:
    """A :class:`Sheet` (kept as a function: every command builds its tables so)."""
    return Sheet(title, list(columns), [list(r) for r in rows], tuple(right), tuple(wrap))


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
        print(dumps_json(data, indent))
    elif fmt is Format.CSV:
        print(csv_text, end="")
    elif sheet is not None:
        sheet.print(console())
        if note:
            console().print(note, markup=False)
