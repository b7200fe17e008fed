"""Files in, files out (Apache Arrow): final points from Parquet, CSV or Arrow IPC,
streamed in record batches (memory bounded by the batch, not the file), settled by
:func:`seisan.bulk.settle_arrays` and written back with place and score columns.

Scores are written as exact decimals (``decimal128``, one decimal, or three under
the exact system): built from the integer quanta, never through a float.
"""

from __future__ import annotations

import gzip
import re
import sys
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
from pyarrow import ipc

from seisan.bulk import BulkError, BulkResult, settle_arrays
from seisan.errors import file_problem
from seisan.i18n import SHIFT_JIS, Message, _, _n, not_text
from seisan.output import csv_separator
from seisan.rules import Rules

DEFAULT_BATCH = 1 << 18  #: rows per record batch (about 200 MB of memory at most)
#: how Parquet is read: column chunks through a small buffer (pre-buffering whole row
#: groups made memory grow with the length of the file); tuning, measured by make bench
PARQUET_READ: dict[str, Any] = {"pre_buffer": False, "buffer_size": 1 << 20}
#: a CSV block: room for a batch of rows of this many bytes, and never less than a MiB
CSV_ROW_BYTES = 32
CSV_MIN_BLOCK = 1 << 20
FORMATS = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv", ".arrow": "arrow",
           ".feather": "arrow", ".ipc": "arrow"}  # fmt: skip
#: a CSV read and written compressed, by its last suffix (``games.csv.gz``); Parquet and
#: Arrow compress inside the file
COMPRESSIONS = {".gz": "gzip"}
#: gzip's own default level: Arrow's gzip writer compresses at 9, 98 s for a million
#: games' 52 MB of CSV that level 6 compresses in 12 s, 4 % larger (helper-80)
GZIP_LEVEL = 6


def file_format(path: Path) -> str:
    """The format of ``path`` by its suffix (``.csv.gz`` is CSV, gzipped)."""
    suffixes = [s.lower() for s in path.suffixes]
    for suffix in reversed(suffixes):
        if suffix in FORMATS:
            if compression(path) and FORMATS[suffix] != "csv":
                raise BulkError(_("{path}: a CSV is read and written gzipped (.csv.gz), a "
                                  "Parquet or Arrow file never", path=path))  # fmt: skip
            return FORMATS[suffix]
    raise BulkError(_("{path}: give a .parquet, .csv or .arrow file", path=path))


def compression(path: Path) -> str | None:
    """How ``path`` is compressed, by its last suffix (``gzip`` for ``.gz``), or None."""
    return COMPRESSIONS.get(path.suffix.lower())


def _bytes(path: Path) -> Any:
    """The bytes of ``path`` for reading, ungzipped as read when it is a ``.gz``."""
    return _Gunzipped(path) if compression(path) else path.open("rb")


class GzipBroken(OSError):
    """What is wrong with a ``.gz`` file's gzip data, in the reader's words."""

    def __init__(self, problem: Message) -> None:
        super().__init__(str(problem))
        self.problem = problem


class _Gunzipped:
    """A ``.gz`` file ungzipped as read, as ``gzip -d`` reads it: members one after
    another, zeros padding the end; its faults said apart (Arrow's own stream had said
    “not gzip data” of a sound gzip followed by bytes that are not, and “damaged” of
    one padded with zeros, which gzip reads)."""

    def __init__(self, path: Path) -> None:
        with path.open("rb") as raw:
            mark = raw.read(2)
        self.wrong = None if mark == b"\x1f\x8b" else _("not gzip data")
        if not mark:  # (nothing at all: not even a gzip of nothing)
            self.wrong = _("the file is empty")
        self.file = gzip.open(path, "rb")  # noqa: SIM115 - closed by __exit__

    def read(self, size: int = -1) -> bytes:
        if self.wrong is not None:
            raise GzipBroken(self.wrong)
        try:
            return self.file.read(size)
        except EOFError:
            raise GzipBroken(_("its gzip data is cut short")) from None
        except gzip.BadGzipFile as err:
            if str(err).startswith("Not a gzipped file"):  # (where a next member would be)
                raise GzipBroken(_("bytes that are not gzip follow its gzip data")) from None
            raise GzipBroken(_("its gzip data is damaged")) from None
        except zlib.error:
            raise GzipBroken(_("its gzip data is damaged")) from None

    def __enter__(self) -> _Gunzipped:
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()


