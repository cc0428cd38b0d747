"""What the viewer page needs of a deal: its steps from one perspective (cached, since a
finished deal never changes), the story, the result in words, and its neighbours in the match."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from cardclub.games import game_info
from engine.core.errors import EngineError
from engine.core.registry import get_game
from engine.core.result import (
    DealResult,
    LevelsResult,
    LevelsSituation,
    MatchSituation,
    SandahaResult,
    SandahaSituation,
    SisepaiResult,
    SisepaiSituation,
    ZhaoResult,
)
from engine.core.traits import Layout, Sides
from engine.review import BUDGETS, DEFAULT_BUDGET
from league import access
from league.models import Deal
from league.services import archive, typed_rows
from league.services.games import RULE_LABELS
from league.services.names import seat_label, seat_names
from replays.services.access import can_comment
from replays.services.boards import same_board
from replays.services.chart import points_chart
from replays.services.fairness import fair_deal
from replays.services.frames import ALL
from replays.services.graph import Graph, expected_points
from replays.services.records import deal_record
from replays.services.reviews import can_request_review, current_review, review_json, revive
from replays.services.steps import Replay, build, build_many, family_of, parse_perspective

CACHE_SECONDS = 24 * 3600
# Bumped whenever the shape of a frame changes, so no cache serves frames of an older shape.
FRAME_FORMAT = 6
# The review budgets (engine.review.BUDGETS) in words.
BUDGET_WORDS = {"fast": gettext_lazy("fast"), "strong": gettext_lazy("strong")}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# The engine's outcomes of a deal in words.
OUTCOME_WORDS = {
    "played": pgettext_lazy("deal outcome", "played"),
    "win": gettext_lazy("won"),
    "void": gettext_lazy("void deal"),
    "redeal": gettext_lazy("redeal"),
}


def cache_key(deal: Deal, perspective: int | str) -> str:
    """Where a deal's steps from ``perspective`` are cached."""
    # The salt and finish time tell apart two deals that got the same id in different databases.
    stamp = deal.finished_at.timestamp() if deal.finished_at else 0
    salt = archive.head(deal).salt
    return f"replays:steps:{FRAME_FORMAT}:{deal.pk}:{deal.version}:{salt}:{stamp}:{perspective}"


def as_payload(replay: Replay) -> dict[str, Any]:
    """The JSON the page script reads."""
    return {
        "perspective": replay.perspective,
        "frames": replay.frames,
        "moves": replay.moves,
        "story": replay.story.to_json(),
        "orders": replay.orders,
        "words": replay.words,
    }


def steps_payload(deal: Deal, perspective: int | str) -> dict[str, Any]:
    """Frames, visible moves and story of a finished deal from ``perspective``, built once."""
    key = cache_key(deal, perspective)
    payload: dict[str, Any] | None = cache.get(key)
    if payload is None:
        payload = as_payload(build(deal_record(deal), perspective))
        cache.set(key, payload, CACHE_SECONDS)
    return payload


def warm(deal: Deal) -> None:
    """Build every perspective of a finished deal in one replay and cache them (e.g. as it ends)."""
    perspectives: list[int | str] = [ALL, *range(len(archive.seats(deal)))]
    built = build_many(deal_record(deal), perspectives)
    cache.set_many({cache_key(deal, p): as_payload(r) for p, r in built.items()}, CACHE_SECONDS)


def page_context(
    deal: Deal, user: Any, seat: str | None, at: str, spoiler_free: bool = False
) -> dict[str, Any]:
    """Everything the viewer page shows of ``deal``, opened at step ``at`` (the first step unless
    a link names one) from ``seat``; ``spoiler_free`` hides every result until the last step."""
    head = header(deal)
    perspective = parse_perspective(seat, len(archive.seats(deal)))
    payload, broken = None, None
    if deal.has_moves:
        try:
            payload = steps_payload(deal, perspective)
        except EngineError as exc:  # stored moves that no longer replay: say so rather than fail
            broken = exc.message
    last = len(payload["frames"]) - 1 if payload else 0
    prev, nxt = neighbours(deal)
    review = current_review(deal) if payload else None
    if review is not None:
        revive(review)
    review_data = review_json(review) if review else None
    return {
        "deal": deal,
        "match": deal.match,
        "head": head,
        # The page's own sections: Si Se Pai's pieces and claims, Zhao Pengyou's friends found.
        "pieces": get_game(deal.game).layout is Layout.PIECES,
        "finds_friends": get_game(deal.game).sides is Sides.FRIENDS,
        "labels": labels(),
        "payload": payload,
        "broken": broken,
        "at": min(int(at), last) if at.isdigit() else 0,
        "last": last,
        "spoiler_free": spoiler_free,
        "ending": ending(deal, head["seats"]),
        "perspective": str(perspective),
        "perspectives": perspectives(deal),
        "chart": points_chart(payload["story"]["tricks"]) if payload else None,
        "fair": fair_deal(deal),
        "result": result_rows(typed_rows.deal_result(deal), head["seats"]),
        "standing": standing(deal),
        "comments": comments_for(deal, user),
        "comment_allowed": can_comment(user, deal),
        "prev": prev,
        "next": nxt,
        "league_match_url": league_match_url(deal.match_id),
        "same_board": same_board(deal, user),
        "review": review_data,
        "graph": review_graph(deal, review_data),
        "review_allowed": payload is not None and can_request_review(user, deal),
        "review_budgets": [(b, BUDGET_WORDS.get(b, b), b == DEFAULT_BUDGET) for b in BUDGETS],
    }


