"""What a duplicate table rates: its two partnerships by matchpoints, a team match by victory points.

At a duplicate table the levels climbed say what the boards dealt more than how the table played
them, so a table is not rated by its levels. It is rated once its round is over (every table has
played the boards, so the matchpoints are final):

- **Pairs**: the NS partnership against the EW partnership, placed by the matchpoints each earned
  at this table on the boards it played. On every board NS and EW share its top, so NS come first
  when they scored more than half of it: with the same cards, they beat the field more often
  than their opponents did. Equal matchpoints are a draw.
- **Teams of four**: a team match (two tables) is rated once, on its first table: the home team's
  four players against the away team's four, placed by victory points.

Each side is rated like any partnership (``league.elo``: the side's average rating, every player
of a side moving by the same K-scaled amount); ``docs/duplicate.md`` has a worked example.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from league import elo
from league.models import Match, Round, Tournament
from league.services import travellers


def round_over(match: Match) -> bool:
    """Whether the duplicate table's round is over, so that its matchpoints are final."""
    return match.round is not None and match.round.status == Round.Status.FINISHED


def rated_sides(match: Match, memo: dict[tuple[str, int], Any] | None = None) -> tuple[elo.Side, ...]:
    """The sides a finished duplicate table rates, or none (round not over, nothing played, the
    second table of a team match). ``memo`` keeps a round's scores across calls (a recompute)."""
    rnd = match.round
    if rnd is None or not round_over(match):
        return ()
    memo = {} if memo is None else memo
    if match.tournament is not None and match.tournament.format == Tournament.Format.DUPLICATE_TEAMS:
        return team_sides(match, rnd, memo)
    return pair_sides(match, rnd, memo)


def pair_sides(match: Match, rnd: Round, memo: dict[tuple[str, int], Any]) -> tuple[elo.Side, ...]:
    """NS against EW, placed by the matchpoints each pair earned at this table."""
    key = ("pairs", rnd.pk)
    if key not in memo:
        memo[key] = table_matchpoints(rnd)
    totals = memo[key].get(match.pk)
    if totals is None:
        return ()
    ns, ew = totals
    seats = sorted(match.seats.all(), key=lambda s: s.seat)
    players = [tuple(s.player_id for s in seats if s.seat % 2 == side and s.player_id) for side in (0, 1)]
    places = (1, 1) if ns == ew else (1, 2) if ns > ew else (2, 1)
    return tuple(elo.Side(p, place) for p, place in zip(players, places, strict=True))


def table_matchpoints(rnd: Round) -> dict[int, tuple[Fraction, Fraction]]:
    """Match id → (NS, EW) matchpoints at that table over the boards it played (factored)."""
    out: dict[int, tuple[Fraction, Fraction]] = {}
    for rows in travellers.travellers(rnd).values():
        for row in rows:
            if row.ns_mp is None or row.ew_mp is None:
                continue
            ns, ew = out.get(row.match.pk, (Fraction(0), Fraction(0)))
            out[row.match.pk] = (ns + row.ns_mp, ew + row.ew_mp)
    return out


def team_sides(match: Match, rnd: Round, memo: dict[tuple[str, int], Any]) -> tuple[elo.Side, ...]:
    """Home team against away team (all four players each), placed by victory points; first table only."""
    key = ("teams", rnd.pk)
    if key not in memo:
        memo[key] = travellers.team_matches(rnd)
    for team_match in memo[key]:
        first, second = team_match["tables"]
        if first.pk != match.pk or team_match["vp"] is None:
            continue
        home, away = team_match["vp"]
        places = (1, 1) if home == away else (1, 2) if home > away else (2, 1)
        seats = [*first.seats.all(), *second.seats.all()]
        teams = [team_match["home"].pk, team_match["away"].pk]
        players = [
            tuple(sorted({s.player_id for s in seats if s.entry_id == team and s.player_id}))
            for team in teams
        ]
        return tuple(elo.Side(p, place) for p, place in zip(players, places, strict=True))
    return ()
