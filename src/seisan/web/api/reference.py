"""The API's reference page (``/api/docs``) in the reader's language, read from the
OpenAPI schema the API serves (``/api/openapi.json``): each operation's summary, its
description (the operation's docstring, which ``make messages`` puts in the catalogue),
its parameters, body and answers, and every schema's fields. Swagger UI had been the
page: its own words are English only and cannot be translated."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from ninja.openapi.docs import DocsBase

from seisan.i18n import N_, Lang, _, _n, translate
from seisan.web.api.schemas import GAME_FIELDS
from seisan.web.clubs.middleware import web_lang

if TYPE_CHECKING:
    from ninja import NinjaAPI

#: what an answer's status says, for a person (ninja's “Unprocessable Entity”)
STATUS_WORDS: dict[str, str] = {
    "200": N_("the answer"),
    "201": N_("stored: the answer"),
    "400": N_("refused: the input is wrong (the message says what, in your language)"),
    "401": N_("no token, or one that was revoked"),
    "403": N_("the token's user does not have the role this needs"),
    "404": N_("no such club, season, night, game or player (or not yours to see)"),
    "409": N_("a conflict: someone changed it since you read it (the answer holds it as "
              "it is now), or the same key was sent with another request"),
    "413": N_("the request is too large"),
    "422": N_("the request does not have the form described here"),
    "429": N_("too many requests from your address: wait and send it again"),
}  # fmt: skip

#: JSON's types, as the page words them
TYPE_WORDS: dict[str, str] = {
    "integer": N_("whole number"),
    "number": N_("exact decimal number"),
    "string": N_("text (string)"),
    "boolean": N_("`true` or `false`"),
    "object": N_("object"),
    "null": N_("null"),
    "date": N_("date (2026-12-07)"),
    "date-time": N_("date and time (ISO 8601)"),
}

#: what a request's body holds beside its fields (the tables a session file writes)
BODY_NOTES: dict[str, str] = {"SettleIn": GAME_FIELDS, "GameIn": GAME_FIELDS}

_CODE = re.compile(r"`([^`]+)`")


def marked(shown: str) -> SafeString:
    """Text for the page, escaped, its `code` spans as code."""
    return mark_safe(_CODE.sub(r"<code>\1</code>", escape(shown)))


def words(text: str, lang: Lang) -> SafeString:
    """A text of the schema in ``lang`` (as written where the catalogue lacks it), its
    `code` spans as code."""
    return marked(translate(text, lang) if text else "")


def limits(field: dict[str, Any], required: bool, lang: Lang) -> list[SafeString]:
    """What a field's schema says beyond its type: its default, its bounds."""
    said = []
    if not required and field.get("default") is not None:
        said.append(_("default: `{value}`", value=json.dumps(field["default"])))
    if "minimum" in field:
        said.append(_("at least {n}", n=field["minimum"]))
    if "maximum" in field:
        said.append(_("at most {n}", n=field["maximum"]))
    if "minLength" in field:
        said.append(_n("at least {n} character", "at least {n} characters", "n",
                       n=field["minLength"]))  # fmt: skip
    if "maxLength" in field:
        said.append(_n("at most {n} character", "at most {n} characters", "n",
                       n=field["maxLength"]))  # fmt: skip
    return [marked(message.text(lang)) for message in said]


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def type_words(schema: dict[str, Any], lang: Lang) -> list[tuple[SafeString, str]]:
    """A field's type as words and schema names (``[("list of: ", ""), ("", "GameOut")]``):
    each pair is words to show and, where not empty, a schema to link to."""
    if "$ref" in schema:
        return [(words("", lang), _ref_name(schema["$ref"]))]
    if "anyOf" in schema:
        parts: list[tuple[SafeString, str]] = []
        for n, option in enumerate(schema["anyOf"]):
            if n:
                parts.append((words(N_(" or "), lang), ""))
            parts += type_words(option, lang)
        return parts
    kind = str(schema.get("format") if schema.get("format") in TYPE_WORDS else schema.get("type"))
    if kind == "array":
        return [(words(N_("list of: "), lang), ""), *type_words(schema.get("items", {}), lang)]
    return [(words(TYPE_WORDS.get(kind, N_("any JSON value")), lang), "")]


def fields(schema: dict[str, Any], lang: Lang) -> list[dict[str, Any]]:
    """A schema's fields: name, type, whether required, what it is."""
    required = set(schema.get("required", ()))
    return [
        {
            "name": name,
            "type": type_words(field, lang),
            "required": name in required,
            "about": words(field.get("description", ""), lang),
            "limits": limits(field, name in required, lang),
        }
        for name, field in schema.get("properties", {}).items()
    ]


def operations(spec: dict[str, Any], lang: Lang) -> list[dict[str, Any]]:
    """Each operation of the schema, in the order the API declares them."""
    found = []
    for path, methods in spec["paths"].items():
        for method, operation in methods.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            body_name = _ref_name(body["schema"]["$ref"]) if body else ""
            answers: list[dict[str, Any]] = []
            for code, answer in operation["responses"].items():
                status = str(code)  # (ninja's keys are numbers, JSON's text)
                content = answer.get("content", {}).get("application/json", {})
                answers.append({
                    "status": status,
                    "words": words(STATUS_WORDS.get(status, answer.get("description", "")),
                                   lang),
                    "type": type_words(content["schema"], lang) if content else [],
                })  # fmt: skip
            found.append({
                "id": operation["operationId"].rsplit("_api_", 1)[-1],
                "method": method.upper(),
                "path": path,
                "summary": words(operation.get("summary", ""), lang),
                "about": words(operation.get("description", ""), lang),
                "token": bool(operation.get("security")),
                "parameters": [
                    {"name": p["name"], "type": type_words(p.get("schema", {}), lang)}
                    for p in operation.get("parameters", ())
                ],
                "body": body_name,
                "body_note": words(BODY_NOTES.get(body_name, ""), lang),
                "answers": sorted(answers, key=lambda a: a["status"]),
            })  # fmt: skip
    return found


class Reference(DocsBase):
    """``/api/docs``: seisan's own page, in the reader's language."""

    def render_page(self, request: HttpRequest, api: NinjaAPI, **kwargs: Any) -> HttpResponse:
        lang = web_lang()
        spec = api.get_openapi_schema(path_params=kwargs)
        schemas = spec.get("components", {}).get("schemas", {})
        context = {
            "about": words(spec["info"].get("description", ""), lang),
            "openapi_url": self.get_openapi_url(api, kwargs),
            "settle_url": request.build_absolute_uri("/api/settle"),
            "operations": operations(spec, lang),
            "schemas": [
                {
                    "name": name,
                    # the body's tables for a game's schema (its description is made of them)
                    "about": words(BODY_NOTES.get(name) or schema.get("description", ""), lang),
                    "fields": fields(schema, lang),
                    "more": bool(schema.get("additionalProperties")),
                }
                for name, schema in sorted(schemas.items())
            ],
        }
        return render(request, "api/reference.html", context)
