from django.apps import AppConfig


class OnlineConfig(AppConfig):
    """An online league's season kept from its logs: Tenhou, Mahjong Soul and mjai
    files read into games, online names remembered as the club's players."""

    name = "seisan.web.online"
    label = "online"
    default_auto_field = "django.db.models.BigAutoField"
