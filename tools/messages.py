"""The message catalogue: extract, update and compile it with Babel.

``make messages`` runs ``python tools/messages.py update``: it extracts every
``_("...")`` message from ``src/seisan`` (a plural one, ``_n("…", "…", field)``, as a
msgid and its msgid_plural) and every term of ``seisan.i18n.TERMS``
(with its key as gettext context) and every API operation's docstring (the reference
page at ``/api/docs`` shows it translated) into ``seisan.pot``, merges that into the
Japanese and Korean ``.po`` files (new entries come in empty) and compiles the
``.mo`` files seisan reads at run time. ``tests/test_messages.py`` calls
:func:`problems`, so a message without its translations fails the tests.
"""

from __future__ import annotations

import copy
import io
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

FIXED = datetime(2026, 1, 1, tzinfo=UTC)  # headers carry no date: compiling is repeatable
ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "seisan"
LOCALE = PACKAGE / "locale"
LANGS = ("ja", "ko")
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


_TEMPLATE_TAG = re.compile(r"""\{%\s*t\s+(["'])(.*?)\1""", re.S)
_PLURAL_TAG = re.compile(r"""\{%\s*tn\s+(["'])(.*?)\1\s+(["'])(.*?)\3""", re.S)


def extract_templates(fileobj, keywords, comment_tags, options):  # type: ignore[no-untyped-def]
    """Babel extractor for the web app's templates: ``{% t "English {field}" … %}`` and
    the plural ``{% tn "{count} game" "{count} games" "count" … %}``."""
    text = fileobj.read().decode("utf-8")
    for match in _TEMPLATE_TAG.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        yield line, "N_", match.group(2), []
    for match in _PLURAL_TAG.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        yield line, "_n", (match.group(2), match.group(4)), []


#: the extraction keywords: a message, a marked text, a plural message (its singular
#: and plural; the third argument names the field that counts)
KEYWORDS = {"_": None, "N_": None, "_n": (1, 2)}


def template() -> Catalog:
    """Every message in the code and every term, as a fresh template catalogue."""
    from seisan.i18n import TERMS  # noqa: PLC0415 - tools run with the package installed

    catalog = Catalog(project="seisan", fuzzy=False, creation_date=FIXED)
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(PACKAGE),
        method_map=[
            ("**.py", "python"),
            ("**/templates/**.html", extract_templates),
            ("**/templates/**.txt", extract_templates),
        ],  # (mails)
        keywords=KEYWORDS,
    ):
        if message and all(message):
            catalog.add(message, locations=[(f"seisan/{filename}", lineno)], context=context)
    for key, english in TERMS.items():
        catalog.add(english, locations=[("seisan/i18n.py", 0)], context=key)
    for path, lineno, doc in [*((API, n, d) for n, d in api_docstrings()),
                              *((SCHEMAS, n, d) for n, d in schema_docstrings())]:  # fmt: skip
        catalog.add(doc, locations=[(f"seisan/{path.relative_to(PACKAGE)}", lineno)])
    return catalog


API = PACKAGE / "web" / "api" / "api.py"
SCHEMAS = PACKAGE / "web" / "api" / "schemas.py"


def schema_docstrings(path: Path = SCHEMAS) -> list[tuple[int, str]]:
    """Each API schema's docstring, as pydantic makes it the schema's description (the
    reference page shows it translated); not a class whose ``__doc__`` the module
    replaces (its description is then made of other messages)."""
    import ast  # noqa: PLC0415

    tree = ast.parse(path.read_text(encoding="utf-8"))
    replaced = {
        target.value.id
        for node in tree.body if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Attribute) and target.attr == "__doc__"
        and isinstance(target.value, ast.Name)
    }  # fmt: skip
    return [(node.lineno, doc) for node in tree.body
            if isinstance(node, ast.ClassDef) and node.name not in replaced
            and (doc := ast.get_docstring(node))]  # fmt: skip


