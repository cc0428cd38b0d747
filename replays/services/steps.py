"""The viewer's data: one replay of a record, a frame per step from one perspective, and the
deal's story (phases, declarations, tricks, kitty, claims) picked up on the way.

Step ``k`` is the deal after its first ``k`` actions (0: as dealt). The engine is the only rules
implementation: frames are its views, tricks are read off its views as they close.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import EngineError
from engine.core.game import Game
from engine.core.record import DealRecord, ReplayError, start_state
from engine.core.registry import get_game
from engine.core.result import DealResult
from engine.family.cards import points
from engine.family.trump import TrumpContext, display_order
from replays.services.frames import ALL, Frame, make_frame, order_key
from replays.services.moves import describe_all

# Si Se Pai's phases in which several seats answer at once (the redeal question, claim windows).
WINDOWS = {"redeal", "window"}


@dataclass
class Story:
    """What happened in the deal, each item with the step ``at`` which it happened."""

    phases: list[dict[str, Any]] = field(default_factory=list)
    declarations: list[dict[str, Any]] = field(default_factory=list)
    tricks: list[dict[str, Any]] = field(default_factory=list)
    claims: list[dict[str, Any]] = field(default_factory=list)
    kitty: dict[str, Any] = field(default_factory=dict)
    friends: list[dict[str, Any]] = field(default_factory=list)
    # Si Se Pai: the steps that begin a turn (a draw, discard or meld, or a claim that won); the
    # answers to a claim window nobody took are skipped by "next turn".
    turns: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The story as JSON for the page."""
        return {
            "phases": self.phases,
            "declarations": self.declarations,
            "tricks": self.tricks,
            "claims": self.claims,
            "kitty": self.kitty,
            "friends": self.friends,
            "turns": self.turns,
        }


@dataclass
class Replay:
    """Frames from one perspective, the actions as that perspective may read them, and the story."""

    perspective: int | str
    frames: list[Frame]
    moves: list[list[Any]]
    story: Story
    # Trick games: the display orders the frames name in their "order" (one per trump the deal had).
    orders: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Each visible move described for a sentence (services/moves.py), ``None`` where hidden.
    words: list[dict[str, Any] | None] = field(default_factory=list)


def parse_perspective(text: str | None, seats: int) -> int | str:
    """``"all"`` or a seat number in range; anything else means all hands."""
    if text is not None and text.isdigit() and int(text) < seats:
        return int(text)
    return ALL


def family_of(game: str) -> str:
    """The layout family a game is drawn with: the value of its ``Game.layout``."""
    return get_game(game).layout.value


def visible_moves(record: DealRecord, perspective: int | str) -> list[list[Any]]:
    """``[seat, text]`` per action; ``text`` is ``None`` where this perspective may not read it."""
    if perspective == ALL:
        return [[seat, text] for seat, text in record.actions]
    # Actions whose text another seat never learns (``Game.private_verbs``: the burial, 扣底, in the
    # trick games; every answer to a Si Se Pai claim window, whose winning claim is ``last_claim``).
    private = get_game(record.game).private_verbs
    return [
        [seat, text if seat == perspective or text.split()[0] not in private else None]
        for seat, text in record.actions
    ]


def build(record: DealRecord, perspective: int | str = ALL) -> Replay:
    """Replay ``record`` once, collecting the frame of every step and the story."""
    return build_many(record, [perspective])[perspective]


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Hold the cyclic garbage collector off while a replay is built.

    A replay allocates thousands of short-lived dicts; full collections landing inside a build
    tripled its p99 in bench/replays.py (15 ms median, 85 ms p99). The build makes no cycles
    worth collecting midway, and it is short, so the collector resumes right after.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def build_many(record: DealRecord, perspectives: Sequence[int | str]) -> dict[int | str, Replay]:
    """Replay ``record`` once, collecting every step's frame from each of ``perspectives``."""
    with collector_paused():
        return _build_many(record, perspectives)


def _build_many(record: DealRecord, perspectives: Sequence[int | str]) -> dict[int | str, Replay]:
    game = get_game(record.game)
    seats = len(record.seats)
    state = start_state(record)

    orders: dict[str, dict[str, Any]] = {}

    def frames_now() -> list[Frame]:
        zones = state.zones() if ALL in perspectives else None
        hand_order(state, orders)
        out = []
        for p in perspectives:
            seat = None if p == ALL else int(p)
            out.append(make_frame(game.layout, state.view(seat), zones if seat is None else None, seats))
        return out

    story = Story()
    watcher = StoryWatcher(story, state, game)
    steps = [frames_now()]
    watcher.see(0, steps[0][0])
    for index, (actor, text) in enumerate(record.actions, start=1):
        try:
            state.apply(actor, game.parse_action(text))
        except EngineError as exc:
            raise ReplayError(index - 1, f"{actor} {text!r}: {exc.message}") from None
        steps.append(frames_now())
        watcher.see(index, steps[-1][0])
    out = {}
    for i, p in enumerate(perspectives):
        frames = [step[i] for step in steps]
        moves = visible_moves(record, p)
        out[p] = Replay(p, frames, moves, story, orders, describe_all(moves, frames))
    return out


