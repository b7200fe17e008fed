"""Named house rules shipped as data files (``seisan/data/presets/*.toml``).

Like python-chess's variants, presets are data with aliases: :func:`find_preset`
takes an id (``mleague``), an alias (``Mリーグ``, ``m-league``) or a title.
Each file cites where its numbers come from. A house-rules file may say
``extends = "tenhou"`` and change only what differs.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from seisan.errors import RulesError, SeisanError, UnknownNameError, file_problem, where_in_text
from seisan.i18n import PACKAGE, Message, _
from seisan.rules import Rules


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


FOLDER = PACKAGE / "data" / "presets"


@cache
def _preset_ids() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in FOLDER.glob("*.toml")))


@cache
def _one_preset(preset_id: str) -> dict[str, Any]:
    text = (FOLDER / f"{preset_id}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text, parse_float=Decimal)


def _preset_data() -> dict[str, dict[str, Any]]:
    """Every preset file's tables, by id (read once each)."""
    return {preset_id: _one_preset(preset_id) for preset_id in _preset_ids()}


@cache
def presets() -> tuple[Rules, ...]:
    """Every shipped preset, in id order."""
    return tuple(_preset(name) for name in _preset_data())


@cache
def _preset(preset_id: str) -> Rules:
    """A preset's rules, built once a process (rules are frozen: sharing them is safe)."""
    return _build(preset_id, ())


def _build(name: str, seen: tuple[str, ...]) -> Rules:
    data = dict(_one_preset(name))
    data.setdefault("name", name)
    return rules_from_data(data, (*seen, name))


def rules_from_data(data: Mapping[str, Any], seen: tuple[str, ...] = ()) -> Rules:
    """Rules from a house-rules dict, resolving ``extends = "PRESET"`` (the one place
    that does). What describes the preset (its aliases, sources and notes) is not
    inherited, but a note on a field the file leaves alone still holds and is kept."""
    rest = dict(data)
    extends = rest.pop("extends", None)
    if extends is None:
        return Rules.from_dict(rest)
    rest.pop("extends_preset", None)  # the label of a dump: ``extends`` says it here
    if not isinstance(extends, str):
        raise RulesError("extends", extends, _("must be the name of a preset"))
    target = _lookup(extends)
    if target in seen:
        raise RulesError("extends", extends, _("preset extends itself"))
    base = _build(target, seen)
    changed = set(rest) | ({"uma"} if "floating_uma" in rest else set())
    kept = tuple((key, text) for key, text in base.notes
                 if key and key.partition("@")[0] not in changed)  # fmt: skip
    blank = replace(base, aliases=(), sources=(), notes=(), titles=(), extends="", origin="")
    if "name" not in rest:  # a table inside a record or session: the preset, changed
        blank = replace(blank, titles=base.titles)
    rules = Rules.from_dict(rest, blank)
    own = {key.partition("@")[0] for key, _text in rules.notes}
    kept = tuple(note for note in kept if note[0].partition("@")[0] not in own)
    if "name" not in rest:
        fields = tuple(key for key in rest if key not in _DESCRIPTIVE)
        return replace(rules, extends=target, notes=(*kept, *rules.notes), changed=fields)
    return replace(rules, extends=target, notes=(*kept, *rules.notes))


_DESCRIPTIVE = {"title", "aliases", "notes", "sources", "oka"}
"""Keys of a rules table that describe rules rather than change them."""


def _lookup(name: str) -> str:
    key = _key(name)
    if key in _preset_ids():  # the id: one file to read, not every preset's aliases
        return key
    data = _preset_data()
    for preset_id, entry in data.items():
        names = {preset_id, *entry.get("aliases", []), *entry.get("title", {}).values()}
        if key in {_key(n) for n in names}:
            return preset_id
    raise UnknownNameError(_("rules preset"), name, list(data))


def find_preset(name: str) -> Rules:
    """The preset called ``name`` (id, alias or title in any language)."""
    return _preset(_lookup(name))


