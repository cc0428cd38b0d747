"""The federation ``bench/scale.py`` times: built by bulk loading from a pool of bot-played tournaments.

The pool is played through the site's own services (the demo's bot driver, ``manage.py
demo_data``): one small tournament per format and game (Swiss, round robin, individual seating,
duplicate pairs, duplicate teams), every deal a full record of the heuristic bots stored as a
finished Deal with its record packed (league/services/archive.py), standings and ratings derived
by the services. Every other club's tournaments are
then bulk copies of the pool's non-duplicate ones: each table copies one pool match (its seats,
deals, moves and result) with the seats renamed to the club's players, so every row is one the
site wrote, only repeated. A share of the copied deals carries a copy of the real review (fast
budget) of the pool deal it repeats. Standings and ratings of the copies come from the services
(``league.services.standings.update``, ``league.services.ratings.recompute_family``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

# Default size (``--scale 1``): a federation's ten years.
CLUBS, PLAYERS, DEALS = 50, 10_000, 1_000_000
DEALS_PER_MATCH = 10  # so 1,000,000 deals are 100,000 matches
ROUNDS, TABLES = 6, 6  # each copied tournament: rounds of at most this many tables
REVIEW_SHARE = 0.05  # deals with a stored review
YEARS = 10
BATCH = 5_000
SEED = 2026


@dataclass
class Size:
    """How much to build at ``scale`` (at least one copied club and enough players for a table)."""

    clubs: int
    players: int
    deals: int

    @classmethod
    def at(cls, scale: float) -> Size:
        """The default size times ``scale``."""
        return cls(
            max(1, round(CLUBS * scale)), max(8, round(PLAYERS * scale)), max(10, round(DEALS * scale))
        )


@dataclass
class Template:
    """One pool match as rows to copy: seats (seat, entry index, member index), deals and their moves."""

    match: Any
    seats: list[tuple[int, int, int]]
    deals: list[Any]
    moves: dict[int, list[Any]]
    reviews: dict[int, tuple[Any, list[Any]]] = field(default_factory=dict)


# -- the pool, played by the bots through the services ----------------------------------------------

POOL_TOURNAMENTS: list[tuple[str, int, int, dict[str, Any]]] = [
    # (slug, entries, players per entry, tournament fields)
    (
        "tractor-swiss",
        2,
        2,
        {"game": "tractor", "format": "swiss", "entry_kind": "team", "tie_breaks": ["BH"]},
    ),
    ("shengji-round-robin", 2, 2, {"game": "shengji", "format": "round_robin", "entry_kind": "team"}),
    ("san-da-ha-round-robin", 4, 1, {"game": "sandaha", "format": "round_robin", "entry_kind": "individual"}),
    ("zhao-pengyou-night", 6, 1, {"game": "zhaopengyou", "format": "individual", "entry_kind": "individual"}),
    (
        "si-se-pai-colours",
        4,
        1,
        {"game": "sisepai", "format": "individual", "entry_kind": "individual", "table_size": 4},
    ),
    (
        "tractor-duplicate-pairs",
        4,
        2,
        {"game": "tractor", "format": "duplicate_pairs", "entry_kind": "team", "movement": "mitchell"},
    ),
    (
        "shengji-teams-of-four",
        2,
        4,
        {"game": "shengji", "format": "duplicate_teams", "entry_kind": "team", "movement": "round_robin"},
    ),
]


def build_pool(deals_per_match: int, reviewed_games: int) -> tuple[Any, Any]:
    """The pool club with one bot-played tournament per format; returns the club and its director."""
    from league.management.commands.demo_data import Command
    from league.models import Club, Membership, Player

    user = get_user_model().objects.create_user("director", "director@example.com", "scale-bench")
    club = Club.objects.create(name="Federation Pool", slug="pool", is_public=True)
    Membership.objects.create(club=club, user=user, role=Membership.Role.OWNER)
    players = Player.objects.bulk_create(Player(club=club, name=f"Pool Player {i:02}") for i in range(8))
    driver = Command()
    driver.stdout.write = lambda *args, **kwargs: None  # type: ignore[method-assign]
    start = timezone.now() - timedelta(days=365 * YEARS)
    for i, (slug, count, size, fields) in enumerate(POOL_TOURNAMENTS):
        entries = [players[k * size : (k + 1) * size] for k in range(count)]
        duplicate = fields["format"].startswith("duplicate")
        driver.finished(
            club,
            user,
            slug,
            entries,
            SEED + i,
            name=slug.replace("-", " ").title(),
            rounds_planned=1,
            deals_per_match=0 if duplicate else deals_per_match,
            boards_per_round=2,
            starts_at=start,
            **fields,
        )
    review_pool(user, reviewed_games)
    return club, user


def review_pool(user: Any, games: int) -> None:
    """Run the real review (fast budget) on the first deal of ``games`` pool games, cheapest first."""
    from engine.review import review as engine_review
    from league.models import Deal
    from replays.models import Review
    from replays.services import reviews

    # Si Se Pai's review is the quickest (about 8 s a deal on a loaded 2-core machine, Tractor's 20 s).
    order = ["sisepai", "sandaha", "zhaopengyou", "tractor", "shengji"]
    for game in order[:games]:
        deal = Deal.objects.filter(game=game, board=None).order_by("pk").first()
        if deal is None:
            continue
        review = Review.objects.create(
            deal=deal, budget="fast", engine_version=engine_review.ENGINE_VERSION, requested_by=user
        )
        reviews.run(review.pk)


def templates() -> dict[int, list[Template]]:
    """Pool tournament id → its finished matches as rows to copy."""
    from league.models import Match
    from replays.models import Review

    out: dict[int, list[Template]] = {}
    pool = Match.objects.filter(status="finished", boards=[]).exclude(tournament=None)
    for match in pool.prefetch_related("seats", "deals__moves", "tournament__entries__members"):
        entries = list(match.tournament.entries.all())
        position = {e.pk: i for i, e in enumerate(entries)}
        member = {m.player_id: (position[e.pk], m.order) for e in entries for m in e.members.all()}
        raw = [(s.seat, *member[s.player_id]) for s in match.seats.all()]
        # Entries numbered as they sit at this table, whatever their place in the pool tournament.
        local = {e: i for i, e in enumerate(dict.fromkeys(e for _s, e, _m in raw))}
        seats = [(seat, local[e], m) for seat, e, m in raw]
        deals = sorted(match.deals.all(), key=lambda d: d.number)
        moves = {d.pk: sorted(d.moves.all(), key=lambda m: m.seq) for d in deals}
        template = Template(match, seats, deals, moves)
        for review in Review.objects.filter(deal__match=match, status="done").prefetch_related("lines"):
            template.reviews[review.deal_id] = (review, list(review.lines.all()))
        out.setdefault(match.tournament_id, []).append(template)
    return out


# -- the copies ---------------------------------------------------------------------------------------


def copied(row: Any, **changes: Any) -> Any:
    """An unsaved copy of model instance ``row`` (no primary key) with ``changes`` (by attribute name)."""
    values = {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields if not f.primary_key}
    return type(row)(**{**values, **changes})


def seat_fields(deal: Any, names: list[dict[str, Any]]) -> dict[str, Any]:
    """The fields that give a copy of ``deal`` the seats ``names``: in its pack once it is packed."""
    from league.services import archive

    return {"packed": archive.with_seats(deal, names)} if archive.is_packed(deal) else {"seats": names}


class Loader:
    """Bulk copies of pool matches into the federation's clubs, batched per model."""

    def __init__(self, rng: random.Random, deals_wanted: int) -> None:
        self.rng = rng
        self.deals_wanted = deals_wanted
        self.deals_made = 0
        self.matches_made = 0
        self.moves: list[Any] = []
        self.tournaments: list[int] = []

    def clubs(self, count: int, players: int, prefix: str = "club") -> list[tuple[Any, list[Any]]]:
        """``count`` public clubs sharing ``players`` players between them (slugs ``prefix-001``, ...)."""
        from league.models import Club, Player

        clubs = Club.objects.bulk_create(
            Club(name=f"{prefix.title()} {i:03}", slug=f"{prefix}-{i:03}", is_public=True)
            for i in range(1, count + 1)
        )
        per_club = max(8, players // count)
        out = []
        for club in clubs:
            rows = (Player(club=club, name=f"{club.name} Player {k:05}") for k in range(per_club))
            out.append((club, Player.objects.bulk_create(rows, batch_size=BATCH)))
        return out

    def fill(self, clubs: list[tuple[Any, list[Any]]], pool: dict[int, list[Template]]) -> None:
        """Copy pool tournaments, cycling through clubs and formats, until enough deals are stored."""
        from league.models import Tournament

        sources = list(Tournament.objects.filter(pk__in=pool).order_by("pk"))
        k = 0
        while self.deals_made < self.deals_wanted:
            club, players = clubs[k % len(clubs)]
            source = sources[k % len(sources)]
            with transaction.atomic():
                self.tournament(club, players, source, pool[source.pk], k)
            k += 1
        self.flush_moves()

    def tournament(self, club: Any, players: list[Any], source: Any, tables: list[Template], k: int) -> None:
        """One finished copy of ``source`` in ``club``: entries, rounds and tables copied from ``tables``."""
        from league.models import Entry, EntryMember, Round, Tournament

        seats = len(tables[0].seats)
        per_entry = max(s[2] for s in tables[0].seats) + 1
        per_table = max(s[1] for s in tables[0].seats) + 1
        table_count = max(1, min(TABLES, len(players) // seats))
        deals_per_table = len(tables[0].deals)
        rounds = max(
            1, min(ROUNDS, -(-(self.deals_wanted - self.deals_made) // (deals_per_table * table_count)))
        )
        copy = Tournament.objects.create(
            club=club,
            name=f"{source.name} {k}",
            slug=f"{source.slug}-{k}",
            game=source.game,
            rules=source.rules,
            format=source.format,
            entry_kind=source.entry_kind,
            status=Tournament.Status.FINISHED,
            rounds_planned=rounds,
            deals_per_match=source.deals_per_match,
            tie_breaks=source.tie_breaks,
            table_size=source.table_size,
            starts_at=self.when(0),
        )
        chosen = self.rng.sample(players, table_count * per_table * per_entry)
        entries = Entry.objects.bulk_create(
            Entry(tournament=copy, name=f"Entry {i + 1}", seed=i + 1) for i in range(table_count * per_table)
        )
        members = [[chosen[i * per_entry + m] for m in range(per_entry)] for i in range(len(entries))]
        EntryMember.objects.bulk_create(
            EntryMember(entry=e, player=p, order=m)
            for e, ps in zip(entries, members, strict=True)
            for m, p in enumerate(ps)
        )
        for number in range(1, rounds + 1):
            rnd = Round.objects.create(tournament=copy, number=number, status=Round.Status.FINISHED)
            order = list(range(len(entries)))
            self.rng.shuffle(order)
            for table in range(table_count):
                at = [order[table * per_table + i] for i in range(per_table)]
                seated = [(entries[i], members[i]) for i in at]
                self.table(copy, rnd, table + 1, seated, self.rng.choice(tables))
        self.tournaments.append(copy.pk)

    def when(self, offset_minutes: int) -> Any:
        """Spread the matches over the federation's years, oldest first."""
        # The last copies end a day ago: a new result is then the latest, as a real one would be.
        share = min(1.0, self.deals_made / max(1, self.deals_wanted))
        spread = YEARS * 365 * 24 * 60 * share
        return timezone.now() - timedelta(days=YEARS * 365 + 1) + timedelta(minutes=spread + offset_minutes)

    def table(self, tournament: Any, rnd: Any, number: int, seated: list[Any], source: Template) -> None:
        """One match copied from ``source`` with its seats given to ``seated`` (entry, members)."""
        from league.models import Deal, MatchSeat

        finished = self.when(0)
        match = copied(
            source.match,
            club_id=tournament.club_id,
            tournament_id=tournament.pk,
            round_id=rnd.pk,
            table_number=number,
            started_at=finished - timedelta(minutes=40),
            finished_at=finished,
        )
        match.save()
        player_at = {seat: seated[e][1][p] for seat, e, p in source.seats}
        MatchSeat.objects.bulk_create(
            MatchSeat(match=match, seat=seat, player=player_at[seat], entry=seated[e][0])
            for seat, e, _p in source.seats
        )
        names = [{"name": player_at[s].name, "id": player_at[s].pk} for s in sorted(player_at)]
        minutes = 4 * len(source.deals)
        deals = Deal.objects.bulk_create(
            copied(
                d,
                match_id=match.pk,
                **seat_fields(d, names),
                finished_at=finished - timedelta(minutes=minutes - 4 * d.number),
            )
            for d in source.deals
        )
        for copy, original in zip(deals, source.deals, strict=True):
            self.moves.extend(copied(mv, deal_id=copy.pk) for mv in source.moves[original.pk])
            if original.pk in source.reviews and self.rng.random() < REVIEW_SHARE * len(source.deals):
                self.review(copy, *source.reviews[original.pk])
        self.deals_made += len(deals)
        self.matches_made += 1
        if len(self.moves) >= BATCH * 4:
            self.flush_moves()

    def review(self, deal: Any, review: Any, lines: list[Any]) -> None:
        """A copy of a real review's row and lines for ``deal`` (the same record, renamed seats)."""
        from replays.models import ReviewLine

        copy = copied(review, deal_id=deal.pk, requested_by_id=None)
        copy.save()
        ReviewLine.objects.bulk_create(copied(line, review_id=copy.pk) for line in lines)

    def flush_moves(self) -> None:
        """Write the buffered Move rows."""
        from league.models import Move

        Move.objects.bulk_create(self.moves, batch_size=BATCH)
        self.moves = []


def derive(tournaments: list[int]) -> float:
    """Standings of every copied tournament, then every family's ratings; returns the recompute's seconds."""
    from league.services import ratings, standings

    for pk in tournaments:
        standings.update(pk)
    started = time.perf_counter()
    for family in ratings.families():
        ratings.recompute_family(family)
    return time.perf_counter() - started


def build(size: Size, deals_per_match: int = DEALS_PER_MATCH, reviewed_games: int = 5) -> dict[str, Any]:
    """Build the federation in the current database; returns what was built and how long it took."""
    rng = random.Random(SEED)
    started = time.perf_counter()
    build_pool(deals_per_match, reviewed_games)
    pool_s = time.perf_counter() - started
    loader = Loader(rng, size.deals)
    clubs = loader.clubs(size.clubs, size.players)
    loader.fill(clubs, templates())
    load_s = time.perf_counter() - started - pool_s
    recompute_s = derive(loader.tournaments)
    return {
        "pool_s": round(pool_s, 1),
        "load_s": round(load_s, 1),
        "build_s": round(time.perf_counter() - started, 1),
        "elo_recompute_s": round(recompute_s, 3),
        "tournaments": loader.tournaments,
    }