def review_graph(deal: Deal, review: dict[str, Any] | None) -> Graph | None:
    """The expected-points graph of a review's lines so far (services/graph.py), over the
    replay's steps (one per action after the deal as dealt)."""
    if not review or not review.get("lines"):
        return None
    record = deal_record(deal)
    return expected_points(record, review["unit"], review["lines"], len(record.actions))


def league_match_url(match_id: int) -> str | None:
    """The league's own page of a match (results, corrections), when the league has one."""
    try:
        return reverse("match-detail", args=[match_id])
    except NoReverseMatch:
        return None


def comments_for(deal: Deal, user: Any) -> list[tuple[Any, bool]]:
    """The deal's comments in step order, each with whether ``user`` may delete it."""
    manages = access.manages(user, deal.match.club)
    uid = user.pk if user is not None and user.is_authenticated else None
    return [(c, manages or c.author_id == uid) for c in deal.comments.select_related("author")]


def header(deal: Deal) -> dict[str, Any]:
    """Facts of the deal the page script needs besides the steps."""
    game = get_game(deal.game)
    head = archive.head(deal)
    return {
        "deal": deal.pk,
        "game": deal.game,
        "layout": family_of(deal.game),
        # The site's translated name: the engine's title is English ("Tractor (two decks)").
        "title": str(info.title) if (info := game_info(deal.game)) else game.title,
        "seats": seat_names(head.seats),  # told apart, seats named for people (league.services.names)
        "steps_url": f"/deals/{deal.pk}/steps.json",
        # real_hand_throws: the rules say whether a failed throw costs points; frames do not.
        "throw_penalty": bool(head.rules.get("throw_penalty")),
    }


def perspectives(deal: Deal) -> list[tuple[str, str]]:
    """Choices of the perspective switch: all hands, then each seat."""
    names = header(deal)["seats"]
    return [
        (ALL, _("All hands")),
        *((str(i), f"{seat_label(i, len(names))}: {n}") for i, n in enumerate(names)),
    ]


def neighbours(deal: Deal) -> tuple[Deal | None, Deal | None]:
    """The previous and next finished deals of the same match."""
    deals = Deal.objects.filter(match_id=deal.match_id, status=Deal.Status.FINISHED)
    prev = deals.filter(number__lt=deal.number).order_by("-number").first()
    nxt = deals.filter(number__gt=deal.number).order_by("number").first()
    return prev, nxt


def level_label(names: list[str], team: int, teams: int) -> str:
    """ "Level of A, C": a team named by its seats (seats sit alternately)."""
    return _("Level of %(seats)s") % {"seats": ", ".join(names[s] for s in range(team, len(names), teams))}


def standing(deal: Deal) -> list[tuple[str, str]]:
    """Levels (level games) or running scores (score games) as the deal began."""
    names = header(deal)["seats"]
    situation = start_situation(deal)
    levels = levels_before(typed_rows.deal_result(deal)) or (
        situation.levels if isinstance(situation, LevelsSituation) else None
    )
    if levels:
        return [(level_label(names, t, len(levels)), str(level)) for t, level in enumerate(levels)]
    scores = running_scores(situation)
    if scores:
        return [(_("Score of %(seat)s") % {"seat": names[s]}, str(v)) for s, v in enumerate(scores)]
    return []


