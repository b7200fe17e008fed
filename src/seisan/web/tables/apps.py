from django.apps import AppConfig


class TablesConfig(AppConfig):
    """The table assistant: a game kept hand by hand at the table, on the scorer's phone."""

    name = "seisan.web.tables"
    label = "tables"
    default_auto_field = "django.db.models.BigAutoField"