def presets_for_total(total: int, players: int) -> list[Rules]:
    """The presets for ``players`` whose players start with ``total`` points in all
    (to suggest when final points do not add up under the rules given)."""
    return [r for r in presets() if r.players == players and r.start * players == total]


def load_rules(spec: str) -> Rules:
    """Rules from a preset name or a house-rules file: a ``.toml`` name or a path
    with a folder is a file; otherwise a preset, then a file of that name."""
    if not spec.strip():
        raise SeisanError(_("give a rules preset name or a house-rules .toml file"))
    path = Path(spec)
    if spec.lower().endswith(".toml") or len(path.parts) > 1:
        return load_rules_file(path)
    try:
        return find_preset(spec)
    except UnknownNameError:
        if path.exists():  # (a folder, “.”, had been “unknown rules preset”)
            return load_rules_file(path)
        raise


def rules_from_spec(spec: object, folder: Path | None = None) -> Rules:
    """The ``rules`` of a session file or game record: a preset name, a ``.toml`` file
    (beside the file, in ``folder``), a rules table, or nothing (the plain base)."""
    if spec is None:
        return Rules()
    if isinstance(spec, str):
        candidate = (folder or Path()) / spec
        return load_rules(str(candidate) if candidate.suffix.lower() == ".toml" else spec)
    if isinstance(spec, Mapping):
        return rules_from_data(spec)
    raise RulesError("rules", spec, _("give a preset name, a .toml file or a table"))


def load_rules_file(path: Path) -> Rules:
    """Rules from a house-rules TOML file; errors name the file. A scoring field the
    file's own point system never reads (``kiriage`` under gorin) is refused here, for
    every command that reads the file (``rules show`` too): no option completes it, as
    ``--rate`` may complete money (:meth:`Rules.check_whole` refuses the rest once the
    command's options are in)."""
    data = read_toml(path, _("rules file"))
    data.setdefault("name", path.stem)
    try:
        rules = rules_from_data(data)
        tables = {key: value for key, value in data.items() if isinstance(value, Mapping)}
        written = {f"{table}.{key}" for table, values in tables.items() for key in values}
        for field, value, problem in rules.idle(written):
            if field.startswith("scoring."):
                raise RulesError(field, value, problem)
    except SeisanError as err:
        raise SeisanError(err.within(path)) from None
    return replace(rules, origin=str(path))


def read_toml(path: Path, what: Message) -> dict[str, Any]:
    """A TOML file's tables, numbers exact; errors name the file."""
    try:
        text = path.read_text(encoding="utf-8-sig")  # a BOM, as some editors save, is fine
    except OSError as err:
        raise SeisanError(
            _("cannot read {what} {path}: {problem}", what=what, path=path,
              problem=file_problem(err))
        ) from None  # fmt: skip
    except UnicodeDecodeError:
        raise SeisanError(_("{path}: not UTF-8 text", path=path)) from None
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except (ValueError, RecursionError) as err:  # TOMLDecodeError, Python's own limits
        raise SeisanError(
            _("{path}: not valid TOML ({where})", path=path, where=where_in_text(err))
        ) from None


CHANGEABLE = ("players", "start", "return", "uma", "rounding", "ties", "side", "money")
"""Rule fields a table may change of its rules for one game (``seisan settle``'s
options, the API's ``changes``), in the order a changed title names them."""


def with_changes(base: Rules, changes: Mapping[str, Any], named: bool = True) -> Rules:
    """``base`` with ``changes`` (fields of :data:`CHANGEABLE`) applied; a changed preset
    (``named``) records what changed, so that its title says so (Mリーグ (ウマ変更))."""
    unknown = sorted(set(changes) - set(CHANGEABLE))
    if unknown:
        problem = _("not a field a game may change; known: {known}", known=CHANGEABLE)
        raise RulesError(unknown[0], changes[unknown[0]], problem)
    if not changes:
        return base
    rules = Rules.from_dict(changes, base)
    if not named:
        return rules
    return replace(rules, changed=tuple(k for k in CHANGEABLE if k in changes))
