"""A table's chat (tables/services/chat.py): what a line may hold, how fast, who is muted, where
chat is off, who reads which line live and on the replay page."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from league.models import Club, Deal, Membership
from tables.models import LiveTable, TableMessage, TableVisitor
from tables.services import chat, live
from tables.services.chat import MAX_LENGTH, RATE_COUNT, RATE_SECONDS, ChatRefused
from tests.tables.conftest import ORIGIN, session_cookie, socket
from tests.tables.helpers import seated_table, start, tournament_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def manual(settings: Any) -> None:
    """Steps wait in a list (nothing moves by itself), so a socket receives only what the test makes."""
    settings.TABLES_PACING = "manual"


@pytest.fixture
def spectator(club: Club, django_user_model: Any) -> Any:
    """A member of the club who sits nowhere."""
    user = django_user_model.objects.create_user("watcher", password="pw-123456")
    Membership.objects.create(club=club, user=user, role="member")
    return user


def playing(club: Club, members: list[Any]) -> LiveTable:
    """Members 0 (the host) and 1 in seats 0 and 1, bots in 2 and 3; the first deal in play."""
    table = seated_table(club, members[:2], bots={2: "heuristic", 3: "heuristic"})
    start(table)
    return LiveTable.objects.get(pk=table.pk)


def texts(table: LiveTable) -> list[str]:
    return list(TableMessage.objects.filter(table=table).order_by("pk").values_list("text", flat=True))


# -- what a line may hold ----------------------------------------------------------------------


@pytest.mark.parametrize("length", [1, MAX_LENGTH])
def test_a_line_up_to_the_limit_is_kept(length: int) -> None:
    assert chat.clean("好" * length) == "好" * length


@pytest.mark.parametrize("text", ["好" * (MAX_LENGTH + 1), "", "   ", None, 7])
def test_a_line_too_long_empty_or_not_text_is_refused(text: Any) -> None:
    with pytest.raises(ChatRefused):
        chat.clean(text)


def test_a_line_is_stripped() -> None:
    assert chat.clean("  good hand  ") == "good hand"


@pytest.mark.parametrize("control", ["\n", "\x07", "\x00", "\u202e", "\u2066", "\ud800"])
def test_control_characters_are_refused(control: str) -> None:
    with pytest.raises(ChatRefused, match="control"):
        chat.clean(f"well {control} played")


def test_markup_is_kept_as_text() -> None:
    """Escaping is the page's (``textContent``): the line is stored as written."""
    assert chat.clean("<b>10♥</b> & more") == "<b>10♥</b> & more"


# -- who writes where --------------------------------------------------------------------------


def test_a_seated_person_writes_to_the_players(club: Club, members: list[Any], manual: None) -> None:
    table = playing(club, members)
    shown = chat.post(table.pk, members[1], "good luck")
    assert shown["channel"] == "players"
    assert not TableMessage.objects.get(pk=shown["id"]).in_deal


def test_a_spectator_writes_to_the_spectators_during_the_deal(
    club: Club, members: list[Any], spectator: Any, manual: None
) -> None:
    table = playing(club, members)
    shown = chat.post(table.pk, spectator, "North holds the trumps")
    message = TableMessage.objects.get(pk=shown["id"])
    assert (message.channel, message.in_deal) == ("spectators", True)


def test_a_spectators_line_at_a_paused_deal_is_written_during_it(
    club: Club, members: list[Any], spectator: Any, manual: None
) -> None:
    from tables.services import lifecycle

    table = playing(club, members)
    lifecycle.pause(table.pk, members[0])
    shown = chat.post(table.pk, spectator, "take your time")
    assert TableMessage.objects.get(pk=shown["id"]).in_deal


def test_a_spectator_writes_before_the_start_outside_any_deal(
    club: Club, members: list[Any], spectator: Any
) -> None:
    table = seated_table(club, members[:2])
    shown = chat.post(table.pk, spectator, "who starts?")
    assert not TableMessage.objects.get(pk=shown["id"]).in_deal


def test_a_visitor_not_logged_in_cannot_write(club: Club, members: list[Any]) -> None:
    from django.contrib.auth.models import AnonymousUser

    table = seated_table(club, members[:2])
    with pytest.raises(ChatRefused):
        chat.post(table.pk, AnonymousUser(), "hello")


# -- the rate limit ----------------------------------------------------------------------------


