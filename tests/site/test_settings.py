"""Settings come from the environment, with the embedded default when a variable is unset."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# Every probe runs in a fresh interpreter with the back end's variables set by the test alone, so
# the outcome cannot depend on the suite's back end: CI runs these once (tests/conftest.py).
pytestmark = pytest.mark.backend_free

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({'db': settings.DATABASES['default']['ENGINE'], "
    "'layer': settings.CHANNEL_LAYERS['default']['BACKEND'], "
    "'prefix': settings.CHANNEL_LAYERS['default'].get('CONFIG', {}).get('prefix'), "
    "'eager': settings.CELERY_TASK_ALWAYS_EAGER, 'broker': settings.CELERY_BROKER_URL, "
    "'debug': settings.DEBUG, 'hosts': settings.ALLOWED_HOSTS, 'hasher': settings.PASSWORD_HASHERS[0]}))"
)
VARIABLES = (
    "DATABASE_URL",
    "REDIS_URL",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "CHANNEL_LAYER",
    "FAST_PASSWORD_HASHER",
    "TRUSTED_PROXIES",
    "SECURE_COOKIES",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_PROXY_SSL_HEADER",
)


def load_settings(**env: str) -> subprocess.CompletedProcess[str]:
    """Import the settings in a fresh interpreter with exactly these variables set."""
    clean = {k: v for k, v in os.environ.items() if k not in VARIABLES}
    clean.update(env, DJANGO_SETTINGS_MODULE="cardclub.settings")
    return subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=60
    )


def test_it_uses_sqlite_memory_layer_and_eager_celery_by_default() -> None:
    """No DATABASE_URL and no REDIS_URL: the embedded default."""
    out = json.loads(load_settings().stdout)
    assert out["db"] == "django.db.backends.sqlite3"
    assert out["layer"] == "channels.layers.InMemoryChannelLayer"
    assert out["eager"] is True


def test_it_uses_postgres_redis_layer_and_broker_when_set() -> None:
    """DATABASE_URL and REDIS_URL switch every back end to the real services."""
    out = json.loads(
        load_settings(DATABASE_URL="postgres://u@db:5432/club", REDIS_URL="redis://cache:6379/0").stdout
    )
    assert out["db"] == "django.db.backends.postgresql"
    assert out["layer"] == "cardclub.layers.PubSubLayer"
    assert out["eager"] is False
    assert out["broker"] == "redis://cache:6379/0"


def test_it_uses_the_list_based_redis_layer_when_asked() -> None:
    """CHANNEL_LAYER=core chooses channels_redis' list-based layer instead of pub/sub."""
    out = json.loads(load_settings(REDIS_URL="redis://cache:6379/0", CHANNEL_LAYER="core").stdout)
    assert out["layer"] == "channels_redis.core.RedisChannelLayer"


@pytest.mark.parametrize(
    ("url", "prefix"), [("redis://cache:6379", "cardclub0:"), ("redis://cache:6379/3", "cardclub3:")]
)
def test_it_prefixes_pubsub_channels_with_the_redis_database(url: str, prefix: str) -> None:
    """Pub/sub ignores database numbers, so two sites on other databases of one server stay apart."""
    assert json.loads(load_settings(REDIS_URL=url).stdout)["prefix"] == prefix


def test_it_refuses_to_start_without_secret_key_when_debug_is_off() -> None:
    """DEBUG=0 without SECRET_KEY fails, and the message says how to set one."""
    proc = load_settings(DEBUG="0")
    assert proc.returncode != 0
    assert "SECRET_KEY is not set" in proc.stderr
    assert "export SECRET_KEY=" in proc.stderr


def test_it_starts_with_debug_off_when_secret_key_is_set() -> None:
    """DEBUG=0 with a key and hosts is a valid production configuration."""
    out = json.loads(load_settings(DEBUG="0", SECRET_KEY="x" * 50, ALLOWED_HOSTS="club.example").stdout)
    assert out["debug"] is False
    assert out["hosts"] == ["club.example"]


@pytest.mark.parametrize("value", ["maybe", "2"])
def test_it_rejects_a_debug_value_that_is_not_yes_or_no(value: str) -> None:
    """A typo in DEBUG is an error, not silently on or off."""
    proc = load_settings(DEBUG=value)
    assert proc.returncode != 0
    assert "is not a yes/no value" in proc.stderr


