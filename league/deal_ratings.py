"""Games rated deal by deal: which sides one finished deal's result puts against each other.

Pure Python, no Django. A game says it is rated per deal rather than per match by its
``rated_by`` trait (``engine/core/traits.py``), and which ``outcome`` a rated deal has
(``rated_outcome``); the engine's result of every deal names its winners in ``deal_winners``:

- ``RatedBy.DEAL_TEAMS`` (Zhao Pengyou, 找朋友, whose teams are hidden and change every deal): the
  declarer's final team when it made its contract, else everyone else. The two final sides are
  rated against each other with ``zero_sum`` (``league/elo.py``). A redeal (nobody declared) is not
  rated.
- ``RatedBy.DEAL_WINNER`` (Si Se Pai, 四色牌, one winner against everyone else): ``[winner]`` after a
  win; the winner is rated against each other player (``winner_only``). A void deal (the stock ran
  out) and a redeal have no winner and are not rated.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.core.registry import get_game
from engine.core.result import DealResult
from engine.core.traits import RatedBy
from league.elo import RatedMatch, Side


def rated_per_deal(game: str) -> bool:
    """Whether ``game`` is rated deal by deal instead of by the match's places."""
    return get_game(game).rated_by is not RatedBy.PLACES


def rated_deal(
    game: str, family: str, match_id: int, deal_id: int, result: DealResult, players: Sequence[int]
) -> RatedMatch | None:
    """The deal as the Elo fold rates it (``players`` by seat), or ``None`` when it is not rated."""
    return rated_winners(game, family, (match_id, deal_id), result.outcome, result.deal_winners, players)


def rated_winners(
    game: str,
    family: str,
    ids: tuple[int, int],
    outcome: str | None,
    deal_winners: Iterable[int],
    players: Sequence[int],
) -> RatedMatch | None:
    """``rated_deal`` from the only two fields of the result it reads; ``ids`` are (match, deal)."""
    traits = get_game(game)
    if traits.rated_by is RatedBy.PLACES or outcome != traits.rated_outcome:
        return None
    winners = {int(s) for s in deal_winners}
    if not winners or not winners < set(range(len(players))):
        return None
    match_id, deal_id = ids
    if traits.rated_by is RatedBy.DEAL_WINNER:
        sides = tuple(Side((p,), 1 if seat in winners else 2) for seat, p in enumerate(players))
        return RatedMatch(match_id, family, sides, winner_only=True, deal_id=deal_id)
    won = tuple(p for seat, p in enumerate(players) if seat in winners)
    lost = tuple(p for seat, p in enumerate(players) if seat not in winners)
    return RatedMatch(match_id, family, (Side(won, 1), Side(lost, 2)), zero_sum=True, deal_id=deal_id)
