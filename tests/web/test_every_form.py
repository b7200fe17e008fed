"""Every form of every page, sent with what a person gets wrong (fields left empty,
text where a number goes, numbers too large or below zero, a choice that is not
offered), read back in Japanese and Korean: an error the reader can act on, in their
words, never a 500 (issue 16: “a ja or ko reader sees no English word on any screen”,
the screens after a mistake too)."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.db import connection, transaction
from django.test import Client, override_settings

from seisan.web.clubs import models as m

from .pages import populate
from .test_every_page import _words

pytestmark = [pytest.mark.django_db, pytest.mark.generated]
#: the settings tests/web/conftest.py gives each test, for what the module's fixtures do
#: before any test's own
TEST_SETTINGS = {"LANGUAGE_CODE": "en", "SEISAN_SEATING_SECONDS": 60}


@dataclass
class _Club:
    """:func:`populate`'s club: its owner's cookies (signed in), and its pages."""

    cookies: SimpleCookie
    pages: dict[str, str]
    anonymous: dict[str, str]

    def owner(self) -> Client:
        """A browser of the club's owner, signed in, with nothing else kept."""
        client = Client()
        client.cookies = copy.deepcopy(self.cookies)
        return client


@pytest.fixture(scope="module")
def populated(django_db_setup: None, django_db_blocker: Any,
              messages_checked_for_the_module: None) -> Iterator[_Club]:  # fmt: skip
    """The club made once for the module's tests, not once each (it took a second or two
    each time), in a transaction rolled back after the module's last test: every test of
    the module runs in it (so each takes this fixture). Each test runs in a savepoint of
    it, rolled back at the test's end as before: each test starts from the club as
    populated, and what one test stores no other sees."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            with override_settings(**TEST_SETTINGS):
                client, pages, anonymous = populate()
        except BaseException:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            raise
    yield _Club(copy.deepcopy(client.cookies), pages, anonymous)
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)


class _Forms(HTMLParser):
    """The page's POST forms: each one's action and fields (name, kind, a value offered)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            post = a.get("method", "").lower() == "post"
            self.forms.append({"action": a.get("action", ""), "post": post, "fields": []})
        elif self.forms and tag in ("input", "textarea", "select") and a.get("name"):
            kind = a.get("type", "text") if tag == "input" else tag
            if a.get("inputmode") in ("numeric", "decimal"):  # a number, typed as text
                kind = "number"
            if kind in ("checkbox", "radio") and "checked" not in a:
                kind += "-off"  # (offered, not chosen)
            self.forms[-1]["fields"].append((a["name"], kind, a.get("value", "")))
            self._select = a["name"] if tag == "select" else None
        elif self.forms and tag == "option" and self._select:  # the first, or the chosen
            name, kind, _chosen = self.forms[-1]["fields"][-1]
            if kind == "select" or "selected" in a:
                self.forms[-1]["fields"][-1] = (name, "select-set", a.get("value", ""))
        elif self.forms and tag == "button" and a.get("name"):  # the action it picks
            self.forms[-1]["fields"].append((a["name"], "submit", a.get("value", "")))


#: what a person gets wrong, by kind of field
MISTAKES = {
    "empty": lambda kind, value: "",
    "text": lambda kind, value: "zzz",
    "huge": lambda kind, value: "9" * 30,
    "below": lambda kind, value: "-5",
    "signs": lambda kind, value: "▲▲5",  # Japan's minus, twice: once a 500
}


#: mistakes no number field may take: every form with one refuses them
NOT_A_NUMBER = ("text", "huge", "signs")


def _sent(fields: list[tuple[str, str, str]], mistake: str) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for name, kind, value in fields:
        if kind in ("hidden", "submit"):
            data.setdefault(name, value)
        elif kind in ("checkbox", "radio", "checkbox-off", "radio-off"):
            data.setdefault(name, value or "on")
        elif kind == "file":
            continue
        else:
            data[name] = MISTAKES[mistake](kind, value)
    return data


#: forms that end something rather than take input (signing out, deleting), and the
#: language switch (its button picks English), stay unsent
ENDS = ("signout", "logout", "delete", "leave", "revoke", "setlang")


