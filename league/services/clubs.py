"""Clubs and the people in them: creating clubs, invitations, join requests, roles, player links."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth.models import AbstractUser
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from league.models import Club, Invitation, JoinRequest, Membership, Player


class ClubError(Exception):
    """A club action that the rules do not allow; the message is shown to the user."""


def display_name(user: AbstractUser) -> str:
    """The name a new player gets from an account."""
    return user.get_full_name() or user.get_username()


def unique_slug(name: str) -> str:
    """A club slug from ``name`` that no other club uses."""
    base = slugify(name)[:50] or "club"
    slug, n = base, 2
    while Club.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def create_club(user: Any, name: str, description: str = "", is_public: bool = True) -> Club:
    """Create a club; its creator becomes its owner and one of its players."""
    club = Club.objects.create(
        name=name, slug=unique_slug(name), description=description, is_public=is_public
    )
    Membership.objects.create(club=club, user=user, role=Membership.Role.OWNER)
    ensure_player(club, user)
    return club


def ensure_player(club: Club, user: Any) -> Player:
    """The user's player (created in this club if the account has none yet)."""
    player = Player.objects.filter(user=user).first()
    if player is not None:
        return player
    name, n = display_name(user), 2
    while club.players.filter(name=name).exists():
        name, n = f"{display_name(user)} ({n})", n + 1
    return Player.objects.create(club=club, name=name, user=user)


def join(club: Club, user: Any, role: str = Membership.Role.MEMBER) -> Membership:
    """Make ``user`` a member (an existing membership keeps its role)."""
    membership, _created = Membership.objects.get_or_create(club=club, user=user, defaults={"role": role})
    return membership


def create_invitation(
    club: Club, by: Any, role: str = Membership.Role.MEMBER, player: Player | None = None
) -> Invitation:
    """A single-use invitation code; with ``player``, whoever accepts becomes that player."""
    if role == Membership.Role.OWNER:
        raise ClubError(_("An invitation cannot make someone the owner."))
    if role == Membership.Role.DIRECTOR and club.role_of(by) != Membership.Role.OWNER:
        # Only the owner makes directors (as change_role): a director may not multiply itself.
        raise ClubError(_("Only the owner invites directors."))
    if player is not None and (player.club_id != club.pk or player.user_id is not None):
        raise ClubError(_("Only an offline player of this club can be claimed."))
    return Invitation.objects.create(
        club=club, code=secrets.token_urlsafe(12), role=role, player=player, created_by=by
    )


@transaction.atomic
def accept_invitation(code: str, user: Any) -> Invitation:
    """Join the invitation's club (and claim its player); each code works once."""
    invitation = Invitation.objects.select_for_update().filter(code=code).first()
    if invitation is None or invitation.used_at is not None:
        raise ClubError(_("This invitation is not valid any more."))
    if invitation.role == Membership.Role.DIRECTOR and (
        invitation.created_by is None
        or invitation.club.role_of(invitation.created_by) != Membership.Role.OWNER
    ):
        # A director invitation stands only while its maker is the owner (older ones made by directors).
        raise ClubError(_("This invitation is not valid any more."))
    if invitation.player_id is not None:
        link_player(invitation.player, user)  # type: ignore[arg-type]
    join(invitation.club, user, invitation.role)
    invitation.used_by, invitation.used_at = user, timezone.now()
    invitation.save(update_fields=["used_by", "used_at"])
    return invitation


def link_player(player: Player, user: Any) -> Player:
    """Link an offline player to an account (the account may have one player only)."""
    if player.user_id is not None and player.user_id != user.pk:
        raise ClubError(_("This player is already linked to another account."))
    if Player.objects.filter(user=user).exclude(pk=player.pk).exists():
        raise ClubError(_("This account already has a player."))
    player.user = user
    player.save(update_fields=["user"])
    return player


def request_to_join(club: Club, user: Any, message: str = "") -> JoinRequest:
    """Ask to join; a second request while one is pending returns the pending one."""
    if club.role_of(user) is not None:
        raise ClubError(_("You are already a member of this club."))
    pending = club.join_requests.filter(user=user, status=JoinRequest.Status.PENDING).first()
    return pending or JoinRequest.objects.create(club=club, user=user, message=message)


@transaction.atomic
def decide_join_request(request: JoinRequest, by: Any, approve: bool) -> JoinRequest:
    """Approve (the user becomes a member and gets a player) or decline a pending request."""
    if request.status != JoinRequest.Status.PENDING:
        raise ClubError(_("This request has already been decided."))
    request.status = JoinRequest.Status.APPROVED if approve else JoinRequest.Status.DECLINED
    request.decided_by, request.decided_at = by, timezone.now()
    request.save(update_fields=["status", "decided_by", "decided_at"])
    if approve:
        join(request.club, request.user)
        ensure_player(request.club, request.user)
    return request


def change_role(club: Club, by: Any, membership: Membership, role: str) -> Membership:
    """The owner changes a member's role; ownership itself is not handed out here."""
    if club.role_of(by) != Membership.Role.OWNER:
        raise ClubError(_("Only the owner changes roles."))
    if membership.club_id != club.pk or membership.role == Membership.Role.OWNER:
        raise ClubError(_("The owner's role cannot be changed."))
    if role not in (Membership.Role.DIRECTOR, Membership.Role.MEMBER):
        raise ClubError(_("Unknown role."))
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


def add_offline_player(club: Club, name: str) -> Player:
    """A player without a login, for games at a physical table."""
    if club.players.filter(name=name).exists():
        raise ClubError(_("A player of this club already has that name."))
    return Player.objects.create(club=club, name=name)
