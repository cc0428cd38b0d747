"""A finished deal's result told for people: who won, the points, level or score changes, the replay.

The engine's result JSON is the source; this only picks its facts and names the seats. The
detailed list is the replay viewer's own (``replays.services.viewer.result_rows``).
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from engine.core.result import DealResult, LevelsResult, SandahaResult, ZhaoResult
from league.models import Deal, Match
from league.services import archive, names, typed_rows
from league.services.games import RULE_LABELS
from replays.services import reviews
from replays.services.viewer import SUIT_SYMBOLS, result_rows
from tables import deal_sums


def seat_names(deal: Deal) -> list[str]:
    """The names of the deal's seats, in seat order, told apart (``league.services.names``)."""
    return names.seat_names(archive.seats(deal))


def card_text(card: str) -> str:
    """A card as people write it: ``10♥``, ``A♠``, jokers by name."""
    if card == "BJ":
        return _("big joker")
    if card == "LJ":
        return _("little joker")
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS.get(card[1], card[1])


def headline(result: DealResult, names: list[str]) -> str:
    """Who won the deal, in one sentence."""
    winners = ", ".join(names[s] for s in result.deal_winners)
    if result.declarer_won:
        return _("The declarer's side won: %(names)s.") % {"names": winners}
    return _("The defenders won: %(names)s.") % {"names": winners}


def point_lines(result: DealResult) -> list[str]:
    """The defenders' points, the threshold when there is one, and what the kitty added."""
    points = result.defender_points if result.has("defender_points") else 0
    lines = [_("The defenders took %(points)s points.") % {"points": points}]
    if isinstance(result, ZhaoResult) and result.threshold:
        lines[0] += " " + _("The threshold was %(threshold)s.") % {"threshold": result.threshold}
    kitty = result.kitty_points or 0
    multiplier = result.kitty_multiplier
    if multiplier is None and isinstance(result, LevelsResult) and result.kitty_bonus:
        multiplier = 2
    if kitty and multiplier:
        lines.append(
            _("The kitty's %(points)s points counted × %(times)s.") % {"points": kitty, "times": multiplier}
        )
    if isinstance(result, SandahaResult) and result.bid is not None:
        lines.append(_("The declarer bid %(bid)s.") % {"bid": result.bid})
    return lines


def change_lines(result: DealResult, names: list[str]) -> list[str]:
    """Level changes per side, rank changes per seat (Zhao Pengyou), or score changes (San Da Ha)."""
    if isinstance(result, LevelsResult) and result.levels_before:
        before, after = result.levels_before, result.levels_after or result.levels_before
        teams = len(before)
        return [
            _("%(names)s: level %(before)s → %(after)s")
            % {
                "names": " & ".join(names[s] for s in range(t, len(names), teams)),
                "before": before[t],
                "after": after[t],
            }
            for t in range(teams)
        ]
    if isinstance(result, ZhaoResult) and result.ranks_before:
        before, after = result.ranks_before, result.ranks_after or result.ranks_before
        return [
            _("%(name)s: rank %(before)s → %(after)s") % {"name": names[s], "before": b, "after": a}
            for s, (b, a) in enumerate(zip(before, after, strict=False))
            if a != b
        ] or [_("No rank changed.")]
    if result.scores:
        return [
            _("%(name)s: %(change)+d") % {"name": names[s], "change": v} for s, v in enumerate(result.scores)
        ]
    return []


def call_lines(result: DealResult, names: list[str]) -> list[str]:
    """Zhao Pengyou: each friend call and who answered it."""
    lines = []
    for call in result.friend_calls if isinstance(result, ZhaoResult) else ():
        card = _("%(nth)s copy of %(card)s") % {"nth": ordinal(call.nth), "card": card_text(call.card)}
        if call.by is None:
            lines.append(_("%(call)s: never played") % {"call": card})
        elif call.joined:
            lines.append(_("%(call)s: %(name)s joined as a friend") % {"call": card, "name": names[call.by]})
        else:
            lines.append(
                _("%(call)s: played by %(name)s, already on the team")
                % {"call": card, "name": names[call.by]}
            )
    return lines


def ordinal(nth: int) -> str:
    """1st, 2nd, 3rd, 4th, in the page's language."""
    words = {1: _("1st"), 2: _("2nd"), 3: _("3rd"), 4: _("4th")}
    return words.get(nth, str(nth))


def throw_lines(deal: Deal, names: list[str]) -> list[str]:
    """The ``real_hand_throws`` option: each failed throw, then what the penalty costs when it is on."""
    result = typed_rows.deal_result(deal)
    throws = result.throws if result is not None else ()
    lines = [
        _("Trick %(n)s: %(name)s tried %(attempted)s, failed, played %(forced)s")
        % {
            "n": t.trick + 1,
            "name": names[t.seat],
            "attempted": " ".join(map(card_text, t.attempted)),
            "forced": " ".join(map(card_text, t.forced)),
        }
        for t in throws
    ]
    if throws and archive.head(deal).rules.get("throw_penalty"):
        lines.append(str(RULE_LABELS["throw_penalty"]))
    return lines


