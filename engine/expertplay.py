"""The expert's one-ply bot for Shengji, Tractor and San Da Ha: the heuristic, counting cards.

The expert keeps this bot's choice wherever it does not search (burials, the opening plays at
``fast``) and lists it first among the searched candidates. It differs from ``HeuristicBot`` (the
duels' opponent, kept as it is) in three places, each reading only what its seat may know (its
hand, the cards played, the suits seats failed to follow):

* it feeds points to a partner who wins the trick only when no opponent yet to play can overtake
  (otherwise it takes the trick over with a sure winner when ten points are at stake, or gives
  as little as it can);
* following before an opponent, it takes the trick with a play no later opponent can beat rather
  than the cheapest play that wins for now;
* it does not lead a side suit an opponent showed a void in while trumps are out, given a choice;
* it buries whole short side suits (voids to ruff with later) before the cheapest cards.

"Secure" is judged from the cards the seat cannot place (``TrickDeal.unknown_to``, the kitty
included for a seat that did not bury it) and the voids shown, never from hidden hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.actions import Bury
from engine.bots import HeuristicBot, _cost
from engine.cards import CARD_POINTS
from engine.expert import FamilyPlayout, TrickKnowledge, voids
from engine.search.expert import ExpertBot
from engine.trickdeal import TrickDeal
from engine.tricks import Safety, trick_winner
from engine.trump import TRUMP, TrumpContext
from engine.units import decompose


def later_seats(deal: TrickDeal, seat: int) -> list[int]:
    """The seats that play to the current trick after ``seat``."""
    seats = deal.setup.seats
    return [(deal.leader + k) % seats for k in range(len(deal.trick) + 1, seats)]


def ruff_risk(deal: TrickDeal, seat: int, foes: Sequence[int]) -> frozenset[str]:
    """The side suits some of ``foes`` showed a void in, while trumps ``seat`` cannot place are
    out (a card of such a suit may be ruffed)."""
    if not any(deal.trump.is_trump(card) for card in deal.unknown_to(seat)):
        return frozenset()
    known = voids(deal, [f"hand:{foe}" for foe in foes])
    return frozenset(suit for suits in known.values() for suit in suits if suit != TRUMP)


class Threats:
    """What the foes yet to play could beat, from the cards ``seat`` cannot place (one decision)."""

    def __init__(self, deal: TrickDeal, seat: int, foes: Sequence[int]) -> None:
        self.trump = deal.trump
        self.foes = foes
        self.safety = Safety(deal.unknown_to(seat), deal.trump)
        self.ruffable = ruff_risk(deal, seat, foes) if foes else frozenset()

    def secure(self, play: Counter[str]) -> bool:
        """True if no foe can beat ``play`` (a play winning the trick): every unit of it is the best
        of its shape left in its suit-in-effect, and no foe is known void in that side suit while
        trumps are unplaced."""
        if not self.foes:
            return True
        suit = self.trump.eff[next(iter(play))]
        if suit in self.ruffable:
            return False
        return all(self.safety.safe(unit, suit) for unit in decompose(play, self.trump))


def void_burial(hand: Counter[str], trump: TrumpContext, size: int) -> tuple[str, ...]:
    """``size`` cards to bury: whole side suits without points or aces, shortest first, while they
    fit; then the heuristic's cheapest cards (points counted dear)."""
    by_suit: dict[str, list[str]] = {}
    for card in sorted(hand.elements()):
        if not trump.is_trump(card):
            by_suit.setdefault(trump.eff[card], []).append(card)
    buried: list[str] = []
    for suit in sorted(by_suit, key=lambda s: (len(by_suit[s]), s)):
        cards = by_suit[suit]
        if any(CARD_POINTS[c] or c[0] == "A" for c in cards) or len(buried) + len(cards) > size:
            continue
        buried.extend(cards)
    rest = Counter(hand) - Counter(buried)
    cheap = sorted(rest.elements(), key=lambda c: (_cost(c, trump) + 30 * (CARD_POINTS[c] > 0), c))
    return (*buried, *cheap[: size - len(buried)])


class CountingBot(HeuristicBot):
    """The heuristic with card counting in following and leading, and void-making burials."""

    def _bury(self, deal: TrickDeal, seat: int) -> Bury:
        return Bury(void_burial(deal.hands[seat], deal.trump, deal.setup.kitty_size))

    def _follow(self, deal: TrickDeal, seat: int, candidates: list[tuple[str, ...]]) -> tuple[str, ...]:
        trump = deal.trump
        plays = [c for _, c in deal.trick]
        top = trick_winner(plays, trump, deal.setup.quads)
        side = deal.side_of(seat)
        threats = Threats(deal, seat, [s for s in later_seats(deal, seat) if deal.side_of(s) != side])
        if deal.side_of(deal.trick[top][0]) == side:
            if threats.secure(plays[top]):
                return super()._follow(deal, seat, candidates)
            return self._shield(deal, candidates, threats)
        at_stake = sum(CARD_POINTS[c] * n for p in plays for c, n in p.items())

        def value(play: tuple[str, ...]) -> tuple[int, int]:
            pts = sum(CARD_POINTS[c] for c in play)
            cost = sum(_cost(c, trump) for c in play)
            counts = Counter(play)
            wins = trick_winner([*plays, counts], trump, deal.setup.quads) == len(plays)
            if wins and (at_stake + pts > 0 or len(plays) < deal.setup.seats - 1):
                return (2 if threats.secure(counts) else 1, -cost)
            return (0, -cost - 15 * pts)

        return max(candidates, key=value)

    def _shield(self, deal: TrickDeal, options: list[tuple[str, ...]], threats: Threats) -> tuple[str, ...]:
        """A partner winning for now may be overtaken: with ten points or more on the table, take
        the trick over with a play of the led suit nobody left can beat (feeding it); otherwise
        give as little as the heuristic gives a foe."""
        trump = deal.trump
        plays = [c for _, c in deal.trick]
        at_stake = sum(CARD_POINTS[c] * n for p in plays for c, n in p.items())
        suit = trump.eff[next(iter(plays[0]))]

        def value(play: tuple[str, ...]) -> tuple[int, int]:
            pts = sum(CARD_POINTS[c] for c in play)
            cost = sum(_cost(c, trump) for c in play)
            if at_stake + pts >= 10 and all(trump.eff[c] == suit for c in play):
                counts = Counter(play)
                wins = trick_winner([*plays, counts], trump, deal.setup.quads) == len(plays)
                if wins and threats.secure(counts):
                    return (1, 10 * pts - cost)
            return (0, -cost - 15 * pts)

        return max(options, key=value)

    def _lead(self, deal: TrickDeal, seat: int, candidates: list[tuple[str, ...]]) -> tuple[str, ...]:
        """The heuristic's lead, away from side suits an opponent can ruff (when there is a choice)."""
        side = deal.side_of(seat)
        foes = [s for s in range(deal.setup.seats) if deal.side_of(s) != side]
        risky = ruff_risk(deal, seat, foes)
        if risky:
            kept = [p for p in candidates if deal.trump.eff[p[0]] not in risky]
            candidates = kept or candidates
        return super()._lead(deal, seat, candidates)


class FamilyExpertBot(ExpertBot):
    """The expert bot of Shengji, Tractor and San Da Ha."""

    knowledge = TrickKnowledge(CountingBot, FamilyPlayout)
