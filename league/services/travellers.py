"""Duplicate results read from the database: travellers (every table's result on a board) and standings.

The scoring itself is ``league.duplicate`` (pure); this module gathers the finished deals of a
round's boards, live or entered by hand, and hands them over. Pairs are ranked by percentage,
then by the league's tie-breaks over each table's matchpoints; teams by victory points, then by
the tie-breaks, exactly like any match of two entries.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from league import duplicate
from league import standings as fold
from league.models import Board, Bye, Deal, Match, Round, Tournament
from league.services import typed_rows
from league.services.duplicate import TEAM_BYE_VP


@dataclass
class TravellerRow:
    """One table's result on a board: who sat where, the result, the plus points and matchpoints."""

    match: Match
    deal: Deal
    ns: Any
    ew: Any
    plus: int | None
    ns_mp: Fraction | None = None
    ew_mp: Fraction | None = None

    @property
    def entered(self) -> bool:
        """Entered by hand (no cards known) rather than played live or uploaded."""
        result = typed_rows.deal_result(self.deal)
        return result is not None and bool(result.entered)

    @property
    def how(self) -> str:
        """How the result came: "entered" by hand, "live" at a live table, or an "uploaded" record."""
        if self.entered:
            return "entered"
        return "live" if self.match.kind == Match.Kind.LIVE else "uploaded"


def plus_of(deal: Deal) -> int | None:
    """NS's plus points on the deal's board (``None``: not played)."""
    return duplicate.plus_score(typed_rows.result(deal.game, deal.result or {}))


def _sides(match: Match) -> tuple[Any, Any]:
    """(NS entry, EW entry) of a duplicate table."""
    seats = {s.seat: s.entry for s in match.seats.all()}
    return seats.get(0), seats.get(1)


def finished_deals(rnd: Round) -> list[Deal]:
    """Finished deals of the round's boards, with their match and seats."""
    return list(
        Deal.objects.filter(board__round=rnd, status=Deal.Status.FINISHED)
        .select_related("match", "board")
        .prefetch_related("match__seats__entry")
        .order_by("board__number", "match__stage", "match__table_number")
    )


def travellers(rnd: Round) -> dict[int, list[TravellerRow]]:
    """Board number → every table's result on it, matchpoints filled in (pairs) as scored."""
    out: dict[int, list[TravellerRow]] = defaultdict(list)
    for deal in finished_deals(rnd):
        ns, ew = _sides(deal.match)
        out[deal.board.number].append(  # type: ignore[union-attr]
            TravellerRow(deal.match, deal, ns, ew, plus_of(deal))
        )
    expected = max((len(_played(rows)) for rows in out.values()), default=0)
    for rows in out.values():
        played = _played(rows)
        if not played:
            continue
        scores = duplicate.score_board([_table(r) for r in played], expected)
        by_table = {(s.direction, s.pair): s.matchpoints for s in scores}
        for r in played:
            r.ns_mp, r.ew_mp = by_table[("NS", r.ns.pk)], by_table[("EW", r.ew.pk)]
    return dict(sorted(out.items()))


def _played(rows: list[TravellerRow]) -> list[TravellerRow]:
    return [r for r in rows if r.plus is not None and r.ns is not None and r.ew is not None]


def _table(row: TravellerRow) -> duplicate.TableResult:
    assert row.plus is not None
    return duplicate.TableResult(row.ns.pk, row.ew.pk, row.plus)


def standings(tournament: Tournament) -> list[fold.StandingRow]:
    """The duplicate standings of ``tournament`` (pairs or teams), as the league stores them."""
    if tournament.format == Tournament.Format.DUPLICATE_TEAMS:
        return team_standings(tournament)
    return pair_standings(tournament)


