"""Bad input gets a clear error, never a 500: deeply nested JSON uploads, huge
numbers in the rankings' filters, and simultaneous writes on the embedded SQLite database."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from league.models import Deal, Match, Move, Tournament
from tests.servers import manage, scratch_database

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]
HUGE = "9" * 20  # past 64 bits: overflowed timedelta and SQLite's integers before
NESTED = b"[" * 100_000


@pytest.mark.parametrize(
    ("where", "field"), [("match", "record"), ("club", "file")], ids=["match upload", "club upload"]
)
def test_a_deeply_nested_upload_is_refused_with_a_reason(
    tractor_round: Tournament, as_user: Login, where: str, field: str
) -> None:
    """Before: RecursionError, a 500. Now 400 with the reason, and nothing stored."""
    match = Match.objects.get(tournament=tractor_round)
    url = f"/matches/{match.pk}/upload/" if where == "match" else f"/clubs/{match.club.slug}/upload/"
    counts = (Match.objects.count(), Deal.objects.count(), Move.objects.count())
    file = SimpleUploadedFile("deep.json", NESTED, content_type="application/json")
    response = as_user("owner").post(url, {field: file})
    assert response.status_code == 400
    assert "nested more than 32 levels deep" in response.content.decode()
    assert (Match.objects.count(), Deal.objects.count(), Move.objects.count()) == counts


@pytest.mark.parametrize(
    ("url", "status"),
    [
        (f"/rankings/tractor/?days={HUGE}", 400),
        (f"/rankings/tractor/?min_games={HUGE}", 400),
        (f"/rankings/tractor/?page={HUGE}", 200),  # the paginator shows the last page
        (f"/api/rankings/tractor?days={HUGE}", 422),
        (f"/api/rankings/tractor?offset={HUGE}", 422),
        (f"/api/rankings/tractor?min_games={HUGE}", 422),
        (f"/api/rankings/tractor?limit={HUGE}", 200),  # clamped to 200 rows
        ("/api/rankings/tractor?days=36500&offset=1000000&min_games=1000000", 200),
        ("/api/rankings/tractor?days=36501", 422),
        ("/rankings/tractor/?days=36500", 200),
        ("/rankings/tractor/?days=36501", 400),
        (f"/api/players/{HUGE}/ratings", 404),
        (f"/players/{HUGE}/", 404),
    ],
)
def test_huge_numbers_in_filters_answer_4xx_or_are_clamped(club: object, url: str, status: int) -> None:
    """Before: OverflowError ("Python int too large to convert to C int") or a datatype mismatch."""
    assert Client().get(url).status_code == status


def test_six_simultaneous_deal_entries_on_sqlite_wait_their_turn() -> None:
    """Before: one stored, five 500 "database is locked". Now every entry waits for the write lock
    (BEGIN IMMEDIATE with a busy timeout) and is stored once, as deals 1 to 6 of the match."""
    script = (Path(__file__).parent / "sqlite_race.py").read_text()
    saved = os.environ.pop("DATABASE_URL", None)
    try:
        with scratch_database() as env:
            manage(env, "migrate", "--noinput", "-v0")
            out = manage(env, "shell", "-c", script)
    finally:
        if saved is not None:
            os.environ["DATABASE_URL"] = saved
    result = json.loads(out.strip().splitlines()[-1])
    assert result == {"codes": [302] * 6, "deals": [1, 2, 3, 4, 5, 6]}


def test_sqlite_transactions_take_the_write_lock_at_once(settings) -> None:
    """The embedded database's settings: immediate transactions and a busy timeout (Django >= 5.1)."""
    import django

    assert django.VERSION >= (5, 1)
    if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        options = settings.DATABASES["default"]["OPTIONS"]
        assert options["transaction_mode"] == "IMMEDIATE" and options["timeout"] >= 5
