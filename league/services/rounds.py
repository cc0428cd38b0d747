"""Generating a round's tables (round robin, Swiss, individual seating), adjusting the draft, publishing.

Every pairing makes tables from *pairs* of entries: a partnership match is one pair (entry A at
seats 0 & 2, entry B at 1 & 3, partners opposite as the engine numbers seats); a four-seat table
of individuals joins two pairs of the round (a, b, c, d: a and c partners, b and d partners, so
each pair meets as opponents). Over a round robin of n individuals everyone therefore meets
everyone at least once in n - 1 rounds. Individual seating draws whole tables with
``league.seating`` instead (any size, kept-apart players, fewest repeated meetings).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league import pairing, seating, signals
from league.models import Bye, Entry, EntryMember, Match, MatchSeat, Round, Tournament
from league.services import duplicate, table_codes, tournaments
from league.services.games import partnerships
from league.services.pairing_words import refusal
from league.services.tournaments import TournamentError, entry_size, seat_range, seats_per_table

# Match points for a bye: a Swiss bye counts as a win (FIDE's pairing-allocated bye), and so does
# a round robin table lost to a withdrawn entry (a forfeit); the round robin's own bye and an
# individual sit-out score nothing, since everyone gets the same number of them.
SWISS_BYE_POINTS = 2
FORFEIT_POINTS = 2

Tables = list[tuple[int, ...]]
Byes = list[tuple[int, int]]  # (entry id, match points)


def active_entries(tournament: Tournament) -> list[Entry]:
    """Entries playing the next round, in seed order: not withdrawn, and checked in if the event asks."""
    entries = tournament.entries.filter(withdrawn=False)
    if tournament.check_in:
        entries = entries.filter(checked_in_for=tournaments.next_round(tournament))
    return list(entries.order_by("seed", "id"))


def tables_from_pairs(
    pairs: Sequence[tuple[int, int]], per_table: int, forbidden: Sequence[tuple[int, int]] = ()
) -> tuple[list[tuple[int, ...]], list[int]]:
    """Tables of ``per_table`` entries from the round's pairs: (a, b), (c, d) → a, b, c, d.

    Forbidden pairs of entries go to separate tables where the pairs allow it
    (``pairing.group_pairs``).
    """
    group = max(1, per_table // 2)
    grouped = pairing.group_pairs(pairs, group, forbidden)
    tables = [tuple(x for pair in g for x in pair) for g in grouped if len(g) == group]
    rest = [x for g in grouped if len(g) < group for pair in g for x in pair]
    return tables, rest


def entries_per_table(tournament: Tournament) -> int:
    """How many entries one table seats."""
    return seats_per_table(tournament) // entry_size(tournament)


def played_pairs(tournament: Tournament) -> list[tuple[int, int]]:
    """Every pair of entries that shared a table in earlier rounds."""
    pairs: list[tuple[int, int]] = []
    for match in tournament.matches.prefetch_related("seats"):
        entries = list(dict.fromkeys(s.entry_id for s in match.seats.all() if s.entry_id))
        pairs.extend((a, b) for i, a in enumerate(entries) for b in entries[i + 1 :])
    return pairs


# Formats whose pairing keeps the tournament's kept-apart players apart (duplicate movements do not).
KEEPS_APART = frozenset(
    {Tournament.Format.ROUND_ROBIN, Tournament.Format.SWISS, Tournament.Format.INDIVIDUAL}
)


def forbidden_pairs(tournament: Tournament) -> list[tuple[int, int]]:
    """The kept-apart players as pairs of entry ids (two players of one entry are no pair to keep apart)."""
    entry_of = dict(
        EntryMember.objects.filter(entry__tournament=tournament).values_list("player_id", "entry_id")
    )
    pairs = {
        (min(entry_of[a], entry_of[b]), max(entry_of[a], entry_of[b]))
        for a, b in tournament.keep_apart
        if a in entry_of and b in entry_of and entry_of[a] != entry_of[b]
    }
    return sorted(pairs)


def forbidden_meetings(rnd: Round) -> list[tuple[Entry, Entry]]:
    """Kept-apart entries that share a table of the round (to report: the pairing could not help it)."""
    forbidden = forbidden_pairs(rnd.tournament)
    if not forbidden:
        return []
    tables = [
        {s.entry_id for s in m.seats.all() if s.entry_id} for m in rnd.matches.prefetch_related("seats")
    ]
    met = pairing.met_pairs(tables, forbidden)
    entries = Entry.objects.in_bulk({e for pair in met for e in pair})
    return [(entries[a], entries[b]) for a, b in met]


def round_robin_round(tournament: Tournament, number: int) -> tuple[Tables, Byes]:
    """Tables and byes of round ``number`` of the Berger schedule (fixed by the entries at the start)."""
    # Withdrawn entries keep their pairing numbers so that the schedule never changes mid-event;
    # their tables are not played and the others at them get a forfeit.
    entries = list(tournament.entries.order_by("seed", "id"))
    # Entries not checked in for this round miss it like withdrawn ones: their opponents win by forfeit.
    playing = {e.pk for e in active_entries(tournament)}
    withdrawn = {e.pk for e in entries if e.pk not in playing}
    ids = [e.pk for e in entries]
    schedule = pairing.round_robin(ids, cycles=1 + (number - 1) // max(1, len(ids) - 1 + len(ids) % 2))
    if number > len(schedule):
        raise TournamentError(_("The round robin has only %(n)s rounds.") % {"n": len(schedule)})
    rnd = schedule[number - 1]
    # A round robin's pairs are fixed (everyone meets everyone); only their grouping into tables
    # of four individuals keeps kept-apart entries apart.
    tables, rest = tables_from_pairs(rnd.pairs, entries_per_table(tournament), forbidden_pairs(tournament))
    byes = [(e, 0) for e in [*rest, *([rnd.bye] if rnd.bye else [])] if e not in withdrawn]
    played = [t for t in tables if not withdrawn & set(t)]
    byes += [(e, FORFEIT_POINTS) for t in tables if withdrawn & set(t) for e in t if e not in withdrawn]
    return played, byes


def swiss_round(tournament: Tournament, number: int) -> tuple[Tables, Byes]:
    """Tables and byes of the next Swiss round, from the stored standings order."""
    entries = active_entries(tournament)
    rows = {r.entry_id: r for r in tournament.standing_rows.all()}
    ranked = sorted(entries, key=lambda e: (rows[e.pk].rank if e.pk in rows else 0, e.seed, e.pk))
    standings = [pairing.SwissEntry(e.pk, rows[e.pk].points if e.pk in rows else 0) for e in ranked]
    byes = Bye.objects.filter(round__tournament=tournament).values_list("entry_id", flat=True)
    forbidden = forbidden_pairs(tournament)
    try:
        rnd = pairing.pair_swiss(standings, played_pairs(tournament), list(byes), number, forbidden=forbidden)
    except pairing.PairingError as exc:
        raise TournamentError(refusal(exc)) from None
    tables, rest = tables_from_pairs(rnd.pairs, entries_per_table(tournament), forbidden)
    return tables, [(e, SWISS_BYE_POINTS) for e in [*rest, *([rnd.bye] if rnd.bye else [])]]


def seated_history(tournament: Tournament) -> list[seating.SeatedRound]:
    """Earlier rounds as the seating module sees them (entry ids in seat order)."""
    history = []
    for rnd in tournament.rounds.prefetch_related("matches__seats", "byes"):
        tables = tuple(tuple(s.entry_id for s in m.seats.all() if s.entry_id) for m in rnd.matches.all())
        history.append(seating.SeatedRound(tables, tuple(b.entry_id for b in rnd.byes.all())))
    return history


def individual_round(tournament: Tournament, number: int) -> tuple[Tables, Byes]:
    """Tables drawn by ``league.seating``: fewest repeated meetings, kept-apart players never together."""
    entries = active_entries(tournament)
    by_player = {e.members.first().player_id: e.pk for e in entries}  # type: ignore[union-attr]
    apart = [
        (by_player[a], by_player[b]) for a, b in tournament.keep_apart if a in by_player and b in by_player
    ]
    size, smallest = seat_range(tournament, len(entries))
    try:
        # The whole event is planned from the tournament's id (seating.seat_planned_round), so a
        # round drawn again comes out the same, and rounds planned together repeat fewer meetings.
        # The budget keeps a request around a second.
        seated = seating.seat_planned_round(
            sorted(e.pk for e in entries),
            size,
            f"tournament-{tournament.pk}",
            max(tournament.rounds_planned, number),
            history=seated_history(tournament),
            keep_apart=apart,
            partners_opposite=partnerships(tournament.game) and size == 4,
            # Zhao Pengyou (6-12) and Si Se Pai (2-4) fill smaller tables rather than seat fewer.
            min_size=smallest,
            iterations=20_000,
            restarts=2,
        )
    except seating.SeatingError as exc:
        raise TournamentError(str(exc)) from None
    return [tuple(t) for t in seated.tables], [(e, 0) for e in seated.sitting_out]


GENERATORS: dict[str, Callable[[Tournament, int], tuple[Tables, Byes]]] = {
    Tournament.Format.ROUND_ROBIN: round_robin_round,
    Tournament.Format.SWISS: swiss_round,
    Tournament.Format.INDIVIDUAL: individual_round,
}


@transaction.atomic
def generate_round(tournament: Tournament) -> Round:
    """Draft the next round: its matches with seats and table numbers, and its byes."""
    if tournament.rounds.exclude(status=Round.Status.FINISHED).exists():
        raise TournamentError(_("Finish the current round before generating the next one."))
    number = tournament.rounds.count() + 1
    if number > tournament.rounds_planned:
        raise TournamentError(_("All planned rounds have been generated."))
    if len(active_entries(tournament)) < 2:
        raise TournamentError(_("At least two entries are needed."))
    if duplicate.is_duplicate(tournament):
        rnd = Round.objects.create(tournament=tournament, number=number)
        try:
            duplicate.draft_round(tournament, rnd, active_entries(tournament))
        except duplicate.DuplicateError as exc:
            raise TournamentError(str(exc)) from None
        return rnd
    tables, byes = GENERATORS[tournament.format](tournament, number)
    rnd = Round.objects.create(tournament=tournament, number=number)
    entries = {e.pk: e for e in tournament.entries.prefetch_related("members")}
    for table_number, table in enumerate(tables, start=1):
        create_match(tournament, rnd, table_number, [entries[e] for e in table])
    for entry_id, points in byes:
        Bye.objects.create(round=rnd, entry=entries[entry_id], points=points)
    return rnd


def create_match(tournament: Tournament, rnd: Round, table_number: int, entries: Sequence[Entry]) -> Match:
    """One match of a round with its seats: partnership members opposite each other."""
    match = Match.objects.create(
        club=tournament.club,
        tournament=tournament,
        round=rnd,
        table_number=table_number,
        game=tournament.game,
        rules=tournament.rules,
        rated=tournament.rated,
        deals_target=tournament.deals_per_match,
    )
    for seat, entry, player_id in seat_plan(entries):
        MatchSeat.objects.create(match=match, seat=seat, entry=entry, player_id=player_id)
    return match


def seat_plan(entries: Sequence[Entry]) -> list[tuple[int, Entry, int]]:
    """(seat, entry, player id) for each seat: entry i's k-th member sits at i + k * len(entries)."""
    plan = []
    for i, entry in enumerate(entries):
        for k, member in enumerate(entry.members.all()):
            plan.append((i + k * len(entries), entry, member.player_id))
    return sorted(plan, key=lambda row: row[0])