def match_line(deal: Deal, names: list[str]) -> str | None:
    """The match's end, with its winners, once the match is over."""
    match = Match.objects.only("status", "result").get(pk=deal.match_id)
    if match.status != Match.Status.FINISHED:
        return None
    result = typed_rows.match_result(match)
    winners = result.winners if result is not None else ()
    if not winners:
        return _("The match is over.")
    return _("The match is over. Winners: %(names)s.") % {"names": ", ".join(names[s] for s in winners)}


def sum_lines(sums: deal_sums.Sums, names: list[str]) -> dict[str, Any]:
    """The defenders' points part by part in words: each trick, the kitty, each throw, the sum."""
    kitty = " ".join(map(card_text, sums.kitty))
    if sums.kitty_multiplier:
        kitty_line = _("Kitty %(cards)s: %(points)s points × %(times)s = %(total)s to the defenders") % {
            "cards": kitty,
            "points": sums.kitty_points,
            "times": sums.kitty_multiplier,
            "total": sums.from_kitty,
        }
    else:
        kitty_line = _("Kitty %(cards)s: %(points)s points, kept by the declarer's side") % {
            "cards": kitty,
            "points": sums.kitty_points,
        }
    throws = [
        (_("Trick %(n)s: %(name)s's failed throw: %(change)+d for the defenders"))
        % {"n": t.trick, "name": names[t.seat], "change": t.change}
        for t in sums.throws
        if t.change
    ]
    parts = [str(sums.in_tricks), signed(sums.from_kitty)]
    if sums.from_throws:
        parts.append(signed(sums.from_throws))
    raw = sums.in_tricks + sums.from_kitty + sums.from_throws
    total_line = _("Defenders' points: %(sum)s = %(total)s") % {"sum": " ".join(parts), "total": sums.total}
    if raw < 0:
        total_line += " " + _("(never below 0)")
    return {
        "tricks": [
            {
                "number": t.number,
                "winner": names[t.winner],
                "points": t.points,
                "defenders": t.defenders,
                "running": t.running,
            }
            for t in sums.tricks
        ],
        "kitty": kitty_line,
        "throws": throws,
        "total": total_line,
    }


def signed(number: int) -> str:
    """A term of a sum as written: "+ 40", "− 10"."""
    return ("+ " if number >= 0 else "− ") + str(abs(number))


def next_dealer(deal: Deal, names: list[str]) -> str | None:
    """Who deals (or declares first in) the next deal, when the match goes on."""
    result = typed_rows.deal_result(deal)
    seat = result.next_dealer if result is not None else None
    if seat is None:
        later = Deal.objects.filter(match_id=deal.match_id, number=deal.number + 1).first()
        stored = archive.head(later).situation if later is not None else deal.match.situation
        situation = typed_rows.situation(deal.game, stored)
        seat = situation.dealer if situation is not None else None
    if not isinstance(seat, int) or not 0 <= seat < len(names):
        return None
    return _("%(name)s deals next.") % {"name": names[seat]}


def way_back(deal: Deal) -> tuple[str, str]:
    """(link, words) back where the match came from: its tournament, else the club's tables."""
    match = deal.match
    if match.tournament_id is not None:
        return match.tournament.get_absolute_url(), _("Back to the tournament")  # type: ignore[union-attr]
    return reverse("table-lobby", args=[match.club.slug]), _("Back to the club's tables")


def context(deal: Deal, user: Any = None) -> dict[str, Any]:
    """What ``tables/result.html`` shows of a finished deal (to ``user``: the review's link)."""
    stored = deal.result or {}
    result = typed_rows.result(deal.game, stored)
    names = seat_names(deal)
    redeal = result.outcome == "redeal"
    sums = None if redeal else deal_sums.sums(deal)
    match_line_text = match_line(deal, names)
    back_url, back_text = way_back(deal)
    return {
        "sums": sum_lines(sums, names) if sums is not None else None,
        "next_dealer": None if match_line_text else next_dealer(deal, names),
        "may_review": user is not None and reviews.can_request_review(user, deal),
        "review_url": reverse("review-request", args=[deal.pk]),
        "back_url": back_url,
        "back_text": back_text,
        "deal": deal,
        "redeal": redeal,
        "reason": result.reason if result.has("reason") else "",
        "headline": None if redeal else headline(result, names),
        "points": [] if redeal else point_lines(result),
        "changes": [] if redeal else change_lines(result, names),
        "calls": call_lines(result, names),
        "throws": throw_lines(deal, names),
        "match_line": match_line_text,
        "rows": result_rows(result if stored else None, names),
        "replay_url": reverse("deal-viewer", args=[deal.pk]),
    }
