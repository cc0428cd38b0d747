"""Reviewing a whole event: a director queues every finished deal of a tournament (or one round)
in one step; members and outsiders cannot; the reviews go to the reviews' own queue, behind no
live table; the tournament page shows the progress; a player's profile lists their costliest
mistakes as deep links."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.test import TestCase

from engine import review as engine_review
from league.models import Club, Deal, MatchSeat, Round, Tournament
from replays.models import Review, ReviewLine
from replays.services.event_reviews import event_progress, request_event_review
from replays.services.mistakes import costly_mistakes
from replays.services.samples import play_sample_match
from tests.replays.conftest import client_for
from tests.replays.reviewing import seat_user
from tests.replays.test_replays_review_queue import published  # noqa: F401  (the fixture)

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.filterwarnings("ignore::celery.exceptions.AlwaysEagerIgnored"),
]


@pytest.fixture
def event(club: Club) -> Tournament:
    """A public Tractor tournament with two rounds of one two-deal match each."""
    tournament = Tournament.objects.create(
        club=club, name="Spring Cup", slug="spring", game="tractor", format="swiss", entry_kind="team"
    )
    for number in (1, 2):
        rnd = Round.objects.create(tournament=tournament, number=number)
        match = play_sample_match(club, "tractor", 2, seed=number, tournament=tournament)
        match.round = rnd
        match.save()
    return tournament


def post(user: User | None, tournament: Tournament, **data: str) -> int:
    """POST the event's review request as ``user``; the queueing runs as the request commits."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client_for(user).post(f"/tournaments/{tournament.pk}/review/", data).status_code


def done(deal: Deal | None) -> Review:
    """A finished review of ``deal`` by the current engine."""
    version = engine_review.ENGINE_VERSION
    return Review.objects.create(
        deal=deal, budget="fast", engine_version=version, status="done", unit="card points"
    )


def test_a_director_queues_every_finished_deal_in_one_step(
    event: Tournament,
    director: User,
    published: list[tuple[str, str]],  # noqa: F811
) -> None:
    """One review per deal, each sent to the reviews' queue, not the live tables'."""
    deals = Deal.objects.filter(match__tournament=event, status=Deal.Status.FINISHED)
    assert post(director, event, budget="fast") == 302
    assert Review.objects.filter(deal__in=deals, budget="fast", status="queued").count() == deals.count() == 4
    assert published == [("replays.review", settings.REVIEWS_QUEUE)] * 4


def test_a_round_s_request_queues_only_that_round(
    event: Tournament,
    director: User,
    published: list[tuple[str, str]],  # noqa: F811
) -> None:
    assert post(director, event, budget="fast", round="2") == 302
    reviewed = set(Review.objects.values_list("deal__match__round__number", flat=True))
    assert reviewed == {2} and Review.objects.count() == 2


@pytest.mark.parametrize(("persona", "status"), [("member", 403), ("outsider", 404), (None, 404)])
def test_only_directors_may_review_an_event(
    event: Tournament,
    persona: str | None,
    status: int,
    request: Any,
    published: list[tuple[str, str]],  # noqa: F811
) -> None:
    """A member is refused; to others the members' tournament does not exist; nothing is queued."""
    user = request.getfixturevalue(persona) if persona else None
    assert post(user, event, budget="fast") == status
    assert not Review.objects.exists() and not published


def test_the_service_refuses_a_member_too(event: Tournament, member: User) -> None:
    with pytest.raises(PermissionDenied):
        request_event_review(event, member, "fast")
    assert not Review.objects.exists()


def test_an_unknown_budget_changes_nothing(event: Tournament, director: User) -> None:
    assert post(director, event, budget="endless") == 400
    assert not Review.objects.exists()


def test_a_deal_already_reviewed_is_kept(
    event: Tournament,
    director: User,
    published: list[tuple[str, str]],  # noqa: F811
) -> None:
    deal = Deal.objects.filter(match__tournament=event).first()
    done(deal)
    with TestCase.captureOnCommitCallbacks(execute=True):
        request_event_review(event, director, "fast")
    assert Review.objects.get(deal=deal).status == "done" and len(published) == 3


