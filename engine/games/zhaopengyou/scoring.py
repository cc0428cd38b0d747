"""What Zhao Pengyou decides between deals: the first provisional dealer, game points, rank rises.

* The first provisional dealer (仮親) is drawn for: every seat draws a card, the highest rank
  wins (BJ > LJ > A > K ... > 2), tied seats draw again (docs/rules/zhaopengyou.md §The
  provisional dealer and the draw). The engine never shuffles, so
  the draw is derived from the recorded deck: a separate pack is cut by SHA-256 hashes of the
  deck's codes. It reveals nothing about the deal's own cards.
* Game points (§Scoring a deal's table) against ``decks`` x 40 / 80 / 100 defender points, with the
  short-team bonus for the declarer's side.
* Rank rises: active winners (who won the deal before) rise by the game points, passive winners
  one less; losers stay. A player reaching A or beyond wins the game (§Rank rises).
* The next provisional dealer: the declarer if its side won, else the nearest winner in play
  order from the declarer's right (§The provisional dealer and the draw).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

from engine.core.game import JSON
from engine.family.cards import JOKERS, RANKS
from engine.games.zhaopengyou.rules import ShortBonus


def draw_strength(card: str) -> int:
    """Rank order for drawing the dealer: BJ > LJ > A > ... > 2, suits equal."""
    return len(RANKS) + JOKERS.index(card) if card in JOKERS else RANKS.index(card[0])


def dealer_draw(deck: Sequence[str], seats: int) -> tuple[int, list[list[tuple[int, str]]]]:
    """The first provisional dealer and the rounds of the draw ``[[(seat, card), ...], ...]``.

    The pack is the deal's cards in a fixed order; each draw takes the card indexed by a hash of
    the recorded deck and the draw's number, so the draw is data, reproducible and independent of
    who holds what.
    """
    seed = hashlib.sha256(" ".join(deck).encode("utf-8")).hexdigest()
    pack = sorted(deck)
    drawn = 0
    contenders = list(range(seats))
    rounds: list[list[tuple[int, str]]] = []
    while True:
        this: list[tuple[int, str]] = []
        for seat in contenders:
            if not pack:
                pack = sorted(deck)  # a new pack when one runs out (never in practice)
            digest = hashlib.sha256(f"{seed}:{drawn}".encode()).digest()
            card = pack.pop(int.from_bytes(digest[:8], "big") % len(pack))
            drawn += 1
            this.append((seat, card))
        rounds.append(this)
        best = max(draw_strength(c) for _, c in this)
        contenders = [s for s, c in this if draw_strength(c) == best]
        if len(contenders) == 1:
            return contenders[0], rounds


def game_points(
    defenders: int, decks: int, short: int, bonus: ShortBonus = ShortBonus.PER_MISSING_MEMBER
) -> tuple[bool, int]:
    """§Scoring a deal: (the declarer's side wins, game points for each winner).

    0 points: declarer's side 2, plus 2 per missing member; under 40 x decks: 1, plus 1 per
    missing member; from 40 x decks the defenders get 1, from 80 x decks 2, from 100 x decks 3.
    ``bonus`` (option ``short_bonus``): one game point for any short team instead, or none.
    """
    unit = 40 * decks
    if defenders >= unit:
        return False, 3 if defenders >= unit * 5 // 2 else 2 if defenders >= 2 * unit else 1
    base = 2 if defenders == 0 else 1
    if bonus is ShortBonus.PER_MISSING_MEMBER:
        return True, base + base * short
    return True, base + (1 if bonus is ShortBonus.ONE_LEVEL and short > 0 else 0)


def rank_rises(
    winners: Iterable[int], active: Iterable[int], points: int, seats: int, penalty: int = 1
) -> list[int]:
    """Levels each seat rises: winners by ``points``, passive winners ``penalty`` less, losers 0."""
    won, was_active = set(winners), set(active)
    return [max(0, points - (0 if s in was_active else penalty)) if s in won else 0 for s in range(seats)]


def raise_ranks(ranks: Sequence[str], rises: Sequence[int]) -> tuple[list[str], list[int]]:
    """New ranks (stopping at A) and the seats that reached A or beyond (§Rank rises)."""
    top = len(RANKS) - 1
    after = [RANKS[min(RANKS.index(r) + n, top)] for r, n in zip(ranks, rises, strict=True)]
    pairs = enumerate(zip(ranks, rises, strict=True))
    reached = [s for s, (r, n) in pairs if n > 0 and RANKS.index(r) + n >= top]
    return after, reached


def settle(
    ranks: Sequence[str],
    active: Iterable[int],
    team: Iterable[int],
    declarer: int,
    defenders: int,
    decks: int,
    short: int,
    passive_penalty: int = 1,
    short_bonus: ShortBonus = ShortBonus.PER_MISSING_MEMBER,
) -> dict[str, JSON]:
    """The rules' verdict on a finished deal: who won, game points, rank rises, the next dealer.

    Shared by a deal played out (``ZhaoDeal.score``) and a deal entered by hand (``entered``).
    """
    seats, on_team, was_active = len(ranks), set(team), sorted(set(active))
    declarer_wins, gp = game_points(defenders, decks, short, short_bonus)
    winners = [s for s in range(seats) if (s in on_team) == declarer_wins]
    rises = rank_rises(winners, was_active, gp, seats, passive_penalty)
    after, reached = raise_ranks(ranks, rises)
    return {
        "declarer_wins": declarer_wins,
        "game_points": gp,
        "active": list(was_active),
        "ranks_before": list(ranks),
        "ranks_after": after,
        "deal_winners": winners,
        "scores": rises,
        "next_dealer": next_provisional_dealer(declarer, declarer_wins, winners, seats),
        "winners": reached or None,
    }


def next_provisional_dealer(declarer: int, declarer_wins: bool, winners: Iterable[int], seats: int) -> int:
    """The declarer if it won; else the first winner from the declarer's right, in play order."""
    if declarer_wins:
        return declarer
    won = set(winners)
    return next(s % seats for s in range(declarer + 1, declarer + seats) if s % seats in won)
