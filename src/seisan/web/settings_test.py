"""Settings for the test suite: the app's own, with a fixed key and a fast hasher.
``DATABASE_URL`` (PostgreSQL) is honoured, as in deployment."""

import os

os.environ.setdefault("SEISAN_TESTING", "1")

from seisan.web.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
ALLOWED_HOSTS = ["*"]
# the suite settles thousands of games from one address (the limit's own test sets it)
SEISAN_API_SETTLE_RATE = 0
