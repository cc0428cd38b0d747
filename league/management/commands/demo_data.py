"""Create the demo club, its accounts and players, and six tournaments played by the engine's bots.

Running it again changes nothing: people are created only when missing, and a tournament that
already exists is left as it is. The tournaments go through the same services a director uses
(entries, rounds, publication) and every deal is a full record played by the heuristic bots and
stored as a finished Deal with its record packed, so standings, ratings, charts and replays show real data:

- "Autumn Tractor Swiss": 8 partnerships of the first 16 players, 4 Swiss rounds, matches of
  ``TRACTOR_DEALS_PER_MATCH`` deals (a full Tractor match to A takes far longer than a demo should).
- "San Da Ha Round Robin": the other 8 players as individuals, 7 rounds at two tables of four
  (every player meets every other), matches of ``SANDAHA_DEALS_PER_MATCH`` deals.
- "Zhao Pengyou Friends Night": 13 individuals, table size derived from the entries (a table of
  seven and one of six each round), 3 rounds of ``ZHAOPENGYOU_DEALS_PER_MATCH`` deals.
- "Si Se Pai Four Colours": 10 individuals at tables of at most four (4, 3, 3), 4 rounds of
  ``SISEPAI_DEALS_PER_MATCH`` deals.
- "Tractor Duplicate Pairs" (复式): the first 16 players as 8 partnerships on a 4-table skip
  Mitchell, 3 movement rounds of ``DUPLICATE_BOARDS_PER_ROUND`` boards; every table draws each
  deal from the round's boards, so travellers, matchpoints and the side-by-side review are real.
- "Shengji Teams of Four": two teams of four (players 9-16) in one duplicate match of
  ``TEAM_BOARDS`` boards at two tables, scored in victory points.
"""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from engine.core.match import selfplay_deal
from league.models import Club, Match, Membership, Player, Tournament
from league.services import duplicate, match_end, results, rounds, tournaments
from league.services.games import game as engine_game
from league.services.results import deal_results

DEMO_PASSWORD = "tractor-demo"
TRACTOR_DEALS_PER_MATCH = 4
SANDAHA_DEALS_PER_MATCH = 3
ZHAOPENGYOU_DEALS_PER_MATCH = 3
SISEPAI_DEALS_PER_MATCH = 4
DUPLICATE_BOARDS_PER_ROUND = 2
TEAM_BOARDS = 4
# The heuristic bot plays a board the same way every time, so at a duplicate event every table
# would tie: each partnership gets a style (one partner may play the random-legal bot) and the
# boards' results differ the way a club's pairs do.
PAIR_STYLES = [("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic")]
SEED = 2026
# (username, display name, role); None as username: a player with no login.
PEOPLE: list[tuple[str | None, str, str]] = [
    ("demo", "Demo Organiser", Membership.Role.OWNER),
    ("lin", "Lin Wei", Membership.Role.DIRECTOR),
    ("chen", "Chen Jing", Membership.Role.MEMBER),
    ("wang", "Wang Fang", Membership.Role.MEMBER),
    ("zhang", "Zhang Min", Membership.Role.MEMBER),
    ("liu", "Liu Yang", Membership.Role.MEMBER),
    ("huang", "Huang Li", Membership.Role.MEMBER),
    ("zhao", "Zhao Lei", Membership.Role.MEMBER),
    ("wu", "Wu Xia", Membership.Role.MEMBER),
    ("zhou", "Zhou Tao", Membership.Role.MEMBER),
    ("xu", "Xu Hui", Membership.Role.MEMBER),
    ("sun", "Sun Qiang", Membership.Role.MEMBER),
    ("ma", "Ma Jun", Membership.Role.MEMBER),
    ("gao", "Gao Yan", Membership.Role.MEMBER),
    ("he", "He Ping", Membership.Role.MEMBER),
    ("luo", "Luo Bin", Membership.Role.MEMBER),
    (None, "Guo Mei", ""),
    (None, "Lin Dan", ""),
    (None, "Tang Hua", ""),
    (None, "Han Xue", ""),
    (None, "Feng Gang", ""),
    (None, "Deng Yu", ""),
    (None, "Cao Rui", ""),
    (None, "Peng Fei", ""),
]


