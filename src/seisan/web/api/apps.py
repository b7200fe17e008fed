from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The JSON API for bots and other tools (``/api/``, its schema and docs there)."""

    name = "seisan.web.api"
    label = "api"
    default_auto_field = "django.db.models.BigAutoField"
