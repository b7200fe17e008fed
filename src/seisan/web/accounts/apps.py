from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Sign-in links, invitations and sign-up (allauth does the rest)."""

    name = "seisan.web.accounts"
    label = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from seisan.web.accounts import signals  # noqa: F401, PLC0415 - connects them
