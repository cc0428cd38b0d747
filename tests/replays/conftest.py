"""Clubs, personas and bot-played deals stored as Deal/Move rows, for the replay tests."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.core.match import selfplay_deal
from engine.core.record import DealRecord
from engine.core.registry import get_game
from league.models import Club, Deal, Match, Membership, Tournament
from replays.services.samples import play_sample_match
from tests.browser.conftest import browser, page  # noqa: F401  (the Playwright fixtures)
from tests.replays.reviewing import fake_engine  # noqa: F401  (the engine review's stand-in)


def user_with(club: Club, role: str | None, name: str) -> User:
    """A user with ``role`` in ``club`` (``None``: an outsider)."""
    user = User.objects.create_user(name, password="pw")
    if role:
        Membership.objects.create(club=club, user=user, role=role)
    return user


def client_for(user: User | None) -> Client:
    """A test client signed in as ``user`` (anonymous for ``None``)."""
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def failed_throw_record(**options: Any) -> DealRecord:
    """A one-deck Shengji deal of random bots under the real-hand throw option (plus ``options``)
    in which a throw failed: random bots try throws often, so the first seeds have one."""
    game = get_game("shengji")
    rules = game.rules_from_json({"real_hand_throws": True, **options})
    for seed in range(20):
        record = selfplay_deal(game, rules, 4, None, random.Random(seed), ["random"])
        if (record.result or {}).get("failed_throws"):
            return record
    raise AssertionError("no throw failed in 20 random-bot deals")


@pytest.fixture
def club(db: None) -> Club:
    return Club.objects.create(name="Riverside", slug="riverside", is_public=True)


@pytest.fixture
def private_club(db: None) -> Club:
    return Club.objects.create(name="Hidden Tigers", slug="tigers", is_public=False)


@pytest.fixture
def director(club: Club) -> User:
    return user_with(club, "director", "dora")


@pytest.fixture
def member(club: Club) -> User:
    return user_with(club, "member", "mei")


@pytest.fixture
def outsider(club: Club) -> User:
    return user_with(club, None, "otto")


@pytest.fixture
def tractor_match(club: Club) -> Match:
    return play_sample_match(club, "tractor", 2, seed=7)


@pytest.fixture
def tractor_deal(tractor_match: Match) -> Deal:
    return tractor_match.deals.order_by("number").first()


@pytest.fixture
def private_tournament(club: Club) -> Tournament:
    return Tournament.objects.create(
        club=club,
        name="Members' Cup",
        slug="cup",
        game="shengji",
        format="swiss",
        entry_kind="team",
        is_public=False,
    )