@dataclass(frozen=True)
class Source:
    """An input file: its batches, and how many rows it holds (None if unknown)."""

    batches: Iterator[pa.RecordBatch]
    rows: int | None
    schema: pa.Schema
    #: columns read as the text of their cells (a CSV's points): parsed when settled
    text: tuple[str, ...] = ()


def _readable(
    batches: Iterator[pa.RecordBatch], source: Path, done: list[int]
) -> Iterator[pa.RecordBatch]:
    """The batches, with a file that turns unreadable part-way (a stray byte after the
    first MiB, a broken row) named with the rows read so far, not a traceback."""
    while True:
        try:
            batch = next(batches)
        except StopIteration:
            return
        except (pa.ArrowInvalid, OSError) as err:
            raise _unreadable(source, done[0], err) from None
        yield batch


def _unreadable(source: Path, row: int, err: Exception) -> BulkError:
    broken = _gzip_problem(err) or _long_row(err)
    if broken is not None:  # (no encoding to save it in: the gzip is broken, a row long)
        return BulkError(_("{path}: cannot be read from row {row} on ({detail})", path=source,
                           row=row + 1, detail=broken))  # fmt: skip
    return BulkError(
        _("{path}: cannot be read from row {row} on ({detail}); save it as UTF-8 or "
          "Shift_JIS throughout", path=source, row=row + 1, detail=_arrow_problem(err))
    )  # fmt: skip


def _gzip_problem(err: Exception) -> Message | None:
    """What is wrong with a ``.gz`` file's gzip (:class:`GzipBroken`), or None."""
    return err.problem if isinstance(err, GzipBroken) else None


def _long_row(err: Exception) -> Message | None:
    """A row longer than the CSV reader's block (``--batch-size`` × 32 bytes, a MiB at
    least), or None: Arrow's “straddling object straddles two block boundaries”, which
    had been said as a file damaged or cut short."""
    if "straddling object" in str(err):
        return _("a row too long to read at this --batch-size: give a larger one")
    return None


def _arrow_problem(err: Exception) -> Message:
    """What Arrow found wrong, in the reader's words (Arrow's own are English)."""
    said = str(err)
    broken = _gzip_problem(err) or _long_row(err)
    if broken is not None:
        return broken
    if isinstance(err, UnicodeDecodeError):  # (read as Shift_JIS: a byte further on)
        return _("not Shift_JIS text")
    if "utf8" in said.lower().replace("-", ""):
        return _("not UTF-8 text")
    if said.startswith("Empty CSV file"):  # (nothing, or a header's BOM alone, ungzipped)
        return _("the file is empty")
    cells = re.search(r"Expected (\d+) columns, got (\d+)", said)
    if cells:
        return _n("{got} cell where the header has {expected}",
                  "{got} cells where the header has {expected}", "got", got=int(cells[2]),
                  expected=int(cells[1]))  # fmt: skip
    return _("the file is damaged or cut short")


def csv_encoding(path: Path) -> str:
    """``utf8`` when the CSV's first MiB reads as UTF-8 (a BOM or not), else Shift_JIS
    (``cp932``, what Excel in Japan saves) when it reads as Shift_JIS text; neither
    (UTF-16, a binary file) is refused before a word is said of Shift_JIS."""
    import codecs  # noqa: PLC0415

    try:
        with _bytes(path) as file:
            head = file.read(1 << 20)
    except OSError as err:  # (a .gz that is not gzip, or cut short: before a word of text)
        raise BulkError(_("{path}: not a readable {kind} file ({detail})", path=path,
                          kind="csv", detail=_arrow_problem(err))) from None  # fmt: skip
    whole = len(head) < 1 << 20  # a MiB may end inside a character; a whole file may not
    try:
        codecs.utf_8_decode(head, "strict", whole)
    except UnicodeDecodeError:
        pass
    else:
        return "utf8"
    try:
        text = codecs.getincrementaldecoder(SHIFT_JIS)().decode(head, whole)
    except UnicodeDecodeError:
        text = None
    if text is None or not_text(text) is not None:
        raise BulkError(_("{path}: neither UTF-8 nor Shift_JIS text", path=path))
    return SHIFT_JIS


