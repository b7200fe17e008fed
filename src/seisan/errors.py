"""Typed errors whose messages a player can act on, in the player's language.

Every error seisan raises for bad input is a :class:`SeisanError` carrying a
:class:`~seisan.i18n.Message`; it reads in the current language (see
:func:`seisan.i18n.language`). The CLI prints it on one line and exits with
status 2.
"""

from __future__ import annotations

from collections.abc import Mapping

from seisan.i18n import Lang, Message, _, render


class SeisanError(ValueError):
    """Base of every error caused by bad input (rules, points, names)."""

    #: the field of the input it is about, where there is one (the API answers with it)
    field: str | None = None

    def __init__(self, message: Message | str, /, *, field: str | None = None) -> None:
        self.message = message if isinstance(message, Message) else Message(message)
        if field is not None:
            self.field = field
        super().__init__(self.message.template)

    def text(self, lang: Lang | str | None = None) -> str:
        """The message in ``lang`` (default: the current language)."""
        return self.message.text(lang)

    def __str__(self) -> str:
        return self.message.text()

    def within(self, where: object) -> Message:
        """This error's message, prefixed by where it happened (a file, a game)."""
        return _("{where}: {error}", where=where, error=self.message)


class AsWritten:
    """A list or a table shown as a rules file writes it, nested ones too: ``[1, {a =
    [2]}]`` (the values inside as the reader's language writes them, as before)."""

    def __init__(self, value: object) -> None:
        self.value = value

    def text(self, lang: Lang | str | None = None) -> str:
        # (a whole session's games given as rules had filled the screen in one line)
        written = _written(self.value, lang)
        return written if len(written) <= LONGEST_WRITTEN else written[: LONGEST_WRITTEN - 1] + "…"


#: the most characters of a list or a table an error shows: its start, then “…”
LONGEST_WRITTEN = 80


def as_written(value: object) -> object:
    """``value`` for a message: a list or a table as a file writes it (never Python's
    ``{'x': 1}``), anything else as it is."""
    return AsWritten(value) if isinstance(value, list | tuple | Mapping) else value


def _written(value: object, lang: Lang | str | None) -> str:
    if isinstance(value, Mapping):
        inner = ", ".join(f"{render(k, lang)} = {_written(v, lang)}" for k, v in value.items())
        return f"{{{inner}}}"
    if isinstance(value, list | tuple):
        return f"[{', '.join(_written(v, lang) for v in value)}]"
    return render(value, lang)


class RulesError(SeisanError):
    """A house rule is invalid: names the field and the value."""

    field: str

    def __init__(self, field: str, value: object, problem: Message | str) -> None:
        self.field = field
        self.value = value
        self.problem = problem if isinstance(problem, Message) else Message(problem)
        if isinstance(value, str):  # quoted as the reader's language quotes (「x」)
            said = _("rules: {field} = “{value}”: {problem}", field=field, value=value,
                     problem=self.problem)  # fmt: skip
        else:
            shown = as_written(value)
            said = _("rules: {field} = {value}: {problem}", field=field, value=shown,
                     problem=self.problem)  # fmt: skip
        super().__init__(said)


class UnknownNameError(SeisanError):
    """A preset, rounding mode or other named choice that seisan does not know."""

    def __init__(self, kind: Message, name: str, known: list[str]) -> None:
        self.kind = kind
        self.name = name
        self.known = known
        super().__init__(_("unknown {kind} “{name}”; known: {known}", kind=kind, name=name,
                           known=known))  # fmt: skip


class PointsError(SeisanError):
    """Final points that cannot be settled under the rules (count, units, total)."""


class SeatingError(SeisanError):
    """Players, history or a script that cannot be seated, named."""


def file_problem(err: OSError) -> Message:
    """Why a file could not be read or written, in the user's words (not the OS's
    English)."""
    import errno  # noqa: PLC0415 - only on this error path

    code = err.errno
    if isinstance(err, FileNotFoundError) or code == errno.ENOENT:
        return _("no such file")
    if isinstance(err, IsADirectoryError) or code == errno.EISDIR:
        return _("it is a folder, not a file")
    if isinstance(err, NotADirectoryError) or code == errno.ENOTDIR:
        return _("a part of the path is a file, not a folder")
    if isinstance(err, FileExistsError) or code == errno.EEXIST:
        return _("a file of that name exists already")
    if isinstance(err, PermissionError) or code in (errno.EACCES, errno.EPERM):
        return _("permission denied")
    if code == errno.ENOSPC:
        return _("the disk is full")
    if code == errno.EROFS:
        return _("the disk is read-only")
    return _("cannot be read ({detail})", detail=err.strerror or type(err).__name__)


def where_in_text(err: Exception) -> Message:
    """Where a TOML or JSON text cannot be read, in the reader's words (the parsers'
    own are English): the line and column of a syntax error, lists nested deeper than
    Python reads, or a number longer than it reads."""
    if isinstance(err, RecursionError):
        return _("nested too deeply")
    if "integer string conversion" in str(err):  # Python's limit, not the syntax's
        import sys  # noqa: PLC0415 - only on this error path

        return _("a number of more than {most} digits", most=sys.get_int_max_str_digits())
    line = getattr(err, "lineno", None)
    column = getattr(err, "colno", None)
    if line is None:
        import re  # noqa: PLC0415 - only on this error path

        match = re.search(r"line (\d+), column (\d+)", str(err))
        if match:
            line, column = int(match[1]), int(match[2])
    if line is None and "at end of document" in str(err):  # tomllib's words
        return _("at the end")
    if line is None:
        return _("somewhere in the file")
    return _("at line {line}, column {column}", line=line, column=column)
