"""The federation ``bench/scale.py`` times: built by bulk loading from a pool of bot-played tournaments.

The pool is played through the site's own services (the demo's bot driver, ``manage.py
demo_data``): one small tournament per format and game (Swiss, round robin, individual seating,
duplicate pairs, duplicate teams), every deal a full record of the heuristic bots stored as a
finished Deal with its record packed (league/services/archive.py), standings and ratings derived
by the services. Every other club's tournaments are then copies of the pool's non-duplicate
ones: each table copies one pool match (its row, seats, deals and result) with the seats renamed
to the club's players (in each deal's pack, ``league.packing.with_header``), so every row is one
the site wrote, only repeated. A share of the copied deals carries a copy of the real review
(fast budget) of the pool deal it repeats.

The copies are loaded by ``bench/bulk.py``: rows are plain lists made from the pool's rows, ids
are given out by the loader, and each batch of about ``BATCH_DEALS`` deals is written table by
table with PostgreSQL ``COPY`` (the deals streamed as their packs are made), the tables'
secondary indexes and constraints dropped for the load and made again after it. Standings and
ratings of the copies then come from the services (``league.services.standings.update``,
``league.services.ratings.recompute_family``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from bench import bulk
from league import packing

# Default size (``--scale 1``): a federation's ten years.
CLUBS, PLAYERS, DEALS = 50, 10_000, 1_000_000
DEALS_PER_MATCH = 10  # so 1,000,000 deals are 100,000 matches
ROUNDS, TABLES = 6, 6  # each copied tournament: rounds of at most this many tables
REVIEW_SHARE = 0.05  # deals with a stored review
YEARS = 10
BATCH_DEALS = 20_000  # deals planned before a batch is written (with their matches, seats, ...)
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


@dataclass
class DealRow:
    """One pool deal as a row to copy: its database values, its pack and the pack's header."""

    values: list[Any]
    number: int
    packed: bytes | None
    header: dict[str, Any]
    moves: list[list[Any]]
    review: tuple[list[Any], list[list[Any]]] | None = None


@dataclass
class Template:
    """One pool match as rows to copy: its values, seats (seat, entry index, member index), deals."""

    values: list[Any]
    seats: list[tuple[int, int, int]]
    deals: list[DealRow]


@dataclass
class Source:
    """A pool tournament to copy: its values and its tables."""

    pk: int
    name: str
    slug: str
    values: list[Any]
    tables: list[Template]


def templates() -> dict[int, list[Template]]:
    """Pool tournament id → its finished matches as rows to copy."""
    from league.models import Deal, Match, Move
    from replays.models import Review, ReviewLine

    deal_table, move_table = bulk.Table(Deal), bulk.Table(Move)
    match_table, review_table, line_table = bulk.Table(Match), bulk.Table(Review), bulk.Table(ReviewLine)
    reviewed = {
        r.deal_id: (review_table.values(r), [line_table.values(x) for x in r.lines.order_by("index", "pk")])
        for r in Review.objects.filter(status="done", deal__match__boards=[]).prefetch_related("lines")
    }
    out: dict[int, list[Template]] = {}
    pool = Match.objects.filter(status="finished", boards=[]).exclude(tournament=None).order_by("pk")
    for match in pool.prefetch_related("seats", "deals__moves", "tournament__entries__members"):
        entries = list(match.tournament.entries.all())
        position = {e.pk: i for i, e in enumerate(entries)}
        member = {m.player_id: (position[e.pk], m.order) for e in entries for m in e.members.all()}
        raw = [(s.seat, *member[s.player_id]) for s in match.seats.all()]
        # Entries numbered as they sit at this table, whatever their place in the pool tournament.
        local = {e: i for i, e in enumerate(dict.fromkeys(e for _s, e, _m in raw))}
        seats = [(seat, local[e], m) for seat, e, m in raw]
        deals = []
        for d in sorted(match.deals.all(), key=lambda d: d.number):
            packed = bytes(d.packed) if d.packed is not None else None
            deals.append(
                DealRow(
                    deal_table.values(d),
                    d.number,
                    packed,
                    packing.header_of(packed) if packed is not None else {},
                    [move_table.values(m) for m in sorted(d.moves.all(), key=lambda m: m.seq)],
                    reviewed.get(d.pk),
                )
            )
        out.setdefault(match.tournament_id, []).append(Template(match_table.values(match), seats, deals))
    return out


