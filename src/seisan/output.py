"""Output shared by every command: ``--format table|json|csv`` means the same everywhere.

``table`` is for people (Rich), ``json`` and ``csv`` for programs. Numbers in
JSON and CSV are exact decimals: pt values are multiples of 0.1, written with
their one decimal (never a float's artefacts).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from enum import StrEnum
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text


class Format(StrEnum):
    """How a command prints its result."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"


_MARK = "\x00"
_NUMBER = re.compile(r'"\\u0000(-?[0-9.E+-]+)\\u0000"')


def _jsonable(value: Any) -> Any:
    if isinstance(value, Decimal):
        # Written as its own decimal text (never through a float): marked here,
        # unquoted after json.dumps.
        return f"{_MARK}{value}{_MARK}"
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def dumps_json(data: Any) -> str:
    """``data`` (with exact Decimal pt values) as indented JSON, non-ASCII kept readable."""
    return _NUMBER.sub(r"\1", json.dumps(_jsonable(data), ensure_ascii=False, indent=2))


def dumps_csv(columns: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A header line and one line per row."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow(["" if v is None else v for v in row])
    return buffer.getvalue()


def table(
    title: str,
    columns: Sequence[str],
    rows: Sequence[Sequence[str]],
    right: Sequence[int] = (),
    wrap: Sequence[int] = (),
) -> Table:
    """A Rich table; ``right`` lists the columns to right-align (numbers), ``wrap``
    the ones that may wrap when the terminal is narrow (long text)."""
    result = Table(title=title, min_width=cell_len(title) + 4)
    for index, column in enumerate(columns):
        result.add_column(
            column,
            justify="right" if index in right else "left",
            overflow="fold",
            no_wrap=index not in wrap,
        )
    for row in rows:
        result.add_row(*(Text(cell) for cell in row))  # names are text, never markup
    return result


def emit(
    console: Console,
    fmt: Format,
    *,
    data: Any,
    csv_text: str,
    rich_table: Table,
    note: str | None = None,
) -> None:
    """Print one result in ``fmt``; ``note`` follows the table (people only)."""
    if fmt is Format.JSON:
        print(dumps_json(data))
    elif fmt is Format.CSV:
        print(csv_text, end="")
    else:
        console.print(rich_table)
        if note:
            console.print(note, markup=False)
