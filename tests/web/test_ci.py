"""Under CI=true the real parts are there: a missing one fails the run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.db import connection

from .conftest import CI


def test_ci_runs_the_real_parts() -> None:
    """Under CI=true the web app's tests run on PostgreSQL as well (.ci/run sets
    SEISAN_PG_URL) and the browser tests have Chromium; elsewhere they may be absent."""
    if not CI:
        pytest.skip("not CI: PostgreSQL and Chromium are optional here")
    assert os.environ.get("SEISAN_PG_URL", "").startswith("postgres://"), "no PostgreSQL"
    assert Path("/usr/bin/chromium").exists(), "no Chromium"


@pytest.mark.django_db
def test_the_database_is_the_one_asked_for() -> None:
    wanted = "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    assert connection.vendor == wanted
