"""Personas and small factories for the league's site tests: owner, director, member, outsider."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Club, Membership, Player, Tournament
from league.services import ratelimit, tournaments

PERSONAS = ["owner", "director", "member", "outsider"]


@pytest.fixture
def one_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rate limiter's clock held at this moment: its windows are fixed (a new one every
    minute on the minute), so requests that straddled a minute were counted in two windows and
    more of them got through (300 requests at 20:05:59-20:06:00 let 173 pass, not 120)."""
    frozen = time.time()
    monkeypatch.setattr(ratelimit, "time", SimpleNamespace(time=lambda: frozen))


@pytest.fixture(autouse=True)
def eager_tasks(request: pytest.FixtureRequest) -> Iterator[None]:
    """Run Celery tasks inline, also when REDIS_URL is set, except in the real-worker tests."""
    from cardclub.celery import app

    if "services" in request.keywords:
        yield
        return
    # By their namespaced names: the app reads Django's settings under CELERY_, and Celery 5.6
    # ignores the plain ``task_always_eager`` set at run time.
    keys = ("CELERY_TASK_ALWAYS_EAGER", "CELERY_TASK_EAGER_PROPAGATES")
    previous = {key: app.conf.get(key, False) for key in keys}
    app.conf.update(dict.fromkeys(keys, True))
    yield
    app.conf.update(previous)


@pytest.fixture
def club(db: None) -> Club:
    """A private club with one user per role, each with a player, and eight offline players."""
    club = Club.objects.create(name="Riverside", slug="riverside", is_public=False)
    for role in ["owner", "director", "member"]:
        user = User.objects.create_user(role)
        Membership.objects.create(club=club, user=user, role=role)
        Player.objects.create(club=club, name=role.title(), user=user)
    User.objects.create_user("outsider")
    for i in range(8):
        Player.objects.create(club=club, name=f"Offline {i}")
    return club


@pytest.fixture
def as_user(club: Club) -> Callable[[str | None], Client]:
    """A test client logged in as a persona (``None``: anonymous)."""

    def login(persona: str | None) -> Client:
        client = Client()
        if persona:
            client.force_login(User.objects.get(username=persona))
        return client

    return login


def make_tournament(
    club: Club, game: str = "tractor", format: str = "round_robin", **extra: object
) -> Tournament:
    """A tournament with defaults for everything not given."""
    kind = "team" if game in ("tractor", "shengji") and format != "individual" else "individual"
    fields = {
        "name": f"{game} {format}",
        "game": game,
        "format": format,
        "entry_kind": kind,
        "rounds_planned": 3,
        "deals_per_match": 2,
        "tie_breaks": ["BH", "WIN"],
        **extra,
    }
    owner = User.objects.get(username="owner")
    return tournaments.create_tournament(club, owner, {}, **fields)


def enter_players(tournament: Tournament, players: list[Player]) -> None:
    """Enter players one by one, or in partnerships of two."""
    size = tournaments.entry_size(tournament)
    for i in range(0, len(players) - len(players) % size, size):
        tournaments.add_entry(tournament, players[i : i + size])


@pytest.fixture
def tractor_round(club: Club) -> Tournament:
    """Tractor round robin: Owner & Director v Member & Offline 0, round 1 published."""
    from league.services import rounds

    tournament = make_tournament(club)
    players = [Player.objects.get(name=n) for n in ("Owner", "Director", "Member", "Offline 0")]
    enter_players(tournament, players)
    rnd = rounds.generate_round(tournament)
    rounds.publish_round(rnd)
    return tournament