def _as_utf8(path: Path) -> pa.NativeFile:
    """A Shift_JIS CSV made UTF-8, a MiB at a time, in a temporary file read from
    memory-mapped pages (gone once read). Arrow's own transcoding calls Python's codec
    from its reading threads, where a byte that is not Shift_JIS past the first block
    hung the reader; the file's size bounds no memory here."""
    import codecs  # noqa: PLC0415
    import os  # noqa: PLC0415
    import tempfile  # noqa: PLC0415

    decoder = codecs.getincrementaldecoder(SHIFT_JIS)()
    lines = 0  # line ends before the chunk: the row a problem is in
    with _bytes(path) as source, tempfile.NamedTemporaryFile(suffix=".csv",
                                                            delete=False) as target:  # fmt: skip
        try:
            while True:
                chunk = _chunk(source, path, lines)
                try:
                    text = decoder.decode(chunk, not chunk)
                except UnicodeDecodeError as err:
                    row = lines + chunk.count(b"\n", 0, err.start)
                    raise _unreadable(path, max(row - 1, 0), err) from None
                index = not_text(text)
                if index is not None:
                    row = lines + text.count("\n", 0, index)
                    problem = UnicodeDecodeError(SHIFT_JIS, chunk, 0, 1, "not text")
                    raise _unreadable(path, max(row - 1, 0), problem)
                lines += text.count("\n")
                _spill(target, text.encode("utf-8"))
                if not chunk:
                    break
            _spill(target, None)
            return pa.memory_map(target.name)
        finally:
            os.unlink(target.name)  # (its pages stay mapped until read)


def _chunk(source: Any, path: Path, lines: int) -> bytes:
    """The next MiB of ``source``, or a gzip that breaks in it named by the row it
    breaks in (``lines``: the line ends read before it, the header's among them)."""
    try:
        return bytes(source.read(1 << 20))
    except OSError as err:  # (a .gz cut short or damaged)
        raise _unreadable(path, max(lines - 1, 0), err) from None


def _spill(target: Any, data: bytes | None) -> None:
    """``data`` written to the temporary file (None: the file flushed), a full disk
    named as the temporary folder's, not as the input's damage (“the file is damaged
    or cut short” had been said of a sound file)."""
    try:
        if data is None:
            target.flush()
        else:
            target.write(data)
    except OSError as err:
        raise BulkError(_("{path}: {problem}", path=Path(target.name).parent,
                          problem=file_problem(err))) from None  # fmt: skip


def _unpacked(path: Path) -> pa.NativeFile:
    """A gzipped UTF-8 CSV ungzipped into a temporary file, a MiB at a time, read from
    memory-mapped pages (gone once read), as a Shift_JIS one is made UTF-8
    (:func:`_as_utf8`): a gzip cut short or damaged is found here and named by its row.
    Arrow's reader, reading ahead, met it when its threads came to it: before the first
    batch (the file said unreadable, with no row) or some batches on."""
    import os  # noqa: PLC0415
    import tempfile  # noqa: PLC0415

    lines = 0
    with _bytes(path) as source, tempfile.NamedTemporaryFile(suffix=".csv",
                                                            delete=False) as target:  # fmt: skip
        try:
            while chunk := _chunk(source, path, lines):
                lines += chunk.count(b"\n")
                _spill(target, chunk)
            _spill(target, None)
            return pa.memory_map(target.name)
        finally:
            os.unlink(target.name)  # (its pages stay mapped until read)


def _separator(path: Path) -> str:
    """A CSV's separator (tab, ``;`` or ``,``) by its header line, as ``seisan session``
    reads a CSV (:func:`seisan.output.csv_separator`): the characters that matter are
    ASCII, one byte in UTF-8 and never part of a Shift_JIS character."""
    with _bytes(path) as file:
        head = file.read(1 << 20).split(b"\n", 1)[0]
    return csv_separator(head.decode("latin-1"))


