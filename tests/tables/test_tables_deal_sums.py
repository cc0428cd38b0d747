"""The result panel adds the defenders' points up: trick by trick, the kitty, each throw's penalty.

The deal is a one-deck Shengji deal of random bots under the real-hand throws option with its
penalty (docs/rules/shengji.md), in which a throw failed; it is stored as a live table's deal, move
by move, so the sums are read from the replayed state as at a table.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from engine.family.cards import points
from league.models import Deal, Move
from tables import deal_sums
from tables.results import seat_names
from tables.services import states, views
from tests.replays.conftest import failed_throw_record
from tests.tables.helpers import seated_table, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def thrown(club: Any, members: list[Any], settings: Any) -> tuple[Any, Deal]:
    """A table whose second deal is the recorded deal with a penalised failed throw."""
    settings.TABLES_PACING = "manual"
    record = failed_throw_record(throw_penalty=True)
    bots = {s: "random" for s in range(4)}
    table = seated_table(club, members[:1], "shengji", bots=bots, rules=record.rules)
    live = start(table)
    deal = Deal.objects.create(
        match=live.match,
        number=live.number + 1,
        game=record.game,
        rules=record.rules,
        seats=live.seats,
        situation=record.situation,
        deck=record.deck,
        status=Deal.Status.FINISHED,
        result=record.result,
        version=len(record.actions),
    )
    Move.objects.bulk_create(
        Move(deal=deal, seq=i, seat=seat, action=action) for i, (seat, action) in enumerate(record.actions)
    )
    return table, deal


def test_the_parts_add_up_to_the_result(thrown: tuple[Any, Deal]) -> None:
    """Tricks + kitty × multiplier ± 10 a failed throw = the result's defenders' points."""
    _, deal = thrown
    sums = deal_sums.sums(deal)
    assert sums is not None and sums.throws
    assert all(abs(t.change) == 10 for t in sums.throws)
    assert max(0, sums.in_tricks + sums.from_kitty + sums.from_throws) == deal.result["defender_points"]
    assert sums.from_kitty == deal.result["kitty_bonus"] == sums.kitty_points * sums.kitty_multiplier
    assert sum(t.points for t in sums.tricks) + points(deal.result["kitty"]) == 100


def test_the_running_badge_counts_the_penalty_the_result_counts(thrown: tuple[Any, Deal]) -> None:
    """Before the last card, the badge's points are the trick lines so far plus the throws so far."""
    _, deal = thrown
    sums = deal_sums.sums(deal)
    assert sums is not None
    before_end = states.replay(deal, deal.version - 1).state
    badge = views.running_points(before_end, before_end.view(0))
    done = before_end.tricks_done
    assert badge is not None
    so_far = sums.tricks[done - 1].running + sum(t.change for t in sums.throws if t.trick <= done + 1)
    assert badge["defenders"] == max(0, so_far)
    assert badge["penalty"] == sum(t.change for t in sums.throws if t.trick <= done + 1)


@pytest.mark.parametrize("penalty", [False, True])
def test_no_badge_sum_without_the_penalty(
    club: Any, members: list[Any], settings: Any, penalty: bool
) -> None:
    """Without the penalty option the badge shows the card points alone (no ``points`` in the view)."""
    record = failed_throw_record(throw_penalty=penalty)
    from engine import get_game

    game = get_game(record.game)
    state = game.start(game.rules_from_json(record.rules), 4, record.deck, record.situation)
    for seat, action in record.actions[:-1]:
        state.apply(seat, game.parse_action(action))
    assert (views.running_points(state, state.view(0)) is not None) == penalty


def test_the_result_page_shows_every_trick_the_kitty_and_each_penalty(thrown: tuple[Any, Deal]) -> None:
    """The panel's table has a row per trick; the kitty line and one line per penalised throw."""
    table, deal = thrown
    html = Client().get(f"/tables/{table.pk}/deals/{deal.pk}/result/").content.decode()
    sums = deal_sums.sums(deal)
    assert sums is not None
    assert html.count("<tr") == len(sums.tricks) + 1  # the head row
    names = seat_names(deal)
    for t in sums.throws:
        line = f"Trick {t.trick}: {names[t.seat]}&#x27;s failed throw: {t.change:+d} for the defenders"
        assert line in html
    assert f"= {deal.result['defender_points']}</strong>" in html
    assert f"{sums.kitty_points} points" in html