def _post_forms(who: Client, targets: dict[str, str]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Each POST form of each page ``who`` may see, but those that end something: where
    it is (``name #index``), where it posts, and its fields."""
    for name, url in targets.items():
        page = who.get(url)
        if page.status_code != 200:
            continue
        parser = _Forms()
        parser.feed(page.content.decode())
        for index, form in enumerate(parser.forms):
            action = form["action"] or url
            if form["post"] and not any(word in action for word in ENDS):
                yield f"{name} #{index}", action, form


@pytest.mark.parametrize(("lang", "mistake"), [("ja", "empty"), ("ja", "huge"), ("ko", "text"),
                                               ("ko", "below"), ("ja", "signs")])  # fmt: skip
def test_every_form_sent_wrong_answers_in_the_readers_words(
    populated: _Club, lang: str, mistake: str
) -> None:
    client, pages, anonymous = populated.owner(), populated.pages, populated.anonymous
    found: dict[str, list[str]] = {}
    refused = 0
    for who, targets in ((client, pages), (Client(), anonymous)):
        who.cookies["django_language"] = lang
        for place, action, form in _post_forms(who, targets):
            answer = who.post(action, _sent(form["fields"], mistake), follow=True)
            where = f"{place} → {action}"
            assert answer.status_code < 500, (where, answer.status_code)
            refused += answer.status_code == 400 or 'class="error' in answer.content.decode()
            shown = re.sub(r"<code>[^<]*</code>", " ", answer.content.decode())  # a token
            words = _words(shown) - {"zzz"}  # (as typed)
            if words:
                found[where] = sorted(words)
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
    assert refused >= 30, refused  # (each mistake is refused by 30 forms or more today)


@pytest.mark.parametrize(("lang", "subject"), [("ja", "[seisan] 新しいパスワードの設定"),
                                               ("ko", "[seisan] 새 비밀번호 설정")])  # fmt: skip
def test_the_password_reset_mail_is_in_the_readers_language(
    populated: _Club, lang: str, subject: str
) -> None:
    """The one mail seisan sends (allauth's, through the console or the club's server)
    reads in the language of the page it was asked from, in seisan's words: allauth's
    had greeted from the host's address ("こんにちは、127.0.0.1:8765 です!") and mixed
    three Korean words for a password (helper-71). (To the club's owner, made by
    ``make_user("boss@example.com")``: every test of this module runs in the club's
    transaction.)"""
    client = Client()
    client.cookies["django_language"] = lang
    client.post("/accounts/password/reset/", {"email": "boss@example.com"})
    (sent,) = mail.outbox
    assert sent.subject == subject
    body = re.sub(r"https?://\S+|testserver|seisan", " ", sent.body)  # (its name)
    assert not re.findall(r"[A-Za-z]{2,}", body), sent.body


#: elements with no end tag
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}  # fmt: skip


class _Errors(HTMLParser):
    """The words of a page's errors: what an element of class ``error``/``errors``
    (or Django's ``errorlist``) holds."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        if self.depth:
            self.depth += 1
        elif {"error", "errors", "errorlist"} & set((dict(attrs).get("class") or "").split()):
            self.depth = 1
            self.found.append("")

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.found[-1] += data


def _errors(answer: Any) -> set[str]:
    parser = _Errors()
    page = answer.content.decode()
    parser.feed(page)
    found = {" ".join(text.split()) for text in parser.found} - {""}
    if answer.status_code in (400, 403, 404) and not found:  # a refusal page of its own
        found = {" ".join(re.sub(r"<[^>]+>", " ", page).split())}
    return found


POINTS = ["40000", "30000", "20000", "10000"]

#: what a field the page offers empty (or as its first choice) is given, so that the
#: form as sent is accepted before one field is sent wrong: a form refused as sent
#: would hide what the field takes (helper-53: 19 forms were, so their fields were
#: tested against nothing). (where the form posts, a field, its value)
VALID = [
    ("", "name", "Zoe"),
    ("/clubs/new/", "slug", "zoe"),
    *(("", f"player_{seat}", name) for seat, name in enumerate(["Ana", "Bo", "Cy", "Di"])),
    *(("/enter/", f"points_{seat}", p) for seat, p in enumerate(POINTS)),
    ("/settings/", "preset", "tenhou"),
    ("/settings/", "chip_value", "2"),  # (the season's games have chips)
    ("/paid/", "payee", "Ben"),  # (the first offered is the payer)
    ("/paid/", "amount", "100"),
    ("/t/", "result", "draw"),  # (the table's next hand: a correction's is chosen)
    ("/teams/", "pt", "-20"),
    ("/projector/", "table", "1"),
    ("/teams/", "player", "Gus"),
    ("/check-in/", "by", "Hal"),
    ("", "oldpassword", "a-long-password-1"),
    ("", "password", "a-long-password-1"),
    ("", "password1", "another-long-password-2"),
    ("", "password2", "another-long-password-2"),
    ("/accounts/email/", "email", "zed@example.com"),
    ("/accounts/signup/", "email", "new@example.com"),
    ("/password/reset/", "email", "boss@example.com"),
    ("/login/", "login", "boss@example.com"),
]

#: the lists ``VALID`` chooses from whatever the page offers (else only where a field is
#: empty; a row's own payee, hidden, is left as the row has it)
CHOSEN = {("/paid/", "payee")}


#: forms that cannot be sent as offered, and why (each one's fields are tested
#: against the error it gives as offered: a new one must be said)
REFUSED_AS_OFFERED = {
    r"/s/\d+/import/$": "a session file to upload: its own tests send one",
    r"/s/\d+/online/$": "a log to upload or paste: its own tests send real logs",
    # (a ledger row's own “paid” is sent as offered: that form has no list)
    r"/n/\d+/paid/ with lists$": "a payment between the first name of one list and Ben: "
    "no more than is open between two is taken (helper-95), and who owes whom differs by "
    "night; test_money pays what is open",
}


def _refused_as_offered(action: str, fields: list[tuple[str, str, str]] = ()) -> str | None:  # type: ignore[assignment]
    """Which of ``REFUSED_AS_OFFERED`` ``action`` is (ids differ by database), told
    apart by whether the form has lists to choose from."""
    lists = " with lists" if any(k.startswith("select") for _n, k, _v in fields) else ""
    return next((p for p in REFUSED_AS_OFFERED if re.search(p, action + lists)), None)


def _offered(fields: list[tuple[str, str, str]], ticked: bool = False,
             action: str = "") -> dict[str, Any]:  # fmt: skip
    """The form as the page offers it: each field's value, a choice's first or chosen
    option, boxes as they are ticked; and where the page leaves a field empty, the
    ``VALID`` value that makes the form one the page takes."""
    data: dict[str, Any] = {}
    for name, kind, value in fields:
        if kind in ("radio-off", "file"):
            continue
        if kind == "checkbox-off" and not ticked:
            continue
        given = value
        if kind.startswith("checkbox"):
            data.setdefault(name, [])
            data[name].append(given or "on")
            continue
        data.setdefault(name, given or ("on" if kind == "radio" else given))
    for where, name, value in VALID:
        if (where in action and any(f == name for f, _k, _v in fields)
                and (not data.get(name) or ((where, name) in CHOSEN and any(
                    f == name and k.startswith("select") for f, k, _v in fields)))):  # fmt: skip
            data[name] = value
    return data


def _rolled_back(who: Client, action: str, data: dict[str, Any],
                 marker: str = "") -> tuple[Any, bool]:  # fmt: skip
    """``data`` posted to ``action``, and whether ``marker`` was kept, before all it
    stored is rolled back: each field is sent to the same club, as populated."""
    cookies = copy.deepcopy(who.cookies)  # (a session the post made is rolled back too)
    with transaction.atomic():
        answer = who.post(action, data, follow=True)
        stored = bool(marker) and _stored(marker)
        transaction.set_rollback(True)
    who.cookies = cookies
    return answer, stored


def _said(after: set[str], before: set[str]) -> bool:
    """Whether a mistake was refused in words: an error where the form as offered had
    none, or one it had not."""
    return bool(after - before) if before else bool(after)


def _sendable(who: Client, targets: dict[str, str], ticked: bool = False
              ) -> Iterator[tuple[str, str, dict[str, Any], dict[str, Any], set[str]]]:  # fmt: skip
    """Each form (as :func:`_post_forms`), the data it is sent as offered, and the
    errors that gives: none, but for ``REFUSED_AS_OFFERED`` (held here). With every
    box ticked, the form is not sent as offered (many forms refuse every box ticked):
    its errors are left empty, so that any error counts."""
    for place, action, form in _post_forms(who, targets):
        offered = _offered(form["fields"], ticked, action)
        before: set[str] = set()
        if not ticked:
            answer, _kept = _rolled_back(who, action, offered)
            assert answer.status_code < 500, place
            before = _errors(answer)
            assert not before or _refused_as_offered(action, form["fields"]), (
                place, action, before)  # fmt: skip
        yield place, action, form, offered, before


#: a form as :func:`_sendable` gives it, with the cookies its reader held then
_Form = tuple[str, str, dict[str, Any], dict[str, Any], set[str], SimpleCookie]


@pytest.fixture(scope="module")
def forms(populated: _Club, django_db_blocker: Any) -> dict[tuple[bool, bool], list[_Form]]:
    """Each form of the club's pages, read and sent as offered (with what that answers)
    once for the module's four tests that then send each field alone: they had each
    read every page and sent every form as offered again, on the same club. By who reads
    (its owner, anyone) and whether every box is ticked; read in the order each test
    read them, by one browser each, whose cookies at each form are kept with it.
    What reading the pages stores (a session, the hand statistics and ratings kept in
    the cache, all keyed by the data's revision) stays for these tests, as it did in
    each of them."""
    found: dict[tuple[bool, bool], list[_Form]] = {}
    with django_db_blocker.unblock(), override_settings(**TEST_SETTINGS):
        for owner, who, targets in ((True, populated.owner(), populated.pages),
                                    (False, Client(), populated.anonymous)):  # fmt: skip
            for ticked in (False, True):
                found[owner, ticked] = [(*each, copy.deepcopy(who.cookies))
                                        for each in _sendable(who, targets, ticked)]  # fmt: skip
    return found


def _each_form(
    forms: dict[tuple[bool, bool], list[_Form]], ticked_too: bool = False
) -> Iterator[tuple[Client, bool, str, str, dict[str, Any], dict[str, Any], set[str]]]:
    """The forms of :func:`forms`, the owner's then anyone's (each reader's as offered,
    then with every box ticked if ``ticked_too``), each with a browser that holds the
    cookies its reader held at that form."""
    for owner in (True, False):
        for ticked in (False, True) if ticked_too else (False,):
            who = Client()
            for place, action, form, offered, before, cookies in forms[owner, ticked]:
                who.cookies = copy.deepcopy(cookies)
                yield who, ticked, place, action, form, offered, before


def test_each_number_field_sent_wrong_alone_is_refused(
    forms: dict[tuple[bool, bool], list[_Form]],
) -> None:
    """Every number field of every form, sent wrong with the rest of the form as the
    page takes it: never taken without a word. (The test above puts the mistake in
    every field at once, where another field's error hides a number field that takes
    anything: a chombo's pt of 30 nines was dropped, the rules' 20 taken, found so by
    helper-52.) And again with every box ticked (the players present, say)."""
    taken: list[str] = []
    held = 0
    refused = set()
    for who, ticked, place, action, form, offered, before in _each_form(forms, ticked_too=True):
        if before and not ticked:
            refused.add(_refused_as_offered(action, form["fields"]))
        numbers = [f for f, kind, _v in form["fields"] if kind == "number"]
        for number, field in enumerate(numbers):  # each mistake in turn
            mistake = NOT_A_NUMBER[(number + ticked) % len(NOT_A_NUMBER)]
            wrong = {**offered, field: MISTAKES[mistake]("", "")}
            answer, _kept = _rolled_back(who, action, wrong)
            assert answer.status_code < 500, (place, field)
            held += 1
            if not _said(_errors(answer), before):
                taken.append(f"{place} {field} {mistake}{' ticked' * ticked}")
    assert taken == [], "\n".join(taken)
    assert held >= 200, held  # (102 number fields today, each sent twice)
    assert refused == set(REFUSED_AS_OFFERED)  # (each form but these is taken as sent)


#: the kinds of field a person types words into
WORDS = ("text", "textarea", "email", "search", "url", "tel")


def _stored(marker: str) -> bool:
    """Whether ``marker`` is kept anywhere the app reads it back: a row of any table,
    but the club's history and the models' past versions (a name only in the history
    of a change is no name kept)."""
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            if "historical" in table or table in (m.Action._meta.db_table, "django_session"):
                continue
            cursor.execute(f'SELECT * FROM "{table}"')
            if marker.lower() in repr(cursor.fetchall()).lower():
                return True
    return False


def test_each_text_field_sent_alone_is_kept_or_refused(
    forms: dict[tuple[bool, bool], list[_Form]],
) -> None:
    """Every text field of every form, given a word of its own with the rest of the
    form as the page takes it: the word is kept (stored, or shown on the page that
    answers), or refused with a word said, never dropped in silence (a chombo's reason
    was, found by helper-52: a game keeps a chombo as “chombo”; a hand's dora
    indicators typed for a hand given by han and fu, by helper-53)."""
    dropped: list[str] = []
    held = 0
    for who, _ticked, place, action, form, offered, before in _each_form(forms):
        for field in [f for f, kind, _v in form["fields"] if kind in WORDS]:
            held += 1
            marker = f"Qzx{held}w"
            answer, stored = _rolled_back(who, action, {**offered, field: marker}, marker)
            assert answer.status_code < 500, (place, field)
            # shown: in the page's words, not only back in a field as typed
            shown = re.sub(r'value="[^"]*"|<textarea[^>]*>[^<]*', "", answer.content.decode())
            if not (stored or marker.lower() in shown.lower()
                    or _said(_errors(answer), before)):  # fmt: skip
                dropped.append(f"{place} → {action} {field}")
    assert dropped == [], "\n".join(dropped)
    assert held >= 80, held  # (85 text fields today)


#: the kinds of field that offer choices
CHOICES = ("select", "radio")


def test_each_choice_sent_with_a_value_not_offered_is_refused(
    forms: dict[tuple[bool, bool], list[_Form]],
) -> None:
    """Every choice of every form (a list, a row of round buttons, the buttons that
    each pick an action), sent alone with a value the page does not offer, the rest as
    offered: refused with a word said, never read as another choice or dropped."""
    taken: list[str] = []
    held = 0
    for who, _ticked, place, action, form, offered, before in _each_form(forms):
        choices = {f for f, kind, v in form["fields"] if kind.startswith(CHOICES)
                   or (kind == "submit" and v)}  # fmt: skip
        for field in sorted(choices):
            held += 1
            value = str(offered.get(field, ""))  # (an id not offered, for ids)
            wrong = "99999" if value.isdigit() else "zzz-not-offered"
            answer, _kept = _rolled_back(who, action, {**offered, field: wrong})
            assert answer.status_code < 500, (place, field)
            if not _said(_errors(answer), before):
                taken.append(f"{place} → {action} {field}")
    # allauth's own list of the account's addresses: one not the account's changes
    # nothing and says nothing (its view's choice; a browser cannot send it)
    assert taken == ["email #2 → /accounts/email/ email"], "\n".join(taken)
    mine = EmailAddress.objects.filter(user__email="boss@example.com")
    assert list(mine.values_list("email", "primary")) == [
        ("boss@example.com", True)]  # fmt: skip
    assert held >= 85, held  # (76 choices, 14 buttons that each pick an action, today)


def test_each_list_of_boxes_sent_with_a_value_not_offered_is_refused(
    forms: dict[tuple[bool, bool], list[_Form]],
) -> None:
    """Every list of boxes that each stand for a choice (a hand's yaku), sent with one
    value more that the page does not offer, the rest as offered: refused with a word
    said, never left out in silence."""
    taken: list[str] = []
    held = 0
    for who, _ticked, place, action, form, offered, before in _each_form(forms):
        boxes = {f for f, kind, v in form["fields"] if kind.startswith("checkbox") and v}
        for field in sorted(boxes):
            held += 1
            more = [*offered.get(field, []), "zzz-not-offered"]
            answer, _kept = _rolled_back(who, action, {**offered, field: more})
            assert answer.status_code < 500, (place, field)
            if not _said(_errors(answer), before):
                taken.append(f"{place} → {action} {field}")
    assert taken == [], "\n".join(taken)
    assert held >= 9, held  # (the players present, and a hand's yaku on two forms)