def read_batches(
    path: Path, batch_size: int = DEFAULT_BATCH, text_columns: Sequence[str] = ()
) -> Source:
    """Stream ``path`` in record batches (Parquet, CSV, Arrow IPC file or stream). A
    CSV's ``text_columns`` are read as the text written (points are parsed by
    :func:`settle_batch`, which can then name a cell that is not whole points)."""
    kind = file_format(path)
    if not path.is_file():
        raise BulkError(_("cannot read {what} {path}: {problem}", what=_("input"), path=path,
                          problem=_("no such file")))  # fmt: skip
    try:
        if kind == "parquet":
            parquet = pq.ParquetFile(path, **PARQUET_READ)
            return Source(parquet.iter_batches(batch_size=batch_size),
                          parquet.metadata.num_rows, parquet.schema_arrow)  # fmt: skip
        if kind == "csv":
            options = pacsv.ReadOptions(block_size=max(batch_size * CSV_ROW_BYTES, CSV_MIN_BLOCK))
            parse = pacsv.ParseOptions(delimiter=_separator(path))
            convert = pacsv.ConvertOptions(column_types=dict.fromkeys(text_columns, pa.string()))
            utf8 = csv_encoding(path) == "utf8"
            text = (_unpacked(path) if compression(path) else path) if utf8 else _as_utf8(path)
            reader = pacsv.open_csv(text, read_options=options, parse_options=parse,
                                    convert_options=convert)  # fmt: skip
            read_as_text = tuple(c for c in text_columns if c in reader.schema.names)
            return Source(iter(reader), None, reader.schema, read_as_text)
        try:
            file_reader = ipc.open_file(path)
            count = file_reader.num_record_batches
            batches = (file_reader.get_batch(i) for i in range(count))
            return Source(batches, None, file_reader.schema)
        except pa.ArrowInvalid:
            stream = ipc.open_stream(path)
            return Source(iter(stream), None, stream.schema)
    except (pa.ArrowInvalid, OSError) as err:
        raise BulkError(_("{path}: not a readable {kind} file ({detail})", path=path, kind=kind,
                          detail=_arrow_problem(err))) from None  # fmt: skip


def default_columns(players: int) -> list[str]:
    return [f"p{seat}" for seat in range(players)]


def _decimal_column(quanta: np.ndarray, scale: int) -> pa.Array:
    """int64 quanta as an exact decimal128 column (the unscaled integers themselves)."""
    wide = np.empty((len(quanta), 2), dtype=np.int64)
    wide[:, 0] = quanta
    # the high word, two's complement and little endian: the sign bit spread (−1 or 0);
    # the array is Arrow's buffer as it is (a np.where and a copy to bytes had made the
    # scores' columns the costliest step of a batch after the writing)
    np.right_shift(wide[:, 0], 63, out=wide[:, 1])
    return pa.Array.from_buffers(pa.decimal128(18, scale), len(quanta),
                                 [None, pa.py_buffer(wide)])  # fmt: skip


def _scale(result: BulkResult) -> int:
    """A score column's decimals: tenths of a pt (10 quanta a pt), hundredths under
    points in tens (100), thousandths under the exact system (1000)."""
    return len(str(result.per_pt)) - 1


def _name(rules: Rules) -> str:
    """The rules' name in a column's (rules always have one; 精算法 becomes ``_``)."""
    return re.sub(r"[^0-9a-zA-Z_-]+", "_", rules.name)


def settle_batch(
    batch: pa.RecordBatch,
    rulesets: Sequence[Rules],
    columns: Sequence[str],
    deposits: str | None,
    offset: int = 0,
    text: Sequence[str] = (),
) -> pa.RecordBatch:
    """One batch settled under each rules set: its own columns, then place and score
    per seat (suffixed with the rules' name when there are several). The ``text``
    columns hold the text of a CSV's cells: each must be a whole number (written back
    as one)."""
    names = batch.schema.names
    missing = [c for c in [*columns, *([deposits] if deposits else [])] if c not in names]
    if missing:
        raise BulkError(
            _("no column “{column}” (the file has {columns})", column=missing[0],
              columns=list(names))
        )  # fmt: skip
    arrays = []
    given = [batch.column(i) for i in range(batch.num_columns)]  # (written back as read)
    for column in columns:
        values = batch.column(column)
        if column in text:
            values = given[names.index(column)] = _whole_numbers(values, column, offset)
        if values.null_count:
            row = offset + int(np.argmax(np.asarray(values.is_null()))) + 1  # from 1
            raise BulkError(_("row {row}: column {column} is empty", row=row, column=column))
        if not pa.types.is_integer(values.type):
            if pa.types.is_floating(values.type) and _beyond_int64(values):
                # (a CSV's whole number of 20 digits, read as a float, has no decimals)
                raise BulkError(_("column {column} holds numbers far beyond any game's points",
                                  column=column))  # fmt: skip
            raise BulkError(_("column {column} holds {type}, not whole points", column=column,
                              type=_held(values.type)))  # fmt: skip
        arrays.append(values.to_numpy())  # no copy: whole numbers, no empty cell
    points = np.stack(arrays, axis=1)  # settle_arrays reads them as int64
    sticks: Any = 0
    if deposits:
        stick_column = batch.column(deposits)
        if deposits in text:
            stick_column = _whole_numbers(stick_column, deposits, offset, sticks=True)
            given[names.index(deposits)] = stick_column
        if not pa.types.is_integer(stick_column.type):
            raise BulkError(_("column {column} holds {type}, not a count of riichi sticks",
                              column=deposits, type=_held(stick_column.type)))  # fmt: skip
        sticks = stick_column.fill_null(0).to_numpy()
    out_arrays = given
    for rules in rulesets:
        try:
            result = settle_arrays(points, rules, sticks)
        except BulkError as err:
            if len(rulesets) == 1:
                raise BulkError(_shift(err, offset)) from None
            # (compared under several rules: which of them the row does not fit)
            raise BulkError(
                _("{rules}: {problem}", rules=rules, problem=_shift(err, offset))
            ) from None
        scale = _scale(result)
        for seat in range(points.shape[1]):
            out_arrays.append(pa.array(result.places[:, seat]))  # int8, as settled
            out_arrays.append(_decimal_column(result.quanta[:, seat], scale))
    out_names = [*names, *settled_columns(rulesets, points.shape[1])]
    return pa.RecordBatch.from_arrays(out_arrays, names=out_names)


