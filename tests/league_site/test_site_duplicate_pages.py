"""Duplicate pages: board sheets, boards and travellers, hidden boards in replays, side by side."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.models import Board, Deal, Player, Round, Tournament
from league.services import duplicate, results, rounds, tournaments
from league.templatetags.duplicate_tags import card_label
from tests.league_site.conftest import make_tournament

pytestmark = pytest.mark.django_db

Login = Callable[[str | None], Client]


@pytest.fixture
def event(club: Any) -> Tournament:
    """A Tractor Howell of four pairs, Owner & Director the first pair, round 1 published."""
    tournament = make_tournament(
        club, "tractor", "duplicate_pairs", movement="howell", boards_per_round=1, rounds_planned=1
    )
    names = [
        "Owner",
        "Director",
        "Offline 0",
        "Offline 1",
        "Offline 2",
        "Offline 3",
        "Offline 4",
        "Offline 5",
    ]
    players = [Player.objects.get(name=n) for n in names]
    for i in range(4):
        tournaments.add_entry(tournament, players[2 * i : 2 * i + 2])
    rounds.publish_round(rounds.generate_round(tournament))
    return tournament


def rnd_of(tournament: Tournament) -> Round:
    return tournament.rounds.get(number=1)


def url(tournament: Tournament, page: str) -> str:
    return f"/clubs/{tournament.club.slug}/t/{tournament.slug}/rounds/1/{page}/"


def play_first_stage(tournament: Tournament) -> list[Deal]:
    """Bots play board 1 at both tables of movement round 1 (full records)."""
    deals = []
    for match in rnd_of(tournament).matches.filter(stage=1).order_by("table_number"):
        record = duplicate.bot_record(match, 1, random.Random(match.table_number))
        deals.append(results.store_record(match, record))
    return deals


def finish_round(tournament: Tournament) -> None:
    Round.objects.filter(pk=rnd_of(tournament).pk).update(status=Round.Status.FINISHED)


# --- Board sheets --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("persona", "status"), [("owner", 200), ("director", 200), ("member", 404), ("outsider", 404)]
)
def test_board_sheets_are_for_directors_while_the_round_runs(
    event: Tournament, as_user: Login, persona: str, status: int
) -> None:
    """The sheets are the stacks themselves: only directors see them before the round ends."""
    assert as_user(persona).get(url(event, "sheets")).status_code == status


def test_members_see_the_sheets_once_the_round_is_over(event: Tournament, as_user: Login) -> None:
    """After the round everything is public to those who see the tournament."""
    finish_round(event)
    assert as_user("member").get(url(event, "sheets")).status_code == 200


def test_a_board_sheet_shows_number_dealer_levels_and_the_stack_top_first(
    event: Tournament, as_user: Login
) -> None:
    """One page per board: large number, dealer, levels, all 108 cards in drawing order, each
    drawn by a seat named by compass as on the travellers."""
    page = as_user("director").get(url(event, "sheets")).content.decode()
    board = Board.objects.get(round=rnd_of(event), number=1)
    assert page.count('class="board-sheet"') == rnd_of(event).boards.count()
    assert 'class="board-number">Board 1<' in page
    assert f"NS {board.levels[0]} · EW {board.levels[1]}" in page
    assert page.count('class="card-row') == 108 * rnd_of(event).boards.count()
    sheet = page[page.index('data-board="1"') :]
    first_row = sheet[sheet.index('class="card-row') :]
    dealer = ("South (NS)", "East (EW)", "North (NS)", "West (EW)")[board.dealer]
    top = first_row.index(card_label(board.deck[0]))
    # Two decks: the second card may be the same card again (CI met 6C, 6C), so look past the first.
    assert top < first_row.index(card_label(board.deck[1]), top + 1)
    assert first_row.index(dealer) < first_row.index("</li>")


def test_a_table_version_prints_only_its_boards_with_names(event: Tournament, as_user: Login) -> None:
    """``?match=`` gives the boards of one table in its order, naming who draws each card."""
    match = rnd_of(event).matches.get(stage=2, table_number=1)
    page = as_user("director").get(url(event, "sheets") + f"?match={match.pk}").content.decode()
    assert page.count('class="board-sheet"') == 1 and 'data-board="2"' in page
    names = [s.display_name for s in match.seats.all()]
    assert all(name in page for name in names)


def test_every_table_s_version_prints_each_table_s_boards_in_turn(event: Tournament, as_user: Login) -> None:
    """``?match=all``: one set of sheets per table, in movement order, each page naming its table."""
    tables = list(rnd_of(event).matches.order_by("stage", "table_number"))
    page = as_user("director").get(url(event, "sheets") + "?match=all").content.decode()
    printed = re.findall(r'class="board-sheet" data-board="(\d+)" data-match="(\d+)"', page)
    assert printed == [(str(n), str(t.pk)) for t in tables for n in t.boards]
    assert page.count('class="sheet-table"') == len(printed) == 6


@pytest.mark.parametrize("value", ["x", "-1", "all "])
def test_an_unknown_version_is_a_404(event: Tournament, as_user: Login, value: str) -> None:
    assert as_user("director").get(url(event, "sheets"), {"match": value}).status_code == 404


def test_a_table_of_another_round_is_a_404(event: Tournament, as_user: Login) -> None:
    """Bad input answers 404, never a 500."""
    assert as_user("director").get(url(event, "sheets") + "?match=999999").status_code == 404


def test_sheets_of_a_non_duplicate_event_do_not_exist(tractor_round: Tournament, as_user: Login) -> None:
    """A round robin has no boards."""
    assert as_user("owner").get(url(tractor_round, "sheets")).status_code == 404


# --- Boards and travellers -----------------------------------------------------------------


def test_members_see_commitments_but_not_results_while_the_round_runs(
    event: Tournament, as_user: Login
) -> None:
    """Other tables still play the boards: results and decks wait for the round's end."""
    play_first_stage(event)
    page = as_user("member").get(url(event, "boards")).content.decode()
    board = Board.objects.get(round=rnd_of(event), number=1)
    assert board.commitment in page
    assert 'class="table traveller' not in page and board.salt not in page
    assert 'class="hand-diagram"' not in page