def test_it_hashes_passwords_with_pbkdf2_unless_told_otherwise() -> None:
    """The production default is Django's PBKDF2; the cheap hasher is only for the test run."""
    assert json.loads(load_settings().stdout)["hasher"] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"
    off = json.loads(load_settings(FAST_PASSWORD_HASHER="0").stdout)
    assert off["hasher"] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"


def test_it_hashes_with_one_md5_round_for_the_test_run() -> None:
    """FAST_PASSWORD_HASHER=1 (set by tests/environment.py for the suite and its servers)."""
    out = json.loads(load_settings(FAST_PASSWORD_HASHER="1").stdout)
    assert out["hasher"] == "django.contrib.auth.hashers.MD5PasswordHasher"


HTTPS = {
    "DEBUG": "0",
    "SECRET_KEY": "k7!Qz" * 12,
    "ALLOWED_HOSTS": "club.example",
    "SECURE_COOKIES": "1",
    "SECURE_SSL_REDIRECT": "1",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
    "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto,https",
}


def check_deploy(**env: str) -> subprocess.CompletedProcess[str]:
    """``manage.py check --deploy`` with exactly these variables, failing on any warning."""
    # The browser tests' conftest sets DJANGO_ALLOW_ASYNC_UNSAFE in this worker's environment (the
    # sync Playwright API runs a loop in the test thread); no deployment has it, so it is left out.
    dropped = {*VARIABLES, "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    clean.update(env, DJANGO_SETTINGS_MODULE="cardclub.settings")
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_it_leaves_the_test_clients_host_out_of_the_default_hosts() -> None:
    """``testserver`` is the test run's own (tests/environment.py), not a default of the site."""
    assert json.loads(load_settings().stdout)["hosts"] == ["127.0.0.1", "localhost", "[::1]"]


def test_check_deploy_is_clean_with_the_documented_https_settings() -> None:
    """docs/deploy.md's HTTPS variables satisfy every deployment check."""
    proc = check_deploy(**HTTPS)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no issues" in proc.stdout + proc.stderr


@pytest.mark.parametrize(
    ("unset", "warning"),
    [
        ("SECURE_SSL_REDIRECT", "security.W008"),
        ("SECURE_HSTS_SECONDS", "security.W004"),
        ("SECURE_COOKIES", "security.W012"),
    ],
)
def test_check_deploy_warns_when_a_setting_is_left_out(unset: str, warning: str) -> None:
    """Each variable is what quiets its check: without it the check warns again."""
    proc = check_deploy(**{k: v for k, v in HTTPS.items() if k != unset})
    assert proc.returncode != 0
    assert warning in proc.stdout + proc.stderr


SECURE_PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps([settings.SECURE_PROXY_SSL_HEADER, settings.SECURE_SSL_REDIRECT, "
    "settings.SECURE_HSTS_SECONDS, settings.TRUSTED_PROXIES]))"
)


def probe_https(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in VARIABLES}
    clean.update(env, DJANGO_SETTINGS_MODULE="cardclub.settings")
    return subprocess.run(
        [sys.executable, "-c", SECURE_PROBE], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=60
    )


def test_https_settings_are_off_by_default_and_read_from_the_environment() -> None:
    """Plain HTTP for the embedded demo; the proxy header is given as a header name and value."""
    assert json.loads(probe_https().stdout) == [None, False, 0, 0]
    on = probe_https(
        SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto,https",
        SECURE_SSL_REDIRECT="1",
        SECURE_HSTS_SECONDS="600",
        TRUSTED_PROXIES="1",
    )
    assert json.loads(on.stdout) == [["HTTP_X_FORWARDED_PROTO", "https"], True, 600, 1]


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto"}, "give the header and its HTTPS value"),
        ({"TRUSTED_PROXIES": "-1"}, "TRUSTED_PROXIES=-1 is negative"),
    ],
)
def test_it_refuses_a_malformed_https_or_proxy_setting(env: dict[str, str], message: str) -> None:
    proc = probe_https(**env)
    assert proc.returncode != 0 and message in proc.stderr