def check_draft(rnd: Round) -> None:
    """Only a draft round may be changed."""
    if rnd.status != Round.Status.DRAFT:
        raise TournamentError(_("Only a draft round can be adjusted."))


@transaction.atomic
def swap_entries(rnd: Round, a: Entry, b: Entry) -> None:
    """Exchange two entries' places in a draft round (seats, or a seat and a bye)."""
    check_draft(rnd)
    if duplicate.is_duplicate(rnd.tournament) and a.members.count() != b.members.count():
        raise TournamentError(_("Only entries of the same size can change places."))
    seats_a = list(MatchSeat.objects.filter(match__round=rnd, entry=a).order_by("seat"))
    seats_b = list(MatchSeat.objects.filter(match__round=rnd, entry=b).order_by("seat"))
    for seat in seats_a:
        _seat_entry(seat, b, seats_a.index(seat))
    for seat in seats_b:
        _seat_entry(seat, a, seats_b.index(seat))
    _swap_byes(rnd, a, b)


def _seat_entry(seat: MatchSeat, entry: Entry, k: int) -> None:
    """Put ``entry``'s k-th member in ``seat``."""
    seat.entry = entry
    seat.player_id = entry.members.all()[k].player_id
    seat.save(update_fields=["entry", "player"])


def _swap_byes(rnd: Round, a: Entry, b: Entry) -> None:
    """Byes follow the swap: whoever took a bye's place gets it."""
    byes = {bye.entry_id: bye for bye in Bye.objects.filter(round=rnd, entry__in=[a, b])}
    if len(byes) == 1:
        bye = next(iter(byes.values()))
        bye.entry = b if bye.entry_id == a.pk else a
        bye.save(update_fields=["entry"])