def test_the_director_sees_the_traveller_of_both_tables(event: Tournament, as_user: Login) -> None:
    """Both tables' results on board 1, with plus points and matchpoints."""
    play_first_stage(event)
    page = as_user("director").get(url(event, "boards")).content.decode()
    section = page[page.index('id="board-1"') : page.index('id="board-2"')]
    assert section.count("<tr data-deal=") == 2
    assert section.count('<td class="how" data-label="How">record uploaded</td>') == 2


def test_each_traveller_row_names_who_declared_and_the_trump(event: Tournament, as_user: Login) -> None:
    """Declared by (by compass, as the seats are paired) and the trump, per table."""
    deals = play_first_stage(event)
    page = as_user("director").get(url(event, "boards")).content.decode()
    for deal in deals:
        row = page[page.index(f'<tr data-deal="{deal.pk}">') :]
        row = row[: row.index("</tr>")]
        declared = re.search(r'<td class="declarer"[^>]*>([^<]*)</td>', row).group(1)  # type: ignore[union-attr]
        seat = deal.result["declared_by"]
        assert (
            declared == ("South (NS)", "East (EW)", "North (NS)", "West (EW)")[seat]
            if seat is not None
            else "—"
        )
        trump = re.search(r'<td class="trump"[^>]*>([^<]*)</td>', row).group(1)  # type: ignore[union-attr]
        assert trump.startswith(deal.result["trump"]["rank"])


def test_the_hand_diagram_shows_once_the_round_is_over(event: Tournament, as_user: Login) -> None:
    """Four compass seats of 25 cards and the kitty of 8: the board's 108 cards, each once."""
    finish_round(event)
    page = as_user("member").get(url(event, "boards")).content.decode()
    section = page[page.index('id="board-1"') :]
    diagram = section[section.index('class="hand-diagram"') : section.index("</figure>")]
    assert [m for m in re.findall(r'class="dh-seat dh-(\w)"', diagram)] == ["S", "E", "N", "W"]
    assert 'class="dh-kitty"' in diagram


