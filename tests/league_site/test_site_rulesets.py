"""Rule sets: the site's shipped ones, a club's copy edited and published, and what picks one."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine import get_game
from engine.core.match import selfplay_deal
from engine.core.record import check_record
from engine.core.rulesets import SHIPPED
from league.models import Club, Player, RuleSet, Tournament
from league.services import rounds, rulesets
from replays.services.imports import store_deal
from replays.services.records import deal_record
from tests.league_site.conftest import enter_players, make_tournament
from tests.league_site.test_site_tournaments import CREATE

pytestmark = pytest.mark.django_db
Login = Callable[[str | None], Client]


def site(name: str) -> RuleSet:
    """The site's published rule set called ``name``."""
    rulesets.ensure_shipped()  # a transactional test's flush empties what the migration wrote
    return RuleSet.objects.get(club=None, name=name)


def owner() -> User:
    return User.objects.get(username="owner")


def club_judged(club: Club, options: dict[str, object] | None = None) -> RuleSet:
    """The club's own published copy of the site's judged Tractor, with ``options`` if given."""
    source = site("tractor-judged")
    draft = rulesets.copy(source, club, owner(), name="riverside-tractor", title="Riverside Tractor")
    if options is not None:
        rulesets.edit(draft, owner(), options)
    return rulesets.publish(draft, owner())


def test_it_ships_the_engines_rule_sets_as_published_site_rows() -> None:
    """Every shipped definition is a published site row with its options (the data migration writes
    them; ``ensure_shipped`` restores them after a flush)."""
    rulesets.ensure_shipped()
    rows = {(r.name, r.version): r for r in RuleSet.objects.filter(club=None)}
    assert set(rows) == {(r.name, r.version) for r in SHIPPED}
    for shipped in SHIPPED:
        row = rows[shipped.name, shipped.version]
        assert row.is_published and row.game == shipped.game and row.options == dict(shipped.options)


def test_it_copies_edits_and_publishes_a_club_rule_set(club: Club) -> None:
    """A director's copy starts as a draft of the source's options; edited, then published, frozen."""
    draft = rulesets.copy(site("tractor-judged"), club, owner(), name="riverside-tractor")
    assert draft.status == RuleSet.Status.DRAFT and draft.version == 1
    assert draft.based_on == site("tractor-judged")
    rulesets.edit(draft, owner(), {"real_hand_throws": True, "throw_penalty": False, "kitty_per_card": True})
    published = rulesets.publish(draft, owner())
    assert published.is_published and published.options == {"real_hand_throws": True, "kitty_per_card": True}
    with pytest.raises(rulesets.RuleSetError):
        rulesets.edit(published, owner(), {})


def test_a_copy_of_the_clubs_own_rule_set_is_its_next_version(club: Club) -> None:
    """Copying the club's published version under its own name makes version 2; version 1 stays."""
    first = club_judged(club)
    second = rulesets.copy(first, club, owner())
    rulesets.edit(second, owner(), {"tractor_follow": True})
    rulesets.publish(second, owner())
    first.refresh_from_db()
    assert (second.name, second.version) == (first.name, 2)
    assert first.options == dict(site("tractor-judged").options)


def test_a_published_version_cannot_be_saved_changed(club: Club) -> None:
    """The model refuses to change a published version's options, whatever the caller."""
    published = club_judged(club)
    published.options = {}
    with pytest.raises(ValueError, match="published"):
        published.save()


@pytest.mark.parametrize("options", [{"no_such_option": True}, {"throw_penalty": True}])
def test_options_the_game_refuses_are_refused(club: Club, options: dict[str, object]) -> None:
    """Options are validated by the game's rules: unknown ones, or a penalty without failing throws."""
    draft = rulesets.copy(site("tractor-standard"), club, owner(), name="odd")
    with pytest.raises(rulesets.RuleSetError):
        rulesets.edit(draft, owner(), options)


