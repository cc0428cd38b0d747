"""Duplicate rounds: boards from the round's secret, tables from the movement, each deal from its board.

A duplicate pairs round is one session of a movement (``league.movements``): every table of
every movement round is a ``Match`` with its ``stage`` (the movement round) and its ``boards``
(numbers, in order); deal ``k`` of a match plays board ``boards[k - 1]``. A duplicate teams
round is one round of team matches (round robin or Swiss of teams): each match of two teams is
two tables, the home team's first pair NS at the first, its second pair EW at the second, and
every table of the round plays the same boards. The scoring is in ``league.duplicate``; the
standings and travellers built on it are in ``league.services.travellers``.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from engine import get_game
from engine.core.match import play_deal
from engine.core.record import DealRecord, start_record
from league import boards as board_maker
from league import movements, pairing
from league.models import Board, Bye, Deal, Entry, Match, MatchSeat, Round, Tournament
from league.services.pairing_words import refusal

DUPLICATE_FORMATS = (Tournament.Format.DUPLICATE_PAIRS, Tournament.Format.DUPLICATE_TEAMS)
PAIR_MOVEMENTS = (Tournament.Movement.MITCHELL, Tournament.Movement.HOWELL)
TEAM_MOVEMENTS = (Tournament.Movement.ROUND_ROBIN, Tournament.Movement.SWISS)
# A team with the bye (odd field) gets 12 of 20 VP, a little more than a draw, as bridge
# leagues usually give; it never reaches a clear win.
TEAM_BYE_VP = 12


class DuplicateError(ValueError):
    """A duplicate round that cannot be made; the message is shown to the director."""


def is_duplicate(tournament: Tournament) -> bool:
    """Whether the tournament is played with boards."""
    return tournament.format in DUPLICATE_FORMATS


def check_setup(game: str, format: str, movement: str) -> None:
    """Refuse duplicate formats for other games, and movements that do not fit the format."""
    if format not in DUPLICATE_FORMATS:
        return
    if game not in board_maker.DUPLICATE_GAMES:
        raise DuplicateError(_("Duplicate play is offered for one-deck Shengji and Tractor."))
    allowed = PAIR_MOVEMENTS if format == Tournament.Format.DUPLICATE_PAIRS else TEAM_MOVEMENTS
    if movement not in allowed:
        raise DuplicateError(_("Choose a movement that fits the format."))


def duplicate_rules(format: str, rules: dict[str, Any]) -> dict[str, Any]:
    """Duplicate boards are never redealt: the pair with a pointless hand must play the board."""
    return {**rules, "pointless_redeal": False} if format in DUPLICATE_FORMATS else rules


def make_boards(rnd: Round, count: int) -> list[Board]:
    """Draw the round's secret and store its boards 1..count with their commitments."""
    tournament = rnd.tournament
    rnd.board_seed = secrets.token_hex(32)
    rnd.save(update_fields=["board_seed"])
    made = board_maker.make_boards(tournament.game, tournament.rules, rnd.board_seed, count)
    return Board.objects.bulk_create(
        Board(
            round=rnd,
            number=b.number,
            deck=list(b.deck),
            dealer=b.dealer,
            levels=list(b.levels),
            salt=b.salt,
            commitment=b.commitment,
        )
        for b in made
    )


def draft_round(tournament: Tournament, rnd: Round, entries: Sequence[Entry]) -> None:
    """Boards and tables of a new duplicate round (pairs: the movement; teams: the team pairing)."""
    if tournament.format == Tournament.Format.DUPLICATE_PAIRS:
        _draft_pairs(tournament, rnd, list(entries))
    else:
        _draft_teams(tournament, rnd, list(entries))


def pairs_movement(tournament: Tournament, pairs: int) -> movements.Movement:
    """The movement for ``pairs`` entries (an odd Mitchell field gets a phantom EW pair)."""
    try:
        if tournament.movement == Tournament.Movement.HOWELL:
            return movements.howell(pairs)
        return movements.mitchell(max(2, math.ceil(pairs / 2)))
    except movements.MovementError as exc:
        raise DuplicateError(str(exc)) from None


def _draft_pairs(tournament: Tournament, rnd: Round, entries: list[Entry]) -> None:
    """Matches for every table of every movement round; the phantom's opponents sit that round out."""
    movement = pairs_movement(tournament, len(entries))
    by_number = dict(enumerate(entries, start=1))
    per_set = tournament.boards_per_round
    sets = max(s.board_set for rnd_ in movement for s in rnd_)
    make_boards(rnd, sets * per_set)
    for sittings in movement:
        for s in sittings:
            ns, ew = by_number.get(s.ns), by_number.get(s.ew)
            if ns is not None and ew is not None:
                numbers = movements.boards_of_set(s.board_set, per_set)
                create_table(tournament, rnd, s.round, s.table, (ns, 0), (ew, 0), numbers)