def api_docstrings(path: Path = API) -> list[tuple[int, str]]:
    """Each API operation's docstring, as ninja makes it the operation's description
    (cleaned of its indent): the reference page (``/api/docs``) shows it translated."""
    import ast  # noqa: PLC0415

    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for decorator in node.decorator_list:
            call = decorator.func if isinstance(decorator, ast.Call) else decorator
            if (
                isinstance(call, ast.Attribute)
                and isinstance(call.value, ast.Name)
                and call.value.id == "api"
                and call.attr in ("get", "post", "put", "delete")
            ):
                doc = ast.get_docstring(node)
                if doc:
                    found.append((node.lineno, doc))
    return found


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "seisan.po"


def read(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        catalog = Catalog(locale=lang, project="seisan", fuzzy=False)
    else:
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
    catalog.creation_date = FIXED
    catalog.revision_date = FIXED
    return catalog


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def update() -> None:
    """Merge the code's messages into each language and compile the catalogues."""
    pot = template()
    LOCALE.mkdir(parents=True, exist_ok=True)
    with (LOCALE / "seisan.pot").open("wb") as handle:
        write_po(handle, pot, omit_header=True, sort_output=True, width=100)
    for lang in LANGS:
        catalog = read(lang)
        before = {(m.id, m.context): m.string for m in catalog if m.id and m.string}
        # a copy for each language: Babel adds the template's new entries themselves
        catalog.update(copy.deepcopy(pot), no_fuzzy_matching=True)
        made_plural(catalog, before)
        catalog.obsolete.clear()
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, omit_header=True, sort_output=True, width=100)
        (path.with_suffix(".mo")).write_bytes(compiled(catalog))


def made_plural(catalog: Catalog, before: dict[tuple[object, object], object]) -> None:
    """A message made plural keeps its translation: an untranslated plural entry whose
    English plural was a message of its own (``_("{count} games imported")`` that became
    ``_n("{count} game imported", "{count} games imported", "count")``) takes that
    message's translation for each of its language's forms (Japanese and Korean: one)."""
    for message in catalog:
        if not isinstance(message.id, tuple) or any(message.string):
            continue
        earlier = before.get((message.id[1], message.context))
        if isinstance(earlier, str):
            message.string = (earlier,) * catalog.num_plurals


def translations(entry: Message) -> tuple[str, ...]:
    """An entry's translations: its one string, or one a plural form."""
    return (entry.string,) if isinstance(entry.string, str) else tuple(entry.string)


def _fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def problems() -> list[str]:
    """What is wrong with the catalogue: messages or terms without a translation,
    translations whose fields differ from the English, stale ``.mo`` files."""
    found = []
    pot = template()
    for lang in LANGS:
        catalog = read(lang)
        for message in pot:
            if not message.id:
                continue
            entry = catalog.get(message.id, context=message.context)
            where = f"{lang}: {message.context + ': ' if message.context else ''}{message.id!r}"
            if entry is None or not all(translations(entry)) or entry.fuzzy:
                found.append(f"{where} has no translation")
                continue
            if entry.pluralizable and len(translations(entry)) != catalog.num_plurals:
                found.append(f"{where}: the translation has {len(translations(entry))} forms, "
                             f"the language {catalog.num_plurals}")  # fmt: skip
            english = message.id[-1] if isinstance(message.id, tuple) else message.id
            if isinstance(message.id, tuple) and _fields(message.id[0]) != _fields(english):
                found.append(f"{where}: the singular's fields differ from the plural's")
            for string in translations(entry):
                if _fields(string) != _fields(english):
                    found.append(f"{where}: the translation's fields differ: {string!r}")
        mo = po_path(lang).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(catalog):
            found.append(f"{lang}: {mo.name} is not compiled from the .po (run make messages)")
    return found


def main(argv: list[str]) -> int:
    if argv[1:] == ["update"]:
        update()
        return 0
    if argv[1:] == ["check"]:
        missing = problems()
        print("\n".join(missing) or "every message has ja and ko")
        return 1 if missing else 0
    print("usage: messages.py update|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
