"""The level table's, the ruffed throw's and the short team's house rules, as the lobby lists a
table opened with them: each in the league's plain words, a choice by its words, not its value."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from league.models import Club
from league.services.rules_form import rules_form_class
from league.services.rulesets import options_in_words
from tables.models import LiveTable
from tests.tables.test_tables_lobby_pages import form_defaults, logged_in, open_url, row_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def manual(settings: Any) -> None:
    """A started table stays at its first deal."""
    settings.TABLES_PACING = "manual"


def test_a_tractor_table_lists_the_dead_zone_and_the_ruffed_throw(club: Club, members: list[Any]) -> None:
    """No dead zone and every unit of a second ruff compared: both listed with their values."""
    client = logged_in(members[0])
    data = {**form_defaults("tractor"), "rules-tractor-dead_zone": "0", "rules-tractor-ruff_every_unit": "on"}
    assert client.post(open_url(club), {"game": "tractor", **data}).status_code == 302
    table = LiveTable.objects.get()
    assert table.rules["dead_zone"] == 0 and table.rules["ruff_every_unit"] is True
    row = row_of(client.get(f"/clubs/{club.slug}/tables/").content.decode(), table)
    assert "Steps past the line in which the defenders take the deal and nobody rises: 0" in row
    assert "A second ruff of a throw must beat every part of the first: yes" in row


def test_a_zhao_pengyou_table_lists_the_short_bonus_in_words(club: Club, members: list[Any]) -> None:
    """One game point however many friends are missing: the lobby says so, not ``one_level``."""
    client = logged_in(members[0])
    data = {**form_defaults("zhaopengyou"), "rules-zhaopengyou-short_bonus": "one_level"}
    assert client.post(open_url(club), {"game": "zhaopengyou", **data}).status_code == 302
    table = LiveTable.objects.get()
    assert table.rules["short_bonus"] == "one_level"
    row = row_of(client.get(f"/clubs/{club.slug}/tables/").content.decode(), table)
    assert "fewer friends than called: one game point however many are missing" in row


def test_the_short_bonus_choices_are_offered_in_the_readers_language() -> None:
    """The form's choices are the translated words of each value."""
    with translation.override("zh-hans"):
        field = rules_form_class("zhaopengyou")().fields["short_bonus"]
        assert [label for _, label in field.choices] == [
            "每少一人多得 1 分",
            "不管少几人只多得 1 分",
            "没有奖励",
        ]


def test_a_rule_set_states_the_short_bonus_against_the_standard_in_words() -> None:
    """A rule set's summary names both the chosen bonus and the standard one in words."""
    assert options_in_words("zhaopengyou", {"short_bonus": "none"}) == [
        "Bonus for a winning declarer's team with fewer friends than called: no bonus"
        " (standard: one game point per missing member)"
    ]
