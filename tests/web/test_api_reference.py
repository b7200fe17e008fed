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
#: standards, and a name in an example
KEPT = {"API", "OpenAPI", "JSON", "ISO", "Ana"}


def page(lang: str) -> str:
    answer = Client(HTTP_ACCEPT_LANGUAGE=lang).get("/api/docs")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/html")
    return answer.content.decode()


def shown_words(text: str) -> set[str]:
    """The page's words outside code and brackets (a key after its word: メンバー（member）)."""
    main = text.split("<main>", 1)[1].split("</main>", 1)[0]
    main = re.sub(r"<(code|pre)\b[^>]*>.*?</\1>", " ", main, flags=re.S)
    main = html.unescape(re.sub(r"<[^>]+>", " ", main))
    main = re.sub(r"（[^）]*）|\([^)]*\)", " ", main)
    return set(re.findall(r"[A-Za-z][A-Za-z_]{2,}", main))


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
