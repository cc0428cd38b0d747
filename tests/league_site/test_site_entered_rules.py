"""The deal form asks for the figures the match's rules read, and refuses a value for any other."""

from __future__ import annotations

import html
from collections.abc import Callable

import pytest
from django.test import Client
from django.utils import translation

from league.models import Club
from tests.league_site.test_site_entered_figures import chinese, four_seat_match

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]

REFUSED = (
    "%(figure)s: a %(game)s deal has no such figure under this match's rules (a value means the table "
    "played a rule this match does not have); leave it empty."
)


def refused(label: str) -> str:
    """The refusal of a Shengji deal's value for the figure labelled ``label``."""
    return REFUSED % {"figure": label, "game": "Shengji"}


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
        ("friends", "2", "Friends (seats that joined the declarer)"),
        ("redeal", "on", "Nobody declared: the cards were dealt again"),
        ("winner", "1", "Winner"),
        ("hand_points", "9", "Winning hand's points"),
    ],
)
def test_a_value_for_a_figure_the_rules_do_not_read_is_refused(
    club: Club, as_user: Login, field: str, value: str, label: str
) -> None:
    """Shengji without its variants: a last trick, a J-hook, or a figure of another game (San Da Ha's
    bid, Zhao Pengyou's friends or redeal, Si Se Pai's winner) posted is named, nothing stored."""
    match = four_seat_match(club, "shengji")
    fields = {"declarer": 0, "defender_points": 40, field: value}
    page = as_user("owner").post(f"/matches/{match.pk}/deals/", fields, follow=True).content.decode()
    assert refused(label) in html.unescape(page)
    assert not match.deals.exists()


def test_an_empty_value_for_a_figure_the_rules_do_not_read_is_no_value(club: Club, as_user: Login) -> None:
    """A blank J-hook and last trick (as an old page posts them) are accepted."""
    match = four_seat_match(club, "shengji")
    fields = {"declarer": 0, "defender_points": 40, "defenders_last": "", "hook": ""}
    as_user("owner").post(f"/matches/{match.pk}/deals/", fields)
    assert match.deals.get().result["defender_points"] == 40


def test_a_shengji_bid_is_refused_naming_the_figure_and_why(club: Club, as_user: Login) -> None:
    """Only San Da Ha bids: a bid posted with a Shengji deal is the whole message, after the form's."""
    match = four_seat_match(club, "shengji")
    fields = {"declarer": 0, "defender_points": 40, "bid": "60"}
    response = as_user("owner").post(f"/matches/{match.pk}/deals/", fields, follow=True)
    [message] = [str(m) for m in response.context["messages"]]
    assert message == "Check the deal: " + refused("Bid")
    assert not match.deals.exists()


def test_a_correction_with_a_shengji_bid_is_refused_and_changes_nothing(club: Club, as_user: Login) -> None:
    """The director's correction form refuses the bid as the entry form does; deal 1 stays as entered."""
    match = four_seat_match(club, "shengji")
    as_user("owner").post(f"/matches/{match.pk}/deals/", {"declarer": 0, "defender_points": 40})
    fields = {"number": 1, "declarer": 0, "defender_points": 0, "bid": "60", "reason": "typo"}
    response = as_user("director").post(f"/matches/{match.pk}/correct/", fields, follow=True)
    [message] = [str(m) for m in response.context["messages"]]
    assert message == "Check the correction: " + refused("Bid")
    assert match.deals.get().result["defender_points"] == 40


def test_the_refusal_is_in_the_visitors_language(club: Club, as_user: Login) -> None:
    """The figure's label, the game and the reason in Chinese."""
    match = four_seat_match(club, "shengji")
    fields = {"declarer": 0, "defender_points": 40, "bid": "60"}
    page = as_user("owner").post(
        f"/matches/{match.pk}/deals/", fields, HTTP_ACCEPT_LANGUAGE="zh-hans", follow=True
    )
    with translation.override("zh-hans"):
        names = {"figure": translation.gettext("Bid"), "game": translation.gettext("Shengji")}
    expected = chinese(REFUSED, **names)
    assert expected in html.unescape(page.content.decode())


def test_the_api_has_no_way_to_enter_a_deal(club: Club, as_user: Login) -> None:
    """Deals are entered only through the match page's forms: every API operation is a GET."""
    schema = as_user("owner").get("/api/openapi.json").json()
    assert {method for operations in schema["paths"].values() for method in operations} == {"get"}
