"""Where the web app keeps its SQLite database (no Django needed to ask)."""

from __future__ import annotations

import os
from pathlib import Path


def default_db() -> Path:
    """``seisan.sqlite3`` in the user's data folder (``~/.local/share/seisan`` on
    Linux, ``~/Library/Application Support/seisan`` on macOS, ``%LOCALAPPDATA%\\seisan``
    on Windows): what ``seisan serve`` uses without ``--db``."""
    from platformdirs import user_data_dir  # noqa: PLC0415

    return Path(user_data_dir("seisan", appauthor=False)) / "seisan.sqlite3"


def db_path() -> Path:
    """``SEISAN_DB``, or the default database in the user's data folder."""
    given = os.environ.get("SEISAN_DB")
    if given:
        return Path(given).expanduser().resolve()
    return default_db()