@transaction.atomic
def swap_seats(match: Match, seat_a: int, seat_b: int) -> None:
    """Exchange who sits in two seats of one match of a draft round."""
    check_draft(match.round)  # type: ignore[arg-type]
    a = match.seats.get(seat=seat_a)
    b = match.seats.get(seat=seat_b)
    a.entry_id, b.entry_id = b.entry_id, a.entry_id
    a.player_id, b.player_id = b.player_id, a.player_id
    a.save(update_fields=["entry", "player"])
    b.save(update_fields=["entry", "player"])


@transaction.atomic
def publish_round(rnd: Round) -> Round:
    """Publish a draft round: its tables become visible and playable."""
    check_draft(rnd)
    rnd.status, rnd.published_at = Round.Status.PUBLISHED, timezone.now()
    rnd.save(update_fields=["status", "published_at"])
    tournament = rnd.tournament
    if tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    # Each table gets its card (a code for the phone page, a PIN per side) as the round opens.
    table_codes.issue_round(rnd)
    signals.round_published.send(sender=Round, rnd=rnd)
    return rnd


@transaction.atomic
def delete_draft(rnd: Round) -> None:
    """Throw a draft round away (to generate it again)."""
    check_draft(rnd)
    rnd.delete()


def close_round_if_done(rnd: Round) -> bool:
    """Mark a published round finished once every match is; the last planned round ends the event."""
    if rnd.status != Round.Status.PUBLISHED or rnd.matches.exclude(status=Match.Status.FINISHED).exists():
        return False
    rnd.status = Round.Status.FINISHED
    rnd.save(update_fields=["status"])
    tournament = rnd.tournament
    if rnd.number >= tournament.rounds_planned:
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
    return True
