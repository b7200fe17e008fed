from django.apps import AppConfig


class EventsConfig(AppConfig):
    """Running a league night or a tournament round: seating, and what follows it."""

    name = "seisan.web.events"
    label = "events"
    default_auto_field = "django.db.models.BigAutoField"