_WHOLE = r"^[+-]?[0-9]+$"
_EXPONENT = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)[eE][+-]?[0-9]+")


def _whole_numbers(values: pa.Array, column: str, offset: int, sticks: bool = False) -> pa.Array:
    """A column of text (a CSV's cells, spaces around them aside) as whole numbers, with
    the first cell that is not one named by its row (``NaN``, ``4.26e4``, ``30000.5``):
    Arrow's own guess of the column's type had said "numbers with decimals" of them,
    and "empty" of ``NaN``. ``+30000`` is read, as ``seisan session`` reads it. An empty
    cell of ``sticks`` is left empty (none, as in a typed column)."""
    text = pc.utf8_trim_whitespace(values)
    if sticks:
        text = pc.if_else(pc.equal(text, ""), pa.scalar(None, pa.string()), text)
    try:
        return pc.cast(text, pa.int64())
    except pa.ArrowInvalid:
        pass
    text = pc.replace_substring_regex(text, r"^\+([0-9])", r"\1")  # (one sign: not "+-5")
    try:
        return pc.cast(text, pa.int64())
    except pa.ArrowInvalid:
        pass
    whole = pc.fill_null(pc.match_substring_regex(text, _WHOLE), True)
    if pc.all(whole).as_py():  # every cell whole, and one past any 64-bit integer
        raise BulkError(_("column {column} holds numbers far beyond any game's points",
                          column=column))  # fmt: skip
    index = int(np.argmin(np.asarray(whole)))
    row, value = offset + index + 1, str(values[index].as_py()).strip()
    if not value:
        raise BulkError(_("row {row}: column {column} is empty", row=row, column=column))
    if sticks:
        raise BulkError(_("row {row}: column {column}: “{value}” is not a count of riichi "
                          "sticks", row=row, column=column, value=value))  # fmt: skip
    number = Decimal(value) if _EXPONENT.fullmatch(value) else None
    if number is not None and number.adjusted() < 18 and number == int(number):  # (no 1e999999)
        raise BulkError(_("row {row}: column {column}: “{value}” is written with an exponent; "
                          "write the points as {points}", row=row, column=column, value=value,
                          points=int(number)))  # fmt: skip
    raise BulkError(_("row {row}: column {column}: “{value}” is not whole points", row=row,
                      column=column, value=value))  # fmt: skip


def _shift(err: BulkError, offset: int) -> Any:
    """An error naming a row of the batch, renamed to the row of the file."""
    message = err.message
    row = message.params.get("row")
    if isinstance(row, int) and offset:
        message.params["row"] = row + offset
    return message


def _beyond_int64(values: pa.Array) -> bool:
    """Whether a column of floats holds a number past any 64-bit integer: Arrow reads a
    CSV's whole number of 20 digits as a float, which is not a number with decimals."""
    numbers = np.abs(values.to_numpy(zero_copy_only=False))
    return bool(np.any(numbers[np.isfinite(numbers)] >= 2.0**63))


