"""Games rated deal by deal: which sides one finished deal's result puts against each other.

Pure Python, no Django. Zhao Pengyou (找朋友) and Si Se Pai (四色牌) are rated per deal rather
than per match: in Zhao Pengyou the teams are hidden and change every deal, and in Si Se Pai each
deal has one winner against everyone else. The engine's result of every deal names its winners in
``deal_winners``:

- Zhao Pengyou: the declarer's final team (the declarer and every friend revealed during the
  deal) when it made its contract, else everyone else. The two final sides are rated against
  each other with ``zero_sum`` (``league/elo.py``). A redeal (``outcome`` ``"redeal"``, nobody
  declared) is not rated.
- Si Se Pai: ``[winner]`` after a win; the winner is rated against each other player
  (``winner_only``). A void deal (the stock ran out) and a redeal have no winner and are not rated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from league.elo import RatedMatch, Side

# Games whose ratings come from each deal, with the outcome a rated deal has.
RATED_OUTCOME = {"zhaopengyou": "played", "sisepai": "win"}


def rated_per_deal(game: str) -> bool:
    """Whether ``game`` is rated deal by deal instead of by the match's places."""
    return game in RATED_OUTCOME


def rated_deal(
    game: str, family: str, match_id: int, deal_id: int, result: Mapping[str, Any], players: Sequence[int]
) -> RatedMatch | None:
    """The deal as the Elo fold rates it (``players`` by seat), or ``None`` when it is not rated."""
    if result.get("outcome") != RATED_OUTCOME.get(game):
        return None
    winners = {int(s) for s in result.get("deal_winners") or ()}
    if not winners or not winners < set(range(len(players))):
        return None
    if game == "sisepai":
        sides = tuple(Side((p,), 1 if seat in winners else 2) for seat, p in enumerate(players))
        return RatedMatch(match_id, family, sides, winner_only=True, deal_id=deal_id)
    won = tuple(p for seat, p in enumerate(players) if seat in winners)
    lost = tuple(p for seat, p in enumerate(players) if seat not in winners)
    return RatedMatch(match_id, family, (Side(won, 1), Side(lost, 2)), zero_sum=True, deal_id=deal_id)
