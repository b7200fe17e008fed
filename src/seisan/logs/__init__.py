"""Readers of real game logs, imported explicitly (like ``chess.pgn``):
``seisan.logs.tenhou`` turns Tenhou's mjlog XML and tenhou.net/6 JSON into seisan
game records, ``seisan.logs.majsoul`` Mahjong Soul's records, ``seisan.logs.mjai``
mjai's JSON lines (Mortal, mjai-reviewer, the mjai simulator). What every reader
shares is here: a game read from a log with the log's own numbers
(:class:`LoggedGame`), :func:`load_log`, which tells a file's format by its text, and
:func:`check`, which replays the record through seisan's core and compares hand by
hand."""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path, PurePath

from seisan.errors import SeisanError, file_problem
from seisan.games import GameError, GamePlay, GameRecord, RoundName, play
from seisan.i18n import Message, _, _n, file_text, name_key, text_only
from seisan.rules import Length, Rules
from seisan.transfers import is_house


class LogError(SeisanError):
    """A log that cannot be read: names the game and the place in the file."""


class CheckError(LogError):
    """A log read, whose replay by seisan differs from the log's own numbers: the
    first difference (the caller names the file)."""


@dataclass(frozen=True)
class LoggedGame:
    """One game read from a log: its record, and the log's own points to check it
    against."""

    record: GameRecord
    #: the points after each hand, as the log says (riichi sticks paid)
    points_after: tuple[tuple[int, ...], ...]
    #: the final points, and pt where the log states them (Tenhou's ``owari``)
    final_points: tuple[int, ...]
    final_pt: tuple[Decimal, ...]
    game_id: str = ""
    lobby: str = ""  #: a private or tournament lobby's game: the lobby (L1234 and its name)
    lobby_rules: bool = False  #: played under rules its log states (else Tenhou's ranked)
    #: whether the final points give the deposits left on the table to first place
    #: (Tenhou's do; mjai's are the table's points as the last hand left them)
    deposits_in_final: bool = True
    #: every hand's deal (配牌) as :func:`deal_digest` writes it ("" where the log has none)
    deal: str = ""
    #: each hand's change as the log states it, riichi sticks paid in it included (as
    #: :attr:`seisan.games.HandLine.deltas`); None for a hand, or none at all, where the
    #: log states none apart from its points (Mahjong Soul's ``delta_scores``)
    deltas: tuple[tuple[int, ...] | None, ...] = ()
    #: a Tenhou log whose game id gives no date (a file renamed): its rules, which changed
    #: over the years, were told by its result alone, and a replay that differs says so
    undated: bool = False


_HONOURS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}


def tile_kind(tile: str) -> int:
    """A tile as mjai or Mahjong Soul write it ("5m", "5mr", "0p", "7z", "E", "C") as
    one of the 34 kinds, a red five a five; -1 for a tile the log does not show ("?")."""
    if tile in _HONOURS:
        return _HONOURS[tile]
    if len(tile) < 2 or not tile[0].isdigit() or tile[1] not in "mpsz":
        return -1
    number = int(tile[0]) or 5  # (Mahjong Soul's red five is 0)
    return "mpsz".index(tile[1]) * 9 + number - 1


def deal_digest(deals: Iterable[Iterable[Iterable[int]]]) -> str:
    """Every hand's starting tiles (配牌), seat by seat, as one digest of the 34 kinds:
    two games alike hand by hand (a bust at the first hand by the same four) are told
    apart by their deals, and one log written in two formats is one game. A deal with a
    tile the log hides (mjai's ``?``, a player's own view) is not known: ``""``."""
    dealt = [[sorted(seat) for seat in hand] for hand in deals]
    if any(t < 0 for hand in dealt for seat in hand for t in seat):  # hidden ("?")
        return ""
    text = ";".join("|".join(",".join(str(t) for t in seat) for seat in hand)
                    for hand in dealt)  # fmt: skip
    return hashlib.sha256(text.encode()).hexdigest()[:32] if text else ""