def start_situation(deal: Deal) -> MatchSituation | None:
    """The match's situation as the deal began (``None``: the match's first deal)."""
    return typed_rows.situation(deal.game, archive.head(deal).situation)


def running_scores(situation: MatchSituation | None) -> tuple[int, ...] | None:
    """The running scores a score game's situation keeps (San Da Ha, Si Se Pai); level games none."""
    return situation.scores if isinstance(situation, (SandahaSituation, SisepaiSituation)) else None


def levels_before(result: DealResult | None) -> tuple[str, ...]:
    """Each side's level as a level game's deal began (none: not a level game's result)."""
    return (result.levels_before if isinstance(result, LevelsResult) else None) or ()


def levels_after(result: DealResult) -> tuple[str, ...]:
    """Each side's level after a level game's deal."""
    return (result.levels_after if isinstance(result, LevelsResult) else None) or ()


def ranks_before(result: DealResult) -> tuple[str, ...]:
    """Each player's rank as a Zhao Pengyou deal began."""
    return (result.ranks_before if isinstance(result, ZhaoResult) else None) or ()


def ranks_after(result: DealResult) -> tuple[str, ...]:
    """Each player's rank after a Zhao Pengyou deal."""
    return (result.ranks_after if isinstance(result, ZhaoResult) else None) or ()


def change_per_seat(result: DealResult) -> tuple[int, ...] | None:
    """What the deal changed per seat: a Si Se Pai deal's payments, else its ``scores``."""
    return (result.payments if isinstance(result, SisepaiResult) else None) or result.scores


# A redeal's ``reason`` in the page's language.
REASONS = {
    "nobody declared": gettext_lazy("nobody declared"),
    "all passed": gettext_lazy("all passed"),
    "pointless hand": gettext_lazy("a hand without points"),
    "weak hand": gettext_lazy("a weak hand (few points or few trumps)"),
}


def ending(deal: Deal, names: list[str]) -> list[dict[str, Any]]:
    """What the last step shows: levels or scores after the deal, the kitty with its points and
    multiplier, and who deals next; each row ``{"label", "value", "cards"}``."""
    result = typed_rows.deal_result(deal)
    rows: list[dict[str, Any]] = []
    if result is None:
        return rows

    def add(label: str, value: str, cards: list[str] | None = None) -> None:
        rows.append({"label": label, "value": value, "cards": cards or []})

    before, after = levels_before(result), levels_after(result)
    if before and after:
        for t in range(len(before)):
            add(level_label(names, t, len(before)), f"{before[t]} → {after[t]}")
    before, after = ranks_before(result), ranks_after(result)
    if before and after:
        for s in range(len(before)):
            add(_("Rank of %(seat)s") % {"seat": names[s]}, f"{before[s]} → {after[s]}")
    # Level games keep a deal-won flag in "scores"; score games pay (Si Se Pai) or score (San Da Ha).
    level_game = bool(levels_after(result) or ranks_after(result))
    change = None if level_game else change_per_seat(result)
    if change:
        start = running_scores(start_situation(deal)) or [0] * len(change)
        for s, v in enumerate(change):
            add(_("Score of %(seat)s") % {"seat": names[s]}, f"{start[s]} → {start[s] + v} ({v:+d})")
    if result.kitty:
        # A kitty's points stored as null read "None", as they always have; absent, 0.
        points = result.kitty_points if result.has("kitty_points") else 0
        note = _("%(points)s points") % {"points": points}
        if result.kitty_multiplier is not None:
            note = _("%(points)s points × %(times)s") % {"points": points, "times": result.kitty_multiplier}
        add(_("Kitty"), note, list(result.kitty))
    nxt = result.next_dealer
    if isinstance(nxt, int) and 0 <= nxt < len(names):
        add(_("Deals next"), names[nxt])
    return rows


