"""Ids in addresses: digits that fit a database id (a longer number is not found,
never a database error)."""

from django.urls import register_converter


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


# once, whichever address list is read first (the site's, or the clubs' in a test)
register_converter(IdConverter, "id")