def test_a_board_sheet_carries_the_hand_diagram(event: Tournament, as_user: Login) -> None:
    page = as_user("director").get(url(event, "sheets")).content.decode()
    assert page.count('class="hand-diagram"') == rnd_of(event).boards.count()


def test_the_seed_and_decks_show_once_the_round_is_over(event: Tournament, as_user: Login) -> None:
    """Then anyone can rebuild the boards and check the commitments."""
    finish_round(event)
    page = as_user("member").get(url(event, "boards")).content.decode()
    assert rnd_of(event).board_seed in page


# --- Replays -------------------------------------------------------------------------------


def test_a_board_s_replay_is_hidden_from_other_players_until_the_round_ends(
    event: Tournament, as_user: Login
) -> None:
    """A member who has not played the board gets a 404; after the round, the replay."""
    deal = play_first_stage(event)[1]
    assert as_user("member").get(f"/deals/{deal.pk}/").status_code == 404
    finish_round(event)
    assert as_user("member").get(f"/deals/{deal.pk}/").status_code == 200


def test_a_seated_player_sees_their_own_table_s_board(event: Tournament, as_user: Login) -> None:
    """The Owner sat at table 1 and sees that deal."""
    deal = play_first_stage(event)[0]
    assert deal.match.seats.filter(player__user__username="owner").exists()
    assert as_user("owner").get(f"/deals/{deal.pk}/").status_code == 200


def test_the_viewer_links_the_same_board_at_the_other_table(event: Tournament, as_user: Login) -> None:
    """The director's viewer lists the other table's result with a side-by-side link."""
    first, second = play_first_stage(event)
    page = as_user("director").get(f"/deals/{first.pk}/").content.decode()
    assert 'id="same-board"' in page and f'data-deal="{second.pk}"' in page
    assert f"/deals/{first.pk}/compare/{second.pk}/" in page


def test_side_by_side_shows_both_deals(event: Tournament, as_user: Login) -> None:
    """Both deals' frames are on the page for the script to step."""
    first, second = play_first_stage(event)
    response = as_user("director").get(f"/deals/{first.pk}/compare/{second.pk}/")
    assert response.status_code == 200
    data = response.context["compare_data"]
    assert [d["deal"] for d in data] == [first.pk, second.pk]
    assert all(d["tricks"] for d in data)


def test_side_by_side_refuses_deals_of_different_boards(event: Tournament, as_user: Login) -> None:
    """Two deals that are not the same board are a 404."""
    first, _second = play_first_stage(event)
    other = rnd_of(event).matches.get(stage=2, table_number=1)
    third = results.store_record(other, duplicate.bot_record(other, 1, random.Random(3)))
    assert as_user("director").get(f"/deals/{first.pk}/compare/{third.pk}/").status_code == 404


def test_side_by_side_is_hidden_like_the_deals(event: Tournament, as_user: Login) -> None:
    """A member who may not see the deals gets a 404."""
    first, second = play_first_stage(event)
    assert as_user("member").get(f"/deals/{first.pk}/compare/{second.pk}/").status_code == 404


# --- The director's form -------------------------------------------------------------------


def test_a_director_creates_a_duplicate_pairs_event_with_the_form(club: Any, as_user: Login) -> None:
    """The form takes the format, the movement and the boards per round."""
    response = as_user("director").post(
        f"/clubs/{club.slug}/tournaments/new/?game=tractor",
        {
            "name": "Duplicate Tuesday",
            "format": "duplicate_pairs",
            "entry_kind": "team",
            "movement": "mitchell",
            "boards_per_round": 3,
            "rounds_planned": 1,
            "table_size": 0,
            "deals_per_match": 0,
            "match_minutes": 0,
            "seconds_per_decision": 30,
            "spectator_delay": 0,
            "rules-first_drawer": 0,
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    tournament = Tournament.objects.get(name="Duplicate Tuesday")
    assert tournament.movement == "mitchell" and tournament.boards_per_round == 3
    assert tournament.rules["pointless_redeal"] is False
    assert tournament.created_by == User.objects.get(username="director")
