"""The deal form asks for the figures the match's rules read, and refuses a value for any other."""

from __future__ import annotations

import html
from collections.abc import Callable

import pytest
from django.test import Client

from league.models import Club
from tests.league_site.test_site_entered_figures import four_seat_match

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]

REFUSED = "This match's rules do not use: %s."


@pytest.mark.parametrize(
    ("rules", "shown"),
    [
        ({}, set()),
        ({"last_trick_passes": True}, {"defenders_last"}),
        ({"j_hook": True}, {"defenders_last", "hook"}),
    ],
)
def test_the_shengji_form_shows_the_last_trick_only_for_its_variants(
    club: Club, as_user: Login, rules: dict, shown: set[str]
) -> None:
    """One deck: the last trick for the last-trick rule or the J-hook, the J only for the J-hook."""
    match = four_seat_match(club, "shengji", rules)
    page = as_user("owner").get(f"/matches/{match.pk}/").content.decode()
    assert {name for name in ("defenders_last", "hook", "bid") if f'name="{name}"' in page} == shown


@pytest.mark.parametrize(
    ("field", "value", "label"),
    [
        ("defenders_last", "on", "The defenders took the last trick"),
        ("hook", "trump", "J-hook: the J that took the last trick at rank J"),
        ("bid", "60", "Bid"),
    ],
)
def test_a_value_for_a_figure_the_rules_do_not_read_is_refused(
    club: Club, as_user: Login, field: str, value: str, label: str
) -> None:
    """Shengji without its variants: a last trick, a J-hook or a bid posted is named, nothing stored."""
    match = four_seat_match(club, "shengji")
    fields = {"declarer": 0, "defender_points": 40, field: value}
    page = as_user("owner").post(f"/matches/{match.pk}/deals/", fields, follow=True).content.decode()
    assert REFUSED % label in html.unescape(page)
    assert not match.deals.exists()


def test_an_empty_value_for_a_figure_the_rules_do_not_read_is_no_value(club: Club, as_user: Login) -> None:
    """A blank J-hook and last trick (as an old page posts them) are accepted."""
    match = four_seat_match(club, "shengji")
    fields = {"declarer": 0, "defender_points": 40, "defenders_last": "", "hook": ""}
    as_user("owner").post(f"/matches/{match.pk}/deals/", fields)
    assert match.deals.get().result["defender_points"] == 40
