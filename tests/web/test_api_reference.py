"""The API's reference page (``/api/docs``): seisan's own, in the reader's language,
read from the schema the API serves (Swagger UI's words had been English only)."""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.utils.html import escape

from seisan.i18n import translate
from seisan.web.api.api import api

sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))
import messages

SPEC = api.get_openapi_schema()
OPERATIONS = [(method.upper(), path, operation)
              for path, methods in SPEC["paths"].items()
              for method, operation in methods.items()]  # fmt: skip

#: the words a Japanese or Korean page keeps as they are: names of formats and
#: standards, a name in an example, the unit pt
KEPT = {"API", "OpenAPI", "JSON", "ISO", "Ana", "pt"}


def page(lang: str) -> str:
    answer = Client(HTTP_ACCEPT_LANGUAGE=lang).get("/api/docs")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/html")
    return answer.content.decode()


def shown_words(text: str) -> set[str]:
    """The page's words of two letters or more outside code and a key in brackets
    after its word (メンバー（member）): helper-93 found “ or ” left in English passing
    a count of three letters and more, and any bracket's words left out."""
    main = text.split("<main>", 1)[1].split("</main>", 1)[0]
    main = re.sub(r"<(code|pre)\b[^>]*>.*?</\1>", " ", main, flags=re.S)
    main = html.unescape(re.sub(r"<[^>]+>", " ", main))
    main = re.sub(r"（[a-z_]+）|\([a-z_]+\)", " ", main)
    return set(re.findall(r"[A-Za-z][A-Za-z_]+", main))


@pytest.mark.parametrize(("lang", "summary", "status"), [
    ("en", "Enter a game", "too many requests from your address"),
    ("ja", "対局を入力", "このアドレスからのリクエストが多すぎます"),
    ("ko", "대국 입력", "이 주소에서 온 요청이 너무 많습니다"),
])  # fmt: skip
def test_every_operation_and_schema_is_on_the_page(
    db: None, lang: str, summary: str, status: str
) -> None:
    """Each operation with its method and path, its summary and its description in the
    reader's words, each schema with its fields; the answers' statuses said in words."""
    text = page(lang)
    for method, path, operation in OPERATIONS:
        assert f'<code class="method">{method} {path}</code>' in text
        assert escape(translate(operation["summary"], lang)) in text
    assert f"<h2>{summary}</h2>" in text and status in text
    for name in SPEC["components"]["schemas"]:
        assert f'id="schema-{name}"' in text
    assert "swagger" not in text.lower() and "cdn" not in text.lower()


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_a_japanese_or_korean_reader_sees_no_english_word(db: None, lang: str) -> None:
    """Outside code (paths, fields, JSON) and the keys in brackets after their words,
    the page holds no English word but the names of formats."""
    assert shown_words(page(lang)) <= KEPT


def test_every_operations_docstring_is_in_the_catalogue() -> None:
    """``make messages`` takes each operation's docstring as ninja cleans it into the
    description the page translates: one for each operation, each translated."""
    docstrings = [doc for _line, doc in messages.api_docstrings()]
    assert sorted(docstrings) == sorted(op["description"] for _m, _p, op in OPERATIONS)
    for doc in docstrings:
        assert translate(doc, "ja") != doc and translate(doc, "ko") != doc


def test_a_schemas_description_its_defaults_and_bounds_are_shown(db: None) -> None:
    """helper-93: Swagger had shown each schema's description (the settlement's keys
    beyond ``rules`` and ``results``), a field's default and its bounds; the page had
    dropped them without a word. In each language: the description, the default of a
    night's title and of the sticks left, the title's 120 characters, the sticks' 0."""
    for lang, said in [
        ("en", ["who pays whom in <code>transfers</code>", "default: <code>0</code>",
                "at most 120 characters", "at least 0", "More fields may come"]),
        ("ja", ["<code>transfers</code>（最少回数）", "既定値：<code>0</code>",
                "120 文字まで", "0 以上", "ほかの項目がつくことがあります"]),
        ("ko", ["<code>transfers</code>(최소 횟수)", "기본값: <code>0</code>", "120자까지",
                "0 이상", "다른 항목이 붙을 수 있습니다"]),
    ]:  # fmt: skip
        text = page(lang)
        settle_out = text.split('id="schema-SettleOut"', 1)[1].split("<h3", 1)[0]
        assert said[0] in settle_out and said[4] in settle_out, lang
        session_in = text.split('id="schema-SessionIn"', 1)[1].split("<h3", 1)[0]
        assert said[2] in session_in and "default: <code>&quot;&quot;</code>" in page("en")
        settle_in = text.split('id="schema-SettleIn"', 1)[1].split("<h3", 1)[0]
        assert said[1] in settle_in and said[3] in settle_in, lang


def test_every_schemas_description_is_in_the_catalogue() -> None:
    """Each schema's description the page shows is translated: its docstring (``make
    messages`` takes it), or for a game's the tables a session file writes."""
    from seisan.web.api.reference import BODY_NOTES  # noqa: PLC0415

    for name, schema in SPEC["components"]["schemas"].items():
        about = BODY_NOTES.get(name) or schema.get("description", "")
        if about:
            assert translate(about, "ja") != about and translate(about, "ko") != about, name
