"""Settings, all from the environment.

Unset ``DATABASE_URL`` → SQLite in the project folder; unset ``REDIS_URL`` → the in-memory
channel layer, a local-memory cache and Celery tasks run eagerly (the embedded default that
``make demo`` uses). With both set: PostgreSQL through psycopg 3, channels_redis, a Redis cache
and Celery on the Redis broker (the distributed setup of ``compose.yaml`` and docs/deploy.md).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from cardclub.env import env_bool, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=True)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set and DEBUG is off. Set it in the environment, for example: "
            "export SECRET_KEY=\"$(python -c 'import secrets; print(secrets.token_urlsafe(50))')\""
        )
    # Only for local development: DEBUG on and no key given.
    SECRET_KEY = "insecure-development-key-do-not-use-in-production"

# Django's test client calls itself "testserver": the test run adds it (pytest-django's test
# environment, and tests/environment.py for the processes the tests start), never the default.
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# How many reverse proxies stand in front of the web nodes, each appending to X-Forwarded-For
# (deploy/nginx.conf is one). Only that many rightmost entries are trusted for the client's
# address (the API's rate limit); 0 ignores the header, which any client can write.
TRUSTED_PROXIES = int(env_str("TRUSTED_PROXIES", "0"))
if TRUSTED_PROXIES < 0:
    raise ImproperlyConfigured(f"TRUSTED_PROXIES={TRUSTED_PROXIES} is negative: give the number of proxies")

# Not "daphne": its app only adds an ASGI ``runserver``, which nothing here uses (``make demo`` and
# the web nodes run Daphne's own command), and importing it loads Twisted and Autobahn into every
# process, the Celery workers' start included (docs/deploy.md, "How fast a worker starts").
INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    # Only for its static files: /api/docs is served from the Swagger UI build django-ninja ships
    # (ninja/static/ninja/), not from a CDN, so it works with no internet.
    "ninja",
    "cardclub",
    "league",
    "tables",
    "replays",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, so that its refusals render the site's pages (the user, the messages) like any view's.
    "cardclub.middleware.RefuseNulMiddleware",
]

ROOT_URLCONF = "cardclub.urls"
ASGI_APPLICATION = "cardclub.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "cardclub.context_processors.site",
            ],
        },
    },
]

# Database: SQLite in the project folder unless DATABASE_URL names another (PostgreSQL).
DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL,
            # Connections are closed after each request/consumer call: ASGI threads come and go.
            conn_max_age=int(env_str("DB_CONN_MAX_AGE", "0")),
            conn_health_checks=True,
        )
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(BASE_DIR / env_str("SQLITE_NAME", "db.sqlite3")),
            # One writer at a time: every transaction takes the write lock when it begins
            # (BEGIN IMMEDIATE, Django >= 5.1), so a concurrent writer waits up to `timeout`
            # seconds for it instead of failing at once with "database is locked" when a
            # deferred transaction tries to turn its read into a write (without it, five of six
            # simultaneous deal entries failed with a server error).
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def _redis_database(url: str) -> str:
    """The Redis database number in ``url`` ("0" when it names none)."""
    return urlsplit(url).path.strip("/") or "0"


# Redis: channel layer, cache and Celery broker when REDIS_URL is set; otherwise in-process.
REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    # Measured pitfalls: redis-py 8's pool raises instead of waiting at 100 connections, and it
    # times socket reads out after 5 s (channels_redis#422), so both are set in the host.
    _redis_host = {"address": REDIS_URL, "max_connections": 1000, "socket_timeout": 15}
    # CHANNEL_LAYER=pubsub (default): Redis pub/sub (channels_redis' layer, which
    # cardclub.layers extends with a blocking group send for threads), one PUBLISH per table
    # event that every subscribed node fans out to its own sockets; measured at about half the
    # CPU per move of the list-based layer (docs/performance.md). Delivery is at-most-once, which
    # the protocol already assumes (versions, sync; the move log is the truth).
    # CHANNEL_LAYER=core: the list-based layer.
    if env_str("CHANNEL_LAYER", "pubsub") == "core":
        CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                # The default capacity (100 per process) silently drops group messages under load.
                "CONFIG": {"hosts": [_redis_host], "capacity": 5000, "expiry": 30},
            }
        }
    else:
        CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "cardclub.layers.PubSubLayer",
                # Pub/sub channel names are not scoped by the Redis database number as keys are:
                # the prefix keeps sites (and test runs) on other databases of one server apart.
                "CONFIG": {"hosts": [_redis_host], "prefix": f"cardclub{_redis_database(REDIS_URL)}:"},
            }
        }
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # With a host named: kombu warned "No hostname was supplied" on every start without one.
    CELERY_BROKER_URL = "memory://localhost/"
    CELERY_RESULT_BACKEND = "cache+memory://"
    # The embedded default has no worker: tasks run in the calling process.
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "cardclub")

# Background steps that heal themselves (docs/deploy.md). Every task is idempotent, so a task is
# acknowledged when it is done and handed back when the process running it dies.
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# A table's countdown is at most this long (a longer clock is a chain of them). The Redis broker
# hands a task taken by a worker that died to another after its visibility timeout: the longest
# countdown plus room for the longest task (the default, an hour, stalled tables that long).
TABLES_LONGEST_COUNTDOWN = 120
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": TABLES_LONGEST_COUNTDOWN + 180}
# Celery beat's sweep re-plans every overdue server step from the database (tables/services/sweep.py):
# whatever was lost, a step is taken at most about this long after a worker is there to take it.
TABLES_SWEEP_SECONDS = 10
# Game reviews (replays/services/reviews.py): where they run ("celery", "thread", "inline",
# "manual"; empty: chosen by the Celery mode), and after how long without a judgement saved a
# queued or running review counts as lost and the sweep sends it again (a fast decision takes well
# under a second, a strong one a few seconds).
REVIEWS_RUN = env_str("REVIEWS_RUN")
# Reviews take minutes of CPU: on a queue of their own, served by their own workers, they never
# hold up a live table's steps (bot moves, clocks, next deals) queued behind them. Named after
# CELERY_QUEUE so that sites (and test runs) sharing one Redis keep their reviews apart too.
REVIEWS_QUEUE = env_str("REVIEWS_QUEUE", f"{CELERY_TASK_DEFAULT_QUEUE}-reviews")
CELERY_TASK_ROUTES = {"replays.review": {"queue": REVIEWS_QUEUE}}
REVIEWS_STALL_SECONDS = int(env_str("REVIEWS_STALL_SECONDS", "120"))
REVIEWS_SWEEP_SECONDS = int(env_str("REVIEWS_SWEEP_SECONDS", "60"))
# Finished deals whose record was not packed as they ended (a crash, older rows) are packed by
# this sweep (league/services/archive.py).
PACK_SWEEP_SECONDS = 60
# Asking for reviews (replays/services/review_limits.py): (requests, seconds) per user and per client
# address (generous: a club night's LAN may share one address), and how many reviews one requester
# may have queued or running at once.
REVIEWS_REQUESTS_PER_USER = (10, 600)
REVIEWS_REQUESTS_PER_ADDRESS = (60, 600)
REVIEWS_QUEUED_PER_USER = int(env_str("REVIEWS_QUEUED_PER_USER", "3"))
CELERY_BEAT_SCHEDULE = {
    "tables-sweep": {
        "task": "tables.sweep",
        "schedule": TABLES_SWEEP_SECONDS,
        # Sweeps queued while no worker ran are stale: the next one reads the rows afresh.
        "options": {"expires": TABLES_SWEEP_SECONDS},
    },
    "replays-review-sweep": {
        "task": "replays.review_sweep",
        "schedule": REVIEWS_SWEEP_SECONDS,
        "options": {"expires": REVIEWS_SWEEP_SECONDS},
    },
    "league-pack-sweep": {
        "task": "league.pack_due",
        "schedule": PACK_SWEEP_SECONDS,
        "options": {"expires": PACK_SWEEP_SECONDS},
    },
}

# Live tables (docs/performance.md): where server steps run ("celery", "asyncio", "manual", "off";
# empty: chosen by the Celery mode), and how many threads the table sockets' database work may use
# at once (0: Channels' one shared thread, which SQLite needs; PostgreSQL serves them concurrently).
TABLES_PACING = env_str("TABLES_PACING")
# 16: at 500 tables on two nodes a move held its thread 50-60 ms (the statement and the publish,
# each followed by a wait for the GIL and the scheduler), so 8 threads were saturated and moves
# queued about a second for one (bench/results/2026-11-25-live-tables.md); each thread may hold a
# connection.
TABLES_DB_THREADS = int(
    env_str("TABLES_DB_THREADS", "16" if DATABASES["default"]["ENGINE"].endswith("postgresql") else "0")
)
# The bot kind that plays (at its fast budget) for a seat whose clock ran out, where the game has it
# (docs/tables.md, "Bots at the table"); "heuristic" costs a millisecond a move instead of tens.
TABLES_TIMEOUT_BOT = env_str("TABLES_TIMEOUT_BOT", "expert")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# FAST_PASSWORD_HASHER=1: one cheap MD5 round instead of PBKDF2, for the test suite and the
# servers it starts (tests/environment.py), which hash hundreds of passwords. Never in production:
# a stolen database's passwords would fall at once.
if env_bool("FAST_PASSWORD_HASHER", default=False):
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Mail: printed to the console unless an SMTP host is configured.
EMAIL_HOST = env_str("EMAIL_HOST")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = int(env_str("EMAIL_PORT", "587"))
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=True)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "cardclub@localhost")

LANGUAGE_CODE = "en"
# A browser's zh-TW, zh-HK and zh-MO fall back to zh-hant, zh-CN and zh-SG to zh-hans (Django's
# LANG_INFO); a bare "zh" takes the first Chinese listed here, so Simplified comes first.
LANGUAGES = [
    ("en", _("English")),
    ("zh-hans", _("Simplified Chinese")),
    ("zh-hant", _("Traditional Chinese")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where collectstatic gathers the files WhiteNoise serves with DEBUG off (make demo, production).
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if not DEBUG
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", default=False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE

# HTTPS (docs/deploy.md): all off by default, for the embedded demo on plain HTTP.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=False)
# The compose health check asks each node over plain HTTP from inside its container.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = int(env_str("SECURE_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=False)


def _proxy_ssl_header(raw: str) -> tuple[str, str] | None:
    """``X-Forwarded-Proto,https`` → ("HTTP_X_FORWARDED_PROTO", "https"): the header our proxy sets."""
    if not raw:
        return None
    header, sep, value = raw.partition(",")
    if not sep or not header.strip() or not value.strip():
        raise ImproperlyConfigured(
            f"SECURE_PROXY_SSL_HEADER={raw!r}: give the header and its HTTPS value, "
            "e.g. X-Forwarded-Proto,https"
        )
    name = header.strip().upper().replace("-", "_")
    return (name if name.startswith("HTTP_") else f"HTTP_{name}", value.strip())


SECURE_PROXY_SSL_HEADER = _proxy_ssl_header(env_str("SECURE_PROXY_SSL_HEADER"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # A 404 or 400 is the visitor's mistake, not the operator's: only server errors reach the log.
    "loggers": {"django.channels.server": {"level": "WARNING"}, "django.request": {"level": "ERROR"}},
}
# In development, serve static files straight from the app folders (no collectstatic needed).
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
