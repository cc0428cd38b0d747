"""Tournaments and their entries: creation from the director's form, entries of players or partnerships."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from engine import get_game
from league.models import Club, Entry, EntryMember, Player, Tournament
from league.services import duplicate
from league.services.games import allows_teams, table_size
from league.tiebreaks import TIEBREAKS


class TournamentError(Exception):
    """A tournament action the rules do not allow; the message is shown to the user."""


def unique_slug(club: Club, name: str) -> str:
    """A tournament slug unique in ``club``."""
    base = slugify(name)[:70] or "tournament"
    slug, n = base, 2
    while club.tournaments.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


def seats_per_table(tournament: Tournament) -> int:
    """The tournament's table size, or the one its rules fix, or the game's usual one."""
    engine_game = get_game(tournament.game)
    fixed = engine_game.seats_for(engine_game.rules_from_json(tournament.rules or {}))
    return tournament.table_size or fixed or table_size(tournament.game)


def seat_range(tournament: Tournament, players: int) -> tuple[int, int]:
    """(largest, smallest) table for individual seating of ``players`` entries.

    Games with a fixed table (four seats) use it. Zhao Pengyou (6-12) and Si Se Pai (2-4): a size
    chosen by the director is the largest table; with none chosen, as many tables of the game's
    usual size (6, 3) as the entries fill, made even (13 Zhao Pengyou players: 7 and 6). Either
    way tables may go down to the game's smallest so that as many as possible play
    (``seating.table_sizes``).
    """
    engine_game = get_game(tournament.game)
    low, high = engine_game.min_seats, engine_game.max_seats
    # Rules that fix the table (Tractor: four, six with three decks) make it the only size.
    fixed = engine_game.seats_for(engine_game.rules_from_json(tournament.rules or {}))
    if fixed:
        low = high = fixed
    if low == high:
        return high, high
    if players < low:
        raise TournamentError(_("This game needs at least %(n)s players at a table.") % {"n": low})
    if tournament.table_size:
        return tournament.table_size, low
    tables = max(1, players // engine_game.default_seats)
    return min(high, math.ceil(players / tables)), low


def check_setup(game: str, format: str, entry_kind: str, tie_breaks: Sequence[str], size: int = 0) -> None:
    """Refuse combinations the pairing cannot serve (teams where the game has none, ...)."""
    engine_game = get_game(game)
    if size and not engine_game.min_seats <= size <= engine_game.max_seats:
        raise TournamentError(
            _("This game seats %(low)s to %(high)s players.")
            % {"low": engine_game.min_seats, "high": engine_game.max_seats}
        )
    size = size or table_size(game)
    if entry_kind == Tournament.EntryKind.TEAM and not allows_teams(game):
        raise TournamentError(_("This game has no fixed partnerships: entries are individuals."))
    if entry_kind == Tournament.EntryKind.TEAM and format == Tournament.Format.INDIVIDUAL:
        raise TournamentError(_("Individual seating needs individual entries."))
    if entry_kind == Tournament.EntryKind.TEAM and size != 4:
        raise TournamentError(_("Partnerships play at tables of four."))
    # Pairings make tables from pairs of entries: the table must seat an even number of them.
    pairs_of_individuals = (
        format != Tournament.Format.INDIVIDUAL and entry_kind == Tournament.EntryKind.INDIVIDUAL
    )
    if pairs_of_individuals and size % 2:
        raise TournamentError(_("Tables of this game seat an odd number: use individual seating."))
    unknown = [code for code in tie_breaks if code not in TIEBREAKS]
    if unknown:
        raise TournamentError(_("Unknown tie-break: %(codes)s") % {"codes": ", ".join(unknown)})


@transaction.atomic
def create_tournament(club: Club, by: Any, rules: dict[str, Any], **fields: Any) -> Tournament:
    """Create a tournament in ``club`` with the engine's rules JSON and the schedule fields."""
    check_setup(
        fields["game"],
        fields["format"],
        fields["entry_kind"],
        fields.get("tie_breaks", []),
        fields.get("table_size", 0),
    )
    try:
        duplicate.check_setup(fields["game"], fields["format"], fields.get("movement", ""))
    except duplicate.DuplicateError as exc:
        raise TournamentError(str(exc)) from None
    if fields["format"] in duplicate.DUPLICATE_FORMATS and fields["entry_kind"] != Tournament.EntryKind.TEAM:
        raise TournamentError(_("Duplicate play needs fixed partnerships (or teams of four) as entries."))
    rules = duplicate.duplicate_rules(fields["format"], rules)
    slug = unique_slug(club, fields["name"])
    return Tournament.objects.create(club=club, slug=slug, rules=rules, created_by=by, **fields)


def entry_size(tournament: Tournament) -> int:
    """Players per entry: four for a duplicate team, two for a partnership, else one."""
    if tournament.format == Tournament.Format.DUPLICATE_TEAMS:
        return 4
    return 2 if tournament.entry_kind == Tournament.EntryKind.TEAM else 1


