"""A password set, changed or reset ends every one-time sign-in link of the account."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import password_changed, password_reset, password_set
from django.dispatch import receiver

from seisan.web.accounts.tokens import end_sign_in_links


@receiver(password_set)
@receiver(password_changed)
@receiver(password_reset)
def _end_links(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    end_sign_in_links(user)
