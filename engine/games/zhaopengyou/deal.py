"""One deal of 找朋友 Zhao Pengyou: draw and declare, kitty, friend calls, play, score.

``ZhaoDeal`` is a ``TrickDeal`` (``engine.family.trickdeal``) with these hooks of its own:

Rules: docs/rules/zhaopengyou.md.

* Declaring (§Declaring trumps): while the cards are drawn, and once they are all drawn,
  any of the last deal's winners (everyone in a match's first deal or after a redeal) may show
  one card of their OWN rank; its suit and that rank become trump and the shower is the
  declarer (庄家). The first declaration stands. Nobody declares: the provisional dealer redeals.
* Calls (找朋友, §Calling friends): after burying, the declarer calls ``calls_for(seats)`` cards, each
  non-trump, with the copy that counts (``call 2nd AS``). Every copy played counts, the declarer's own
  included. Whoever plays the called copy joins the declarer's team (朋友) at that moment, and
  the points it captured before are discarded; a call fulfilled by the declarer or a member
  is used up and the team stays short.
* Play is the family's (§Leading, §Following, §Winning a trick) with sets of any size and sequences
  of equal sets in which the rank is skipped and jokers and rank cards never take part
  (``rank_sequences=False``).
* Score: the defenders' points (the kitty's doubled if they win the last trick) against
  40 / 80 / 100 x decks, game points with the short-team bonus, individual rank rises.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Self

from engine.core.errors import IllegalAction
from engine.core.game import JSON, Action, copied
from engine.family.actions import Declare, PickUp, Redeal
from engine.family.cards import CARD_POINTS, JOKERS, RANKS, SUITS, points
from engine.family.dealfacts import Setup, is_rank_card, rank_cards
from engine.family.phases import Phase
from engine.family.trickdeal import TrickDeal
from engine.family.trump import TrumpContext
from engine.games.zhaopengyou.actions import Call, ordinal
from engine.games.zhaopengyou.rules import ZhaoRules, calls_for, decks_for
from engine.games.zhaopengyou.scoring import settle


class ZhaoDeal(TrickDeal):
    """One deal of Zhao Pengyou; ``setup.first_drawer`` is the provisional dealer (仮親)."""

    game_name = "zhaopengyou"
    rules: ZhaoRules

    def seat_value(self, result: dict[str, JSON], seat: int) -> float:
        """The seat's rank rise minus the mean rise of the others."""
        scores = result["scores"]
        return float(scores[seat] - (sum(scores) - scores[seat]) / (len(scores) - 1))

    def __init__(
        self,
        rules: ZhaoRules,
        setup: Setup,
        deck: Sequence[str],
        situation: Mapping[str, JSON] | None,
        eligible: Sequence[int],
        dealer_rounds: list[list[tuple[int, str]]] | None = None,
    ) -> None:
        super().__init__(rules, setup, deck, situation)
        self.ranks: list[str] = list(setup.levels)
        self.eligible = frozenset(eligible)
        self.dealer_rounds = dealer_rounds
        self.decks = decks_for(setup.seats)
        self.calls_due = calls_for(setup.seats)
        self.calls: list[Call] = []
        self.fulfilled: list[tuple[int, bool] | None] = []  # per call: (seat, joined) once played
        self.team: list[int] = []  # the declarer, then friends in the order they were revealed
        self.copies: Counter[str] = Counter()  # copies of each card played so far
        self.discarded: dict[int, int] = {}  # friend -> points it had captured before joining

    def copy(self) -> Self:
        """An independent copy, calls and the team's bookkeeping included."""
        new = super().copy()
        new.calls = list(self.calls)
        new.fulfilled = list(self.fulfilled)
        new.team = list(self.team)
        new.copies = copied(self.copies)
        new.discarded = dict(self.discarded)
        return new

    # -- declaring ----------------------------------------------------------------------------

    def declarations(self, seat: int) -> list[Declare]:
        """One card of ``seat``'s own rank, if it may declare and nobody has."""
        if (
            self.declaration is not None
            or self.phase not in (Phase.DRAW, Phase.KITTY)
            or seat not in self.eligible
        ):
            return []
        hand = self.hands[seat]
        return [Declare((c,)) for c in rank_cards(self.ranks[seat]) if c in hand]

    def may_declare(self, seat: int) -> bool:
        """Whether ``declarations(seat)`` offers a card, without listing them."""
        if (
            self.declaration is not None
            or self.phase not in (Phase.DRAW, Phase.KITTY)
            or seat not in self.eligible
        ):
            return False
        hand = self.hands[seat]
        return any(c in hand for c in rank_cards(self.ranks[seat]))

    def declare_error(self, seat: int, cards: tuple[str, ...]) -> str | None:
        """Why ``seat`` may not show ``cards`` now."""
        if self.declaration is not None:
            return "the trump is already declared (the first declaration stands)"
        if seat not in self.eligible:
            return "only the winners of the last deal may declare"
        rank = self.ranks[seat]
        if len(cards) != 1 or not is_rank_card(cards[0], rank):
            return f"declare by showing one card of your own rank {rank}"
        if self.hands[seat][cards[0]] < 1:
            return f"you do not hold {cards[0]}"
        return None

    def on_declare(self, seat: int, cards: tuple[str, ...]) -> None:
        """The shown card's suit and the shower's rank become trump."""
        self.trump = self.context(self.ranks[seat], cards[0][1])

    def context(self, rank: str | None, suit: str | None) -> TrumpContext:
        """Trump of the deal: jokers and rank cards never form sequences (zhaopengyou.md §Leading)."""
        return TrumpContext(rank, suit, (), sequences=True, rank_sequences=False)

    def dealer_to_be(self) -> int:
        """The declarer, else the provisional dealer (who can only redeal)."""
        return self.declaration[0] if self.declaration else self.setup.first_drawer

    def kitty_options(self) -> list[Action]:
        """Nobody declared: redeal (zhaopengyou.md §Declaring trumps); else the declarer takes the kitty."""
        return [PickUp()] if self.declaration else [Redeal()]

    def finish_redeal(self, seat: int) -> None:
        """A redeal by the same provisional dealer, everyone counting as a winner."""
        super().finish_redeal(seat)
        assert self.outcome is not None
        self.outcome["next_dealer"] = self.setup.first_drawer

    def on_pickup(self) -> None:
        """The declarer heads its team."""
        self.team = [self.dealer_to_be()]

    def after_bury(self) -> None:
        """The calls come after the kitty is buried."""
        self.phase = Phase.CALL

    # -- calls --------------------------------------------------------------------------------

    def bid_movers(self) -> frozenset[int]:
        """The declarer makes the calls."""
        if self.phase is Phase.CALL and self.dealer is not None:
            return frozenset((self.dealer,))
        return frozenset()

    def other_phases(self, action: Action) -> tuple[Phase, ...]:
        """Calls belong to the call phase."""
        return (Phase.CALL,) if isinstance(action, Call) else ()

    def phase_actions(self, seat: int) -> Iterator[Action]:
        """The shared actions, and every legal call of the declarer."""
        yield from super().phase_actions(seat)
        if self.phase is Phase.CALL and seat == self.dealer:
            for suit in SUITS:
                for rank in reversed(RANKS):
                    for nth in range(1, self.decks + 1):
                        call = Call(nth, rank + suit)
                        if self.call_error(call) is None:
                            yield call

    def top_of_suit(self, suit: str) -> str:
        """The highest card of ``suit`` outside the trumps: its A, or its K when A is the rank."""
        return next(r + suit for r in reversed(RANKS) if not self.trump.is_trump(r + suit))

    def call_error(self, call: Call) -> str | None:
        """Why ``call`` may not be made (any seat question aside)."""
        if call.card in JOKERS or self.trump.is_trump(call.card):
            return "call a card that is not trump"
        if not self.rules.call_point_cards and CARD_POINTS[call.card]:
            return "call a card that is not a 5, 10 or K (a club rule)"
        if not self.rules.call_top_card and call.card == self.top_of_suit(call.card[1:]):
            return "call a card below the highest of its suit (a club rule)"
        if not 1 <= call.nth <= self.decks:
            return f"there are {self.decks} copies of {call.card}: call the 1st to the {ordinal(self.decks)}"
        if call in self.calls:
            return f"{call} is already called"
        return None

    def other_error(self, seat: int, action: Action) -> Exception | None:
        """Calls: only the declarer's, legal ones."""
        if not isinstance(action, Call):
            return super().other_error(seat, action)
        reason = self.call_error(action)
        return None if reason is None else IllegalAction(reason)

    def apply_other(self, seat: int, action: Action) -> None:
        """Record a call; the last one opens the play."""
        assert isinstance(action, Call)
        self.calls.append(action)
        self.fulfilled.append(None)
        if len(self.calls) == self.calls_due:
            self.start_play()

    # -- teams --------------------------------------------------------------------------------

    def place(self, seat: int, counts: Counter[str]) -> None:
        """Count the copies first: a called copy joins its player before the trick can close (the
        declarer's own copies are not counted with ``own_copy_counts`` off)."""
        counted = self.rules.own_copy_counts or seat != self.team[0]
        for card, n in counts.items() if counted else ():
            before = self.copies[card]
            self.copies[card] += n
            for i, call in enumerate(self.calls):
                if call.card == card and before < call.nth <= before + n and self.fulfilled[i] is None:
                    self._fulfil(i, seat)
        super().place(seat, counts)

    def _fulfil(self, index: int, seat: int) -> None:
        if seat in self.team:
            self.fulfilled[index] = (seat, False)  # used up: the team stays short
            return
        self.fulfilled[index] = (seat, True)
        self.team.append(seat)
        self.discarded[seat] = points(self.won[seat].elements())

    def side_of(self, seat: int) -> int:
        """0 for the declarer and revealed friends, 1 for everyone else (as far as anyone knows)."""
        return 0 if seat in self.team else 1

    def max_team(self) -> int:
        """The team's size if every call brought in a different player."""
        return 1 + self.calls_due

    # -- views and result ---------------------------------------------------------------------

    def calls_json(self) -> list[dict[str, JSON]]:
        """Public facts of each call: the card, the copy, copies played, who fulfilled it."""
        out: list[dict[str, JSON]] = []
        for call, done in zip(self.calls, self.fulfilled, strict=True):
            out.append(
                {
                    "call": str(call),
                    "card": call.card,
                    "nth": call.nth,
                    "copies_played": self.copies[call.card],
                    "by": None if done is None else done[0],
                    "joined": None if done is None else done[1],
                }
            )
        return out

    def extra_view(self, seat: int | None) -> dict[str, JSON]:
        """Ranks, who may declare, the provisional dealer, the calls and the team known so far."""
        return {
            "ranks": list(self.ranks),
            "may_declare": sorted(self.eligible),
            "provisional_dealer": self.setup.first_drawer,
            "dealer_draw": None
            if self.dealer_rounds is None
            else [[[s, c] for s, c in r] for r in self.dealer_rounds],
            "calls": self.calls_json(),
            "calls_due": self.calls_due,
            "team": list(self.team),
            "max_team": self.max_team() if self.team else None,
            "discarded_points": [[s, p] for s, p in self.discarded.items()],
        }

    def score(self) -> dict[str, JSON]:
        """§Scoring a deal: the defenders' points against 40 / 80 / 100 x decks; ranks rise per seat."""
        assert self.dealer is not None and self.declaration is not None
        declarer = self.dealer
        raw = self.side_points()
        kitty_pts = points(self.kitty)
        last = self.last_winner()
        multiplier = self.rules.kitty_multiplier if self.side_of(last) == 1 else 0
        defenders = self.penalised(raw[1] + kitty_pts * multiplier)
        short = self.max_team() - len(self.team)
        return {
            "outcome": "played",
            "dealer": declarer,
            "declarer": declarer,
            "declared_by": declarer,
            "provisional_dealer": self.setup.first_drawer,
            "trump": {"rank": self.trump.rank, "suit": self.trump.suit},
            "calls": self.calls_json(),
            "team": sorted(self.team),
            "max_team": self.max_team(),
            "short": short,
            "kitty": list(self.kitty),
            "kitty_points": kitty_pts,
            "kitty_multiplier": multiplier,
            "last_trick_winner": last,
            "defender_points": defenders,
            "threshold": 40 * self.decks,
            "card_points": self.card_points(),
            **settle(
                self.ranks,
                self.eligible,
                self.team,
                declarer,
                defenders,
                self.decks,
                short,
                self.rules.passive_penalty,
                self.rules.short_bonus,
            ),
        }
