"""Who may see and manage what: the one place the platform's permission rules live.

Owners and directors manage a club; members play and view everything of their club; outsiders
see only what a club makes public (a public club's public tournaments and casual matches).
Anything an outsider may not see answers 404, never a hint that it exists.
"""

from __future__ import annotations

from typing import Any

from league.models import Club, Match, Membership, Tournament


def role_in(user: Any, club: Club) -> str | None:
    """The user's role in ``club`` ("owner", "director", "member"), or ``None`` for an outsider."""
    return club.role_of(user)


def is_member(user: Any, club: Club) -> bool:
    """Any role at all in the club."""
    return role_in(user, club) is not None


def manages(user: Any, club: Club) -> bool:
    """Owners and directors manage the club (tournaments, rounds, results, imports)."""
    return role_in(user, club) in {Membership.Role.OWNER, Membership.Role.DIRECTOR}


def can_view_club(user: Any, club: Club) -> bool:
    """Public clubs are open to all; private ones to their members."""
    return club.is_public or is_member(user, club)


def can_view_tournament(user: Any, tournament: Tournament) -> bool:
    """A tournament is open to all when it and its club are public, else to club members."""
    if tournament.is_public and tournament.club.is_public:
        return True
    return is_member(user, tournament.club)


def can_view_match(user: Any, match: Match) -> bool:
    """A match follows its tournament's visibility, or its club's when it has none."""
    if match.tournament_id is not None:
        return can_view_tournament(user, match.tournament)  # type: ignore[arg-type]
    return can_view_club(user, match.club)