def _draft_teams(tournament: Tournament, rnd: Round, entries: list[Entry]) -> None:
    """Two tables per team match; every table of the round plays boards 1..boards_per_round."""
    ids = [e.pk for e in entries]
    if tournament.movement == Tournament.Movement.SWISS:
        rows = {r.entry_id: r.points for r in tournament.standing_rows.all()}
        standings = [
            pairing.SwissEntry(e, rows.get(e, 0)) for e in sorted(ids, key=lambda e: -rows.get(e, 0))
        ]
        met = met_pairs(tournament)
        byes = list(Bye.objects.filter(round__tournament=tournament).values_list("entry_id", flat=True))
        try:
            one = pairing.pair_swiss(standings, met, byes, rnd.number)
        except pairing.PairingError as exc:
            raise DuplicateError(refusal(exc)) from None
    else:
        schedule = pairing.round_robin(ids)
        if rnd.number > len(schedule):
            raise DuplicateError(_("The round robin has only %(n)s rounds.") % {"n": len(schedule)})
        one = schedule[rnd.number - 1]
    numbers = list(range(1, tournament.boards_per_round + 1))
    make_boards(rnd, len(numbers))
    by_id = {e.pk: e for e in entries}
    for i, (home, away) in enumerate(one.pairs):
        # Each team's first pair (members 1 and 2) sits NS at one table, its second pair EW at the other.
        create_table(tournament, rnd, 1, 2 * i + 1, (by_id[home], 0), (by_id[away], 2), numbers)
        create_table(tournament, rnd, 1, 2 * i + 2, (by_id[away], 0), (by_id[home], 2), numbers)
    if one.bye is not None:
        Bye.objects.create(round=rnd, entry=by_id[one.bye], points=TEAM_BYE_VP)


def met_pairs(tournament: Tournament) -> list[tuple[int, int]]:
    """Teams that met in earlier rounds."""
    out = []
    for match in tournament.matches.prefetch_related("seats"):
        entries = list(dict.fromkeys(s.entry_id for s in match.seats.all() if s.entry_id))
        if len(entries) == 2:
            out.append((entries[0], entries[1]))
    return out


def create_table(
    tournament: Tournament,
    rnd: Round,
    stage: int,
    table: int,
    ns: tuple[Entry, int],
    ew: tuple[Entry, int],
    numbers: list[int],
) -> Match:
    """One table playing ``numbers``: each side is (entry, index of its first member seated);
    that member and the next sit NS at seats 0 & 2, or EW at 1 & 3."""
    match = Match.objects.create(
        club=tournament.club,
        tournament=tournament,
        round=rnd,
        table_number=table,
        stage=stage,
        boards=numbers,
        game=tournament.game,
        rules=tournament.rules,
        rated=tournament.rated,
        deals_target=len(numbers),
    )
    for side, (entry, first) in enumerate((ns, ew)):
        members = [m.player_id for m in entry.members.all()]
        for k in range(2):
            MatchSeat.objects.create(
                match=match, seat=side + 2 * k, entry=entry, player_id=members[first + k]
            )
    return match


def board_of(match: Match, number: int) -> Board | None:
    """The board deal ``number`` of a duplicate match plays; ``None`` if not duplicate or past its boards."""
    if not match.boards or not 1 <= number <= len(match.boards) or match.round_id is None:
        return None
    return Board.objects.filter(round_id=match.round_id, number=match.boards[number - 1]).first()


def start_of(match: Match, number: int) -> tuple[dict[str, Any] | None, Board | None]:
    """The situation deal ``number`` starts from (its board's in a duplicate match) and the board."""
    board = board_of(match, number)
    return (board.situation(), board) if board is not None else (match.situation, None)


def situation_of(match: Match, number: int, after: dict[str, Any]) -> dict[str, Any]:
    """Where deal ``number`` starts: its board's situation at a duplicate table, else ``after``
    (the situation the previous deal left)."""
    board = board_of(match, number)
    return board.situation() if board is not None else after


def revealed(rnd: Round | None) -> bool:
    """A duplicate round's seed, salts and decks are shown only once every table has finished."""
    return rnd is not None and rnd.status == Round.Status.FINISHED


def board_hidden(deal: Deal) -> bool:
    """Whether ``deal`` is a duplicate board whose round still runs (other tables may yet play it)."""
    return deal.board_id is not None and not revealed(deal.match.round)


def bot_record(
    match: Match, number: int, rng: random.Random, kinds: Sequence[str] = ("heuristic",)
) -> DealRecord:
    """Bots play board ``number`` of ``match`` (demo data, tests): a full record from the board's stack."""
    board = board_of(match, number)
    if board is None:
        raise DuplicateError(f"match {match.pk} has no board {number}")
    game = get_game(match.game)
    rules = game.rules_from_json(match.rules)
    seats = [{"name": s.display_name, "id": s.player_id} for s in match.seats.select_related("player")]
    record = start_record(game, match.rules, seats, board.deck, board.situation(), board.salt)
    state = game.start(rules, len(seats), board.deck, board.situation())
    bots = [game.bot(kinds[s % len(kinds)], random.Random(rng.getrandbits(64))) for s in range(len(seats))]
    record.actions = play_deal(state, bots)
    record.result = state.result()
    return record
