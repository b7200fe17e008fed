from django.apps import AppConfig


class ClubsConfig(AppConfig):
    """Clubs, seasons, sessions and games: the whole of seisan's web app."""

    name = "seisan.web.clubs"
    label = "clubs"
    default_auto_field = "django.db.models.BigAutoField"