class Command(BaseCommand):
    help = "Create the demo club with its people and six bot-played tournaments (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        """Create what is missing and report the demo login."""
        club, players = self.people()
        owner = get_user_model().objects.get(username="demo")
        by_name = {p.name: p for p in players}
        names = [name for _username, name, _role in PEOPLE]
        # Tournaments are not one transaction: each result's standings must be stored before the
        # next Swiss round is paired (they are computed after commit, as in production).
        self.tractor(club, owner, [by_name[n] for n in names[:16]])
        self.sandaha(club, owner, [by_name[n] for n in names[16:]])
        self.zhaopengyou(club, owner, [by_name[n] for n in names[:13]])
        self.sisepai(club, owner, [by_name[n] for n in names[12:22]])
        self.duplicate_pairs(club, owner, [by_name[n] for n in names[:16]])
        self.duplicate_teams(club, owner, [by_name[n] for n in names[8:16]])
        self.stdout.write(
            f"Demo club {club.name!r}: {club.players.count()} players, {club.memberships.count()} members, "
            f"{club.tournaments.count()} tournaments. Log in as demo / {DEMO_PASSWORD}"
        )

    @transaction.atomic
    def people(self) -> tuple[Club, list[Player]]:
        """The club, its accounts with their roles, and every player."""
        club, _ = Club.objects.get_or_create(
            slug="riverside",
            defaults={
                "name": "Riverside Card Club",
                "description": "A demo club: weekly Tractor nights, a San Da Ha league and open tables.",
                "is_public": True,
            },
        )
        users = get_user_model().objects
        players = []
        for username, name, role in PEOPLE:
            user = None
            if username is not None:
                user = users.filter(username=username).first()
                if user is None:
                    first, last = name.split(" ", 1)
                    user = users.create_user(
                        username, f"{username}@example.com", DEMO_PASSWORD, first_name=first, last_name=last
                    )
                Membership.objects.get_or_create(club=club, user=user, defaults={"role": role})
            player, _ = Player.objects.get_or_create(club=club, name=name, defaults={"user": user})
            players.append(player)
        return club, players

    def tractor(self, club: Club, owner: Any, players: list[Player]) -> None:
        """A finished Swiss Tractor tournament of eight partnerships."""
        pairs = [players[i : i + 2] for i in range(0, len(players), 2)]
        self.finished(
            club,
            owner,
            "autumn-tractor-swiss",
            pairs,
            SEED,
            name="Autumn Tractor Swiss",
            game="tractor",
            format=Tournament.Format.SWISS,
            entry_kind=Tournament.EntryKind.TEAM,
            rounds_planned=4,
            deals_per_match=TRACTOR_DEALS_PER_MATCH,
            tie_breaks=["BH", "DIFF", "WIN"],
            starts_at=timezone.now() - timedelta(days=35),
        )

    def sandaha(self, club: Club, owner: Any, players: list[Player]) -> None:
        """A finished San Da Ha round robin of eight individuals."""
        self.finished(
            club,
            owner,
            "san-da-ha-round-robin",
            [[p] for p in players],
            SEED + 1,
            name="San Da Ha Round Robin",
            game="sandaha",
            format=Tournament.Format.ROUND_ROBIN,
            entry_kind=Tournament.EntryKind.INDIVIDUAL,
            rounds_planned=7,
            deals_per_match=SANDAHA_DEALS_PER_MATCH,
            tie_breaks=["SB", "DIFF"],
            starts_at=timezone.now() - timedelta(days=60),
        )

    def zhaopengyou(self, club: Club, owner: Any, players: list[Player]) -> None:
        """A finished Zhao Pengyou tournament: thirteen individuals at tables of seven and six."""
        self.finished(
            club,
            owner,
            "zhao-pengyou-friends-night",
            [[p] for p in players],
            SEED + 2,
            name="Zhao Pengyou Friends Night",
            game="zhaopengyou",
            format=Tournament.Format.INDIVIDUAL,
            entry_kind=Tournament.EntryKind.INDIVIDUAL,
            rounds_planned=3,
            deals_per_match=ZHAOPENGYOU_DEALS_PER_MATCH,
            tie_breaks=["WIN"],
            starts_at=timezone.now() - timedelta(days=21),
        )

    def sisepai(self, club: Club, owner: Any, players: list[Player]) -> None:
        """A finished Si Se Pai tournament: ten individuals at tables of four, three and three."""
        self.finished(
            club,
            owner,
            "si-se-pai-four-colours",
            [[p] for p in players],
            SEED + 3,
            name="Si Se Pai Four Colours",
            game="sisepai",
            format=Tournament.Format.INDIVIDUAL,
            entry_kind=Tournament.EntryKind.INDIVIDUAL,
            rounds_planned=4,
            deals_per_match=SISEPAI_DEALS_PER_MATCH,
            table_size=4,
            tie_breaks=["WIN"],
            starts_at=timezone.now() - timedelta(days=14),
        )

    def duplicate_pairs(self, club: Club, owner: Any, players: list[Player]) -> None:
        """A finished Tractor duplicate pairs event: eight partnerships on a four-table Mitchell."""
        pairs = [players[i : i + 2] for i in range(0, len(players), 2)]
        self.finished(
            club,
            owner,
            "tractor-duplicate-pairs",
            pairs,
            SEED + 4,
            name="Tractor Duplicate Pairs",
            game="tractor",
            format=Tournament.Format.DUPLICATE_PAIRS,
            entry_kind=Tournament.EntryKind.TEAM,
            movement=Tournament.Movement.MITCHELL,
            boards_per_round=DUPLICATE_BOARDS_PER_ROUND,
            rounds_planned=1,
            tie_breaks=["WIN"],
            starts_at=timezone.now() - timedelta(days=7),
        )

    def duplicate_teams(self, club: Club, owner: Any, players: list[Player]) -> None:
        """A finished Shengji teams-of-four match: two teams, two tables, the same boards."""
        self.finished(
            club,
            owner,
            "shengji-teams-of-four",
            [players[:4], players[4:]],
            SEED + 5,
            name="Shengji Teams of Four",
            game="shengji",
            format=Tournament.Format.DUPLICATE_TEAMS,
            entry_kind=Tournament.EntryKind.TEAM,
            movement=Tournament.Movement.ROUND_ROBIN,
            boards_per_round=TEAM_BOARDS,
            rounds_planned=1,
            tie_breaks=["DIFF"],
            starts_at=timezone.now() - timedelta(days=3),
        )

    def finished(
        self, club: Club, owner: Any, slug: str, entries: list[list[Player]], seed: int, **fields: Any
    ) -> None:
        """Create the tournament ``slug`` with ``entries`` and let the bots play it, unless it exists."""
        if club.tournaments.filter(slug=slug).exists():
            return
        rules = engine_game(fields["game"]).rules_type().to_json()
        tournament = tournaments.create_tournament(club, owner, rules, **fields)
        for members in entries:
            tournaments.add_entry(tournament, members)
        self.play(tournament, random.Random(seed))

    def play(self, tournament: Tournament, rng: random.Random) -> None:
        """Generate, publish and play every planned round with the heuristic bots."""
        assert tournament.starts_at is not None
        for number in range(tournament.rounds_planned):
            rnd = rounds.publish_round(rounds.generate_round(tournament))
            for match in rnd.matches.order_by("stage", "table_number"):
                # A duplicate movement's rounds follow each other through the evening.
                minutes = 30 * match.table_number + 40 * max(match.stage - 1, 0)
                when = tournament.starts_at + timedelta(days=7 * number, minutes=minutes)
                if match.boards:
                    self.play_boards(match, rng, when)
                else:
                    self.play_match(match, rng, when)
            tournament.refresh_from_db()
        self.stdout.write(f"{tournament.name}: {tournament.rounds.count()} rounds played by bots")

    @transaction.atomic
    def play_match(self, match: Match, rng: random.Random, when: Any) -> None:
        """Deals by the bots until the match is over; then the match finishes like any other."""
        game = engine_game(match.game)
        rules = game.rules_from_json(match.rules)
        seats = match.seats.count()
        while not match_end.is_over(match, deal_results(match), match.situation):
            record = selfplay_deal(game, rules, seats, match.situation, rng, ["heuristic"])
            results.store_record(match, record)
            match.refresh_from_db()
        Match.objects.filter(pk=match.pk).update(started_at=when, finished_at=when + timedelta(minutes=25))
        results.match_finished(match.pk)

    @transaction.atomic
    def play_boards(self, match: Match, rng: random.Random, when: Any) -> None:
        """The bots play each of a duplicate table's boards from its stack; then the table finishes."""
        assert match.tournament is not None
        style = styles(match.tournament)
        kinds = [style[s.player_id] for s in match.seats.order_by("seat")]  # type: ignore[index]
        for number in range(1, len(match.boards) + 1):
            results.store_record(match, duplicate.bot_record(match, number, rng, kinds))
        Match.objects.filter(pk=match.pk).update(started_at=when, finished_at=when + timedelta(minutes=25))
        results.match_finished(match.pk)


def styles(tournament: Tournament) -> dict[int, str]:
    """Player id → the bot that plays for them: partners (members 1-2, 3-4) share a style, drawn
    from the tournament's seed order so the demo is the same every time."""
    out: dict[int, str] = {}
    for i, entry in enumerate(tournament.entries.order_by("seed", "id")):
        members = [m.player_id for m in entry.members.all()]
        for k, player in enumerate(members):
            out[player] = PAIR_STYLES[(i + k // 2) % len(PAIR_STYLES)][k % 2]
    return out
