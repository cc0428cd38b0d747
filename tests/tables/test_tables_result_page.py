"""A finished deal's result on the table page: told in words for people, never as raw JSON."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.test import Client

from engine import get_game
from league.models import Deal, Membership
from league.services import archive
from tables.models import LiveTable
from tables.results import card_text, seat_names
from tables.services import pacing
from tests.replays.conftest import failed_throw_record
from tests.tables.helpers import seated_table, start

pytestmark = pytest.mark.django_db(transaction=True)


def bot_match(club: Any, members: list[Any], game: str, seats: int | None = None) -> LiveTable:
    """A table of bots only that plays until one deal has been played (redeals do not count)."""
    count = seats or 4
    bots = {s: "heuristic" if s % 2 else "random" for s in range(count)}
    options = {"seats": seats} if seats else {}
    table = seated_table(club, members[:1], game, bots=bots, deals_target=1, **options)
    start(table)
    pacing.run_pending()
    table.refresh_from_db()
    assert table.status == "finished"
    return table


def result_page(client: Client, table: LiveTable, deal: Deal) -> str:
    response = client.get(f"/tables/{table.pk}/deals/{deal.pk}/result/")
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("game", "seats"),
    [("shengji", None), ("tractor", None), ("sandaha", None), ("zhaopengyou", 6), ("zhaopengyou", 9)],
)
def test_the_result_names_the_winners_the_points_and_the_changes(
    club: Any, members: list[Any], settings: Any, game: str, seats: int | None
) -> None:
    """Who won, the defenders' points, each level, rank or score change, a replay link; no JSON."""
    settings.TABLES_PACING = "manual"
    table = bot_match(club, members, game, seats)
    client = Client()
    (deal,) = [
        d for d in Deal.objects.filter(match=table.match) if (d.result or {}).get("outcome") == "played"
    ]
    html = result_page(client, table, deal)
    result = deal.result
    names = seat_names(deal)
    assert len(set(names)) == len(names)  # bots share a name: their seat tells them apart
    winners = ", ".join(names[s] for s in result["deal_winners"])
    assert "The deal is over." in html
    assert f"won: {winners}." in html
    assert f"The defenders took {result['defender_points']} points." in html
    assert f'href="/deals/{deal.pk}/"' in html and "Replay this deal" in html
    assert "The match is over." in html
    assert not re.search(r'[{\[]"', html), "raw JSON on the page"
    if "levels_before" in result:
        assert f"level {result['levels_before'][0]} → {result['levels_after'][0]}" in html
    if game == "sandaha":
        assert f"The declarer bid {result['bid']}." in html
        assert f"{names[0]}: {result['scores'][0]:+d}" in html
    if game == "zhaopengyou":
        changed = [s for s in range(seats or 0) if result["ranks_after"][s] != result["ranks_before"][s]]
        for seat in changed:
            assert (
                f"{names[seat]}: rank {result['ranks_before'][seat]} → {result['ranks_after'][seat]}" in html
            )
        assert html.count("copy of") == len(result["calls"])


def nobody_declares(game_name: str, seats: int) -> dict[str, Any]:
    """The engine's result of a deal in which every card is drawn and nobody declares."""
    game = get_game(game_name)
    rules = game.rules_from_json({})
    state = game.start(rules, seats, game.shuffled_deck(rules, seats, random.Random(7)), None)
    while not state.is_over():
        seat = min(state.must_move())
        state.apply(seat, game.parse_action("draw" if state.view(seat)["phase"] == "draw" else "redeal"))
    result = state.result()
    assert result is not None and result["outcome"] == "redeal"
    return result


def test_a_redeal_says_so_and_why(club: Any, members: list[Any], settings: Any) -> None:
    """A deal nobody declared is shown as a redeal with its reason, not with winners."""
    settings.TABLES_PACING = "manual"
    table = bot_match(club, members, "zhaopengyou", 6)
    played = Deal.objects.filter(match=table.match).order_by("-number").first()
    assert played is not None
    result = nobody_declares("zhaopengyou", 6)
    deal = Deal.objects.create(
        match=table.match,
        number=played.number + 1,
        game="zhaopengyou",
        seats=archive.seats(played),
        status=Deal.Status.FINISHED,
        result=result,
    )
    html = result_page(Client(), table, deal)
    assert f"Redeal: {result['reason']}" in html
    assert "won:" not in html


def test_only_finished_deals_of_the_table_itself_are_shown(
    club: Any, members: list[Any], settings: Any
) -> None:
    """Another table's deal, or a deal still live, is not found."""
    settings.TABLES_PACING = "manual"
    finished = bot_match(club, members, "shengji")
    deal = Deal.objects.filter(match=finished.match).first()
    assert deal is not None
    other = seated_table(club, members[:1], "shengji", bots={1: "random", 2: "random", 3: "random"})
    live = start(other)
    client = Client()
    assert client.get(f"/tables/{other.pk}/deals/{deal.pk}/result/").status_code == 404
    assert client.get(f"/tables/{other.pk}/deals/{live.pk}/result/").status_code == 404


@pytest.mark.django_db  # closer than the module's mark: no transaction needed, so no slow flush
@pytest.mark.parametrize("penalty", [False, True])
def test_failed_throws_are_listed_with_the_penalty_when_it_is_on(
    club: Any, django_user_model: Any, settings: Any, penalty: bool
) -> None:
    """The real-hand throw option: each failed throw in words; the 10-point penalty only when on."""
    settings.TABLES_PACING = "manual"
    host = django_user_model.objects.create(username="host")  # no password: hashing one is slow
    Membership.objects.create(club=club, user=host, role="owner")
    bots = {s: "random" for s in range(4)}
    table = seated_table(club, [host], "shengji", bots=bots, rules={"real_hand_throws": True})
    live = start(table)
    record = failed_throw_record(throw_penalty=penalty)
    deal = Deal.objects.create(
        match=live.match,
        number=live.number + 1,
        game=record.game,
        rules=record.rules,
        seats=live.seats,
        status=Deal.Status.FINISHED,
        result=record.result,
    )
    html = result_page(Client(), table, deal)
    throw = record.result["failed_throws"][0]
    name = seat_names(deal)[throw["seat"]]
    attempted = " ".join(card_text(c) for c in throw["attempted"])
    assert f"Trick {throw['trick'] + 1}: {name} tried {attempted}, failed, played" in html
    assert html.count("tried") == len(record.result["failed_throws"])
    assert ("costs the thrower&#x27;s side 10 points" in html) == penalty