def _held(kind: pa.DataType) -> Message:
    """What a column holds, in words (not Arrow's type names)."""
    if pa.types.is_floating(kind) or pa.types.is_decimal(kind):
        return _("numbers with decimals")
    if pa.types.is_string(kind) or pa.types.is_large_string(kind):
        return _("text")
    if pa.types.is_null(kind):
        return _("nothing (every cell is empty)")
    if pa.types.is_boolean(kind):
        return _("true/false values")
    if pa.types.is_temporal(kind):
        return _("dates or times")
    return _("values that are not numbers")


STDOUT = Path("-")
"""``-o -``: CSV on standard output."""


class Writer:
    """Write record batches to Parquet, CSV or Arrow IPC (by the output's suffix), or
    CSV to standard output (``-``). ``settled``: how many columns at the end of each
    batch settling added (places and scores), whose scores a CSV writes as ``seisan
    settle`` does (:class:`_CsvWriter`)."""

    def __init__(self, path: Path, settled: int = 0) -> None:
        self.path = path
        self.kind = "csv" if path == STDOUT else file_format(path)
        self.settled = settled
        self._writer: Any = None

    def write(self, batch: pa.RecordBatch) -> None:
        if self._writer is None:
            target: Any = sys.stdout.buffer if self.path == STDOUT else self.path
            if self.kind == "parquet":
                self._writer = pq.ParquetWriter(target, batch.schema)
            elif self.kind == "csv":
                self._writer = _CsvWriter(target, batch.schema, self.settled)
            else:
                self._writer = ipc.new_file(target, batch.schema)
        self._writer.write_batch(batch)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()  # flushes its sink, standard output too


#: column types whose CSV text holds no comma, quote or line break (Arrow quotes none)
_BARE = (pa.types.is_integer, pa.types.is_floating, pa.types.is_decimal, pa.types.is_boolean,
         pa.types.is_temporal, pa.types.is_null)  # fmt: skip


class _CsvWriter:
    """CSV with each score as ``seisan settle`` writes it, the fewest decimals that hold
    it (``2``, ``62.6``, ``16.667``): its decimal column would be written ``2.0``. A
    score made text would be quoted by Arrow (``"2"``), which quotes every text cell,
    so: where the file's own columns hold no text, no cell is quoted (none needs it);
    else the settled columns (numbers alone) are joined into one last cell, whose
    quotes are taken off (:func:`_unquote_last`). The header is Arrow's, as before."""

    def __init__(self, target: Any, schema: pa.Schema, settled: int) -> None:
        # (a file is closed by close(), which ends a gzip's stream; standard output only
        # flushed)
        if hasattr(target, "write"):
            self.sink = target
        elif compression(Path(target)):  # (no time in its header: the same file each run)
            self.sink = gzip.GzipFile(target, "wb", compresslevel=GZIP_LEVEL, mtime=0)
        else:
            self.sink = Path(target).open("wb")  # noqa: SIM115
        self.own = self.sink is not target  # (standard output is flushed, not closed)
        self.given = len(schema) - settled  # the file's own columns, written as Arrow does
        self.bare = all(any(test(f.type) for test in _BARE) for f in list(schema)[: self.given])
        self.names = schema.names
        header = pa.RecordBatch.from_arrays([pa.nulls(0) for _ in self.names], names=self.names)
        pacsv.write_csv(header, self.sink)

    def write_batch(self, batch: pa.RecordBatch) -> None:
        columns = [_plain(c) if pa.types.is_decimal(c.type) and i >= self.given else c
                   for i, c in enumerate(batch.columns)]  # fmt: skip
        if self.bare:
            options = pacsv.WriteOptions(include_header=False, quoting_style="none")
            plain = pa.RecordBatch.from_arrays(columns, names=self.names)
            pacsv.write_csv(plain, self.sink, options)
            return
        tail = pc.binary_join_element_wise(
            *(pc.cast(c, pa.string()) for c in columns[self.given :]), ","
        )
        joined = pa.RecordBatch.from_arrays([*columns[: self.given], tail],
                                            names=[*self.names[: self.given], ""])  # fmt: skip
        buffer = pa.BufferOutputStream()
        pacsv.write_csv(joined, buffer, pacsv.WriteOptions(include_header=False))
        lengths = pc.binary_length(tail).to_numpy(zero_copy_only=False)
        self.sink.write(_unquote_last(buffer.getvalue(), lengths))

    def close(self) -> None:
        if self.own:
            self.sink.close()
        else:
            self.sink.flush()