def test_the_line_past_the_rate_is_refused(club: Club, members: list[Any], manual: None) -> None:
    table = playing(club, members)
    for n in range(RATE_COUNT):
        chat.post(table.pk, members[1], f"line {n}")
    with pytest.raises(ChatRefused, match="Slow down"):
        chat.post(table.pk, members[1], "one too many")
    assert len(texts(table)) == RATE_COUNT


@pytest.mark.parametrize(("ago", "accepted"), [(RATE_SECONDS - 1, False), (RATE_SECONDS + 1, True)])
def test_the_rate_counts_only_the_last_seconds(
    club: Club, members: list[Any], manual: None, ago: int, accepted: bool
) -> None:
    table = playing(club, members)
    for n in range(RATE_COUNT):
        chat.post(table.pk, members[1], f"line {n}")
    TableMessage.objects.update(created=TableMessage.objects.first().created - timedelta(seconds=ago))  # type: ignore[union-attr]
    if accepted:
        chat.post(table.pk, members[1], "again")
    else:
        with pytest.raises(ChatRefused):
            chat.post(table.pk, members[1], "again")


@pytest.mark.services
def test_lines_sent_at_once_are_counted_one_after_another(
    club: Club, members: list[Any], manual: None
) -> None:
    """Fifty lines of one person at the same moment (PostgreSQL): exactly the rate's count is kept."""
    from tests.tables.test_tables_exactly_once import together

    table = playing(club, members)

    def write() -> str:
        try:
            chat.post(table.pk, members[1], "at once")
        except ChatRefused:
            return "refused"
        return "kept"

    outcomes = together(write)
    assert (outcomes.count("kept"), outcomes.count("refused")) == (RATE_COUNT, 50 - RATE_COUNT)
    assert len(texts(table)) == RATE_COUNT


def test_the_rate_is_per_person(club: Club, members: list[Any], manual: None) -> None:
    table = playing(club, members)
    for n in range(RATE_COUNT):
        chat.post(table.pk, members[1], f"line {n}")
    chat.post(table.pk, members[0], "my turn to talk")


# -- the host's mute ---------------------------------------------------------------------------


def test_a_muted_person_is_refused_until_unmuted(club: Club, members: list[Any], manual: None) -> None:
    table = playing(club, members)
    chat.mute(table.pk, members[0], members[1].pk, True)
    with pytest.raises(ChatRefused, match="muted"):
        chat.post(table.pk, members[1], "hello")
    chat.mute(table.pk, members[0], members[1].pk, False)
    chat.post(table.pk, members[1], "hello")


def test_only_the_host_mutes(club: Club, members: list[Any], manual: None) -> None:
    table = playing(club, members)
    with pytest.raises(ChatRefused, match="host"):
        chat.mute(table.pk, members[1], members[0].pk, True)


def test_the_host_does_not_mute_themself(club: Club, members: list[Any], manual: None) -> None:
    table = playing(club, members)
    with pytest.raises(ChatRefused):
        chat.mute(table.pk, members[0], members[0].pk, True)


# -- tournament tables -------------------------------------------------------------------------


@pytest.mark.parametrize("switched_on", [False, True])
def test_tournament_tables_chat_only_when_the_club_switches_it_on(
    club: Club, members: list[Any], switched_on: bool
) -> None:
    Club.objects.filter(pk=club.pk).update(tournament_chat=switched_on)
    table = tournament_table(club, members)
    if switched_on:
        chat.post(table.pk, members[1], "good luck")
    else:
        with pytest.raises(ChatRefused, match="off"):
            chat.post(table.pk, members[1], "good luck")


def test_the_club_settings_form_switches_tournament_chat(club: Club, members: list[Any]) -> None:
    from league.forms import ClubSettingsForm

    form = ClubSettingsForm({"description": "", "is_public": "on", "tournament_chat": "on"}, instance=club)
    assert form.is_valid(), form.errors
    form.save()
    assert Club.objects.get(pk=club.pk).tournament_chat


# -- who reads which line, live ----------------------------------------------------------------


async def drain(communicator: Any) -> None:
    """Read what the socket was sent on opening."""
    while not await communicator.receive_nothing(timeout=0.3):
        await communicator.receive_from()


async def chat_frames(communicator: Any) -> list[dict[str, Any]]:
    """The chat frames the socket received until it has been quiet for a moment."""
    frames = []
    while not await communicator.receive_nothing(timeout=0.5):
        frame = json.loads(await communicator.receive_from())
        if frame["type"].startswith("chat"):
            frames.append(frame)
    return frames


async def open_sockets(table: LiveTable, *users: Any) -> list[Any]:
    sockets = []
    for user in users:
        communicator = socket(table.pk, await database_sync_to_async(session_cookie)(user))
        assert (await communicator.connect())[0]
        await drain(communicator)
        sockets.append(communicator)
    return sockets