def test_the_tournament_page_shows_the_progress_and_the_button_to_directors(
    event: Tournament, director: User, member: User
) -> None:
    done(Deal.objects.filter(match__tournament=event).first())
    progress = event_progress(event)
    assert (progress.done, progress.deals, progress.waiting) == (1, 4, 0)
    url = f"/clubs/{event.club.slug}/t/{event.slug}/"
    page = client_for(director).get(url).content.decode()
    assert 'data-done="1" data-deals="4"' in page and 'id="btn-event-review"' in page
    page = client_for(member).get(url).content.decode()
    assert 'id="event-review"' in page and 'id="btn-event-review"' not in page


def test_the_progress_the_page_polls_counts_and_draws_the_same_line(event: Tournament, member: User) -> None:
    """``/tournaments/<id>/review.json``: the counts and the progress line the page shows."""
    deals = list(Deal.objects.filter(match__tournament=event).order_by("pk"))
    done(deals[0])
    Review.objects.create(deal=deals[1], budget="fast", engine_version=engine_review.ENGINE_VERSION)
    data = client_for(member).get(f"/tournaments/{event.pk}/review.json").json()
    assert (data["deals"], data["done"], data["waiting"], data["failed"]) == (4, 1, 1, 0)
    assert "1 of 4 finished deals reviewed · 1 waiting or being reviewed" in data["html"]
    page = client_for(member).get(f"/clubs/{event.club.slug}/t/{event.slug}/").content.decode()
    assert data["html"].strip() in page


@pytest.mark.parametrize("persona", ["outsider", None])
def test_the_progress_of_a_members_tournament_is_hidden_from_others(
    private_tournament: Tournament, persona: str | None, request: Any
) -> None:
    user = request.getfixturevalue(persona) if persona else None
    assert client_for(user).get(f"/tournaments/{private_tournament.pk}/review.json").status_code == 404


def test_a_profile_lists_the_player_s_costliest_mistakes_as_deep_links(
    event: Tournament, member: User, director: User
) -> None:
    """Worst first, only the player's own seat's decisions, each opening the step its move led to
    (seen by a director: the members' tournament's deals are the club's to open)."""
    deal = Deal.objects.filter(match__tournament=event).order_by("pk").first()
    player = seat_user(deal.match, 1, member)
    review = done(deal)
    for index, seat, loss, label in [
        (10, 1, 8.0, "inaccuracy"),
        (20, 1, 30.0, "blunder"),
        (30, 2, 50.0, "blunder"),
        (40, 1, 1.0, "good"),
    ]:
        ReviewLine.objects.create(
            review=review, index=index, seat=seat, kind="play", played="play AS", best="play 9C",
            value_played=0, value_best=loss, loss=loss, se=1, label=label,
        )  # fmt: skip
    page = client_for(director).get(f"/players/{player.pk}/").content.decode()
    links = [f'href="/deals/{deal.pk}/?at={at}&amp;seat=1"' for at in (21, 11)]
    assert links[0] in page and links[1] in page and page.index(links[0]) < page.index(links[1])
    assert "?at=31" not in page and "?at=41" not in page
    section = page[page.index('id="mistakes"') :]
    assert 'data-card="AS"' in section and 'data-card="9C"' in section


def test_a_profile_weighs_losses_by_their_unit(club: Club, member: User, director: User) -> None:
    """A San Da Ha blunder of 10 points paid (twice its scale of 5) comes before a Tractor mistake
    of 20 card points (once its scale of 20), though its figure is smaller."""
    tractor = play_sample_match(club, "tractor", 1, seed=1).deals.get()
    sandaha = play_sample_match(club, "sandaha", 1, seed=1).deals.get()
    player = seat_user(tractor.match, 1, member)
    MatchSeat.objects.filter(match=sandaha.match, seat=1).update(player=player, bot="")
    for deal, unit, loss, label in [
        (tractor, "card points", 20.0, "mistake"),
        (sandaha, "points paid", 10.0, "blunder"),
    ]:
        review = Review.objects.create(
            deal=deal, budget="fast", engine_version=engine_review.ENGINE_VERSION, status="done", unit=unit
        )
        ReviewLine.objects.create(
            review=review, index=5, seat=1, kind="play", played="play AS", best="play 9C",
            value_played=0, value_best=loss, loss=loss, se=1, label=label,
        )  # fmt: skip
    assert [m.line.review.deal for m in costly_mistakes(player, director)] == [sandaha, tractor]