def _unquote_last(written: pa.Buffer, lengths: np.ndarray) -> bytes:
    """CSV lines whose last cell is ``"…"`` of ``lengths`` bytes of numbers, without
    those quotes, found at once: a line's closing quote is a ``"`` between a digit and
    the line's end, which no quoted cell before it holds (a quote inside one is doubled:
    ``""`` before a line break), and its opening quote is the cell's length before."""
    raw = np.frombuffer(written, dtype=np.uint8)
    ends = 1 + np.flatnonzero((raw[1:-1] == ord('"')) & (raw[2:] == ord("\n"))
                              & (raw[:-2] >= ord("0")) & (raw[:-2] <= ord("9")))  # fmt: skip
    if len(ends) != len(lengths):  # (never: each line ends so, and nothing else does)
        raise AssertionError("a settled CSV line not found")
    keep = np.ones(len(raw), dtype=bool)
    keep[ends] = False
    keep[ends - lengths - 1] = False
    return raw[keep].tobytes()


def _plain(scores: pa.Array) -> pa.Array:
    """A decimal score column as text with the fewest decimals (``62.6``, ``2``): its
    text always has a point (one decimal at least), so trailing zeros, then a point
    left bare, are all that is taken off."""
    text = pc.utf8_rtrim(pc.cast(scores, pa.string()), characters="0")
    return pc.utf8_rtrim(text, characters=".")


def _opened(
    source: Path,
    players: int,
    columns: Sequence[str] | None,
    deposits: str | None,
    batch_size: int,
) -> tuple[Source, list[str], str | None]:
    """``source`` opened in batches, the point columns to read, and the deposits column
    (as named, or the file's own ``deposits`` column)."""
    chosen = list(columns or default_columns(players))
    data = read_batches(source, batch_size, [*chosen, deposits or "deposits"])
    if deposits is None and "deposits" in data.schema.names:
        deposits = "deposits"
    named = Counter(data.schema.names)
    for column in [*chosen, *([deposits] if deposits else [])]:
        if named[column] > 1:  # (Arrow's KeyError: the column cannot be told apart)
            raise BulkError(_("{path}: column “{column}” appears {count} times; give each "
                              "column its own name", path=source, column=column,
                              count=named[column]))  # fmt: skip
    return data, chosen, deposits


def settled_columns(rulesets: Sequence[Rules], players: int) -> list[str]:
    """The columns :func:`settle_batch` adds: place and score per seat, suffixed with
    the rules' name when there are several."""
    out = []
    for rules in rulesets:
        suffix = f"_{_name(rules)}" if len(rulesets) > 1 else ""
        for seat in range(players):
            out += [f"place{suffix}_{seat}", f"score{suffix}_{seat}"]
    return out


def settle_file(
    source: Path,
    target: Path,
    rulesets: Sequence[Rules],
    columns: Sequence[str] | None = None,
    deposits: str | None = None,
    batch_size: int = DEFAULT_BATCH,
    progress: Callable[[int, int | None], None] | None = None,
) -> int:
    """Settle every row of ``source`` into ``target``; returns the rows written. The
    ``deposits`` column is used when named, or when the file has one called so."""
    players = {r.players for r in rulesets}
    if len(players) != 1:
        raise BulkError(_("--compare: give rules for the same number of players"))
    count = players.pop()
    data, chosen, deposits = _opened(source, count, columns, deposits, batch_size)
    clash = [c for c in settled_columns(rulesets, count) if c in data.schema.names]
    if clash:  # (a file settled before: the columns would be written twice)
        said = _("{path} has a column “{column}” already, which settling writes: settle the "
                 "file it was made from", path=source, column=clash[0])  # fmt: skip
        raise BulkError(said)
    writer = Writer(target, len(settled_columns(rulesets, count)))
    done = 0
    try:
        for batch in _readable(data.batches, source, done_rows := [0]):
            settled = settle_batch(batch, rulesets, chosen, deposits, done, data.text)
            try:
                writer.write(settled)
            except pa.ArrowInvalid as err:  # text that is not UTF-8, found only on writing
                raise _unreadable(source, done, err) from None
            done += batch.num_rows
            done_rows[0] = done
            if progress is not None:
                progress(done, data.rows)
    except BaseException:
        writer.close()
        if target != STDOUT:
            target.unlink(missing_ok=True)  # no half-written file left behind
        raise
    writer.close()
    if not done:
        raise BulkError(_("{path} has no games in it (a header and no rows?)", path=source))
    return done


