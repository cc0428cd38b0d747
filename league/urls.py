"""League pages (mounted at the site root; every path names its own prefix) and the JSON API."""

from django.urls import path

from league.api import api
from league.views import (
    check_in,
    clubs,
    duplicate,
    matches,
    players,
    rulesets,
    screen,
    table_cards,
    table_phone,
    tournaments,
)

T = "clubs/<slug:slug>/t/<slug:tslug>/"

urlpatterns = [
    path("clubs/", clubs.club_list, name="club-list"),
    path("clubs/new/", clubs.club_create, name="club-create"),
    path("clubs/<slug:slug>/", clubs.club_detail, name="club-detail"),
    path("clubs/<slug:slug>/settings/", clubs.club_settings, name="club-settings"),
    path("clubs/<slug:slug>/join/", clubs.join_request_create, name="join-request"),
    path(
        "clubs/<slug:slug>/requests/<int:request_id>/", clubs.join_request_decide, name="join-request-decide"
    ),
    path("clubs/<slug:slug>/invitations/", clubs.invitation_create, name="invitation-create"),
    path(
        "clubs/<slug:slug>/members/<int:membership_id>/role/", clubs.membership_role, name="membership-role"
    ),
    path("clubs/<slug:slug>/players/", clubs.player_create, name="player-create"),
    path("clubs/<slug:slug>/players/link/", clubs.player_link, name="player-link"),
    path("invite/<str:code>/", clubs.invitation_accept, name="invite-accept"),
    path("clubs/<slug:slug>/rulesets/", rulesets.club_rulesets, name="club-rulesets"),
    path("clubs/<slug:slug>/rulesets/<int:ruleset_id>/copy/", rulesets.ruleset_copy, name="ruleset-copy"),
    path("clubs/<slug:slug>/rulesets/<int:ruleset_id>/edit/", rulesets.ruleset_edit, name="ruleset-edit"),
    path(
        "clubs/<slug:slug>/rulesets/<int:ruleset_id>/publish/",
        rulesets.ruleset_publish,
        name="ruleset-publish",
    ),
    path("clubs/<slug:slug>/tournaments/new/", tournaments.tournament_create, name="tournament-create"),
    path(T, tournaments.tournament_detail, name="tournament-detail"),
    path(T + "standings/", tournaments.standings_fragment, name="tournament-standings"),
    path(T + "check-in/", check_in.check_in_page, name="tournament-check-in"),
    path(T + "screen/", screen.tournament_screen, name="tournament-screen"),
    path(T + "screen/panels/", screen.screen_panels, name="tournament-screen-panels"),
    path(T + "entries/", tournaments.entry_create, name="entry-create"),
    path(T + "entries/<int:entry_id>/withdraw/", tournaments.entry_withdraw, name="entry-withdraw"),
    path(T + "entries/<int:entry_id>/reinstate/", tournaments.entry_reinstate, name="entry-reinstate"),
    path(T + "entries/<int:entry_id>/check-in/", tournaments.entry_check_in, name="entry-check-in"),
    path(T + "keep-apart/", tournaments.keep_apart_add, name="keep-apart"),
    path(T + "rounds/", tournaments.round_generate, name="round-generate"),
    path(T + "rounds/<int:number>/", tournaments.round_detail, name="round-detail"),
    path(T + "rounds/<int:number>/action/", tournaments.round_action, name="round-action"),
    path(T + "rounds/<int:number>/boards/", duplicate.round_boards, name="round-boards"),
    path(T + "rounds/<int:number>/sheets/", duplicate.board_sheets, name="board-sheets"),
    path(T + "rounds/<int:number>/cards/", table_cards.table_cards, name="table-cards"),
    path(T + "rounds/<int:number>/tables/", tournaments.round_tables, name="round-tables"),
    path("t/", table_phone.table_code, name="table-code"),
    path("t/<str:code>/", table_phone.table_phone, name="table-phone"),
    path("t/<str:code>/<slug:action>/", table_phone.table_action, name="table-phone-action"),
    path("matches/<int:match_id>/", matches.match_detail, name="match-detail"),
    path("matches/<int:match_id>/deals/", matches.deal_enter, name="deal-enter"),
    path("matches/<int:match_id>/correct/", matches.deal_correct, name="deal-correct"),
    path("matches/<int:match_id>/upload/", matches.record_upload, name="record-upload"),
    path("matches/<int:match_id>/<str:action>/", matches.match_action, name="match-action"),
    path("players/<int:player_id>/", players.player_detail, name="player-detail"),
    path("rankings/<str:family>/", players.rankings, name="rankings"),
    path("api/", api.urls),
]