# Formats that take entries after round 1 (a round robin's schedule and a duplicate movement are
# fixed by the entries at the start).
LATE_ENTRY_FORMATS = frozenset({Tournament.Format.SWISS, Tournament.Format.INDIVIDUAL})


def takes_entries(tournament: Tournament) -> bool:
    """Before round 1 always; later only a running Swiss or individual event (a late entry)."""
    if not tournament.rounds.exists():
        return True
    return tournament.format in LATE_ENTRY_FORMATS and tournament.status != Tournament.Status.FINISHED


@transaction.atomic
def add_entry(tournament: Tournament, players: Sequence[Player], name: str = "") -> Entry:
    """Enter a player (or a fixed partnership); after round 1 a late entry joins the next round."""
    if not takes_entries(tournament):
        raise TournamentError(_("Entries close once the first round is generated."))
    if len(players) != entry_size(tournament) or len(set(players)) != len(players):
        raise TournamentError(_("An entry needs %(n)s different players.") % {"n": entry_size(tournament)})
    if any(p.club_id != tournament.club_id for p in players):
        raise TournamentError(_("Only players of the club can enter."))
    taken = EntryMember.objects.filter(entry__tournament=tournament, player__in=players)
    if taken.exists():
        raise TournamentError(_("%(player)s has already entered.") % {"player": taken.first().player})  # type: ignore[union-attr]
    seed = tournament.entries.count() + 1
    entry = Entry.objects.create(
        tournament=tournament,
        name=name or " & ".join(p.name for p in players),
        seed=seed,
        joined_round=tournament.rounds.count() + 1,
    )
    for order, player in enumerate(players):
        EntryMember.objects.create(entry=entry, player=player, order=order)
    return entry


def withdraw_entry(entry: Entry) -> Entry:
    """Withdraw an entry from later rounds (its results stay); a finished tournament is refused."""
    if entry.tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("The tournament is finished: its entries can no longer be withdrawn."))
    if entry.withdrawn:
        raise TournamentError(_("%(entry)s has already withdrawn.") % {"entry": entry.name})
    entry.withdrawn, entry.withdrawn_after = True, entry.tournament.rounds.count()
    entry.save(update_fields=["withdrawn", "withdrawn_after"])
    return entry


def can_reinstate(entry: Entry) -> bool:
    """A withdrawal is undone until the next round is drafted, while the tournament is not finished."""
    return (
        entry.withdrawn
        and entry.tournament.status != Tournament.Status.FINISHED
        and entry.withdrawn_after == entry.tournament.rounds.count()
    )


def reinstate_entry(entry: Entry) -> Entry:
    """Undo a withdrawal made by mistake: the entry is paired again from the next round."""
    if not can_reinstate(entry):
        why = _(
            "A withdrawal can be undone only until the next round is drafted, in a tournament still running."
        )
        raise TournamentError(why)
    entry.withdrawn, entry.withdrawn_after = False, None
    entry.save(update_fields=["withdrawn", "withdrawn_after"])
    return entry


def set_status(tournament: Tournament, status: str) -> Tournament:
    """Move the tournament to ``status``."""
    tournament.status = status
    tournament.save(update_fields=["status"])
    return tournament


def next_round(tournament: Tournament) -> int:
    """The number of the round that will be drafted next."""
    return tournament.rounds.count() + 1


def check_in(entry: Entry, present: bool = True) -> Entry:
    """Check an entry in (or out) for the next round of a tournament with check-in."""
    tournament = entry.tournament
    if not tournament.check_in:
        raise TournamentError(_("This tournament pairs every entry: it has no check-in."))
    if entry.withdrawn or tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("Only entries still playing in a running tournament check in."))
    entry.checked_in_for = next_round(tournament) if present else None
    entry.save(update_fields=["checked_in_for"])
    announce_check_in(tournament)
    return entry


def announce_check_in(tournament: Tournament) -> None:
    """After commit, tell the room's screen that the check-in count moved."""
    from league import tasks

    number = next_round(tournament)
    transaction.on_commit(lambda: tasks.announce_round(tournament.pk, number))


def checked_in(entry: Entry) -> bool:
    """Whether the entry is checked in for the next round."""
    return entry.checked_in_for == next_round(entry.tournament)


def check_in_open(tournament: Tournament) -> bool:
    """Whether entries check in now: the event has check-in and is not over."""
    return tournament.check_in and tournament.status != Tournament.Status.FINISHED


def own_entries(user: Any, tournament: Tournament) -> list[Entry]:
    """The entries still playing in ``tournament`` that the signed-in user plays in."""
    if user is None or not user.is_authenticated:
        return []
    mine = tournament.entries.filter(players__user=user, withdrawn=False).distinct()
    return list(mine.prefetch_related("members__player"))
