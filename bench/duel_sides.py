"""Where a Shengji or Tractor duel is won: the expert's share split by the side that dealt.

    nice -n 5 .venv/bin/python bench/duel_sides.py --game tractor --decks 100 [--first 0] [--seed 1]
        [--jobs 2] [--dealing fast] [--defending 7000/40/6/20/40/6] [--late CARDS] [--evidence 1.5]
    nice -n 5 .venv/bin/python bench/duel_sides.py --game tractor --decks 400 --declarations

The decks and seats are ``python -m engine duel``'s (``--a expert --b heuristic``, the same seed
strings), so a run over its first N decks plays the duel's first N decks (``--first`` starts further
on, to split a long run between processes). Each expert seat searches with the budget ``--dealing``
while its side deals and ``--defending`` while it defends: a budget's name, or steps, worlds,
candidates and optionally whole, cut worlds, cut candidates and cut tricks, as in
``engine.search.expert.Budget`` (both default to ``fast``). The expert is the game's own
(Tractor's with its leaf evaluation). ``--late`` keeps ``fast`` for a defending seat until at
most that many cards are left to play, so the defending budget only buys the end of the deal.
``--evidence`` replaces the standard errors a candidate needs to overturn the one-ply choice
(``EVIDENCE``). Prints one JSON line per deck, then the share of deals favouring the
expert (ties half) over all deals, over the deals its side dealt and over those the heuristic's side
dealt.

``--declarations`` plays only up to the burial, at ``fast``, and counts why the heuristic's side
came to deal: the sequence of declarations (E expert, H heuristic), and whether the expert's
seats could have declared at all while the cards were drawn.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from multiprocessing import get_context
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.game import Action, Bot, DealState  # noqa: E402
from engine.core.match import bot_move, play_deal  # noqa: E402
from engine.core.registry import get_game  # noqa: E402
from engine.family.expertplay import FamilyExpertBot  # noqa: E402
from engine.family.trickdeal import TrickDeal  # noqa: E402
from engine.games.tractor.expert import TractorExpertBot  # noqa: E402
from engine.search import expert as search  # noqa: E402
from engine.tools.duel import ARRANGEMENTS, a_difference, a_seats, deal_share, duel_deck, seat_generator  # noqa: E402

SEATS = 4


SHAPE = ("steps", "worlds", "candidates", "whole", "cut_worlds", "cut_candidates", "cut_tricks")


def budget(text: str) -> search.Budget:
    """A budget's name, or ``steps/worlds/candidates[/whole/cut_worlds/cut_candidates/cut_tricks]``
    as a ``Budget`` (by field name: ``least`` keeps its default)."""
    if text in search.BUDGET:
        return search.BUDGET[text]
    parts = text.split("/")
    if not 3 <= len(parts) <= len(SHAPE):
        shape = "/".join(SHAPE)
        raise argparse.ArgumentTypeError(f"a budget is a name or {shape} (3 to {len(SHAPE)} numbers): {text}")
    return search.Budget(**{field: int(part) for field, part in zip(SHAPE, parts, strict=False)})


class SidedExpert(FamilyExpertBot):
    """The expert, searching with one budget while its side deals and another while it defends."""

    late: int | None = None

    def choose(self, state: DealState, seat: int) -> Action:
        """The expert's choice under the budget of its side (``fast`` before the deal has a dealer)."""
        assert isinstance(state, TrickDeal)
        name = "fast"
        if state.dealer is not None:
            name = "dealing" if state.side_of(seat) == 0 else "defending"
            if name == "defending" and self.late is not None and self.knowledge.length(state) > self.late:
                name = "fast"
        search.BUDGET.setdefault(name, search.BUDGET["fast"])
        self.budget = name
        try:
            return super().choose(state, seat)
        finally:
            self.budget = "fast"


class SidedTractorExpert(SidedExpert, TractorExpertBot):
    """Tractor's expert, sided."""

    knowledge = TractorExpertBot.knowledge


def bots(game: Any, seed: int, deck: int, arrangement: int, mine: list[int]) -> list[Bot]:
    """The duel's bots of one deal: the sided expert on ``mine``, the heuristic elsewhere."""
    out: list[Bot] = []
    sided = SidedTractorExpert if game.name == "tractor" else SidedExpert  # Tractor's has its leaf evaluation
    for seat in range(SEATS):
        rng = seat_generator(seed, deck, arrangement, seat)
        out.append(sided(rng, "fast") if seat in mine else game.bot("heuristic", rng, "fast"))
    return out


