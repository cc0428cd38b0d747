"""Club pages: list, detail, creation, invitations, join requests, roles and players."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league import access
from league.forms import (
    ClubForm,
    ClubSettingsForm,
    InvitationForm,
    JoinRequestForm,
    LinkPlayerForm,
    PlayerForm,
    RoleForm,
)
from league.models import Invitation, JoinRequest, Membership
from league.services import clubs, ratings
from league.views.common import act, managed_club, visible_club

ROLE_ORDER: dict[str, int] = {
    Membership.Role.OWNER: 0,
    Membership.Role.DIRECTOR: 1,
    Membership.Role.MEMBER: 2,
}


def club_list(request: HttpRequest) -> HttpResponse:
    """Clubs the visitor may see."""
    return render(request, "league/club_list.html", {"clubs": access.visible_clubs(request.user)})


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's page: members, players, tournaments; directors also see invitations and requests."""
    club = visible_club(request, slug)
    role = club.role_of(request.user)
    manages = access.manages(request.user, club)
    tournaments = access.visible_tournaments(request.user, club.tournaments.all())
    context: dict[str, Any] = {
        "club": club,
        "role": Membership.Role(role).label if role else None,
        "is_owner": role == Membership.Role.OWNER,
        "manages": manages,
        "memberships": sorted(
            club.memberships.select_related("user"), key=lambda m: (ROLE_ORDER[m.role], m.user.get_username())
        ),
        "players": club.players.select_related("user"),
        "tournaments": tournaments,
        "families": ratings.rating_families(),
        "pending_request": request.user.is_authenticated
        and club.join_requests.filter(user=request.user, status=JoinRequest.Status.PENDING).exists(),
    }
    if manages:
        context |= {
            "invitations": club.invitations.filter(used_at__isnull=True).select_related("player"),
            "join_requests": club.join_requests.filter(status=JoinRequest.Status.PENDING).select_related(
                "user"
            ),
            "invitation_form": InvitationForm(
                club, owner=club.role_of(request.user) == Membership.Role.OWNER
            ),
            "player_form": PlayerForm(),
            "link_form": LinkPlayerForm(club),
            "role_form": RoleForm(),
            "settings_form": ClubSettingsForm(instance=club),
        }
    return render(request, "league/club_detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def club_create(request: HttpRequest) -> HttpResponse:
    """Create a club; the creator becomes its owner."""
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = clubs.create_club(request.user, **form.cleaned_data)
        messages.success(request, _("Club created. You are its owner."))
        return redirect(club)
    return render(request, "league/club_form.html", {"form": form})


@login_required
@require_POST
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """Directors change the club's description, visibility and automatic reviews."""
    club = managed_club(request, slug)
    form = ClubSettingsForm(request.POST, instance=club)
    if form.is_valid():
        form.save()
        messages.success(request, _("Club settings saved."))
    else:
        messages.error(request, _("The club settings were not saved."))
    return redirect(club)


@login_required
@require_POST
def invitation_create(request: HttpRequest, slug: str) -> HttpResponse:
    """A director creates an invitation link."""
    club = managed_club(request, slug)
    # Every role parses here; clubs.create_invitation refuses a director's director invitation.
    form = InvitationForm(club, request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a role and, optionally, an offline player."))
        return redirect(club)
    return act(
        request,
        lambda: clubs.create_invitation(
            club, request.user, form.cleaned_data["role"], form.cleaned_data["player"]
        ),
        _("Invitation created: share its link."),
        club.get_absolute_url(),
        (clubs.ClubError,),
    )


@require_http_methods(["GET", "POST"])
def invitation_accept(request: HttpRequest, code: str) -> HttpResponse:
    """Show an invitation; a signed-in user accepts it with a POST."""
    invitation = (
        Invitation.objects.select_related("club", "player").filter(code=code, used_at__isnull=True).first()
    )
    if invitation is None:
        raise Http404
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return act(
            request,
            lambda: clubs.accept_invitation(code, request.user),
            _("Welcome to %(club)s.") % {"club": invitation.club},
            invitation.club.get_absolute_url(),
            (clubs.ClubError,),
        )
    return render(request, "league/invitation.html", {"invitation": invitation})


@login_required
@require_POST
def join_request_create(request: HttpRequest, slug: str) -> HttpResponse:
    """A signed-in outsider asks to join a club they can see."""
    club = visible_club(request, slug)
    form = JoinRequestForm(request.POST)
    message = form.cleaned_data["message"] if form.is_valid() else ""
    return act(
        request,
        lambda: clubs.request_to_join(club, request.user, message),
        _("Your request was sent to the club's directors."),
        club.get_absolute_url(),
        (clubs.ClubError,),
    )


@login_required
@require_POST
def join_request_decide(request: HttpRequest, slug: str, request_id: int) -> HttpResponse:
    """A director approves or declines a join request."""
    club = managed_club(request, slug)
    join_request = get_object_or_404(JoinRequest, pk=request_id, club=club)
    approve = request.POST.get("decision") == "approve"
    return act(
        request,
        lambda: clubs.decide_join_request(join_request, request.user, approve),
        _("Request approved.") if approve else _("Request declined."),
        club.get_absolute_url(),
        (clubs.ClubError,),
    )


@login_required
@require_POST
def membership_role(request: HttpRequest, slug: str, membership_id: int) -> HttpResponse:
    """The owner changes a member's role."""
    club = visible_club(request, slug)
    if club.role_of(request.user) != Membership.Role.OWNER:
        raise PermissionDenied
    membership = get_object_or_404(Membership, pk=membership_id, club=club)
    form = RoleForm(request.POST)
    role = form.cleaned_data["role"] if form.is_valid() else ""
    return act(
        request,
        lambda: clubs.change_role(club, request.user, membership, role),
        _("Role changed."),
        club.get_absolute_url(),
        (clubs.ClubError,),
    )


@login_required
@require_POST
def player_create(request: HttpRequest, slug: str) -> HttpResponse:
    """A director adds a player without a login."""
    club = managed_club(request, slug)
    form = PlayerForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the player a name."))
        return redirect(club)
    return act(
        request,
        lambda: clubs.add_offline_player(club, form.cleaned_data["name"]),
        _("Player added."),
        club.get_absolute_url(),
        (clubs.ClubError,),
    )


@login_required
@require_POST
def player_link(request: HttpRequest, slug: str) -> HttpResponse:
    """A director links an offline player to a member's account."""
    club = managed_club(request, slug)
    form = LinkPlayerForm(club, request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose an offline player and an account without a player."))
        return redirect(club)
    return act(
        request,
        lambda: clubs.link_player(form.cleaned_data["player"], form.cleaned_data["membership"].user),
        _("Player linked to the account."),
        club.get_absolute_url(),
        (clubs.ClubError,),
    )
