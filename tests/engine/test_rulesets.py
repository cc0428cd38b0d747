"""Rule sets: the shipped definitions, their differences from the standard rules, and the CLI."""

from __future__ import annotations

import io
import json

import pytest

from engine.core.errors import BadSetup
from engine.core.record import DealRecord
from engine.core.registry import get_game
from engine.core.rulesets import SHIPPED, RuleSet, differences, shipped
from engine.tools.cli import main


def run(*argv: str) -> tuple[int, list[str]]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue().splitlines()


@pytest.mark.parametrize("ruleset", SHIPPED, ids=[r.name for r in SHIPPED])
def test_every_shipped_rule_set_is_accepted_by_its_game(ruleset: RuleSet) -> None:
    """Each shipped definition's options build its game's rules, and only differences are listed."""
    assert ruleset.rules_json() == get_game(ruleset.game).rules_from_json(dict(ruleset.options)).to_json()
    assert {k for k, _, _ in differences(ruleset.game, ruleset.options)} == set(ruleset.options)


def test_every_game_ships_its_standard_rules() -> None:
    """``<game>-standard`` changes nothing."""
    for name in ("shengji", "tractor", "sandaha", "zhaopengyou", "sisepai"):
        assert shipped(f"{name}-standard").options == {} and shipped(f"{name}-standard").game == name


@pytest.mark.parametrize(
    ("options", "listed"),
    [
        ({}, []),
        ({"tractor_follow": False}, []),
        ({"tractor_follow": True}, [("tractor_follow", False, True)]),
    ],
)
def test_differences_list_only_options_off_their_default(
    options: dict[str, object], listed: list[object]
) -> None:
    """An option set to its default is no difference."""
    assert differences("tractor", options) == listed


def test_an_unknown_rule_set_is_bad_setup() -> None:
    """The error names the shipped ones."""
    with pytest.raises(BadSetup, match="tractor-judged"):
        shipped("no-such-rules")


def test_selfplay_under_a_shipped_rule_set_names_it_in_every_record() -> None:
    """``--ruleset`` plays its game under its options; each record carries its name and version."""
    status, lines = run("selfplay", "--ruleset", "tractor-judged", "--deals", "2", "--seed", "3")
    records = [DealRecord.from_json(json.loads(line)) for line in lines[:-1]]
    assert status == 0 and len(records) == 2
    for record in records:
        assert record.game == "tractor" and record.ruleset == {"name": "tractor-judged", "version": 1}
        assert record.rules == shipped("tractor-judged").rules_json()
        assert DealRecord.from_json(json.loads(record.dumps())) == record


def test_selfplay_with_rules_on_top_of_a_rule_set_names_none() -> None:
    """``--rules`` changes the rule set's options, so the records no longer claim its name."""
    _, lines = run(
        "selfplay", "--ruleset", "tractor-judged", "--rules", "kitty_per_card=true", "--deals", "1"
    )
    record = json.loads(lines[0])
    assert "ruleset" not in record and record["rules"]["kitty_per_card"] is True


def test_a_ruleset_for_another_game_is_refused() -> None:
    """``--game shengji --ruleset tractor-judged`` exits 2 with a bad setup."""
    status, out = run("selfplay", "--game", "shengji", "--ruleset", "tractor-judged")
    assert status == 2 and json.loads(out[-1])["error"] == "bad_setup"


def test_a_record_without_a_ruleset_writes_no_such_field() -> None:
    """Default records stay as they were: no ``ruleset`` key."""
    _, lines = run("selfplay", "--game", "tractor", "--deals", "1")
    assert "ruleset" not in json.loads(lines[0])
