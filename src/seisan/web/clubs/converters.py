"""Ids in addresses: digits that fit a database id (a longer number is not found,
never a database error)."""


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