@dataclass(frozen=True)
class Summary:
    """Per rules set: how scores are spread and how often each seat takes each place."""

    rules: str
    games: int
    #: quantiles of every score (0, 10, 25, 50, 75, 90, 100 %), exact pt
    quantiles: tuple[Fraction, ...]
    mean: Fraction
    #: place_counts[seat][place - 1]
    place_counts: tuple[tuple[int, ...], ...]
    #: mean score by place, exact; None for a place nobody took (ties in every game)
    by_place: tuple[Fraction | None, ...]


QUANTILES = (0, 10, 25, 50, 75, 90, 100)


def _nth(ordered: Sequence[tuple[int, int]], total: int, q: int) -> int:
    """The ``q`` % quantile of the ``total`` sorted scores given as (value, count): the
    value at place (total − 1) · q // 100 (from 0, the lower at a split), in integers."""
    seen = 0
    for value, count in ordered:
        seen += count
        if (total - 1) * q < 100 * seen:  # that place is among the first ``seen``
            return value
    raise IndexError(q)


def summarise(
    source: Path,
    rulesets: Sequence[Rules],
    columns: Sequence[str] | None = None,
    deposits: str | None = None,
    batch_size: int = DEFAULT_BATCH,
    progress: Callable[[int, int | None], None] | None = None,
) -> list[Summary]:
    """Settle ``source`` under each rules set and summarise (nothing is written). The
    quantiles are of every score, exact (each score is counted, not kept)."""
    players = rulesets[0].players
    data, chosen, deposits = _opened(source, players, columns, deposits, batch_size)
    # how often each score occurs (exact quantiles in memory bounded by the distinct
    # scores, not by the games); Python's integers for the counts and sums (no overflow)
    tallies: list[dict[int, int]] = [{} for _ in rulesets]
    places = [[[0] * players for _ in range(players)] for _ in rulesets]
    sums = [[0] * players for _ in rulesets]
    counts = [[0] * players for _ in rulesets]
    per_pt = [1000 // r.unit for r in rulesets]
    done = 0
    done_rows = [0]
    for batch in _readable(data.batches, source, done_rows):
        settled = settle_batch(batch, rulesets, chosen, deposits, done, data.text)
        for k, rules in enumerate(rulesets):
            suffix = f"_{_name(rules)}" if len(rulesets) > 1 else ""
            for seat in range(players):
                place = settled.column(f"place{suffix}_{seat}").to_numpy()
                score = _quanta(settled.column(f"score{suffix}_{seat}"))
                values, times = np.unique(score, return_counts=True)
                tally = tallies[k]
                for value, count in zip(values.tolist(), times.tolist(), strict=True):
                    tally[value] = tally.get(value, 0) + count
                row = places[k][seat]
                for p, count in enumerate(np.bincount(place - 1).tolist()):  # places from 1
                    row[p] += count
                for p in range(players):
                    chosen_scores = score[place == p + 1]
                    sums[k][p] += int(chosen_scores.sum())
                    counts[k][p] += len(chosen_scores)
        done += batch.num_rows
        done_rows[0] = done
        if progress is not None:
            progress(done, data.rows)
    if not done:
        raise BulkError(_("{path} has no games in it (a header and no rows?)", path=source))
    out = []
    for k, rules in enumerate(rulesets):  # every file here has games: each has scores
        ordered = sorted(tallies[k].items())
        total = sum(count for _, count in ordered)
        quantiles = tuple(Fraction(_nth(ordered, total, q), per_pt[k]) for q in QUANTILES)
        mean = Fraction(sum(v * c for v, c in ordered), per_pt[k] * total)
        by_place = tuple(  # a place nobody took (ties) has no mean: not one of 0
            Fraction(sums[k][p], per_pt[k] * counts[k][p]) if counts[k][p] else None
            for p in range(players)
        )
        out.append(Summary(rules.name, done, quantiles, mean,
                           tuple(tuple(row) for row in places[k]), by_place))  # fmt: skip
    return out


def _quanta(column: pa.Array) -> np.ndarray:
    """A decimal score column back to its integer quanta (exact)."""
    raw = np.frombuffer(column.buffers()[1], dtype=np.int64)
    return np.asarray(raw[column.offset * 2 : (column.offset + len(column)) * 2 : 2])