@pytest.mark.parametrize(("persona", "allowed"), [("owner", True), ("director", True), ("member", False)])
def test_only_managers_copy_rule_sets(club: Club, persona: str, allowed: bool) -> None:
    """Owners and directors manage a club's rule sets; a member may not."""
    user = User.objects.get(username=persona)
    if allowed:
        assert rulesets.copy(site("tractor-standard"), club, user, name="ours").club == club
    else:
        with pytest.raises(rulesets.RuleSetError):
            rulesets.copy(site("tractor-standard"), club, user, name="ours")


def test_the_differences_are_spelled_out_in_words() -> None:
    """Each option that differs from the standard rules is one sentence with both values."""
    words = rulesets.in_words(site("tractor-judged"))
    assert len(words) == 3
    throws = "Throws judged against the real hands: a failed throw plays its smallest beatable part"
    assert f"{throws}: on (standard: off)" in words
    assert rulesets.in_words(site("tractor-standard")) == []


def test_a_club_may_pick_only_published_versions_it_may_see(club: Club) -> None:
    """A draft, another club's version or another game's is refused."""
    draft = rulesets.copy(site("tractor-standard"), club, owner(), name="draft")
    other = Club.objects.create(name="Elsewhere", slug="elsewhere")
    foreign = RuleSet.objects.create(
        club=other, name="theirs", title="Theirs", game="tractor", status=RuleSet.Status.PUBLISHED
    )
    for refused in (draft, foreign, site("shengji-standard")):
        with pytest.raises(rulesets.RuleSetError):
            rulesets.picked(club, "tractor", refused.pk)
    assert rulesets.picked(club, "tractor", site("tractor-judged").pk) == site("tractor-judged")


def tournament_on(club: Club, ruleset: RuleSet) -> Tournament:
    """A Tractor round robin under ``ruleset``, round 1 published."""
    tournament = make_tournament(club, ruleset=ruleset)
    tournament.rules = rulesets.rules_json(ruleset)
    tournament.save(update_fields=["rules"])
    players = [Player.objects.get(name=n) for n in ("Owner", "Director", "Member", "Offline 0")]
    enter_players(tournament, players)
    rounds.publish_round(rounds.generate_round(tournament))
    return tournament


def test_editing_the_rule_set_later_changes_neither_the_tournament_s_deals_nor_their_replay(
    club: Club,
) -> None:
    """A tournament on version 1 plays a deal; version 2 changes the options; the tournament, its
    match and its deal keep version 1's options, and the deal replays to the same result."""
    first = club_judged(club, {"real_hand_throws": True, "throw_penalty": True, "tractor_follow": True})
    tournament = tournament_on(club, first)
    match = tournament.rounds.get().matches.get()
    game = get_game("tractor")
    rules = game.rules_from_json(match.rules)
    record = selfplay_deal(game, rules, 4, None, random.Random(5), ["heuristic"])
    deal = store_deal(match, 1, record, tournament.created)
    before = (dict(tournament.rules), dict(match.rules), dict(deal.rules), dict(deal.result))

    second = rulesets.copy(first, club, owner())
    rulesets.edit(second, owner(), {"kitty_per_card": True})
    rulesets.publish(second, owner())

    tournament.refresh_from_db()
    match.refresh_from_db()
    deal.refresh_from_db()
    assert (tournament.rules, match.rules, deal.rules, deal.result) == before
    assert tournament.ruleset == first and before[0]["real_hand_throws"] is True
    assert check_record(deal_record(deal)).result() == deal.result
    assert deal_record(deal).ruleset == {"name": "riverside/riverside-tractor", "version": 1}


def test_the_tournament_form_takes_a_rule_sets_options(club: Club, as_user: Login) -> None:
    """Picking a rule set on the tournament form stores its full options and the version."""
    judged = site("tractor-judged")
    data = {**CREATE, "name": "Judged Cup", "ruleset": judged.pk}
    page = as_user("owner").get("/clubs/riverside/tournaments/new/?game=tractor")
    assert "Tractor: throws judged against the hands" in page.content.decode()
    response = as_user("owner").post("/clubs/riverside/tournaments/new/?game=tractor", data)
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Judged Cup")
    assert tournament.ruleset == judged and tournament.rules == rulesets.rules_json(judged)


