"""A casual table opened under a rule set: its options are the table's, and the lobby names it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from league.models import Club, RuleSet
from league.services import rulesets
from tables.models import LiveTable

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def manual(settings: Any) -> None:
    """A started table stays at its first deal."""
    settings.TABLES_PACING = "manual"


def post_open(club: Club, user: Any, **fields: Any) -> Any:
    client = Client()
    client.force_login(user)
    return client.post(f"/clubs/{club.slug}/tables/open/", {"seconds_per_decision": "30", **fields})


def judged() -> RuleSet:
    """The site's judged Tractor (restored first if a transactional test's flush emptied it)."""
    rulesets.ensure_shipped()
    return RuleSet.objects.get(club=None, name="tractor-judged")


def test_a_table_opened_under_a_rule_set_keeps_its_options_and_names_it_in_the_lobby(
    club: Club, members: list[Any]
) -> None:
    """The rule set's options replace the house-rule fields; the lobby row shows its title and
    each difference from the standard rules."""
    response = post_open(club, members[0], game="tractor", **{"ruleset-tractor-ruleset": judged().pk})
    assert response.status_code == 302
    table = LiveTable.objects.get()
    assert table.ruleset == judged() and table.rules == rulesets.rules_json(judged())
    client = Client()
    client.force_login(members[1])
    page = client.get(f"/clubs/{club.slug}/tables/").content.decode()
    row = re.search(rf'<tr data-table="{table.pk}".*?</tr>', page, re.S)
    assert row is not None
    assert "Tractor: throws judged against the hands v1" in row.group(0)
    assert "A failed throw costs the thrower&#x27;s side 10 points: yes" in row.group(0)


def test_the_lobby_form_offers_each_games_rule_sets_with_their_differences(
    club: Club, members: list[Any]
) -> None:
    """Every game's fieldset lists its published rule sets, the differences spelled out."""
    client = Client()
    client.force_login(members[0])
    page = client.get(f"/clubs/{club.slug}/tables/").content.decode()
    assert 'name="ruleset-tractor-ruleset"' in page and 'name="ruleset-shengji-ruleset"' in page
    assert "A failed throw costs the thrower&#x27;s side 10 points: on (standard: off)" in page


def test_a_rule_set_of_another_game_is_refused(club: Club, members: list[Any]) -> None:
    """Shengji's table may not pick a Tractor rule set: the form refuses it and opens nothing."""
    response = post_open(club, members[0], game="shengji", **{"ruleset-shengji-ruleset": judged().pk})
    assert response.status_code == 400 and not LiveTable.objects.exists()