def hand_order(state: Any, orders: dict[str, dict[str, Any]]) -> str | None:
    """The name of the order hands are laid out in now (the trump decides it), noted in ``orders``
    with the engine's display order and how many of its last cards are trump; ``None`` without trumps.

    Sent once per trump rather than sorting every hand of every frame: the page sorts by it and
    draws the trump group, knowing no rule (the hands in frames stay in the engine's zone order).
    """
    trump = getattr(state, "trump", None)
    if not isinstance(trump, TrumpContext):
        return None
    key = order_key({"rank": trump.rank, "suit": trump.suit})
    if key not in orders:
        cards, trumps = display_order(trump)
        orders[key] = {"cards": list(cards), "trumps": trumps}
    return key


def frame_result(game: Game, frame: Frame) -> DealResult | None:
    """The deal's result a frame shows, as the game's typed value (``None`` until the deal is over)."""
    stored = frame.get("result")
    return game.typed_result(stored) if stored else None


def claimed(game: Game, frame: Frame, prev: Frame) -> bool:
    """Si Se Pai: the claim window open at ``prev`` closed with a claim (a meld, then a discard;
    or a win). Two claims in a row may read alike, so ``last_claim`` alone would miss the second."""
    if prev["phase"] != "window":
        return False
    result = frame_result(game, frame) if frame["phase"] == "over" else None
    won = result is not None and result.outcome == "win"
    return frame["phase"] == "discard" or won


class StoryWatcher:
    """Notes phase changes, declarations, closed tricks, claims and the kitty as frames go by."""

    def __init__(self, story: Story, state: Any, game: Game) -> None:
        self.story = story
        self.state = state
        self.game = game
        self.prev: Frame | None = None

    def see(self, at: int, frame: Frame) -> None:
        """Compare ``frame`` (step ``at``) with the previous one."""
        prev = self.prev
        self.prev = frame
        if prev is None or frame["phase"] != prev["phase"]:
            self._phase(at, frame)
            self._kitty(at, frame, prev)
        if prev is None:
            return
        if frame.get("declaration") != prev.get("declaration") and frame.get("declaration"):
            self.story.declarations.append({"at": at, **frame["declaration"]})
        won_claim = bool(frame.get("last_claim")) and claimed(self.game, frame, prev)
        if won_claim:
            self.story.claims.append({"at": at, **frame["last_claim"]})
        if "shown" in frame and (prev["phase"] not in WINDOWS or won_claim):
            self.story.turns.append(at)
        if "last_trick" in frame and frame["last_trick"] != prev["last_trick"] and not frame["trick"]:
            self._trick(at, frame)
        if frame.get("calls") != prev.get("calls"):
            self._answered(at, frame["calls"], prev.get("calls") or [])

    def _phase(self, at: int, frame: Frame) -> None:
        # A Si Se Pai turn runs draw, window and discard over and over: only the first of each is
        # a landmark to jump to (the claims are the others).
        if "shown" in frame and any(p["phase"] == frame["phase"] for p in self.story.phases):
            return
        self.story.phases.append({"at": at, "phase": frame["phase"]})

    def _answered(self, at: int, calls: list[dict[str, Any]], before: list[dict[str, Any]]) -> None:
        # Zhao Pengyou: a called copy was played at this step; its player joined the declarer (or
        # was already on the team, and the call is used up).
        for i, call in enumerate(calls):
            was = before[i]["by"] if i < len(before) else None
            if call["by"] is not None and was is None:
                self.story.friends.append({"at": at, **call})

    def _trick(self, at: int, frame: Frame) -> None:
        plays = frame["last_trick"]
        if frame["phase"] == "play":
            winner = frame["to_move"][0]
        else:
            result = frame_result(self.game, frame)
            winner = result.last_trick_winner if result is not None else None
        tricks = self.story.tricks
        size = len(plays)
        self.story.tricks.append(
            {
                "n": len(tricks) + 1,
                "at": at,
                "lead_at": at - size + 1,
                "plays": plays,
                "winner": winner,
                "points": points(c for _, cards in plays for c in cards),
                "side": self.state.side_of(winner) if winner is not None else None,
                "defender_points": frame.get("defender_points"),
            }
        )

    def _kitty(self, at: int, frame: Frame, prev: Frame | None) -> None:
        # The kitty's cards are read from the engine's zones (public once the deal is over).
        if "kitty" not in frame:
            return
        if prev is None:
            self.story.kitty["dealt"] = list(self.state.zones()["kitty"])
        elif prev["phase"] == "kitty":
            self.story.kitty["picked_up_at"] = at
        elif prev["phase"] == "bury":
            self.story.kitty.update(buried=list(self.state.zones()["kitty"]), buried_at=at)
