"""The viewer page around the board: fair-deal check, chart, result, levels, result-only deals."""

from __future__ import annotations

import pytest

from engine.core.record import commitment
from league.models import Deal, Match
from replays.services.chart import points_chart
from replays.services.records import deal_record
from replays.services.steps import build
from tests.replays.conftest import client_for

pytestmark = pytest.mark.django_db


def page(deal: Deal) -> str:
    response = client_for(None).get(f"/deals/{deal.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_it_confirms_a_deck_that_matches_its_commitment(tractor_deal: Deal) -> None:
    """The commitment and sha256(salt + deck) are shown side by side and agree."""
    assert tractor_deal.commitment == commitment(tractor_deal.salt, tractor_deal.deck)
    html = page(tractor_deal)
    assert 'id="fair-verdict"' in html and 'class="ok"' in html
    assert html.count(tractor_deal.commitment) == 2


def test_it_flags_a_deck_that_does_not_match(tractor_deal: Deal) -> None:
    """A stored commitment the deck does not give is called out; the revealed seed is shown."""
    tractor_deal.commitment = "f" * 64
    tractor_deal.seed = "server-secret-42"
    tractor_deal.save()
    html = page(tractor_deal)
    assert "does NOT match its commitment" in html
    assert "server-secret-42" in html


def test_it_draws_one_bar_per_trick(tractor_deal: Deal) -> None:
    """The SVG chart has a bar per trick, each at the step that closed it."""
    tricks = build(deal_record(tractor_deal)).story.tricks
    chart = points_chart(tricks)
    assert chart is not None and len(chart.bars) == len(tricks)
    html = page(tractor_deal)
    assert html.count('class="bar side-') == len(tricks)
    assert f'data-at="{tricks[-1]["at"]}" data-trick="{len(tricks)}"' in html


def test_it_shows_levels_before_and_the_result_with_level_changes(tractor_match: Match) -> None:
    """The second deal starts from the levels the first left; the result shows before → after."""
    second = tractor_match.deals.get(number=2)
    html = page(second)
    assert "Level of Heuristic bot (South), Heuristic bot (North)" in html
    before, after = second.result["levels_before"], second.result["levels_after"]
    assert f"{before[0]} → {after[0]}" in html


def test_a_result_only_deal_shows_its_result_without_a_board(tractor_deal: Deal) -> None:
    """Offline deals entered without moves have nothing to replay but still show the result."""
    tractor_deal.has_moves = False
    tractor_deal.save()
    tractor_deal.moves.all().delete()
    html = page(tractor_deal)
    assert 'id="viewer"' not in html
    assert "there are no moves to replay" in html
    assert client_for(None).get(f"/deals/{tractor_deal.pk}/steps.json").status_code == 404


def test_steps_json_serves_one_perspective(tractor_deal: Deal) -> None:
    """The JSON a perspective switch fetches: frames, visible moves and the story."""
    data = client_for(None).get(f"/deals/{tractor_deal.pk}/steps.json?seat=1").json()
    assert data["perspective"] == 1
    assert len(data["frames"]) == tractor_deal.version + 1 == len(data["moves"]) + 1
    assert {"tricks", "declarations", "kitty", "phases", "claims"} <= set(data["story"])


def test_a_deal_whose_moves_do_not_replay_says_why(tractor_deal: Deal) -> None:
    """A corrupted move log is reported on the page with the engine's reason, not a server error."""
    move = tractor_deal.moves.filter(action__startswith="play").order_by("seq").first()
    move.action = "play BJ BJ BJ BJ"
    move.save()
    html = page(tractor_deal)
    assert 'id="broken"' in html and f"action {move.seq}: " in html
    response = client_for(None).get(f"/deals/{tractor_deal.pk}/steps.json")
    assert response.status_code == 422 and f"action {move.seq}" in response.json()["error"]


def test_warming_caches_every_perspective(tractor_deal: Deal) -> None:
    """After ``warm`` the page and every perspective are served from the cache."""
    from django.core.cache import cache

    from replays.services.viewer import as_payload, cache_key, warm

    perspectives = ["all", 0, 1, 2, 3]
    # Only this deal's keys: the cache may share its Redis database with the broker and channels.
    cache.delete_many([cache_key(tractor_deal, p) for p in perspectives])
    warm(tractor_deal)
    for p in perspectives:
        assert cache.get(cache_key(tractor_deal, p)) == as_payload(build(deal_record(tractor_deal), p))
