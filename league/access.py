"""Who may see and manage what: the one place the platform's permission rules live.

Owners and directors manage a club; members play and view everything of their club; outsiders
see only what a club makes public (a public club's public tournaments once they are past their
draft, and casual matches). A draft round's pairings are the directors' alone until published,
and a duplicate table's boards stay with its players and the directors until the round is over.
Anything a visitor may not see answers 404, never a hint that it exists. Each rule comes twice:
a ``can_view_*`` test for one object, and a query (``visible_*``) that lists, dropdowns, counts,
rating histories and exports filter by, so a list never shows what its detail page would refuse.
The rules as a table: docs/access.md.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db.models import Model, Q, QuerySet

from league.models import Club, Deal, Match, Membership, RatingChange, Round, Tournament

MANAGERS = (Membership.Role.OWNER, Membership.Role.DIRECTOR)
Row = TypeVar("Row", bound=Model)


def signed_in(user: Any) -> bool:
    """Whether ``user`` is a signed-in account (``None`` and anonymous visitors are not)."""
    return bool(user is not None and getattr(user, "is_authenticated", False))


def role_in(user: Any, club: Club) -> str | None:
    """The user's role in ``club`` ("owner", "director", "member"), or ``None`` for an outsider."""
    return club.role_of(user)


def is_member(user: Any, club: Club) -> bool:
    """Any role at all in the club."""
    return role_in(user, club) is not None


def manages(user: Any, club: Club) -> bool:
    """Owners and directors manage the club (tournaments, rounds, results, imports)."""
    return role_in(user, club) in MANAGERS


def can_view_club(user: Any, club: Club) -> bool:
    """Public clubs are open to all; private ones to their members."""
    return club.is_public or is_member(user, club)


def open_to_all(tournament: Tournament) -> bool:
    """A public tournament of a public club, once out of its draft, is open to outsiders."""
    return tournament.is_public and tournament.club.is_public and tournament.status != Tournament.Status.DRAFT


def can_view_tournament(user: Any, tournament: Tournament) -> bool:
    """Open to all when ``open_to_all``; private and draft tournaments to club members only."""
    return open_to_all(tournament) or is_member(user, tournament.club)


def can_view_round(user: Any, rnd: Round) -> bool:
    """A round follows its tournament; a draft round (pairings not yet published) only its directors."""
    if not can_view_tournament(user, rnd.tournament):
        return False
    return rnd.status != Round.Status.DRAFT or manages(user, rnd.tournament.club)


def can_view_match(user: Any, match: Match) -> bool:
    """A match follows its round, else its tournament, else its club (a casual match)."""
    if match.round_id is not None:
        return can_view_round(user, match.round)  # type: ignore[arg-type]
    if match.tournament_id is not None:
        return can_view_tournament(user, match.tournament)  # type: ignore[arg-type]
    return can_view_club(user, match.club)


def boards_open(user: Any, match: Match) -> bool:
    """Whether ``user`` may see how a table played its boards (results, deals, replays, the table).

    A duplicate table's boards are still to be played at other tables until the round is over,
    so until then only the club's directors and the table's own players see them, as bridge
    clubs keep travellers face down. Any other match: always.
    """
    if not match.boards or match.round_id is None or match.round.status == Round.Status.FINISHED:  # type: ignore[union-attr]
        return True
    if manages(user, match.club):
        return True
    return signed_in(user) and match.seats.filter(player__user=user).exists()


def can_view_deal(user: Any, deal: Deal) -> bool:
    """A finished deal of a match the user may see (a duplicate board's: see ``boards_open``)."""
    if deal.status != Deal.Status.FINISHED or not can_view_match(user, deal.match):
        return False
    return deal.board_id is None or boards_open(user, deal.match)


def can_view_table(user: Any, table: Any) -> bool:
    """A live table (``tables.models.LiveTable``) follows its match, or its club while it has none;
    a duplicate table also ``boards_open``."""
    if table.match_id is None:
        return can_view_club(user, table.club)
    return can_view_match(user, table.match) and boards_open(user, table.match)


def member_clubs(user: Any, roles: tuple[str, ...] = ()) -> QuerySet[Membership, Any]:
    """The ids of the clubs ``user`` belongs to (with one of ``roles``, when given), as a subquery."""
    memberships = Membership.objects.filter(user=user)
    if roles:
        memberships = memberships.filter(role__in=roles)
    return memberships.values("club_id")


def visible_clubs(user: Any) -> QuerySet[Club]:
    """``can_view_club`` as a query: public clubs, and the private ones ``user`` belongs to."""
    shown = Q(is_public=True)
    if signed_in(user):
        shown |= Q(pk__in=member_clubs(user))
    return Club.objects.filter(shown)


def tournament_rule(user: Any, path: str = "") -> Q:
    """``can_view_tournament`` as a query on the tournament at ``path`` (``"match__tournament__"``)."""
    shown = Q(**{f"{path}is_public": True, f"{path}club__is_public": True}) & ~Q(
        **{f"{path}status": Tournament.Status.DRAFT}
    )
    if signed_in(user):
        shown |= Q(**{f"{path}club_id__in": member_clubs(user)})
    return shown


def match_rule(user: Any, path: str = "") -> Q:
    """``can_view_match`` as a query on the match at ``path`` (``""``, ``"match__"``)."""
    published = Q(**{f"{path}round__isnull": True}) | ~Q(**{f"{path}round__status": Round.Status.DRAFT})
    in_event = Q(**{f"{path}tournament__isnull": True}) | (
        Q(**{f"{path}tournament__is_public": True})
        & ~Q(**{f"{path}tournament__status": Tournament.Status.DRAFT})
    )
    shown = Q(**{f"{path}club__is_public": True}) & in_event & published
    if signed_in(user):
        managed = Q(**{f"{path}club_id__in": member_clubs(user, MANAGERS)})
        shown |= Q(**{f"{path}club_id__in": member_clubs(user)}) & (published | managed)
    return shown


def visible_tournaments(user: Any, tournaments: QuerySet[Tournament] | None = None) -> QuerySet[Tournament]:
    """The tournaments (of ``tournaments``, default all) ``user`` may see."""
    return (Tournament.objects.all() if tournaments is None else tournaments).filter(tournament_rule(user))


def visible_matches(user: Any, matches: QuerySet[Match] | None = None) -> QuerySet[Match]:
    """The matches (of ``matches``, default all) ``user`` may see."""
    return (Match.objects.all() if matches is None else matches).filter(match_rule(user))


def unplayed_boards() -> Q:
    """Deals of duplicate boards whose round is still being played: left out of every list (their
    players and the directors open them from the round's own pages)."""
    return Q(board__isnull=False) & ~Q(board__round__status=Round.Status.FINISHED)


def visible_deals(user: Any) -> QuerySet[Deal]:
    """Finished deals of every match ``user`` may see, for lists and exports (``can_view_deal``)."""
    return Deal.objects.filter(match_rule(user, "match__"), status=Deal.Status.FINISHED).exclude(
        unplayed_boards()
    )


def visible_rating_changes(user: Any, changes: QuerySet[RatingChange]) -> QuerySet[RatingChange]:
    """The rating changes (history rows, chart points) that come from matches ``user`` may see."""
    return changes.filter(match_rule(user, "match__"))


def visible_tables(user: Any, tables: QuerySet[Row]) -> QuerySet[Row]:
    """``can_view_table`` as a filter of a club's live tables (the lobby's rows)."""
    return tables.filter(Q(match__isnull=True) | match_rule(user, "match__"))