def result_rows(result: DealResult | None, seats: list[str]) -> list[tuple[str, str]]:
    """The result as labelled lines, for the fields the games' results share."""
    if result is None:
        return []

    def who(seat: Any) -> str:
        return seats[seat] if isinstance(seat, int) and 0 <= seat < len(seats) else "—"

    outcome = str(result.outcome) if result.has("outcome") else ""
    rows: list[tuple[str, str]] = [(_("Outcome"), str(OUTCOME_WORDS.get(outcome, outcome)))]
    declared_by = result.declared_by if isinstance(result, (LevelsResult, ZhaoResult)) else None
    sisepai = result if isinstance(result, SisepaiResult) else None
    facts: list[tuple[Any, str, Any]] = [
        (result.dealer, _("Dealer"), who),
        (declared_by, _("Declared by"), who),
        (result.bid if isinstance(result, SandahaResult) else None, _("Bid"), str),
        (result.game_points if isinstance(result, ZhaoResult) else None, _("Game points"), str),
        (result.defender_points, _("Defenders' points"), str),
        (result.kitty_points, _("Points in the kitty"), str),
        (result.kitty_multiplier, _("Kitty multiplier"), str),
        (sisepai.winner if sisepai else None, _("Winner"), who),
        (sisepai.points if sisepai else None, _("Points"), str),
        (result.reason, _("Reason"), lambda reason: str(REASONS.get(reason, reason))),
    ]
    for value, label, fmt in facts:
        if value is not None:
            rows.append((label, fmt(value)))
    if result.trump:
        suit = SUIT_SYMBOLS.get(result.trump_suit or "", _("no trump suit"))
        rows.append((_("Trump"), f"{result.trump_rank or ''} {suit}".strip()))
    before = levels_before(result)
    if before:
        after = levels_after(result) if result.has("levels_after") else before
        for team in range(len(before)):
            rows.append((_("Levels, team %(t)s") % {"t": team + 1}, f"{before[team]} → {after[team]}"))
    before = ranks_before(result)
    if before:
        after = ranks_after(result) if result.has("ranks_after") else before
        for seat in range(len(before)):
            rows.append((_("Rank of %(seat)s") % {"seat": who(seat)}, f"{before[seat]} → {after[seat]}"))
    if result.has("deal_winners") and result.deal_winners is not None:
        rows.append((_("Deal won by"), ", ".join(who(s) for s in result.deal_winners) or "—"))
    change = change_per_seat(result)
    if change:
        rows.append((_("Change per seat"), ", ".join(f"{who(s)} {v:+d}" for s, v in enumerate(change))))
    return rows


def move_sentences() -> dict[str, str]:
    """A sentence per verb of services/moves.py, with the seat and the move's cards in its slots."""
    return {
        "draw": _("%(seat)s draws a card"),
        "draw_shown": _("%(seat)s draws %(cards)s"),
        "declare": _("%(seat)s declares %(cards)s"),
        "redeal": _("%(seat)s asks for a redeal"),
        "pickup": _("%(seat)s picks up the kitty"),
        "bury": _("%(seat)s buries %(cards)s"),
        "bid": _("%(seat)s bids %(n)s"),
        "pass": _("%(seat)s passes"),
        "trump": _("%(seat)s names %(suit)s trump"),
        "lead": _("%(seat)s leads %(cards)s"),
        "play": _("%(seat)s plays %(cards)s"),
        "call": _("%(seat)s calls the %(nth)s %(cards)s"),
        "discard": _("%(seat)s discards %(cards)s"),
        "chi": _("%(seat)s claims chi with %(cards)s"),
        "pong": _("%(seat)s claims pong"),
        "kong": _("%(seat)s claims kong"),
        "hu": _("%(seat)s wins on the shown piece (hu)"),
        "tsumo": _("%(seat)s wins on the drawn piece (tsumo)"),
        "meld": _("%(seat)s melds the drawn piece with %(cards)s"),
        "meld_single": _("%(seat)s melds the drawn general alone"),
    }


def short_move_sentences() -> dict[str, str]:
    """The same moves without a seat, as a verdict names them ("better: 9♣")."""
    return {
        "draw": _("drawing on"),
        "draw_shown": _("drawing on"),
        "declare": _("declaring %(cards)s"),
        "redeal": _("asking for a redeal"),
        "pickup": _("picking up the kitty"),
        "bury": _("burying %(cards)s"),
        "bid": _("bidding %(n)s"),
        "pass": _("passing"),
        "trump": _("naming %(suit)s trump"),
        "lead": _("%(cards)s"),
        "play": _("%(cards)s"),
        "call": _("calling the %(nth)s %(cards)s"),
        "discard": _("discarding %(cards)s"),
        "chi": _("chi with %(cards)s"),
        "pong": _("pong"),
        "kong": _("kong"),
        "hu": _("hu"),
        "tsumo": _("tsumo"),
        "meld": _("melding with %(cards)s"),
        "meld_single": _("melding the general alone"),
    }


