"""The expert bot at live tables: seated at the strong budget, playing for a seat whose clock ran out
at the fast budget, thinking on a copy of the state outside the deal's lock, and (on the asyncio back
end) on a thread of its own rather than the event loop's or the sockets' database thread."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from engine import get_game
from engine.core.game import Action, Bot, DealState
from engine.search import expert as search
from league.models import Deal, Move
from tables.services import deals, pacing, states, steps
from tests.tables.helpers import seated_table, start, tournament_table

pytestmark = pytest.mark.django_db(transaction=True)

SEATS = {"shengji": 4, "tractor": 4, "sandaha": 4, "zhaopengyou": 6, "sisepai": 3}


@pytest.fixture
def manual(settings: Any) -> None:
    """Server steps wait in a list; ``pacing.run_pending`` runs them."""
    settings.TABLES_PACING = "manual"


@pytest.fixture
def quick_strong(monkeypatch: Any) -> None:
    """The strong budget searches as little as the fast one, so a whole deal takes seconds; the
    budget a seat is given is checked on its own (``test_a_seated_expert_...``)."""
    monkeypatch.setitem(search.BUDGET, "strong", search.BUDGET["fast"])


def prepared(deal: Deal, version: int, expire_clocks: bool = False) -> pacing.Step:
    step = steps.prepare(deal.pk, version, expire_clocks)
    assert step is not None
    return step


@pytest.mark.parametrize("game", list(SEATS))
def test_a_table_with_an_expert_seated_finishes_its_deal(
    club: Any, members: list[Any], manual: None, quick_strong: None, game: str
) -> None:
    """Every game offers the expert; a bot table with one plays its deal to the end through the steps."""
    assert "expert" in get_game(game).bot_kinds()
    bots = {s: "expert" if s == 1 else "heuristic" for s in range(SEATS[game])}
    table = seated_table(club, members[:1], game, bots=bots, seats=SEATS[game], deals_target=1)
    lobby_seats = {s.seat: s.bot for s in table.seats.all()}
    assert lobby_seats[1] == "expert"
    start(table)
    pacing.run_pending(expire_clocks=True)
    table.refresh_from_db()
    assert table.match.status == "finished"
    played = Move.objects.filter(deal__match=table.match, seat=1).exclude(action="draw")
    assert played.exists() and not played.filter(auto=True).exists()


def test_a_seated_expert_searches_at_the_strong_budget_on_a_copy(
    club: Any, members: list[Any], manual: None
) -> None:
    """The step names the expert with the strong budget, and hands it a copy, not the cached state."""
    table = seated_table(club, members[:1], "sisepai", bots={1: "expert", 2: "expert"})
    deal = start(table)
    pacing.clear_pending()
    state = states.state_of(Deal.objects.get(pk=deal.pk)).state
    step = prepared(deal, 0)
    assert step.seat in (1, 2) and not step.auto and step.action is None
    assert isinstance(step.bot, search.ExpertBot) and step.bot.budget == "strong"
    assert step.state is not state and step.state is not None
    assert step.state.view(step.seat) == state.view(step.seat)


def test_a_seat_whose_clock_ran_out_is_played_by_the_fast_expert(
    club: Any, members: list[Any], manual: None, monkeypatch: Any
) -> None:
    # A fixed deck: from some server secrets nobody declares and the deal is redealt before seat 0
    # has a decision to leave to its clock (a CI run drew such a deck).
    monkeypatch.setattr(deals.secrets, "token_hex", lambda nbytes=16: "c0" * nbytes)
    table = seated_table(club, members[:1], "shengji", bots={1: "random", 2: "random", 3: "random"})
    deal = start(table)
    pacing.clear_pending()
    version = Deal.objects.get(pk=deal.pk).version
    for _ in range(200):  # the server draws until seat 0 must decide (a declaration or a bury)
        step = prepared(Deal.objects.get(pk=deal.pk), version, expire_clocks=True)
        if step.auto:
            break
        steps.finish(deal.pk, version, step, step.decide())
        version += 1
    assert step.seat == 0 and step.auto
    assert isinstance(step.bot, search.ExpertBot) and step.bot.budget == "fast"


def test_timed_out_moves_at_a_tournament_table_are_the_fast_experts_choices(
    club: Any, members: list[Any], manual: None
) -> None:
    """Nobody at a Si Se Pai tournament table moves: every decision is the fast expert's, as
    ``timeout_bot`` makes it from the deal's secret seed, and marked as played for the seat."""
    table = tournament_table(club, members[:3], "sisepai", deals_per_match=1)
    start(table)
    pacing.run_pending(expire_clocks=True)
    deal = Deal.objects.filter(match=table.match).order_by("number").first()
    assert deal is not None and deal.status == "finished"
    game = get_game("sisepai")
    state = states.fresh_state(deal)
    decisions = 0
    for move in Move.objects.filter(deal=deal).order_by("seq"):
        if move.action != "draw":
            bot = pacing.timeout_bot(game, deal, move.seq, move.seat)
            assert bot.budget == "fast" and isinstance(bot, search.ExpertBot)
            assert move.auto and str(bot.choose(state.copy(), move.seat)) == move.action
            decisions += 1
        state.apply(move.seat, game.parse_action(move.action))
    # The deck comes from the server's secret seed: a quick win can end the deal after a few
    # decisions (once 10 or fewer in a run), so this only checks that some were compared.
    assert decisions > 0


class Recording(Bot):
    """Notes the thread it is asked on."""

    threads: list[str] = []

    def choose(self, state: DealState, seat: int) -> Action:
        Recording.threads.append(threading.current_thread().name)
        return get_game("sisepai").parse_action("pass")


class Taker:
    """A step taker that prepares a bot's step and notes the threads of both halves."""

    def __init__(self) -> None:
        self.threads: dict[str, str] = {}
        self.finished: list[str] = []

    def advance(self, deal_id: int, version: int, *, expire_clocks: bool = False) -> None:
        raise AssertionError("the asyncio back end prepares and finishes instead")

    def prepare(self, deal_id: int, version: int, expire_clocks: bool = False) -> pacing.Step:
        self.threads["prepare"] = threading.current_thread().name
        game = get_game("sisepai")
        rules = game.rules_type()
        state = game.start(rules, 3, game.deck(rules, 3), None)
        return pacing.Step(0, False, bot=Recording(random.Random(0)), state=state)

    def finish(self, deal_id: int, version: int, step: pacing.Step, action: Action) -> None:
        self.threads["finish"] = threading.current_thread().name
        self.finished.append(str(action))


@pytest.mark.asyncio
async def test_on_the_asyncio_back_end_a_bot_thinks_on_its_own_thread() -> None:
    """Not on the event loop's thread, nor on the database thread the sockets share."""
    taker = Taker()
    pacing.run_steps_with(taker)
    Recording.threads.clear()
    try:
        await pacing._run(1, 0)
    finally:
        pacing.run_steps_with(steps)
    loop_thread = threading.current_thread().name
    assert taker.finished == ["pass"]
    assert Recording.threads[0].startswith("tables-bots")
    assert loop_thread not in (taker.threads["prepare"], Recording.threads[0])
    assert taker.threads["prepare"] == taker.threads["finish"] != Recording.threads[0]