@pytest.mark.asyncio
async def test_a_spectators_line_during_the_deal_never_reaches_the_player(
    club: Club, members: list[Any], spectator: Any, manual: None
) -> None:
    table = await database_sync_to_async(playing)(club, members)
    player, watcher = await open_sockets(table, members[1], spectator)
    await watcher.send_json_to({"type": "chat", "text": "North holds the trumps"})
    seen = await chat_frames(watcher)
    assert [line["text"] for frame in seen for line in frame["lines"]] == ["North holds the trumps"]
    assert await chat_frames(player) == []
    for communicator in (player, watcher):
        await communicator.disconnect()


@pytest.mark.asyncio
async def test_a_person_seated_since_their_socket_opened_is_a_player(
    club: Club, members: list[Any], spectator: Any, manual: None
) -> None:
    """Seated through the page's form while their socket watches: the spectators' line stays away."""
    from tables.services import lifecycle

    def left_empty() -> LiveTable:
        table = seated_table(club, members[:2], bots={2: "heuristic", 3: "heuristic"}, leave_bot="")
        start(table)
        lifecycle.leave(table.pk, members[1])  # the table pauses until someone sits in seat 1
        return table

    table = await database_sync_to_async(left_empty)()
    newcomer, watcher = await open_sockets(table, members[2], spectator)
    await database_sync_to_async(lifecycle.sit)(table.pk, members[2], 1)
    await drain(newcomer)
    await watcher.send_json_to({"type": "chat", "text": "North holds the trumps"})
    assert len(await chat_frames(watcher)) == 1
    assert await chat_frames(newcomer) == []
    for communicator in (newcomer, watcher):
        await communicator.disconnect()


@pytest.mark.asyncio
async def test_a_players_line_reaches_players_and_spectators(
    club: Club, members: list[Any], spectator: Any, manual: None
) -> None:
    table = await database_sync_to_async(playing)(club, members)
    host, player, watcher = await open_sockets(table, members[0], members[1], spectator)
    await player.send_json_to({"type": "chat", "text": "well played"})
    for communicator in (host, player, watcher):
        frames = await chat_frames(communicator)
        assert [line["text"] for frame in frames for line in frame["lines"]] == ["well played"]
        await communicator.disconnect()


@pytest.mark.asyncio
async def test_a_spectators_line_between_deals_reaches_the_player(
    club: Club, members: list[Any], spectator: Any, manual: None
) -> None:
    table = await database_sync_to_async(playing)(club, members)
    await database_sync_to_async(Deal.objects.filter(match_id=table.match_id).update)(
        status=Deal.Status.FINISHED
    )
    player, watcher = await open_sockets(table, members[1], spectator)
    await watcher.send_json_to({"type": "chat", "text": "what a deal"})
    frames = await chat_frames(player)
    assert [line["text"] for frame in frames for line in frame["lines"]] == ["what a deal"]
    for communicator in (player, watcher):
        await communicator.disconnect()


@pytest.mark.asyncio
async def test_a_player_reconnecting_gets_no_spectators_line_of_the_deal(
    club: Club, members: list[Any], spectator: Any, manual: None
) -> None:
    table = await database_sync_to_async(playing)(club, members)
    await database_sync_to_async(chat.post)(table.pk, spectator, "North holds the trumps")
    await database_sync_to_async(chat.post)(table.pk, members[0], "go on")
    histories = {}
    for name, user in (("player", members[1]), ("spectator", spectator)):
        communicator = socket(table.pk, await database_sync_to_async(session_cookie)(user))
        assert (await communicator.connect())[0]
        frames = await chat_frames(communicator)
        histories[name] = [line["text"] for frame in frames for line in frame["lines"]]
        await communicator.disconnect()
    assert histories == {"player": ["go on"], "spectator": ["North holds the trumps", "go on"]}