def test_the_api_lists_rule_sets_and_names_a_tournaments(club: Club, as_user: Login) -> None:
    """``GET /api/rulesets`` lists the site's and visible clubs' published versions with their
    differences; a tournament on one names it."""
    mine = club_judged(club)
    anonymous = as_user(None).get("/api/rulesets").json()
    assert {r["name"] for r in anonymous} == {r.name for r in SHIPPED}  # the private club's is hidden
    member = as_user("member").get("/api/rulesets?game=tractor").json()
    names = {(r["club"], r["name"]) for r in member}
    assert {("riverside", "riverside-tractor"), (None, "tractor-judged")} <= names
    ours = next(r for r in member if r["club"] == "riverside")
    assert ours["rules"]["real_hand_throws"] is True and len(ours["differences"]) == 3
    tournament = tournament_on(club, mine)
    shown = as_user("member").get(f"/api/tournaments/{tournament.pk}").json()
    assert shown["ruleset"]["id"] == mine.pk and shown["ruleset"]["version"] == 1


def test_every_shipped_title_is_in_the_catalogue() -> None:
    """The site's titles are translated: each shipped one is listed for the catalogue."""
    assert set(rulesets.SITE_TITLES) == {r.title for r in SHIPPED}


def test_it_copies_edits_and_publishes_through_the_club_s_pages(club: Club, as_user: Login) -> None:
    """The owner copies the site's judged Tractor, turns the penalty off, and publishes it."""
    client = as_user("owner")
    listing = client.get("/clubs/riverside/rulesets/").content.decode()
    assert "Tractor: throws judged against the hands" in listing and "Copy into a draft" in listing
    copied = client.post(
        f"/clubs/riverside/rulesets/{site('tractor-judged').pk}/copy/",
        {"name": "ours", "title": "Our Tractor"},
    )
    draft = RuleSet.objects.get(club=club, name="ours")
    assert copied.status_code == 302 and copied["Location"] == f"/clubs/riverside/rulesets/{draft.pk}/edit/"
    form = client.get(copied["Location"]).content.decode()
    assert 'name="rules-throw_penalty"' in form and "Our Tractor" in form
    options = {"rules-first_drawer": 0, "rules-pointless_redeal": "on", "rules-notrump_ranks": "on"}
    options |= {"rules-real_hand_throws": "on", "rules-tractor_follow": "on", "title": "Our Tractor"}
    assert client.post(copied["Location"], options).status_code == 302
    draft.refresh_from_db()
    assert draft.options == {"real_hand_throws": True, "tractor_follow": True}
    assert client.post(f"/clubs/riverside/rulesets/{draft.pk}/publish/").status_code == 302
    draft.refresh_from_db()
    assert draft.is_published
    assert client.get(f"/clubs/riverside/rulesets/{draft.pk}/edit/").status_code == 404  # frozen


@pytest.mark.parametrize(("persona", "status"), [("member", 403), ("outsider", 404)])
def test_only_managers_reach_the_copy_and_edit_pages(
    club: Club, as_user: Login, persona: str, status: int
) -> None:
    """A member is refused; an outsider of the private club does not learn it exists."""
    draft = rulesets.copy(site("tractor-standard"), club, owner(), name="draft")
    client = as_user(persona)
    assert client.post(f"/clubs/riverside/rulesets/{site('tractor-judged').pk}/copy/").status_code == status
    assert client.get(f"/clubs/riverside/rulesets/{draft.pk}/edit/").status_code == status
    assert not RuleSet.objects.filter(club=club).exclude(pk=draft.pk).exists()


def test_members_see_published_versions_but_not_drafts(club: Club, as_user: Login) -> None:
    """The list shows a member the club's published versions and none of its drafts."""
    club_judged(club)
    rulesets.copy(site("tractor-standard"), club, owner(), name="secret-draft", title="Secret draft")
    page = as_user("member").get("/clubs/riverside/rulesets/").content.decode()
    assert "Riverside Tractor" in page and "Secret draft" not in page and "Copy into a draft" not in page
