"""``manage.py review_deals``: the demo's reviewed deals, judged in the command's own process
(not on the web process's review thread, which the embedded default would use)."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from league.models import Club, Tournament
from replays.models import Review
from replays.services.samples import play_sample_match
from tests.replays.reviewing import FakeEngine

# Committed for real, as in the command's own process: each review runs when its request commits.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def cup_deals(club: Club) -> list[int]:
    """A tournament with two finished Tractor deals, and a casual Shengji match beside it."""
    cup = Tournament.objects.create(club=club, name="Cup", slug="cup", game="tractor", format="swiss")
    match = play_sample_match(club, "tractor", 2, seed=5, tournament=cup)
    play_sample_match(club, "shengji", 1, seed=6)
    return list(match.deals.order_by("number").values_list("pk", flat=True))


def reviewed(**options: object) -> str:
    """The command's output (the embedded default's settings: reviews would run on a thread)."""
    out = io.StringIO()
    call_command("review_deals", stdout=out, **options)
    return out.getvalue()


@pytest.mark.parametrize("per_game, expected", [(0, 0), (1, 1), (2, 2), (3, 2)])
def test_it_reviews_the_first_tournament_deals_of_each_game(
    club: Club, cup_deals: list[int], fake_engine: FakeEngine, per_game: int, expected: int
) -> None:
    """Tournament deals only, first ones first, as many as asked for; each stored done."""
    out = reviewed(club=club.slug, per_game=per_game, budget="fast")
    done = Review.objects.filter(status="done", budget="fast")
    assert sorted(done.values_list("deal_id", flat=True)) == cup_deals[:expected]
    assert out.count("reviewed at fast (done)") == expected


def test_a_second_run_leaves_current_reviews_alone(
    club: Club, cup_deals: list[int], fake_engine: FakeEngine
) -> None:
    """Run twice: the same reviews, the engine not asked again."""
    reviewed(club=club.slug, budget="fast")
    assert Review.objects.filter(status="done").count() == 1
    calls, reviews = fake_engine.calls, list(Review.objects.values_list("pk", "finished_at"))
    reviewed(club=club.slug, budget="fast")
    assert fake_engine.calls == calls
    assert list(Review.objects.values_list("pk", "finished_at")) == reviews


def test_only_the_games_named_are_reviewed(club: Club, cup_deals: list[int], fake_engine: FakeEngine) -> None:
    """``--games shengji``: the Tractor tournament's deals are left alone."""
    reviewed(club=club.slug, games="shengji", budget="fast")
    assert not Review.objects.exists()


@pytest.mark.parametrize(
    ("options", "message"), [({"club": "nowhere"}, "no club"), ({"games": "bridge"}, "no game")]
)
def test_an_unknown_club_or_game_is_refused(club: Club, options: dict[str, str], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        reviewed(**options)