def seat_names(names: Sequence[object], n: int) -> tuple[str, ...]:
    """The players' names as seisan can keep them: without what no name holds (a
    zero-width space, a control character); a player called “house” (the ledgers' name
    for the house) or a name given twice (as seisan tells names apart,
    :func:`seisan.i18n.name_key`) with the seat's number after it (“House 2”, “NoName
    3”); a seat without a name “Player N”. The other players keep their names (a
    missing or doubled name had turned every seat into Player 1…n, the others' games
    lost to their statistics); Player 1…n for all only where that still leaves two
    alike."""
    given = [text_only(name).strip() if isinstance(name, str) else "" for name in names[:n]]
    given += [""] * (n - len(given))
    keys = [name_key(name) for name in given]
    players = [
        f"Player {seat + 1}" if not name
        else f"{name} {seat + 1}" if is_house(name) or keys.count(keys[seat]) > 1
        else name
        for seat, name in enumerate(given)
    ]  # fmt: skip
    if len({name_key(p) for p in players}) != n:
        return tuple(f"Player {seat + 1}" for seat in range(n))
    return tuple(players)


def made_up_seats(names: Sequence[str]) -> list[int]:
    """The seats (from 0) whose names :func:`seat_names` made: “Player N” at seat N−1,
    and a name twice with each seat's number after it (“NoName 1” … “NoName 4”): no one's
    own name (the web app's online import cannot match them to a person)."""
    stems = [name.removesuffix(f" {seat + 1}") for seat, name in enumerate(names)]
    numbered = [name_key(s) if s != name else None for s, name in zip(stems, names, strict=True)]
    return [
        seat for seat, name in enumerate(names)
        if name == f"Player {seat + 1}"
        or (numbered[seat] is not None and numbered.count(numbered[seat]) > 1)
    ]  # fmt: skip


#: the most a log may hold, unpacked: a real game's log is a few hundred kilobytes (a
#: Mahjong Soul record with every event a few megabytes); a file that unpacks to more is
#: refused before it fills the memory (an 8 MB gzip of spaces had unpacked to 2 GB)
MAX_LOG_BYTES = 64 * 1024 * 1024


def read_text(path: Path) -> str:
    """A log file's text (gzip or plain UTF-8); errors name the file."""
    try:
        if path.stat().st_size > MAX_LOG_BYTES:
            raise LogError(_too_large(path))
        raw = path.read_bytes()
    except OSError as err:
        problem = file_problem(err)  # in the reader's words, not the OS's English
        raise LogError(_("cannot read {path}: {detail}", path=path, detail=problem)) from None
    return text_of(raw, path)


def text_of(raw: bytes, name: object) -> str:
    """A log's bytes as text: gzip or plain, UTF-8 with or without its byte-order mark;
    errors name the file (``name``), an upload's as a file's."""
    if raw[:2] == b"\x1f\x8b":
        raw = _gunzip(raw, name)
    try:
        text = raw.decode()  # UTF-8
    except UnicodeDecodeError:
        raise LogError(_("{path}: not UTF-8 text", path=name)) from None
    if not text.strip():
        raise LogError(_("{path}: an empty file", path=name))
    return text.removeprefix("\ufeff")  # a byte-order mark some editors write


