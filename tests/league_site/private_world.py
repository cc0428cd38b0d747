"""A small league with things an outsider must never see, for the privacy tests.

The public club Open Hall holds a public tournament (Spring Open: round 1 played and rated,
round 2 still a draft), a private tournament (Secret Cup: a rated match with a deal, and a live
table in play) and a tournament still in its draft (Planning Cup); the private club Hidden Society
has its own league. Ann, Bo, Cy and Di of Open Hall play in both of Open Hall's events, so their
pages are where the private results would leak. ``hidden_markers`` lists what must not appear.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.utils import timezone

from league.models import Club, Deal, Match, MatchSeat, Membership, Player, Round, Tournament
from league.services import outcome, ratings
from replays.services.samples import play_sample_match
from tables.models import LiveTable

WINNERS, SCORE = [0, 2], [2, -2, 2, -2]


@dataclass
class World:
    """The objects of the world, and the ids of everything hidden from outsiders."""

    club: Club
    hidden_club: Club
    spring: Tournament
    secret: Tournament
    planning: Tournament
    hermit: Tournament
    public_match: Match
    draft_match: Match
    secret_match: Match
    hermit_match: Match
    casual_table: LiveTable
    secret_table: LiveTable
    ann: Player
    wraith: Player
    hidden_matches: list[Match] = field(default_factory=list)

    @property
    def hidden_deals(self) -> list[Deal]:
        """Every deal of a hidden match."""
        return list(Deal.objects.filter(match__in=self.hidden_matches))


def member_of(club: Club, name: str, role: str) -> User:
    """A user with ``role`` in ``club``."""
    user = User.objects.create_user(name, password="pw-123456")
    Membership.objects.create(club=club, user=user, role=role)
    return user


def tournament(club: Club, name: str, slug: str, **fields: object) -> Tournament:
    """A tractor tournament, running unless told otherwise."""
    values: dict[str, object] = {"game": "tractor", "format": "swiss", "entry_kind": "individual"}
    values |= {"status": Tournament.Status.RUNNING, **fields}
    return Tournament.objects.create(club=club, name=name, slug=slug, **values)


def seated(match: Match, players: list[Player]) -> Match:
    """Put ``players`` in the match's seats in order (instead of the sample's bots)."""
    for seat, player in enumerate(players):
        MatchSeat.objects.filter(match=match, seat=seat).update(player=player, bot="")
    return match


def rated_match(rnd: Round, players: list[Player], seed: int) -> Match:
    """A finished, rated one-deal match of the round: seats 0 and 2 win."""
    match = play_sample_match(rnd.tournament.club, "tractor", 1, seed=seed, tournament=rnd.tournament)
    match.round, match.rated = rnd, True
    match.result = {"winners": WINNERS, "score": SCORE, "places": outcome.places("tractor", WINNERS, SCORE)}
    match.save(update_fields=["round", "rated", "result"])
    seated(match, players)
    ratings.rate_match(match.pk)
    return match


def scheduled_match(rnd: Round, players: list[Player], table: int = 1) -> Match:
    """A match of the round not played yet."""
    t = rnd.tournament
    match = Match.objects.create(club=t.club, tournament=t, round=rnd, game=t.game, table_number=table)
    MatchSeat.objects.bulk_create(MatchSeat(match=match, seat=s, player=p) for s, p in enumerate(players))
    return match


def build() -> World:
    """Create the world: users owner, member (Open Hall), hermit (Hidden Society), outsider (Elsewhere)."""
    club = Club.objects.create(name="Open Hall", slug="open-hall", is_public=True)
    owner, member = member_of(club, "owner", "owner"), member_of(club, "member", "member")
    elsewhere = Club.objects.create(name="Elsewhere", slug="elsewhere", is_public=True)
    member_of(elsewhere, "outsider", "member")
    ann = Player.objects.create(club=club, name="Ann", user=owner)
    players = [ann, Player.objects.create(club=club, name="Bo", user=member)]
    players += [Player.objects.create(club=club, name=n) for n in ("Cy", "Di")]

    spring = tournament(club, "Spring Open", "spring-open")
    first = Round.objects.create(tournament=spring, number=1, status=Round.Status.FINISHED)
    public_match = rated_match(first, players, seed=1)
    draft = Round.objects.create(tournament=spring, number=2, status=Round.Status.DRAFT)
    draft_match = scheduled_match(draft, players[::-1])

    secret = tournament(club, "Secret Cup", "secret-cup", is_public=False)
    secret_round = Round.objects.create(tournament=secret, number=1, status=Round.Status.PUBLISHED)
    secret_match = rated_match(secret_round, players, seed=2)
    secret_live = scheduled_match(secret_round, players[1:] + players[:1], table=2)
    secret_live.status, secret_live.started_at = Match.Status.PLAYING, timezone.now()
    secret_live.save(update_fields=["status", "started_at"])
    secret_table = LiveTable.objects.create(
        club=club, host=owner, game="tractor", match=secret_live, status=LiveTable.Status.PLAYING
    )
    planning = tournament(club, "Planning Cup", "planning-cup", status=Tournament.Status.DRAFT)
    casual_table = LiveTable.objects.create(club=club, host=owner, game="tractor")

    hidden_club = Club.objects.create(name="Hidden Society", slug="hidden-society", is_public=False)
    hermit_user = member_of(hidden_club, "hermit", "owner")
    wraith = Player.objects.create(club=hidden_club, name="Wraith", user=hermit_user)
    hermits = [wraith] + [Player.objects.create(club=hidden_club, name=f"Shade {i}") for i in range(3)]
    hermit = tournament(hidden_club, "Hermit League", "hermit-league")
    hermit_round = Round.objects.create(tournament=hermit, number=1, status=Round.Status.FINISHED)
    hermit_match = rated_match(hermit_round, hermits, seed=3)
    return World(
        club=club,
        hidden_club=hidden_club,
        spring=spring,
        secret=secret,
        planning=planning,
        hermit=hermit,
        public_match=public_match,
        draft_match=draft_match,
        secret_match=secret_match,
        hermit_match=hermit_match,
        casual_table=casual_table,
        secret_table=secret_table,
        ann=ann,
        wraith=wraith,
        hidden_matches=[draft_match, secret_match, secret_live, hermit_match],
    )


def hidden_markers(world: World) -> list[str]:
    """Names, slugs and links of everything hidden: none may appear in a page an outsider gets."""
    markers = ["Secret Cup", "secret-cup", "Planning Cup", "planning-cup", "Hidden Society"]
    markers += ["hidden-society", "Hermit League", "hermit-league", "Wraith", "Shade "]
    markers += [f"/matches/{m.pk}/" for m in world.hidden_matches]
    markers += [f"/deals/{d.pk}/" for d in world.hidden_deals]
    markers += [f"/tables/{world.secret_table.pk}/", f"{world.spring.get_absolute_url()}rounds/2/"]
    markers += [f"/tournaments/{t.pk}/" for t in (world.secret, world.planning, world.hermit)]
    return markers


def hidden_ids(world: World) -> dict[str, set[int]]:
    """The ids a JSON answer must not carry, by the keys that name them."""
    matches = {m.pk for m in world.hidden_matches}
    deals = {d.pk for d in world.hidden_deals}
    tournaments = {world.secret.pk, world.planning.pk, world.hermit.pk}
    return {
        "match_id": matches,
        "match": matches,
        "deal_id": deals,
        "deal": deals,
        "tournament_id": tournaments,
        "tournament": tournaments,
    }
