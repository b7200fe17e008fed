"""Where the web app keeps its SQLite database (no Django needed to ask)."""

from __future__ import annotations

import os
from pathlib import Path


def db_path() -> Path:
    """``SEISAN_DB``, or ``seisan.sqlite3`` in the user's data folder."""
    given = os.environ.get("SEISAN_DB")
    if given:
        return Path(given).expanduser().resolve()
    from platformdirs import user_data_dir  # noqa: PLC0415

    return Path(user_data_dir("seisan", appauthor=False)) / "seisan.sqlite3"