def labels() -> dict[str, Any]:
    """Every word the page script writes, translated on the server."""
    return {
        "step": _("Step %(at)s of %(last)s"),
        "moves": move_sentences(),
        "short_moves": short_move_sentences(),
        "to_move_now": _("%(seats)s to move"),
        "dealt": _("As dealt"),
        "hidden_move": _("%(seat)s acted (hidden from this seat)"),
        "phase": _("Phase"),
        "phases": {
            "draw": _("drawing"),
            "kitty": _("kitty"),
            "bid": _("bidding"),
            "bury": _("burying"),
            "steal": _("kitty stealing"),
            "name": _("naming trump"),
            "call": _("calling friends"),
            "play": _("play"),
            "over": _("over"),
            "redeal": _("redeal window"),
            "window": _("claim window"),
            "discard": _("discard"),
        },
        "trump": _("Trump"),
        "no_suit": _("no trump suit"),
        "declaration": _("Declaration"),
        "none": _("none"),
        "kitty": _("Kitty"),
        "turned_up": _("Turned up"),
        "stock": _("Stock"),
        "cards": _("%(n)s cards"),
        "card": _("%(n)s card"),
        "defender_points": _("Defenders' points"),
        "won": _("%(points)s pts"),
        "dealer": _("dealer"),
        "to_move": _("to move"),
        "current_trick": _("Current trick"),
        "last_trick": _("Last trick"),
        "bids": _("Bids"),
        "pass": _("pass"),
        "scores": _("Scores before the deal"),
        "shown": _("Shown"),
        "claim": _("Last claim"),
        "melds": _("Melds"),
        "discards": _("Discards"),
        "play": _("Autoplay"),
        "pause": _("Pause"),
        "copied": _("Link copied"),
        "copy_failed": _("Copy this link:"),
        "loading": _("Loading…"),
        "load_failed": _("Could not load this perspective."),
        "result": _("Result"),
        "trick": _("Trick %(n)s"),
        "rank": _("rank %(rank)s"),
        "friend": _("friend"),
        "call": _("Friend call"),
        "called_by": _("played by %(seat)s"),
        "not_yet": _("not played yet"),
        "nth_copy": _("%(nth)s copy of"),
        "ordinals": {"1": _("1st"), "2": _("2nd"), "3": _("3rd"), "4": _("4th")},
        "copies": _("%(n)s played"),
        "used_up": _("played by %(seat)s, already on the team"),
        "failed_throws": _("Failed throws"),
        "failed_throw": _("%(name)s tried %(attempted)s — failed, plays %(forced)s"),
        "failed_throw_item": _("Trick %(n)s: %(name)s tried %(attempted)s, failed, played %(forced)s"),
        "throw_penalty": RULE_LABELS["throw_penalty"],
        "review": {
            "queued": _("Review queued…"),
            "running": _("Reviewing: %(done)s of %(total)s decisions"),
            "failed": _("The review failed: %(error)s"),
            "played": _("Played"),
            "best": _("Better"),
            "gain": _("expected gain %(gain)s ± %(se)s %(unit)s"),
            "verdict": _("%(seat)s chose %(move)s: %(label)s"),
            "better_by": _("Better: %(move)s, expected +%(gain)s ± %(se)s %(unit)s"),
            "complete": _("Review complete (in %(seconds)s s)"),
            "complete_plain": _("Review complete"),
            # engine.review's units (the review's "unit").
            "units": {"card points": _("card points"), "points paid": _("points paid")},
            "best_move": _("The move played was the best found."),
            "show_better": _("Show the board after the better move"),
            "hide_better": _("Back to the move played"),
            "better_board": _("The board if %(seat)s had chosen %(move)s"),
            "labels": {
                "best": _("best"),
                "good": _("good"),
                "inaccuracy": _("inaccuracy"),
                "mistake": _("mistake"),
                "blunder": _("blunder"),
            },
            # engine.review's kinds of decision.
            "kinds": {
                "play": _("play"),
                "bury": _("burial"),
                "steal": _("kitty steal or pass"),
                "declare": _("declaration"),
                "bid": _("bid"),
                "call": _("friend call"),
                "name_trump": _("naming trump"),
                "redeal": _("redeal"),
                "pickup": _("kitty pickup"),
                "discard": _("discard"),
                "claim": _("claim"),
                "meld": _("meld"),
            },
            "seat": _("Seat"),
            "accuracy": _("Accuracy"),
            "loss": _("Loss per decision"),
            "decisions": _("Decisions"),
            "inaccuracies": _("Inaccuracies"),
            "mistakes": _("Mistakes"),
            "blunders": _("Blunders"),
            "no_mistake": _("No mistake that way."),
        },
    }