# -- the copies ---------------------------------------------------------------------------------------


def copied(row: Any, **changes: Any) -> Any:
    """An unsaved copy of model instance ``row`` (no primary key) with ``changes`` (by attribute name)."""
    values = {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields if not f.primary_key}
    return type(row)(**{**values, **changes})


@dataclass
class ClubRows:
    """A copied club: its id, name and players (id, name)."""

    pk: int
    name: str
    players: list[tuple[int, str]]


@dataclass
class Planned:
    """A copied match's deals, made when its batch is written: first id, match, source, seats, end."""

    first_id: int
    match_id: int
    source: Template
    names: list[dict[str, Any]]
    finished: Any


class Loader:
    """Copies of pool matches into the federation's clubs, written table by table in batches."""

    def __init__(self, rng: random.Random, deals_wanted: int) -> None:
        from league.models import (
            Club,
            Deal,
            Entry,
            EntryMember,
            Match,
            MatchSeat,
            Move,
            Player,
            Round,
            Tournament,
        )
        from replays.models import Review, ReviewLine

        self.rng = rng
        self.deals_wanted = deals_wanted
        self.deals_made = 0
        self.matches_made = 0
        self.tournaments: list[int] = []
        # In the order they are written (each refers only to those before it).
        models = [Club, Player, Tournament, Entry, EntryMember, Round, Match, MatchSeat, Deal, Move, Review]
        self.tables = {m.__name__: bulk.Table(m) for m in [*models, ReviewLine]}
        self.rows: dict[str, list[list[Any]]] = {name: [] for name in self.tables}
        self.planned: list[Planned] = []
        self.written = 0  # deals already written
        t = self.tables
        self.base = {
            "Entry": t["Entry"].values(Entry(name="", seed=0)),
            "EntryMember": t["EntryMember"].values(EntryMember(order=0)),
            "Round": t["Round"].values(Round(number=1, status=Round.Status.FINISHED)),
            "MatchSeat": t["MatchSeat"].values(MatchSeat(seat=0)),
        }

    def all_tables(self) -> list[bulk.Table]:
        """Every table the loader writes."""
        return list(self.tables.values())

    def clubs(self, count: int, players: int, prefix: str = "club") -> list[ClubRows]:
        """``count`` public clubs sharing ``players`` players between them (slugs ``prefix-001``, ...)."""
        from league.models import Club, Player

        now = timezone.now()
        clubs, people = self.tables["Club"], self.tables["Player"]
        club_base = clubs.values(Club(name="", slug="", is_public=True), created=now)
        player_base = people.values(Player(name="", club_id=0), created=now)
        per_club = max(8, players // count)
        out = []
        for i in range(1, count + 1):
            name = f"{prefix.title()} {i:03}"
            row = clubs.row(club_base, {"name": name, "slug": f"{prefix}-{i:03}"})
            self.rows["Club"].append(row)
            club = ClubRows(row[clubs.pk], name, [])
            for k in range(per_club):
                who = f"{name} Player {k:05}"
                person = people.row(player_base, {"club_id": club.pk, "name": who})
                self.rows["Player"].append(person)
                club.players.append((person[people.pk], who))
            out.append(club)
        self.flush()
        return out

    def fill(self, clubs: list[ClubRows], pool: dict[int, list[Template]]) -> None:
        """Copy pool tournaments, cycling through clubs and formats, until enough deals are stored."""
        from league.models import Tournament

        table = self.tables["Tournament"]
        sources = [
            Source(t.pk, t.name, t.slug, table.values(t), pool[t.pk])
            for t in Tournament.objects.filter(pk__in=pool).order_by("pk")
        ]
        k = 0
        while self.deals_made < self.deals_wanted:
            self.tournament(clubs[k % len(clubs)], sources[k % len(sources)], k)
            k += 1
            if self.deals_made - self.written >= BATCH_DEALS:
                self.flush()
        self.flush()
        bulk.finish_ids(self.all_tables())

    def tournament(self, club: ClubRows, source: Source, k: int) -> None:
        """One finished copy of ``source`` in ``club``: entries, rounds and tables copied from its tables."""
        from league.models import Tournament

        tables, t = source.tables, self.tables
        seats = len(tables[0].seats)
        per_entry = max(s[2] for s in tables[0].seats) + 1
        per_table = max(s[1] for s in tables[0].seats) + 1
        table_count = max(1, min(TABLES, len(club.players) // seats))
        deals_per_table = len(tables[0].deals)
        rounds = max(
            1, min(ROUNDS, -(-(self.deals_wanted - self.deals_made) // (deals_per_table * table_count)))
        )
        starts = bulk.time_value(self.when(0))
        copy = t["Tournament"].row(
            source.values,
            {
                "club_id": club.pk,
                "name": f"{source.name} {k}",
                "slug": f"{source.slug}-{k}",
                "status": Tournament.Status.FINISHED.value,
                "rounds_planned": rounds,
                "starts_at": starts,
                "created": starts,
                "created_by_id": None,
                "standings_version": 0,
            },
        )
        self.rows["Tournament"].append(copy)
        tournament_id = copy[t["Tournament"].pk]
        chosen = self.rng.sample(club.players, table_count * per_table * per_entry)
        entries = []
        for i in range(table_count * per_table):
            entry = t["Entry"].row(
                self.base["Entry"], {"tournament_id": tournament_id, "name": f"Entry {i + 1}", "seed": i + 1}
            )
            self.rows["Entry"].append(entry)
            members = chosen[i * per_entry : (i + 1) * per_entry]
            for m, (player_id, _name) in enumerate(members):
                self.rows["EntryMember"].append(
                    t["EntryMember"].row(
                        self.base["EntryMember"],
                        {"entry_id": entry[t["Entry"].pk], "player_id": player_id, "order": m},
                    )
                )
            entries.append((entry[t["Entry"].pk], members))
        for number in range(1, rounds + 1):
            rnd = t["Round"].row(self.base["Round"], {"tournament_id": tournament_id, "number": number})
            self.rows["Round"].append(rnd)
            order = list(range(len(entries)))
            self.rng.shuffle(order)
            for table in range(table_count):
                at = [order[table * per_table + i] for i in range(per_table)]
                seated = [entries[i] for i in at]
                source_table = self.rng.choice(tables)
                self.table(club, tournament_id, rnd[t["Round"].pk], table + 1, seated, source_table)
        self.tournaments.append(tournament_id)

    def when(self, offset_minutes: int) -> Any:
        """Spread the matches over the federation's years, oldest first."""
        # The last copies end a day ago: a new result is then the latest, as a real one would be.
        share = min(1.0, self.deals_made / max(1, self.deals_wanted))
        spread = YEARS * 365 * 24 * 60 * share
        return timezone.now() - timedelta(days=YEARS * 365 + 1) + timedelta(minutes=spread + offset_minutes)

    def table(
        self,
        club: ClubRows,
        tournament_id: int,
        round_id: int,
        number: int,
        seated: list[tuple[int, list[tuple[int, str]]]],
        source: Template,
    ) -> None:
        """One match copied from ``source`` with its seats given to ``seated`` (entry id, members)."""
        t = self.tables
        finished = self.when(0)
        started = bulk.time_value(finished - timedelta(minutes=40))
        match = t["Match"].row(
            source.values,
            {
                "club_id": club.pk,
                "tournament_id": tournament_id,
                "round_id": round_id,
                "table_number": number,
                "started_at": started,
                "finished_at": bulk.time_value(finished),
                "created": started,
            },
        )
        self.rows["Match"].append(match)
        match_id = match[t["Match"].pk]
        player_at = {seat: seated[e][1][p] for seat, e, p in source.seats}
        for seat, e, _p in source.seats:
            self.rows["MatchSeat"].append(
                t["MatchSeat"].row(
                    self.base["MatchSeat"],
                    {
                        "match_id": match_id,
                        "seat": seat,
                        "player_id": player_at[seat][0],
                        "entry_id": seated[e][0],
                    },
                )
            )
        names = [{"name": player_at[s][1], "id": player_at[s][0]} for s in sorted(player_at)]
        first = t["Deal"].ids(len(source.deals))
        self.planned.append(Planned(first, match_id, source, names, finished))
        for i, deal in enumerate(source.deals):
            if deal.review is not None and self.rng.random() < REVIEW_SHARE * len(source.deals):
                self.review(first + i, *deal.review)
        self.deals_made += len(source.deals)
        self.matches_made += 1

    def review(self, deal_id: int, review: list[Any], lines: list[list[Any]]) -> None:
        """A copy of a real review's row and lines for deal ``deal_id`` (the same record, renamed seats)."""
        t = self.tables
        copy = t["Review"].row(review, {"deal_id": deal_id, "requested_by_id": None})
        self.rows["Review"].append(copy)
        review_id = copy[t["Review"].pk]
        self.rows["ReviewLine"].extend(t["ReviewLine"].row(line, {"review_id": review_id}) for line in lines)

    def deal_rows(self) -> Iterator[list[Any]]:
        """The planned matches' deals, each pool deal's row with the seats renamed (in its pack)."""
        table = self.tables["Deal"]
        for plan in self.planned:
            minutes = 4 * len(plan.source.deals)
            for i, deal in enumerate(plan.source.deals):
                finished = plan.finished - timedelta(minutes=minutes - 4 * deal.number)
                changes = {
                    "match_id": plan.match_id,
                    "started_at": bulk.time_value(finished - timedelta(minutes=4)),
                    "finished_at": bulk.time_value(finished),
                }
                if deal.packed is not None:
                    changes["packed"] = packing.with_header(deal.packed, {**deal.header, "seats": plan.names})
                else:
                    changes["seats"] = table.prep("seats", plan.names)
                yield table.row(deal.values, changes, pk=plan.first_id + i)

    def move_rows(self) -> Iterator[list[Any]]:
        """The Move rows of the planned deals whose pool deal is not packed (none once every deal is)."""
        table = self.tables["Move"]
        for plan in self.planned:
            for i, deal in enumerate(plan.source.deals):
                for move in deal.moves:
                    yield table.row(move, {"deal_id": plan.first_id + i})

    def flush(self) -> None:
        """Write every buffered row, table by table."""
        for name, table in self.tables.items():
            if name == "Deal":
                bulk.write(table, self.deal_rows())
            elif name == "Move":
                bulk.write(table, self.move_rows())
            else:
                bulk.write(table, self.rows[name])
            self.rows[name] = []
        self.planned = []
        self.written = self.deals_made


def derive(tournaments: list[int]) -> float:
    """Standings of every copied tournament, then every family's ratings; returns the recompute's seconds."""
    from league.services import ratings, standings

    for pk in tournaments:
        standings.update(pk)
    started = time.perf_counter()
    for family in ratings.families():
        ratings.recompute_family(family)
    return time.perf_counter() - started


def analyze() -> None:
    """Give PostgreSQL the loaded tables' statistics and visibility maps, as autovacuum would in time."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM (ANALYZE)")


def session(setting: str) -> None:
    """Set (``"off"``) or reset (``"DEFAULT"``) the connection's ``synchronous_commit`` (PostgreSQL)."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"SET synchronous_commit TO {setting}")


def build(size: Size, deals_per_match: int = DEALS_PER_MATCH, reviewed_games: int = 5) -> dict[str, Any]:
    """Build the federation in the current database; returns what was built and how long each step took.

    The build's commits (a tournament's standings each, every bot-played pool deal) do not wait for
    the disk: a crash loses only the bench's own database, which is built again anyway.
    """
    session("off")
    try:
        return _build(size, deals_per_match, reviewed_games)
    finally:
        session("DEFAULT")


def _build(size: Size, deals_per_match: int, reviewed_games: int) -> dict[str, Any]:
    rng = random.Random(SEED)
    clock = [time.perf_counter()]

    def lap() -> float:
        clock.append(time.perf_counter())
        return round(clock[-1] - clock[-2], 1)

    build_pool(deals_per_match, reviewed_games)
    pool_s = lap()
    loader = Loader(rng, size.deals)
    with bulk.indexes_deferred(loader.all_tables()):
        loader.fill(loader.clubs(size.clubs, size.players), templates())
        copy_s = lap()
    index_s = lap()
    analyze()
    analyze_s = lap()
    recompute_s = derive(loader.tournaments)
    derive_s = lap()
    # The derived standings and rating changes too: without their statistics the planner took a
    # player's 1,320 changes for one row and merge-joined every deal (the player page 1.3 s).
    analyze()
    analyze_s = round(analyze_s + lap(), 1)
    return {
        "pool_s": pool_s,
        "copy_s": copy_s,
        "index_s": index_s,
        "analyze_s": analyze_s,
        "standings_s": round(derive_s - recompute_s, 1),
        "elo_recompute_s": round(recompute_s, 3),
        "build_s": round(clock[-1] - clock[0], 1),
        "deals_per_s": round(size.deals / max(1e-9, clock[-1] - clock[0]), 1),
        "tournaments": loader.tournaments,
    }
