"""``manage.py make_sample_deals``: bot-played finished deals for demos and the browser tests."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from league.models import Club, Deal, Match

pytestmark = pytest.mark.django_db


def test_it_plays_one_finished_match_per_game(club: Club) -> None:
    """Each game gets a casual match of finished deals that replay in the viewer."""
    out = io.StringIO()
    call_command(
        "make_sample_deals", "--club", club.slug, "--games", "tractor,sisepai", "--deals", "2", stdout=out
    )
    assert Match.objects.filter(club=club, tournament=None, status=Match.Status.FINISHED).count() == 2
    assert set(Deal.objects.values_list("status", flat=True)) == {Deal.Status.FINISHED}
    assert "/deals/" in out.getvalue()


def test_it_needs_an_existing_club(db: None) -> None:
    """An unknown club is an error that says what to run first."""
    with pytest.raises(CommandError, match="demo_data"):
        call_command("make_sample_deals", "--club", "nowhere")


@pytest.mark.parametrize(("deals", "refused"), [(0, True), (1, False)])
def test_it_needs_at_least_one_deal(club: Club, deals: int, refused: bool) -> None:
    """A match of no deals is refused before anything is stored; one deal is enough."""
    args = ["make_sample_deals", "--club", club.slug, "--games", "tractor", "--deals", str(deals)]
    if refused:
        with pytest.raises(CommandError, match="at least 1"):
            call_command(*args, stdout=io.StringIO())
        assert not Match.objects.filter(club=club).exists()
    else:
        call_command(*args, stdout=io.StringIO())
        assert Deal.objects.filter(match__club=club).count() == 1
