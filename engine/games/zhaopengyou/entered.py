"""A Zhao Pengyou deal played at a physical table: its result from the figures the table agreed on.

The cards are unknown, so the table reports what decides the deal (docs/rules/zhaopengyou.md
§Scoring a deal): who declared,
who turned out to be the declarer's friends (the final sides), and the defenders' points with
the kitty already counted. ``entered_result`` checks those figures against the match's situation
and scores them with the same ``scoring.settle`` a played deal uses, so a league never has to
mirror the game's rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core.errors import BadResult
from engine.core.figures import Figures
from engine.core.game import JSON
from engine.family.bounds import most_throw_penalties
from engine.games.zhaopengyou.rules import TABLE, ZhaoRules, calls_for, decks_for, hand_size
from engine.games.zhaopengyou.scoring import settle
from engine.games.zhaopengyou.situation import situation_or_first

KITTY_TOP = 60  # six kitty cards of 10 points at most


def most_defender_points(rules: ZhaoRules, seats: int) -> int:
    """The defenders' best possible total: every card point, the kitty's counted once more per multiple,
    and what failed-throw penalties can add with that option."""
    kitty = KITTY_TOP * max(0, rules.kitty_multiplier - 1)
    return 100 * decks_for(seats) + kitty + most_throw_penalties(rules, hand_size(seats))


def check_sides(seats: int, active: Sequence[int], declarer: int, friends: Sequence[int]) -> None:
    """The declarer is one of last deal's winners; the friends are other seats, at most one per call."""
    if not 0 <= declarer < seats or any(not 0 <= f < seats for f in friends):
        raise BadResult("no_such_seat", f"seats run from 0 to {seats - 1}")
    if declarer not in active:
        raise BadResult("not_a_winner", "only the last deal's winners may declare")
    if declarer in friends or len(set(friends)) != len(friends):
        raise BadResult("friends", "each friend is another player than the declarer, named once")
    if len(friends) > calls_for(seats):
        raise BadResult("too_many_friends", f"{seats} players call {calls_for(seats)} friends at most")


def entered_result(
    rules: ZhaoRules,
    seats: int,
    situation: Mapping[str, JSON] | None,
    declarer: int,
    friends: Sequence[int],
    defender_points: int,
    rescore: bool = False,
) -> dict[str, JSON]:
    """The deal's result as ``ZhaoDeal.score`` reports it, without the cards (``"entered": true``).

    ``rescore``: a deal entered before, scored again after an earlier deal's correction; it was
    played, so its declarer stands even if the corrected last deal's winners do not include it.
    """
    if seats not in TABLE:
        raise BadResult("seats", f"Zhao Pengyou is played by 6-12 players, not {seats}")
    sit = situation_or_first(situation, seats)
    winners = sit["last_winners"]
    active = list(range(seats)) if winners is None else [int(s) for s in winners]
    check_sides(seats, range(seats) if rescore else active, declarer, friends)
    top = most_defender_points(rules, seats)
    if defender_points % 5 or not 0 <= defender_points <= top:
        raise BadResult("points", f"the defenders' points are a multiple of 5 from 0 to {top}")
    short = calls_for(seats) - len(friends)
    team = sorted({declarer, *friends})
    ranks = [str(r) for r in sit["ranks"]]
    return {
        "outcome": "played",
        "entered": True,
        "dealer": declarer,
        "declarer": declarer,
        "declared_by": declarer,
        "provisional_dealer": sit["provisional_dealer"],
        "team": list(team),
        "max_team": 1 + calls_for(seats),
        "short": short,
        "defender_points": defender_points,
        "threshold": 40 * decks_for(seats),
        **settle(
            ranks,
            active,
            team,
            declarer,
            defender_points,
            decks_for(seats),
            short,
            rules.passive_penalty,
            rules.short_bonus,
        ),
    }


def settle_figures(
    rules: ZhaoRules, seats: int, situation: Mapping[str, JSON] | None, figures: Figures, rescore: bool
) -> dict[str, JSON]:
    """A deal's ``Figures``: a redeal when nobody declared, else the declarer's friends and points."""
    if figures.redeal:
        return redeal(rules, seats, situation, figures)
    return entered_result(
        rules,
        seats,
        situation,
        figures.declarer,
        figures.friends,
        figures.defender_points,
        rescore=rescore,
    )


def redeal(
    rules: ZhaoRules, seats: int, situation: Mapping[str, JSON] | None, figures: Figures
) -> dict[str, JSON]:
    """Nobody declared: the provisional dealer deals again and everyone counts as a winner
    (zhaopengyou.md §Declaring trumps).

    The result is a live redeal's (``ZhaoDeal.finish_redeal``); the provisional dealer is the
    situation's, else the rules' first dealer, else unknown (drawn for at the table).
    """
    if seats not in TABLE:
        raise BadResult("seats", f"Zhao Pengyou is played by 6-12 players, not {seats}")
    if figures.friends or figures.defender_points:
        raise BadResult("redeal_figures", "a redeal has no friends and no defenders' points")
    dealer = situation_or_first(situation, seats)["provisional_dealer"]
    if dealer is None and rules.first_dealer >= 0:
        dealer = rules.first_dealer
    return {
        "outcome": "redeal",
        "entered": True,
        "reason": "nobody declared",
        "by": dealer,
        "scores": [0] * seats,
        "next_dealer": dealer,
    }