def pair_standings(tournament: Tournament) -> list[fold.StandingRow]:
    """Pairs ranked by percentage; points are the percentage and second the matchpoints, in hundredths."""
    entries = list(tournament.entries.order_by("seed", "id").values_list("id", flat=True))
    boards: dict[int, list[duplicate.TableResult]] = {}
    per_match: dict[int, list[Fraction]] = defaultdict(lambda: [Fraction(0), Fraction(0)])
    matches: dict[int, tuple[int, Match, TravellerRow]] = {}
    for rnd in tournament.rounds.all():
        for number, board_rows in travellers(rnd).items():
            played = _played(board_rows)
            boards[rnd.pk * 1000 + number] = [_table(r) for r in played]
            for r in played:
                acc = per_match[r.match.pk]
                acc[0] += r.ns_mp or 0
                acc[1] += r.ew_mp or 0
                matches[r.match.pk] = (rnd.number, r.match, r)
    # The table's matchpoints, as a two-entry match, give the league's tie-breaks their inputs.
    results = []
    for match_pk, (number, _match, row) in matches.items():
        mp = [duplicate.hundredths(v) for v in per_match[match_pk]]
        places = (1, 1) if mp[0] == mp[1] else (1, 2) if mp[0] > mp[1] else (2, 1)
        results.append(fold.MatchResult(number, (row.ns.pk, row.ew.pk), tuple(mp), places, (), (0, 1)))
    rows = fold.compute_standings(entries, results, (), list(tournament.tie_breaks))
    totals = {t.pair: t for t in duplicate.pair_totals(boards)}

    def key(r: fold.StandingRow) -> tuple[int, ...]:
        t = totals.get(r.entry)
        percent = duplicate.hundredths(t.percent) if t else 0
        return (-percent, -(duplicate.hundredths(t.matchpoints) if t else 0), *(-v for _c, v in r.tiebreaks))

    ordered = sorted(rows, key=key)
    out: list[fold.StandingRow] = []
    for position, srow in enumerate(ordered):
        t = totals.get(srow.entry)
        rank = out[-1].rank if out and key(ordered[position - 1]) == key(srow) else position + 1
        out.append(
            fold.StandingRow(
                rank,
                srow.entry,
                duplicate.hundredths(t.percent) if t else 0,
                t.boards if t else 0,
                0,
                srow.tiebreaks,
                duplicate.hundredths(t.matchpoints) if t else 0,
            )
        )
    return out


def team_matches(rnd: Round) -> list[dict[str, Any]]:
    """The round's team matches: home, away, plus-point difference, boards compared and, once both
    tables have finished, the victory points."""
    tables: dict[frozenset[int], list[Match]] = defaultdict(list)
    for match in rnd.matches.prefetch_related("seats__entry").order_by("table_number"):
        ns, ew = _sides(match)
        if ns is not None and ew is not None:
            tables[frozenset((ns.pk, ew.pk))].append(match)
    plus: dict[tuple[int, int], int | None] = {}
    for deal in finished_deals(rnd):
        plus[(deal.match_id, deal.board.number)] = plus_of(deal)  # type: ignore[union-attr]
    out = []
    for pair in tables.values():
        if len(pair) != 2:
            continue
        first, second = pair
        home, away = _sides(first)
        compared = [
            n
            for n in first.boards
            if plus.get((first.pk, n)) is not None and plus.get((second.pk, n)) is not None
        ]
        diff = sum(
            duplicate.team_board(plus.get((first.pk, n)), plus.get((second.pk, n))) for n in first.boards
        )
        done = first.status == second.status == Match.Status.FINISHED
        vp = duplicate.victory_points(diff, len(compared)) if done else None
        out.append(
            {
                "home": home,
                "away": away,
                "tables": pair,
                "difference": diff,
                "boards": len(compared),
                "vp": vp,
            }
        )
    return out


def team_standings(tournament: Tournament) -> list[fold.StandingRow]:
    """Teams ranked by victory points, then the tournament's tie-breaks (plus-point difference as DIFF)."""
    results = []
    for rnd in tournament.rounds.all():
        for m in team_matches(rnd):
            if m["vp"] is None:
                continue
            vp, diff = m["vp"], m["difference"]
            places = (1, 1) if vp[0] == vp[1] else (1, 2) if vp[0] > vp[1] else (2, 1)
            results.append(
                fold.MatchResult(rnd.number, (m["home"].pk, m["away"].pk), vp, places, (diff, -diff), (0, 1))
            )
    byes = [
        fold.Bye(b.round.number, b.entry_id, TEAM_BYE_VP)
        for b in Bye.objects.filter(round__tournament=tournament).select_related("round")
    ]
    entries = list(tournament.entries.order_by("seed", "id").values_list("id", flat=True))
    return fold.compute_standings(entries, results, byes, list(tournament.tie_breaks))


def boards_of(rnd: Round) -> list[Board]:
    """The round's boards in order."""
    return list(rnd.boards.order_by("number"))