def configure(options: dict[str, Any]) -> None:
    """Set the budgets and evidence in this process (each worker calls it before playing)."""
    search.BUDGET["dealing"] = budget(options["dealing"])
    search.BUDGET["defending"] = budget(options["defending"])
    search.EVIDENCE = options["evidence"]
    SidedExpert.late = options["late"]


def dealt(name: str, seed: int, deck_number: int) -> tuple[Any, Any, tuple[str, ...]]:
    """The game, its default rules and the duel's deck ``deck_number`` (the seed string of ``tools.duel``)."""
    game = get_game(name)
    rules = game.rules_from_json({})
    return game, rules, duel_deck(game, rules, SEATS, seed, deck_number)


def play(job: tuple[str, int, int, dict[str, Any]]) -> dict[str, Any]:
    """One deck in both arrangements: who dealt, and the expert's difference in each deal."""
    name, seed, deck_number, options = job
    configure(options)
    game, rules, deck = dealt(name, seed, deck_number)
    deals = []
    for arrangement in range(ARRANGEMENTS):
        mine = a_seats(SEATS, arrangement)
        state = game.start(rules, SEATS, deck, None)
        play_deal(state, bots(game, seed, deck_number, arrangement, mine))
        scores = list((state.result() or {}).get("scores") or [0] * SEATS)
        diff = a_difference(scores, mine)
        dealer = None if state.dealer is None else ("a" if state.dealer in mine else "b")
        deals.append({"dealer": dealer, "diff": diff})
    return {"deck": deck_number, "deals": deals}


def declarations(job: tuple[str, int, int, dict[str, Any]]) -> list[str]:
    """One deck in both arrangements, to the burial: why each deal's dealer came to deal."""
    name, seed, deck_number, _ = job
    game, rules, deck = dealt(name, seed, deck_number)
    out = []
    for arrangement in range(ARRANGEMENTS):
        mine = a_seats(SEATS, arrangement)
        players = bots(game, seed, deck_number, arrangement, mine)  # no dealer yet: all at ``fast``
        state = game.start(rules, SEATS, deck, None)
        assert isinstance(state, TrickDeal)
        could = False
        while state.phase in ("draw", "kitty"):
            could = could or (state.phase == "draw" and any(state.declarations(s) for s in mine))
            state.apply(*bot_move(state, players))
        if state.dealer is None:
            out.append("redealt")
            continue
        shown = "".join("E" if seat in mine else "H" for seat, _ in state.shown)
        side = "expert" if state.dealer in mine else "heuristic"
        out.append(f"{side} deals, declarations {shown or '-'}, expert could declare: {could}")
    return out


def share(deals: list[dict[str, Any]]) -> dict[str, Any]:
    """The expert's share of ``deals`` (ties half) and their number."""
    return {"share": round(deal_share([d["diff"] for d in deals]), 4), "deals": len(deals)}


def main() -> int:
    """Parse the arguments, play the decks, print the lines and the summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("tractor", "shengji"), default="tractor")
    parser.add_argument("--decks", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first deck's number")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--dealing", default="fast")
    parser.add_argument("--defending", default="fast")
    parser.add_argument("--late", type=int, default=None)
    parser.add_argument("--evidence", type=float, default=search.EVIDENCE)
    parser.add_argument("--declarations", action="store_true")
    args = parser.parse_args()
    for text in (args.dealing, args.defending):
        try:
            budget(text)
        except (argparse.ArgumentTypeError, ValueError) as error:
            parser.error(str(error))
    options = {k: getattr(args, k) for k in ("dealing", "defending", "late", "evidence")}
    jobs = [(args.game, args.seed, n, options) for n in range(args.first, args.first + args.decks)]
    work = declarations if args.declarations else play
    with get_context("fork").Pool(args.jobs) as pool:
        results = list(pool.imap(work, jobs))
    if args.declarations:
        counts = Counter(reason for deck in results for reason in deck)
        for reason, count in counts.most_common():
            print(json.dumps({"deals": count, "why": reason}))
        return 0
    for line in results:
        print(json.dumps(line))
    deals = [deal for deck in results for deal in deck["deals"]]
    summary = {
        "all": share(deals),
        "expert dealt": share([d for d in deals if d["dealer"] == "a"]),
        "heuristic dealt": share([d for d in deals if d["dealer"] == "b"]),
    }
    print(json.dumps({"sides": {"game": args.game, **options, **summary}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