@pytest.mark.asyncio
async def test_a_refusal_comes_back_as_a_chat_error_in_the_pages_language(
    club: Club, members: list[Any], manual: None
) -> None:
    table = await database_sync_to_async(playing)(club, members)
    from cardclub.asgi import application

    cookie = await database_sync_to_async(session_cookie)(members[1])
    headers = [ORIGIN, (b"cookie", cookie)]
    communicator = WebsocketCommunicator(application, f"/ws/tables/{table.pk}/?lang=zh-hans", headers=headers)
    assert (await communicator.connect())[0]
    await drain(communicator)
    await communicator.send_json_to({"type": "chat", "text": "x" * (MAX_LENGTH + 1)})
    (frame,) = await chat_frames(communicator)
    assert frame["type"] == "chat_error" and frame["code"] == "chat_refused"
    assert frame["message"] == f"聊天消息最多 {MAX_LENGTH} 个字符。"
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_the_host_mutes_through_the_socket(club: Club, members: list[Any], manual: None) -> None:
    table = await database_sync_to_async(playing)(club, members)
    host, player = await open_sockets(table, members[0], members[1])
    await host.send_json_to({"type": "mute", "person": members[1].pk})
    assert await chat_frames(host) == [{"type": "chat_muted", "person": members[1].pk, "muted": True}]
    await player.send_json_to({"type": "chat", "text": "hello"})
    (refused,) = await chat_frames(player)
    assert refused["type"] == "chat_error"
    assert await chat_frames(host) == []
    for communicator in (host, player):
        await communicator.disconnect()


# -- who was there: the replay -----------------------------------------------------------------


@pytest.mark.asyncio
async def test_opening_the_socket_records_a_visitor(
    club: Club, members: list[Any], spectator: Any, manual: None
) -> None:
    table = await database_sync_to_async(playing)(club, members)
    (watcher,) = await open_sockets(table, spectator)
    visited = database_sync_to_async(TableVisitor.objects.filter(table=table, user=spectator).exists)
    # The handshake is answered first and the visit is written after the first view is sent.
    for _ in range(100):
        if await visited():
            break
        await asyncio.sleep(0.05)
    await watcher.disconnect()
    assert await visited()


def replay_page(table: LiveTable, user: Any | None) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(reverse("match-replays", args=[table.match_id]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def chatted(club: Club, members: list[Any], spectator: Any, manual: None) -> LiveTable:
    """A table in play where a player and (during the deal) a spectator wrote; the spectator was there."""
    table = playing(club, members)
    chat.post(table.pk, members[1], "good luck all")
    chat.post(table.pk, spectator, "North holds the trumps")
    TableVisitor.objects.create(table=table, user=spectator)
    live.clear()
    return table


@pytest.mark.parametrize(
    ("persona", "shown"),
    [
        ("player", ["good luck all"]),
        ("spectator", ["good luck all", "North holds the trumps"]),
        ("owner", ["good luck all", "North holds the trumps"]),
        ("member who was not there", []),
        ("visitor not logged in", []),
    ],
)
def test_the_replay_shows_the_chat_only_to_those_who_were_there(
    chatted: LiveTable,
    members: list[Any],
    spectator: Any,
    django_user_model: Any,
    persona: str,
    shown: list[str],
) -> None:
    absent = django_user_model.objects.create_user("absent", password="pw-123456")
    Membership.objects.create(club=chatted.club, user=absent, role="member")
    user = {
        "player": members[1],
        "spectator": spectator,
        "owner": members[0],
        "member who was not there": absent,
    }
    page = replay_page(chatted, user.get(persona))
    assert [text for text in ("good luck all", "North holds the trumps") if text in page] == shown
    assert ('id="replay-chat"' in page) == bool(shown)


def test_the_deal_viewer_shows_the_deals_chat_to_those_who_were_there(
    chatted: LiveTable, spectator: Any
) -> None:
    deal = Deal.objects.get(match_id=chatted.match_id, number=1)
    Deal.objects.filter(pk=deal.pk).update(status=Deal.Status.FINISHED)  # a deal in play has no viewer
    client = Client()
    client.force_login(spectator)
    response = client.get(reverse("deal-viewer", args=[deal.pk]))
    assert response.status_code == 200
    assert "North holds the trumps" in response.content.decode()


def test_a_deals_chat_runs_until_the_next_deal_starts(chatted: LiveTable, spectator: Any) -> None:
    first = Deal.objects.get(match_id=chatted.match_id, number=1)
    second = Deal.objects.create(match_id=chatted.match_id, number=2, game=first.game)
    chat.post(chatted.pk, spectator, "deal two")
    by_deal = [
        [line["text"] for line in chat.replay_lines(chatted.match, spectator, deal) or []]
        for deal in (first, second)
    ]
    assert by_deal == [["good luck all", "North holds the trumps"], ["deal two"]]


def test_the_match_export_carries_no_chat(chatted: LiveTable, spectator: Any) -> None:
    client = Client()
    client.force_login(spectator)
    body = client.get(reverse("match-export", args=[chatted.match_id])).content.decode()
    assert "good luck all" not in body and "North holds" not in body
