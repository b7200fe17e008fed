"""Django settings for seisan's web app, from the environment.

- ``DATABASE_URL``: ``postgres://…`` in deployment; otherwise SQLite at
  ``SEISAN_DB`` (``seisan serve`` sets it: ``--db PATH`` or the user's data folder).
- ``DJANGO_SECRET_KEY``: required when ``DJANGO_DEBUG`` is off and no local key
  file exists; ``seisan serve`` keeps one next to its SQLite database.
- ``DJANGO_ALLOWED_HOSTS`` (comma separated), ``DJANGO_DEBUG``, ``SEISAN_HTTPS``
  (behind a TLS proxy: secure cookies and the forwarded scheme).
- ``SEISAN_PG_PREPARE=0``: PostgreSQL behind a pooler in transaction mode (PgBouncer
  before 1.21), which keeps no prepared statement: a game's statements sent whole.

Each is read by :mod:`seisan.web.environment`: a value the app cannot use stops it at
once, naming the variable (a flag's unknown word had turned it off in silence).
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url

from seisan.i18n import _
from seisan.web import environment as env
from seisan.web.paths import db_path

BASE_DIR = Path(__file__).resolve().parent


DEBUG = env.flag("DJANGO_DEBUG")
DB_PATH = db_path()


def _secret_key() -> str:
    key = os.environ.get("DJANGO_SECRET_KEY")
    if key:
        return key
    local = DB_PATH.with_name("secret.key")
    if local.exists():
        return local.read_text(encoding="utf-8").strip()
    if DEBUG or env.flag("SEISAN_TESTING"):
        return "insecure-development-key-" + "x" * 32
    raise env.SettingError(
        _("DJANGO_SECRET_KEY is not set (seisan serve makes a local key; a deployment sets it)")
    )


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env.hosts("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
#: an online league's logs come many at once (seisan.web.online.services.MAX_FILES);
#: Django's default (100) would answer a bare 400 where the page says what to do
DATA_UPLOAD_MAX_NUMBER_FILES = 500
CSRF_TRUSTED_ORIGINS = env.origins("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "seisan.web.clubs",
    "seisan.web.accounts",
    "seisan.web.tables",
    "seisan.web.events",
    "seisan.web.api",
    "seisan.web.online",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "csp",
    "simple_history",
    "allauth",
    "allauth.account",
    "ninja",  # its `export_openapi_schema` command (the docs page is seisan's own)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "seisan.web.clubs.middleware.SeisanLanguageMiddleware",
    "seisan.web.api.middleware.ApiErrorsMiddleware",  # JSON, in words, for /api/ too
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "seisan.web.clubs.middleware.UnsettledMiddleware",  # a stored game the core refuses
]

ROOT_URLCONF = "seisan.web.urls"
WSGI_APPLICATION = "seisan.web.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
            "builtins": ["seisan.web.clubs.templatetags.seisan_tags"],
        },
    }
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{DB_PATH}", conn_max_age=env.whole("CONN_MAX_AGE", 60)
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # several requests at once (two scorers at one table) wait for the lock, not fail
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
# (PostgreSQL: psycopg's client-side binding, Django's default. Parameters sent apart
# from the query (server_side_binding) let PostgreSQL plan a game's statements once a
# connection, but cap a statement at 65,535 of them: Django's prefetch of a 100,000-game
# season's seats, a rename's or an export's, then failed. docs/decisions.md. The few
# statements every game makes are sent apart and prepared, by seisan.web.clubs.reads,
# unless SEISAN_PG_PREPARE is off: a pooler in transaction mode keeps none.)
SEISAN_PREPARED = env.flag("SEISAN_PG_PREPARE", default=True)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# shared by every worker (rate limits must be): a table in the database itself
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "seisan_cache",
        # derived data kept for good (hand statistics: an entry a season, and one per
        # 256 games): Django's 300 entries would cull them and replay whole seasons
        "OPTIONS": {"MAX_ENTRIES": 200_000},
    }
}

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "none"  # a club's LAN has no mail server
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_ADAPTER = "seisan.web.accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {"login": "seisan.web.accounts.login.LoginForm"}
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[seisan] "  # (allauth's default: the host's address)
#: failed sign-ins: 10 a minute from one address, 5 in 5 minutes for one account from
#: one address (the adapter adds the address: nobody locks the owner out from elsewhere)
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,5/300s/key",
    # new accounts from one address (SEISAN_SIGNUP_RATE: a club signing up at one router)
    "signup": env.rates("SEISAN_SIGNUP_RATE", "20/m/ip"),
}
#: proxies in front that add X-Forwarded-For (nginx: 1); the client's address is read there
ALLAUTH_TRUSTED_PROXY_COUNT = env.whole("SEISAN_TRUSTED_PROXIES", 0)
#: settlements a minute that one address may ask of the API without an account (0: no limit)
SEISAN_API_SETTLE_RATE = env.whole("SEISAN_API_SETTLE_RATE", 120)
#: seconds a draw of the tables may search before it takes its best so far (the page waits)
SEISAN_SEATING_SECONDS = env.seconds("SEISAN_SEATING_SECONDS", 1.0)
#: open sign-up: anyone who reaches the server may make an account (off: invitations only)
SEISAN_OPEN_SIGNUP = env.flag("SEISAN_OPEN_SIGNUP")
LOGIN_REDIRECT_URL = "/"
LOGIN_URL = "account_login"
EMAIL_BACKEND = env.backend("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ja", "日本語"), ("ko", "한국어")]
USE_I18N = True
USE_TZ = True
TIME_ZONE = env.time_zone("TIME_ZONE", "UTC")

STATIC_URL = "static/"
STATIC_ROOT = os.environ.get("STATIC_ROOT") or None  # collectstatic in deployment
WHITENOISE_USE_FINDERS = True  # serve straight from the apps: no collectstatic needed
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Only the app's own scripts, styles and images: no inline script, no CDN, no frames.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'none'"],
        "object-src": ["'none'"],
    }
}
# a scores page needs none of the browser's powerful features
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in ("accelerometer", "camera", "geolocation", "gyroscope", "magnetometer",
                    "microphone", "payment", "usb", "display-capture", "fullscreen")
}  # fmt: skip
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True

if env.flag("SEISAN_HTTPS"):  # behind a TLS proxy: HTTPS only, and says so for a year
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.whole("SEISAN_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.flag("SEISAN_HSTS_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env.flag("SEISAN_HSTS_PRELOAD", True)  # a list entry is asked for by hand
elif env.flag("SEISAN_SERVE"):
    # seisan serve is plain HTTP on this machine or a club's LAN (no certificate there):
    # HSTS, an HTTPS redirect and HTTPS-only cookies cannot apply, so check --deploy is
    # told so; a deployment behind TLS sets SEISAN_HTTPS=1 and passes it clean
    SILENCED_SYSTEM_CHECKS = ["security.W004", "security.W008", "security.W012", "security.W016"]

#: how long a scorer may edit a game they entered
SCORER_EDIT_HOURS = env.whole("SEISAN_SCORER_EDIT_HOURS", 12)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