def _too_large(name: object) -> Message:
    return _("{path}: more than {most} MB of text: no game log is that large", path=name,
             most=MAX_LOG_BYTES // (1024 * 1024))  # fmt: skip


def _gunzip(raw: bytes, name: object) -> bytes:
    """A gzip file's bytes unpacked (each of its members, as ``gzip.decompress``), no
    more than :data:`MAX_LOG_BYTES` of them."""
    out = bytearray()
    rest = raw
    try:
        while rest:
            member = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
            out += member.decompress(rest, MAX_LOG_BYTES + 1 - len(out))
            if len(out) > MAX_LOG_BYTES or member.unconsumed_tail:
                raise LogError(_too_large(name))
            if not member.eof:
                raise zlib.error("cut short")
            rest = member.unused_data.lstrip(b"\x00")  # (the padding some writers leave)
    except zlib.error:
        raise LogError(_("{path}: a broken gzip file", path=name)) from None
    return bytes(out)


def as_logged(rules: Rules, players: int, hanchan: bool) -> Rules:
    """Rules chosen for a log (``-r``) as the log played them: its length kept (an
    east-only game stays one under a hanchan preset); rules for another number of
    players are refused, naming both."""
    if rules.players != players:
        raise LogError(_("the log is a game of {players} players; the rules {name} are for "
                         "{count}", players=players, name=rules.name,
                         count=rules.players))  # fmt: skip
    length = Length.SOUTH if hanchan else Length.EAST
    if rules.game.length is length:
        return rules
    return replace(rules, game=replace(rules.game, length=length))


def sniff(text: str) -> str:
    """A log's format told by its text: ``"mjai"`` (JSON lines, each an event with a
    ``type``), ``"majsoul"`` (a Mahjong Soul record: JSON with its ``head``), else
    ``"tenhou"`` (mjlog XML or tenhou.net/6 JSON, converted from Mahjong Soul too)."""
    import json  # noqa: PLC0415

    start = text.lstrip()
    try:  # (past Python's limits: no format told; the reader says what is wrong)
        head = json.loads(start.partition("\n")[0])
    except (ValueError, RecursionError):
        head = None
    if start.startswith("["):  # a whole file one JSON list of events: only mjai's is
        return "mjai"  # (the reader says what is wrong with one that is not)
    if isinstance(head, dict) and "type" in head:  # (a list began with "[": above)
        return "mjai"
    if start.startswith("{") and '"head"' in start[:4096]:
        return "majsoul"
    return "tenhou"


def parse_log(
    text: str, filename: str = "", rules: Rules | None = None, *, named: bool = True
) -> LoggedGame:
    """A game from a log's text of any format seisan reads (:func:`sniff`); the file's
    name gives a Tenhou mjlog its game id and an mjai game its title. Errors name the
    file unless not ``named`` (a table of files beside them names it)."""
    kind = sniff(text)
    try:
        if kind == "mjai":
            from seisan.logs import mjai  # noqa: PLC0415

            return mjai.parse(text, rules, title=file_text(PurePath(filename).name.split(".")[0]))
        if kind == "majsoul":
            from seisan.logs import majsoul  # noqa: PLC0415

            return majsoul.parse(text, rules)
        from seisan.logs import tenhou  # noqa: PLC0415

        return tenhou.parse_any(text, rules, game_id=tenhou.id_in_name(filename))
    except SeisanError as err:
        if not (filename and named):
            raise
        raise LogError(err.within(filename)) from None


def load_log(path: Path, rules: Rules | None = None) -> LoggedGame:
    """A game from a log file of any format seisan reads (gzip or plain)."""
    return parse_log(read_text(path), str(path), rules)


def check(game: LoggedGame) -> GamePlay:
    """Replay the game through seisan and compare it with the log: every hand's
    points, then the final points and pt (where the log has them). A difference is
    an error naming it (and, for a Tenhou log without its date, that its rules were
    guessed)."""
    try:
        return _check(game)
    except CheckError as err:
        if not game.undated:
            raise
        raise CheckError(
            _(
                "{problem} (the log's game id gives no date, so Tenhou's rules of its day were "
                "guessed from its result: keep the log under its game id, as "
                "2009022022gm-00a9-0000-cd94aac8.mjlog)",
                problem=err.message,
            )
        ) from None


def _check(game: LoggedGame) -> GamePlay:
    try:
        played = play(game.record)
    except GameError as err:
        raise CheckError(err.message) from None
    for index, (line, expected) in enumerate(zip(played.lines, game.points_after, strict=False)):
        if line.points != expected:
            raise CheckError(
                _("hand {number} ({round}): seisan has {ours}; the log has {theirs}",
                  number=line.number, round=RoundName(line.round), ours=list(line.points),
                  theirs=list(expected))
            )  # fmt: skip
        stated = game.deltas[index] if index < len(game.deltas) else None
        if stated is not None and line.deltas != stated:  # (the log's own sum differs)
            raise CheckError(
                _("hand {number} ({round}): seisan's changes are {ours}; the log's are {theirs}",
                  number=line.number, round=RoundName(line.round), ours=list(line.deltas),
                  theirs=list(stated))
            )  # fmt: skip
    if len(played.lines) != len(game.points_after):
        raise CheckError(
            _n("seisan played {ours} hand, the log {theirs}",
               "seisan played {ours} hands, the log {theirs}", "ours", ours=len(played.lines),
               theirs=len(game.points_after))
        )  # fmt: skip
    assert played.settlement is not None
    # Tenhou's final points give the sticks left to first place, as a settlement does;
    # mjai's are the table's, as the last hand left them (the sticks still on it)
    final = played.final_points if game.deposits_in_final else played.lines[-1].points
    if tuple(final) != game.final_points:
        raise CheckError(
            _("final points: seisan has {ours}; the log has {theirs}", ours=list(final),
              theirs=list(game.final_points))
        )  # fmt: skip
    scores = tuple(Decimal(str(s.numerator)) / s.denominator for s in played.settlement.scores)
    if game.final_pt and scores != game.final_pt:
        raise CheckError(
            _("final pt: seisan has {ours}; the log has {theirs}", ours=list(scores),
              theirs=list(game.final_pt))
        )  # fmt: skip
    return played
