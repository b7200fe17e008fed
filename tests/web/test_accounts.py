"""Accounts as a club runs them: invitations (one use, a role, a time limit, a QR
code), sign-up closed unless invited or opened by a setting, no way to learn who has
an account, one-time sign-in links that end, members whose role changes or who are
removed, and failed sign-ins throttled per account and client address (behind a
trusted proxy, the forwarded address)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from seisan.web.accounts.models import Invitation, SignInLink
from seisan.web.accounts.tokens import hash_token, new_invitation, new_sign_in_link
from seisan.web.clubs import models as m
from seisan.web.serve import owner as make_owner
from seisan.web.serve import sign_in_link

from .conftest import make_user

pytestmark = pytest.mark.django_db
PASSWORD = {"password1": "tiles-and-sticks-9", "password2": "tiles-and-sticks-9"}


def invite(signed_in: Client, club: m.Club, role: str = "scorer") -> str:
    """An organiser makes an invitation; the page shows its link (once) and QR code."""
    url = reverse("clubs:invitations", args=[club.slug])
    page = signed_in.post(url, {"name": "Fay", "role": role, "days": "7"}, follow=True)
    text = page.content.decode()
    assert "<svg" in text and 'class="qr"' in text  # the QR code, drawn on the server
    link = page.context["link"]
    assert link.startswith("http://testserver/invite/") and link in text
    assert signed_in.get(url).context["link"] is None  # shown once: only its hash is kept
    assert Invitation.objects.get().token_hash == hash_token(link.rstrip("/").rsplit("/", 1)[1])
    return link.removeprefix("http://testserver")


def test_an_invitation_makes_an_account_and_a_scorer(club: m.Club, signed_in: Client) -> None:
    path = invite(signed_in, club)
    phone = Client()
    page = phone.get(path)
    assert page.status_code == 200 and "Test club invites Fay" in page.content.decode()
    done = phone.post(reverse("account_signup"),
                      {"email": "fay@example.com", "password1": "tiles-and-sticks-9",
                       "password2": "tiles-and-sticks-9"}, follow=True)  # fmt: skip
    assert done.status_code == 200
    joined = phone.post(path, follow=True)
    assert joined.redirect_chain[-1][0] == reverse("clubs:club", args=[club.slug])
    fay = get_user_model().objects.get(email="fay@example.com")
    assert club.memberships.get(user=fay).role == "scorer"
    assert Client().get(path).status_code == 410  # once
    assert club.actions.filter(kind="member.joined").exists()


def test_an_invitation_for_someone_with_an_account(club: m.Club, signed_in: Client) -> None:
    path = invite(signed_in, club, "member")
    gus = make_user("gus@example.com")
    phone = Client()
    phone.get(path)  # the invitation waits while they sign in
    phone.post(reverse("account_login"), {"login": "gus@example.com",
                                           "password": "a-long-password-1"})  # fmt: skip
    assert phone.get(path).status_code == 200
    phone.post(path)
    assert club.memberships.get(user=gus).role == "member"


def test_an_invitation_never_lowers_a_role(club: m.Club, owner: Any, signed_in: Client) -> None:
    path = invite(signed_in, club, "member")
    signed_in.post(path)
    assert club.memberships.get(user=owner).role == "owner"


def test_expired_and_revoked_invitations(club: m.Club, owner: Any, signed_in: Client) -> None:
    token = new_invitation(club, "scorer", "Hal", timedelta(days=1), owner)
    Invitation.objects.update(expires=timezone.now() - timedelta(seconds=1))
    assert Client().get(reverse("invitation", args=[token])).status_code == 410
    token = new_invitation(club, "scorer", "Ida", timedelta(days=1), owner)
    pending = Invitation.objects.get(name="Ida")
    signed_in.post(reverse("clubs:revoke_invitation", args=[club.slug, pending.pk]))
    assert Client().get(reverse("invitation", args=[token])).status_code == 410


def test_only_an_owner_invites_an_organiser(club: m.Club, member_of: Any) -> None:
    organiser = Client()
    organiser.force_login(member_of("organiser"))
    url = reverse("clubs:invitations", args=[club.slug])
    page = organiser.post(url, {"name": "Jo", "role": "organiser", "days": "7"})
    assert "role" in page.context["form"].errors and not Invitation.objects.exists()


def test_sign_up_is_closed_by_default(db: None) -> None:
    page = Client().get(reverse("account_signup"))
    assert page.status_code == 403 and "by invitation" in page.content.decode()
    landing = Client().get("/").content.decode()
    assert reverse("account_signup") not in landing


def test_open_sign_up_says_the_same_for_a_taken_email(settings: Any, owner: Any) -> None:
    settings.SEISAN_OPEN_SIGNUP = True
    form = {"password1": "tiles-and-sticks-9", "password2": "tiles-and-sticks-9"}
    new = Client().post(reverse("account_signup"), {**form, "email": "new@example.com"})
    taken = Client().post(reverse("account_signup"), {**form, "email": "owner@example.com"})
    assert new.status_code == taken.status_code == 200

    def shown(page: Any, email: str) -> str:
        text = page.content.decode().replace(email, "X")
        return re.sub(r"(csrftoken|CSRFToken|csrfmiddlewaretoken)[^>]*>", "", text)

    assert shown(new, "new@example.com") == shown(taken, "owner@example.com")
    assert get_user_model().objects.filter(email="new@example.com").exists()
    assert Client().login(username="owner@example.com", password="tiles-and-sticks-9") is False


@pytest.mark.parametrize(
    ("first", "second", "message"),
    [("tiles-and-sticks-9", "tiles-and-sticks-8", "the two passwords differ"),
     ("short", "short", "at least 8 characters"), ("12345678901", "12345678901", "only digits"),
     ("password123", "password123", "too common")],
)  # fmt: skip
def test_sign_up_errors_are_seisans(settings: Any, db: None, first: str, second: str,
                                    message: str) -> None:  # fmt: skip
    settings.SEISAN_OPEN_SIGNUP = True
    form = {"email": "kim@example.com", "password1": first, "password2": second}
    page = Client().post(reverse("account_signup"), form)
    assert message in page.content.decode()


def test_a_link_works_once_and_a_new_one_ends_the_old(db: None) -> None:
    user, _created = make_owner("owner@localhost")
    first = sign_in_link(user, "http://testserver")
    second = sign_in_link(user, "http://testserver")
    assert Client().get(first).status_code == 410  # printed at an earlier start: ended
    phone = Client()
    assert phone.get(second).status_code == 302
    assert Client().get(second).status_code == 410
    assert SignInLink.objects.count() == 1


def test_setting_a_password_ends_every_link(db: None) -> None:
    user, _created = make_owner("owner@localhost")
    link = sign_in_link(user, "http://testserver")
    phone = Client()
    phone.get(link)
    spare = new_sign_in_link(user, timedelta(hours=1))  # printed again before a password
    page = phone.post(reverse("account_set_password"), PASSWORD)
    assert page.status_code == 302 and page["Location"] == reverse("home")  # not "change"
    assert not SignInLink.objects.exists()
    assert Client().get(reverse("welcome", args=[spare])).status_code == 410


def test_after_setting_a_password_the_club_page(db: None) -> None:
    user, _created = make_owner("owner@localhost")
    club = m.Club.objects.create(name="Solo", slug="solo")
    m.Membership.objects.create(club=club, user=user, role="owner")
    phone = Client()
    phone.get(sign_in_link(user, "http://testserver"))
    page = phone.post(reverse("account_set_password"), PASSWORD)
    assert page["Location"] == reverse("clubs:club", args=["solo"])


def test_members_change_role_and_are_removed(club: m.Club, member_of: Any,
                                             signed_in: Client) -> None:  # fmt: skip
    scorer = member_of("scorer")
    membership = club.memberships.get(user=scorer)
    signed_in.post(reverse("clubs:set_member", args=[club.slug]),
                   {"member": membership.pk, "role": "organiser"})  # fmt: skip
    membership.refresh_from_db()
    assert membership.role == "organiser"
    url = reverse("clubs:remove_member", args=[club.slug, membership.pk])
    assert "Remove scorer@example.com?" in signed_in.get(url).content.decode()
    signed_in.post(url, {"confirm": "1"})
    assert not club.memberships.filter(user=scorer).exists()
    gone = Client()
    gone.force_login(scorer)
    assert gone.get(reverse("clubs:club", args=[club.slug])).status_code == 403


def test_an_organiser_cannot_remove_the_owner(club: m.Club, owner: Any, member_of: Any) -> None:
    organiser = Client()
    organiser.force_login(member_of("organiser"))
    mine = club.memberships.get(user=owner)
    organiser.post(reverse("clubs:remove_member", args=[club.slug, mine.pk]), {"confirm": "1"})
    assert club.memberships.filter(user=owner).exists()


def _login(client: Client, password: str) -> int:
    page = client.post(reverse("account_login"), {"login": "owner@example.com",
                                                   "password": password})  # fmt: skip
    return page.status_code


def test_bad_sign_ins_from_one_address_lock_out_only_that_address(owner: Any) -> None:
    attacker = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(5):
        assert _login(attacker, "guess") == 200
    page = attacker.post(reverse("account_login"), {"login": "owner@example.com",
                                                     "password": "a-long-password-1"})  # fmt: skip
    assert page.status_code in {200, 429} and "_auth_user_id" not in attacker.session
    assert _login(Client(REMOTE_ADDR="198.51.100.7"), "a-long-password-1") == 302  # the owner


def test_behind_a_proxy_the_forwarded_address_counts(owner: Any, settings: Any) -> None:
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    proxy = {"REMOTE_ADDR": "127.0.0.1"}  # every client comes through nginx
    attacker = Client(HTTP_X_FORWARDED_FOR="203.0.113.9", **proxy)
    for _ in range(6):
        _login(attacker, "guess")
    owner_client = Client(HTTP_X_FORWARDED_FOR="198.51.100.7", **proxy)
    assert _login(owner_client, "a-long-password-1") == 302
