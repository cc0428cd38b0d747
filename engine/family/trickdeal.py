"""One deal of a Shengji-family game: draw, declare, kitty, (bid), bury, play, score.

``TrickDeal`` holds the machinery every game of the family shares; each game subclasses it with flags and
hooks (declarations, bidding, scoring), as chess variants do; its phases: ``engine.family.phases``.
Rules cited as docs/rules/shengji.md (one deck) and tractor.md (pairs, tractors, two decks).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
from typing import Any, Self

from engine.core.errors import BadSetup, IllegalAction, NotYourTurn, WrongPhase
from engine.core.game import JSON, Action, DealState, Rules, check_replacement, copied, refilled
from engine.family.actions import (
    KIND_OF_PHASE,
    PHASE_OF,
    Bury,
    Declare,
    Draw,
    PickUp,
    Play,
    Redeal,
    canonical_counts,
    play_of,
)
from engine.family.cards import CARD_POINTS, shown, sorted_cards, tally
from engine.family.dealfacts import FailedThrow, weak_hand
from engine.family.dealfacts import Setup as Setup  # re-exported: tests import it from here
from engine.family.kitty import lead_multiplier
from engine.family.phases import Phase
from engine.family.plays import leads_with, legal_follows, sub_multisets
from engine.family.tricks import (
    HiddenSafety,
    Lead,
    follow_error,
    forced_unit,
    holds,
    lead_error,
    read_lead,
    trick_winner,
)
from engine.family.trump import TrumpContext

ONE_SEAT = tuple(frozenset((seat,)) for seat in range(16))  # must_move's answers, made once


class TrickDeal(DealState):
    """Shared state and rules of a deal; subclasses add declarations, bidding and scoring."""

    game_name = "family"
    pivot = 0  # defenders' points from which the declarer's side loses, where fixed (expert.pivot)

    def __init__(self, rules: Rules, setup: Setup, deck: Sequence[str], situation: Mapping[str, JSON] | None):
        dealt = setup.seats * setup.hand_size
        if len(deck) != dealt + setup.kitty_size:
            raise BadSetup(f"a deck of {dealt + setup.kitty_size} cards is needed, not {len(deck)}")
        self.rules, self.setup = rules, setup
        self.situation = dict(situation) if situation else None
        self.deck = tuple(deck)
        self.deck_counts = Counter(self.deck)
        self.pos = 0
        self.dealt = dealt
        self.hands: list[Counter[str]] = [Counter() for _ in range(setup.seats)]
        self.kitty: list[str] = list(self.deck[dealt:])
        self.turned: list[str] = []
        self.drawer = setup.first_drawer
        self.phase = Phase.DRAW
        self.dealer = setup.dealer
        self.declaration: tuple[int, tuple[str, ...]] | None = None
        self.trump = TrumpContext(setup.rank, None, setup.permanent, setup.sequences)
        self.leader = 0
        self.trick: list[tuple[int, Counter[str]]] = []
        self.lead: Lead | None = None
        self.last_trick: list[tuple[int, tuple[str, ...]]] = []
        self.won: list[Counter[str]] = [Counter() for _ in range(setup.seats)]
        self.played: Counter[str] = Counter()
        self.buried = False
        self.outcome: dict[str, JSON] | None = None
        self.tricks_done = 0
        self.failed_throws: list[FailedThrow] = []
        self.tricks: list[list[tuple[int, tuple[str, ...]]]] = []  # completed, as last_trick (public)
        self.shown: list[tuple[int, tuple[str, ...]]] = []  # every declaration (what a search reads)

    # -- hooks --------------------------------------------------------------------------------

    def declarations(self, seat: int) -> list[Declare]:
        """Declarations ``seat`` may make now (none by default)."""
        return []

    def may_declare(self, seat: int) -> bool:
        """True if ``declarations(seat)`` would offer something (games answer it without the list)."""
        return bool(self.declarations(seat))

    def declarers(self) -> list[int]:
        """The seats that ``may_declare``."""
        return [seat for seat in range(self.setup.seats) if self.may_declare(seat)]

    def declare_error(self, seat: int, cards: tuple[str, ...]) -> str | None:
        """Why ``seat`` may not declare ``cards`` now, or ``None``."""
        return "there is nothing to declare in this game"

    def kitty_options(self) -> list[Action]:
        """What the dealer-to-be may do after the draw: pick up the kitty, or redeal."""
        return [PickUp()]

    def dealer_to_be(self) -> int:
        """The seat that takes the kitty."""
        assert self.dealer is not None
        return self.dealer

    def after_draw(self) -> None:
        """Called once the last card is drawn."""
        self.phase = Phase.KITTY

    def redeal_reason(self) -> str:
        """Why the dealer-to-be's redeal is the only way on (tractor.md §Declaring: nobody declared)."""
        return "nobody declared"

    def on_pickup(self) -> None:
        """Fix the trump and dealer as the kitty is taken."""

    def after_bury(self) -> None:
        """Called once the kitty is buried."""
        self.start_play()

    def score(self) -> dict[str, JSON]:
        """The result once the last trick is played."""
        raise NotImplementedError

    def decision_kind(self, action: Action) -> str:
        """By the phase (``KIND_OF_PHASE``), else the action's own (declare, redeal, pickup)."""
        return KIND_OF_PHASE.get(self.phase) or super().decision_kind(action)

    def side_of(self, seat: int) -> int:
        """0 for the dealer's side, 1 for the defenders."""
        assert self.dealer is not None
        return 0 if (seat - self.dealer) % 2 == 0 else 1

    def extra_view(self, seat: int | None) -> dict[str, JSON]:
        """Game-specific public facts for views."""
        return {}

    # -- turn order ---------------------------------------------------------------------------

    def must_move(self) -> frozenset[int]:
        """Seats the deal waits for (not counting optional declarations and redeals)."""
        phase = self.phase
        if phase is Phase.PLAY:
            return ONE_SEAT[(self.leader + len(self.trick)) % self.setup.seats]
        if phase is Phase.DRAW:
            return ONE_SEAT[self.drawer]
        if phase is Phase.KITTY:
            return ONE_SEAT[self.dealer_to_be()]
        if phase in (Phase.BURY, Phase.NAME):
            assert self.dealer is not None
            return ONE_SEAT[self.dealer]
        return self.bid_movers()

    def bid_movers(self) -> frozenset[int]:
        """Seats to move in a bidding phase (none without one)."""
        return frozenset()

    def to_move(self) -> frozenset[int]:
        """Seats that may act: the one the deal waits for plus optional declarers and redealers."""
        if self.phase not in (Phase.DRAW, Phase.KITTY, Phase.BID):
            return self.must_move()
        if self.phase is Phase.DRAW:
            declarers, must = self.declarers(), self.must_move()
            return must if not declarers else must.union(declarers)
        movers = set(self.must_move())
        if self.phase in (Phase.DRAW, Phase.KITTY):
            movers.update(self.declarers())
        if self.phase in (Phase.KITTY, Phase.BID):
            movers.update(s for s in range(self.setup.seats) if self.pointless(s))
        return frozenset(movers)

    def pointless(self, seat: int) -> bool:
        """True if ``seat`` may demand a redeal for a hand without 5, 10 or K (shengji.md §Redeal for a
        pointless hand), or for a weak hand (``weak_points`` or ``weak_trumps``, tractor.md §Declaring)."""
        hand = self.hands[seat]
        if self.setup.pointless_redeal and not any(CARD_POINTS[c] for c in hand):
            return True
        return weak_hand(hand, self.setup, self.trump)

    def is_over(self) -> bool:
        """True once the deal has a result."""
        return self.phase is Phase.OVER

    def result(self) -> dict[str, JSON] | None:
        """The result as JSON once over."""
        return self.outcome

    # -- legality -----------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> Iterator[Action]:
        """Lazily every legal action of ``seat``."""
        if seat not in self.to_move():
            return
        if self.phase is Phase.PLAY:
            yield from map(play_of, self.legal_plays(seat))
            return
        yield from self.phase_actions(seat)

    def phase_actions(self, seat: int) -> Iterator[Action]:
        """Legal non-play actions of ``seat`` in the current phase."""
        must = seat in self.must_move()
        if self.phase is Phase.DRAW and must:
            yield Draw()
        if self.phase is Phase.KITTY and must:
            yield from self.kitty_options()
        dealer_redeal = must and self.phase is Phase.KITTY and Redeal() in self.kitty_options()
        if self.phase in (Phase.KITTY, Phase.BID) and self.pointless(seat) and not dealer_redeal:
            yield Redeal()
        if self.phase in (Phase.DRAW, Phase.KITTY):
            yield from self.declarations(seat)
        if self.phase is Phase.BURY and must:
            yield from self._some_burials(seat)

    def _some_burials(self, seat: int) -> Iterator[Action]:
        for cards in sub_multisets(self.hands[seat], self.setup.kitty_size):
            yield Bury(cards)

    def legal_plays(self, seat: int, safety: HiddenSafety | None = None) -> Iterator[tuple[str, ...]]:
        """Every legal play of ``seat`` (the player to move); ``safety``: its leads' (to share one)."""
        hand = self.hands[seat]
        if self.lead is None:
            safety = safety or HiddenSafety(self.deck_counts, self.played, hand, self.trump)
            return leads_with(hand, safety, self.trump, self.setup.quads, self.setup.real_hand_throws)
        return legal_follows(hand, self.lead, self.trump, self.setup.tractor_follow)

    def unknown_to(self, seat: int) -> Counter[str]:
        """Cards ``seat`` cannot place: neither played nor in its hand (tractor.md §Leading)."""
        played, hand = self.played, self.hands[seat]
        return Counter(
            {c: k for c, n in self.deck_counts.items() if (k := n - played.get(c, 0) - hand.get(c, 0)) > 0}
        )

    def check(self, seat: int, action: Action) -> None:
        """Raise the typed error that makes ``action`` illegal for ``seat``; return if legal."""
        if type(action) is Draw and self.phase is Phase.DRAW and seat == self.drawer:
            return  # the drawer's draw, the most frequent action, is always legal
        if type(action) is Play and self.phase is Phase.PLAY and 0 <= seat < self.setup.seats:
            self._checked_play(seat, action)  # the other frequent one
            return
        phases = PHASE_OF.get(type(action))
        if phases is None or self.phase not in phases:
            phases = self.other_phases(action)
            if self.phase not in phases:
                raise WrongPhase(f"{action} is not possible in the {self.phase} phase")
        if seat not in range(self.setup.seats):
            raise NotYourTurn(f"there is no seat {seat}")
        reason = self.error(seat, action)
        if reason is not None:
            raise reason

    def _checked_play(self, seat: int, action: Play) -> Counter[str]:
        """The cards of a play in the play phase by an existing seat, once ``check`` would accept
        it (the checks ``error`` makes, in its order), else its error."""
        mover = (self.leader + len(self.trick)) % self.setup.seats
        if seat != mover:
            raise NotYourTurn(f"it is seat {mover}'s turn to play")
        counts = tally(action.cards)
        why = self.play_error(seat, counts)
        if why is not None:
            raise IllegalAction(why)
        return counts

    def other_phases(self, action: Action) -> tuple[Phase, ...]:
        """Phases of game-specific actions (bids)."""
        return ()

    def error(self, seat: int, action: Action) -> Exception | None:
        """The error of an action of a kind the phase accepts, or ``None``."""
        must = seat in self.must_move()
        if isinstance(action, Play):
            if not must:
                return NotYourTurn(f"it is seat {next(iter(self.must_move()))}'s turn to play")
            reason = self.play_error(seat, Counter(action.cards))
            return None if reason is None else IllegalAction(reason)
        if isinstance(action, Declare):
            reason = self.declare_error(seat, action.cards)
            return None if reason is None else IllegalAction(reason)
        if isinstance(action, Redeal):
            if (must and Redeal() in self.kitty_options()) or self.pointless(seat):
                return None
            return IllegalAction("a redeal needs a hand without 5, 10 or K")
        if not must:
            return NotYourTurn(f"{action} is not yours to make now")
        if isinstance(action, PickUp):
            return None if PickUp() in self.kitty_options() else IllegalAction("nobody has declared")
        if isinstance(action, Bury):
            return self.bury_error(seat, Counter(action.cards))
        return self.other_error(seat, action)

    def other_error(self, seat: int, action: Action) -> Exception | None:
        """Errors of game-specific actions (``Draw`` is always fine for the drawer)."""
        return None

    def bury_error(self, seat: int, cards: Counter[str]) -> Exception | None:
        """Why burying ``cards`` is illegal, or ``None``."""
        if sum(cards.values()) != self.setup.kitty_size:
            return IllegalAction(f"bury exactly {self.setup.kitty_size} cards")
        if cards - self.hands[seat]:
            return IllegalAction("you can only bury cards you hold")
        return None

    def play_error(self, seat: int, cards: Counter[str]) -> str | None:
        """Why ``seat`` may not play ``cards`` now, or ``None``."""
        hand = self.hands[seat]
        if self.lead is None:
            # What the leader cannot see only matters for a throw judged from its knowledge.
            unknown: Counter[str] = Counter()
            if cards and not self.setup.real_hand_throws and holds(hand, cards):
                lead = read_lead(cards, self.trump, self.setup.quads)
                if lead is not None and not lead.is_quad and len(lead.shape) > 1:
                    unknown = self.unknown_to(seat)
            return lead_error(cards, hand, unknown, self.trump, self.setup.quads, self.setup.real_hand_throws)
        return follow_error(cards, hand, self.lead, self.trump, self.setup.tractor_follow)

    # -- applying -----------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Validate then perform ``action``; on error nothing changes."""
        if type(action) is Play and self.phase is Phase.PLAY and 0 <= seat < self.setup.seats:
            self._play_counts(seat, self._checked_play(seat, action))
            return
        if type(action) is Draw and self.phase is Phase.DRAW and seat == self.drawer:
            self._draw(seat)  # always legal (see ``check``)
            return
        self.check(seat, action)
        self.apply_trusted(seat, action)

    def apply_trusted(self, seat: int, action: Action) -> None:
        """Perform ``action`` without checking it (see ``DealState.apply_trusted``)."""
        if isinstance(action, Play):
            self._play(seat, action.cards)
        elif isinstance(action, Draw):
            self._draw(seat)
        elif isinstance(action, Declare):
            self.declaration = (seat, action.cards)
            self.shown.append(self.declaration)
            self.on_declare(seat, action.cards)
        elif isinstance(action, Redeal):
            self.finish_redeal(seat)
        elif isinstance(action, PickUp):
            self._pickup()
        elif isinstance(action, Bury):
            self._bury(seat, action.cards)
        else:
            self.apply_other(seat, action)

    def on_declare(self, seat: int, cards: tuple[str, ...]) -> None:
        """Game-specific effects of a declaration."""

    def apply_other(self, seat: int, action: Action) -> None:
        """Perform a game-specific action (already checked)."""
        raise WrongPhase(f"{action} is not possible here")

    def _draw(self, seat: int) -> None:
        hand, card = self.hands[seat], self.deck[self.pos]
        hand[card] = hand.get(card, 0) + 1
        self.pos += 1
        self.drawer = (seat + 1) % self.setup.seats
        if self.pos == self.dealt:
            self.after_draw()

    def finish_redeal(self, seat: int) -> None:
        """End with no score: a redeal (tractor.md §Declaring; shengji.md §Redeal for a pointless hand)."""
        forced = seat in self.must_move() and self.phase is Phase.KITTY and Redeal() in self.kitty_options()
        pointless = not any(CARD_POINTS[c] for c in self.hands[seat])
        reason = self.redeal_reason() if forced else "pointless hand" if pointless else "weak hand"
        self.phase = Phase.OVER
        self.outcome = {
            "outcome": "redeal",
            "reason": reason,
            "by": seat,
            "scores": [0] * self.setup.seats,
            "next_dealer": self.setup.dealer,
        }

    def _pickup(self) -> None:
        self.on_pickup()
        dealer = self.dealer_to_be()
        self.dealer = dealer
        self.hands[dealer].update(self.kitty)
        self.kitty = []
        self.phase = Phase.BURY

    def _bury(self, seat: int, cards: tuple[str, ...]) -> None:
        self.hands[seat].subtract(cards)
        self.hands[seat] = +self.hands[seat]
        self.kitty = list(cards)
        self.buried = True
        self.after_bury()

    def start_play(self) -> None:
        """Open the first trick: the dealer leads (shengji.md §Play)."""
        assert self.dealer is not None
        self.phase = Phase.PLAY
        self.leader = self.dealer

    def _play(self, seat: int, cards: tuple[str, ...]) -> None:
        self._play_counts(seat, tally(cards))

    def _play_counts(self, seat: int, counts: Counter[str]) -> None:
        if not self.trick and self.setup.real_hand_throws:
            counts = self._judge_throw(seat, counts)
        self.place(seat, counts)

    def place(self, seat: int, counts: Counter[str]) -> None:
        """Move the cards ``seat`` really plays from its hand to the trick; a full trick closes."""
        hand = self.hands[seat]
        for card, n in counts.items():  # in place, dropping cards no longer held (as ``+hand`` did)
            left = hand.get(card, 0) - n
            if left > 0:
                hand[card] = left
            else:
                hand.pop(card, None)
        if not self.trick:
            self.lead = read_lead(counts, self.trump, self.setup.quads)
        self.trick.append((seat, counts))
        if len(self.trick) == self.setup.seats:
            self._close_trick()

    def _judge_throw(self, seat: int, counts: Counter[str]) -> Counter[str]:
        """``real_hand_throws``: a lead another seat's hand could partly beat is cut to its smallest
        beatable unit; the rest stays in the leader's hand."""
        lead = read_lead(counts, self.trump, self.setup.quads)
        if lead is None or lead.is_quad:
            return counts
        unit = forced_unit(counts, [h for s, h in enumerate(self.hands) if s != seat], self.trump)
        if unit is None:
            return counts
        attempted = tuple(sorted_cards(counts.elements()))
        self.failed_throws.append(FailedThrow(seat, self.tricks_done, attempted, unit.cards))
        return Counter(unit.cards)

    def penalised(self, defenders: int) -> int:
        """The defenders' points after failed-throw penalties, never below 0 (``throw_penalty``):
        the penalty goes to the defenders when the thrower is on the declarer's side at the end of
        the deal, and is taken from them when the thrower is a defender."""
        for failed in self.failed_throws:
            defenders += self.setup.throw_penalty * (1 if self.side_of(failed.seat) == 0 else -1)
        return max(0, defenders)

    def throw_facts(self) -> dict[str, JSON]:
        """Failed throws for views and results; only with the option, so default views stay as they are."""
        if not self.setup.real_hand_throws:
            return {}
        return {"failed_throws": [f.to_json() for f in self.failed_throws]}

    def _close_trick(self) -> None:
        plays = [c for _, c in self.trick]
        winner = self.trick[trick_winner(plays, self.trump, self.setup.quads, self.setup.ruff_every_unit)][0]
        won, played = self.won[winner], self.played
        for _, counts in self.trick:
            for card, n in counts.items():
                won[card] = won.get(card, 0) + n
                played[card] = played.get(card, 0) + n
        self.last_trick = [(s, canonical_counts(c)) for s, c in self.trick]
        self.tricks.append(self.last_trick)
        self.trick = []
        self.lead = None
        self.leader = winner
        self.tricks_done += 1
        if not any(self.hands):
            self.phase = Phase.OVER
            self.outcome = {**self.score(), **self.throw_facts()}

    # -- scoring helpers ----------------------------------------------------------------------

    def side_points(self) -> list[int]:
        """Card points won in tricks by the dealer's side [0] and the defenders [1]."""
        pts = [0, 0]
        for seat, pile in enumerate(self.won):
            pts[self.side_of(seat)] += sum(CARD_POINTS[c] * n for c, n in pile.items())
        return pts

    def card_points(self) -> dict[str, JSON]:
        """Raw card points per side, the kitty's counted to the side that won the last trick."""
        raw = self.side_points()
        raw[self.side_of(self.last_winner())] += sum(CARD_POINTS[c] for c in self.kitty)
        return {"dealer_side": raw[0], "defenders": raw[1]}

    def last_winner(self) -> int:
        """The seat that won the last trick."""
        return self.leader

    def last_lead_multiplier(self) -> int:
        """The kitty's multiplier from the last trick's lead (``engine.family.kitty``)."""
        return lead_multiplier(Counter(self.last_trick[0][1]), self.trump, self.setup)

    # -- zones and views ----------------------------------------------------------------------

    def zones(self) -> dict[str, list[str]]:
        """Where every card is now."""
        return {name: cards for name, cards in self._zones(frozenset()).items() if isinstance(cards, list)}

    def _zones(self, counted: frozenset[str]) -> dict[str, list[str] | int]:
        """The zones, those named in ``counted`` as their size only (a view need not sort hidden hands)."""
        zones = {f"hand:{s}": shown(h, f"hand:{s}" in counted) for s, h in enumerate(self.hands)}
        for name, cards in (("stock", self.deck[self.pos : self.dealt]), ("kitty", self.kitty)):
            zones[name] = len(cards) if name in counted else list(cards)
        zones["trick"] = [c for _, counts in self.trick for c in sorted_cards(counts.elements())]
        zones.update((f"won:{s}", shown(p, f"won:{s}" in counted)) for s, p in enumerate(self.won))
        return zones

    def buriers(self) -> frozenset[int]:
        """The seats that buried a kitty (a card they showed may be in it)."""
        return frozenset((self.dealer,)) if self.buried and self.dealer is not None else frozenset()

    def hidden_from(self, seat: int | None) -> frozenset[str]:
        """Zones ``seat`` may not see: the stock, others' hands, the kitty unless it buried it."""
        if self.phase is Phase.OVER:
            return frozenset()
        hidden = {f"hand:{s}" for s in range(self.setup.seats) if s != seat}
        hidden.add("stock")
        if not (self.buried and seat == self.dealer):
            hidden.add("kitty")
        return frozenset(hidden)

    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may see: visible zones as cards, hidden zones as counts."""
        zones: dict[str, Any] = dict(self._zones(self.hidden_from(seat)))
        view: dict[str, JSON] = {
            "game": self.game_name,
            "seat": seat,
            "phase": self.phase.value,
            # Only the seats the deal waits for are public: who else could declare or redeal is not.
            "to_move": sorted(self.must_move()),
            "may_act": seat is not None and seat in self.to_move(),
            "dealer": self.dealer,
            "trump": {"rank": self.trump.rank, "suit": self.trump.suit},
            "declaration": None
            if self.declaration is None
            else {"seat": self.declaration[0], "cards": list(self.declaration[1])},
            "turned_up": list(self.turned),
            "zones": zones,
            "trick": [[s, sorted_cards(c.elements())] for s, c in self.trick],
            "last_trick": [[s, list(c)] for s, c in self.last_trick],
            # Which trick is on the felt (tricks_done) or was last (tricks_done - 1): public, and
            # what pages match a failed throw's ``trick`` against.
            "tricks_done": self.tricks_done,
            "defender_points": self.side_points()[1] if self.dealer is not None else 0,
            "result": self.outcome,
            **self.throw_facts(),
        }
        view.update(self.extra_view(seat))
        return view

    # -- copies for search ---------------------------------------------------------------------

    def copy(self) -> Self:
        """An independent copy; the rules, setup, deck, trump and other immutable values are shared,
        the hands, piles, trick and counters copied."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.hands = [copied(hand) for hand in self.hands]
        new.won = [copied(pile) for pile in self.won]
        new.played = copied(self.played)
        new.kitty, new.turned = list(self.kitty), list(self.turned)
        new.trick = list(self.trick)  # the trick's Counters are never changed once placed
        new.last_trick = list(self.last_trick)
        new.tricks, new.shown = list(self.tricks), list(self.shown)  # their items never change
        new.failed_throws = list(self.failed_throws)
        new.outcome = None if self.outcome is None else dict(self.outcome)
        return new

    def replace_hidden(self, zones: Mapping[str, Sequence[str]]) -> Self:
        """A copy with the named hands, stock (in draw order) or kitty holding other cards."""
        check_replacement(
            self.zones(), zones, lambda name: name.startswith("hand:") or name in ("stock", "kitty")
        )
        new = self.copy()
        for name, cards in zones.items():
            if name == "stock":
                new.deck = self.deck[: self.pos] + tuple(cards) + new.deck[self.dealt :]
            elif name == "kitty":
                new.kitty = list(cards)
                if not self.buried and self.kitty:  # not taken up yet: still the deck's tail
                    new.deck = new.deck[: self.dealt] + tuple(cards)
            else:
                seat = int(name[5:])
                new.hands[seat] = refilled(self.hands[seat], cards)
        return new

    def sample_actions(self, seat: int, limit: int) -> list[Action]:
        """At most ``limit`` legal actions of ``seat`` (for bots on huge follow enumerations): the
        first ``limit`` of ``legal_actions``, in its order."""
        if self.phase is Phase.PLAY and seat in self.must_move():
            return [play_of(cards) for cards in islice(self.legal_plays(seat), limit)]
        return list(islice(self.legal_actions(seat), limit))

    def sample_plays(self, seat: int, limit: int, safe: HiddenSafety | None = None) -> list[tuple[str, ...]]:
        """The cards of ``sample_actions(seat, limit)`` in the play phase (``safe``: ``legal_plays``')."""
        return list(islice(self.legal_plays(seat, safe), limit)) if seat in self.must_move() else []
