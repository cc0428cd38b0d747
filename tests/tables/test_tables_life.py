"""A live table's life: pause, resume, end, leave, sit, substitute, away and the deserted tables.

Steps run on the manual back end; the sweep is given the time, so every deadline is checked on
both sides. Each change is one row of the match's event log (``ResultEvent``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.core.exceptions import ValidationError
from django.utils import timezone

from engine.core.record import check_record
from league.models import Deal, Match, MatchSeat, Move, Player, RatingChange, ResultEvent, Tournament
from league.services import ratings
from replays.services.records import deal_record
from tables.forms import OpenTableForm
from tables.models import LiveTable, TableSeat
from tables.services import (
    lifecycle,
    live,
    lobby,
    moves,
    paces,
    pacing,
    presence,
    states,
    steps,
    sweep,
    views,
)
from tables.services.errors import NotAllowed, NotPlaying
from tables.services.lobby_rows import lobby_tables
from tests.tables.conftest import session_cookie, socket
from tests.tables.helpers import seated_table, start, tournament_table

pytestmark = pytest.mark.django_db(transaction=True)

PACE = {"draw": 0.35, "bot": 0.8, "between_deals": 4.0}
CLOCK = 30


@pytest.fixture
def manual(settings: Any) -> None:
    """Steps wait in a list at the house pace; ``pacing.run_pending`` runs them."""
    settings.TABLES_PACING = "manual"
    settings.TABLES_PACE = PACE


def latest(table: LiveTable) -> Deal:
    """The table's current deal, fresh from the database."""
    return Deal.objects.filter(match__live_table=table).order_by("-number").first()  # type: ignore[return-value]


def fresh(table: LiveTable) -> LiveTable:
    return LiveTable.objects.get(pk=table.pk)


def kinds(table: LiveTable) -> list[str]:
    """The match's event log, oldest first."""
    return list(
        ResultEvent.objects.filter(match_id=fresh(table).match_id)
        .order_by("id")
        .values_list("kind", flat=True)
    )


def two_people(club: Any, members: list[Any], **options: Any) -> LiveTable:
    """Members 0 and 1 in seats 0 and 1 (member 0 hosts), heuristic bots in 2 and 3; started."""
    table = seated_table(club, members[:2], bots={2: "heuristic", 3: "heuristic"}, **options)
    start(table)
    return fresh(table)


def step_until(table: LiveTable, seat: int) -> Deal:
    """Take steps until ``seat`` must decide something other than drawing (other people's clocks
    run out); the rest of the queue is lost."""
    for _ in range(2000):
        deal = latest(table)
        state = live.state_of(deal).state
        must = deal.status == Deal.Status.LIVE and seat in state.must_move()
        if must and not pacing.is_paced_draw(state, seat, deal.game):
            pacing.clear_pending()
            return deal
        if not pacing.run_pending(limit=1, expire_clocks=True):
            steps.advance(deal.pk, deal.version, expire_clocks=True)
    raise AssertionError("the seat never had to decide")


def play_deal_out(table: LiveTable) -> Deal:
    """Let every clock run out until the current deal is over; the queue is then lost."""
    number = latest(table).number
    for _ in range(5000):
        deal = latest(table)
        if deal.number == number and deal.status == Deal.Status.FINISHED:
            pacing.clear_pending()
            return deal
        if not pacing.run_pending(limit=1, expire_clocks=True):
            steps.advance(deal.pk, deal.version, expire_clocks=True)
    raise AssertionError("the deal never ended")


def moved(table: LiveTable, deal: Deal, seat: int, *, expire_clocks: bool = False) -> Move:
    """Take the deal's steps from its version now until ``seat`` has moved (a bot's optional
    declaration may come first); its Move."""
    version = deal.version  # read now: the cached state's row is this same object and moves on
    # Other seats may move first: bots' optional declarations, and on a loaded machine the other
    # person's clock, which runs out too while these steps are taken.
    for _ in range(200):
        move = Move.objects.filter(deal_id=deal.pk, seq__gte=version, seat=seat).first()
        if move is not None:
            return move
        current = latest(table)
        steps.advance(current.pk, current.version, expire_clocks=expire_clocks)
    raise AssertionError("the seat did not move")


def own_move(deal: Deal, seat: int) -> str:
    """A legal action of ``seat`` in notation."""
    return str(next(iter(live.state_of(deal).state.legal_actions(seat))))


# -- pause and resume ---------------------------------------------------------------------------


def test_the_host_pauses_and_no_server_step_runs(club: Any, members: list[Any], manual: None) -> None:
    """Paused, a bot's or a clock's step does nothing, and the event log has one row for it."""
    table = two_people(club, members)
    deal = step_until(table, 0)
    lifecycle.pause(table.pk, members[0])
    assert fresh(table).status == LiveTable.Status.PAUSED and fresh(table).paused_why == "host"
    version = deal.version
    steps.advance(deal.pk, version, expire_clocks=True)
    assert latest(table).version == version
    assert kinds(table) == ["paused"]


def test_a_person_cannot_move_at_a_paused_table(club: Any, members: list[Any], manual: None) -> None:
    table = two_people(club, members)
    deal = step_until(table, 0)
    lifecycle.pause(table.pk, members[0])
    with pytest.raises(NotPlaying):
        moves.apply_move(deal.pk, 0, own_move(deal, 0), deal.version, user_id=members[0].pk)


@pytest.mark.parametrize("who", [1, 3])
def test_only_the_host_pauses_a_casual_table(club: Any, members: list[Any], manual: None, who: int) -> None:
    """A seated player who is not the host (1) or a member watching (3) may not pause."""
    table = two_people(club, members)
    with pytest.raises(NotAllowed):
        lifecycle.pause(table.pk, members[who])
    assert fresh(table).status == LiveTable.Status.PLAYING


def test_resume_shifts_the_clock_by_the_paused_time(club: Any, members: list[Any], manual: None) -> None:
    """Paused 100 s into a decision, the person's clock runs out 100 s later than it would have."""
    table = two_people(club, members, seconds_per_decision=CLOCK)
    deal = step_until(table, 0)
    since = live.state_of(deal).since
    lifecycle.pause(table.pk, members[0])
    LiveTable.objects.filter(pk=table.pk).update(paused_at=timezone.now() - timedelta(seconds=100))
    lifecycle.resume(table.pk, members[0])
    table_info = live.table(table.pk)
    assert table_info.status == LiveTable.Status.PLAYING
    assert table_info.clock_since(deal.pk, deal.version, since) == pytest.approx(since + 100, abs=1)
    frame = views.table_view(table.pk, 0)
    assert frame["clock"]["deadline"] == pytest.approx((since + 100 + CLOCK) * 1000, abs=1000)
    (owed,) = [o for o in sweep.owed(since + 200) if o.kind == "move"]
    assert owed.due == pytest.approx(since + 100 + CLOCK, abs=1)
    assert kinds(table) == ["paused", "resumed"]


def test_the_shift_is_for_that_decision_only(club: Any, members: list[Any], manual: None) -> None:
    """The next version's clock starts from its own move, unshifted."""
    table = two_people(club, members)
    deal = step_until(table, 0)
    lifecycle.pause(table.pk, members[0])
    LiveTable.objects.filter(pk=table.pk).update(paused_at=timezone.now() - timedelta(seconds=100))
    lifecycle.resume(table.pk, members[0])
    assert live.table(table.pk).clock_since(deal.pk, deal.version + 1, 5.0) == 5.0


def test_resuming_plans_the_next_step(club: Any, members: list[Any], manual: None) -> None:
    table = two_people(club, members)
    deal = step_until(table, 0)
    lifecycle.pause(table.pk, members[0])
    lifecycle.resume(table.pk, members[0])
    assert (deal.pk, deal.version) in pacing._pending


def test_a_pause_while_a_bot_chooses_holds_its_move(club: Any, members: list[Any], manual: None) -> None:
    """The bot's step was prepared (it chooses on a copy, outside the deal's lock) when the host
    paused: its move is not made; once resumed the step is planned and made, once."""
    table = two_people(club, members)
    deal = step_until(table, 2)
    version = deal.version
    step = steps.prepare(deal.pk, version)
    assert step is not None and step.seat == 2
    lifecycle.pause(table.pk, members[0])
    steps.finish(deal.pk, version, step, step.decide())
    assert latest(table).version == version and not Move.objects.filter(deal=deal, seq=version).exists()
    lifecycle.resume(table.pk, members[0])
    pacing.run_pending(limit=1)
    assert Move.objects.get(deal=deal, seq=version).seat == 2


# -- end ------------------------------------------------------------------------------------------


def test_the_host_ends_the_match_unrated_and_its_deals_replay(
    club: Any, members: list[Any], manual: None
) -> None:
    """Ended after one deal: the match is finished, marked ended early and rated by nobody; the
    played deal's record replays to its stored result."""
    table = two_people(club, members, deals_target=4)
    first = play_deal_out(table)
    lifecycle.end(table.pk, members[0])
    match = Match.objects.get(pk=fresh(table).match_id)
    assert (match.status, match.ended_early, match.rated) == (Match.Status.FINISHED, True, False)
    assert fresh(table).status == LiveTable.Status.ENDED
    assert ratings.rated_items(match) == []
    ratings.rate_match(match.pk)
    assert not RatingChange.objects.filter(match=match).exists()
    assert check_record(deal_record(Deal.objects.get(pk=first.pk))).result() == first.result
    assert kinds(table) == ["ended"]


def test_a_member_who_is_not_the_host_cannot_end(club: Any, members: list[Any], manual: None) -> None:
    table = two_people(club, members)
    with pytest.raises(NotAllowed):
        lifecycle.end(table.pk, members[1])
    assert fresh(table).status == LiveTable.Status.PLAYING


def test_an_ended_table_runs_no_step(club: Any, members: list[Any], manual: None) -> None:
    table = two_people(club, members)
    deal = step_until(table, 0)
    lifecycle.end(table.pk, members[0])
    version = deal.version
    steps.advance(deal.pk, version, expire_clocks=True)
    assert latest(table).version == version


# -- leave and sit --------------------------------------------------------------------------------


def test_a_person_leaves_and_the_host_s_bot_takes_the_seat(
    club: Any, members: list[Any], manual: None
) -> None:
    """With a bot chosen, the seat is the bot's at once (and in the next deals' records); play goes on."""
    table = two_people(club, members, leave_bot="heuristic")
    deal = step_until(table, 1)
    lifecycle.leave(table.pk, members[1])
    seat = TableSeat.objects.get(table=table, seat=1)
    assert (seat.user_id, seat.bot) == (None, "heuristic")
    assert MatchSeat.objects.get(match_id=table.match_id, seat=1).bot == "heuristic"
    assert fresh(table).status == LiveTable.Status.PLAYING
    assert moved(table, deal, 1).auto is False  # the bot moves for the seat, no clock ran out
    assert kinds(table) == ["left", "bot"]


def test_a_person_leaves_and_the_table_pauses_until_someone_sits(
    club: Any, members: list[Any], manual: None
) -> None:
    """With no bot chosen the table pauses; the host cannot resume it with the seat empty; a member
    sitting down resumes it."""
    table = two_people(club, members, leave_bot="")
    step_until(table, 0)
    lifecycle.leave(table.pk, members[1])
    assert (fresh(table).status, fresh(table).paused_why) == (LiveTable.Status.PAUSED, "seat")
    with pytest.raises(NotAllowed):
        lifecycle.resume(table.pk, members[0])
    lifecycle.sit(table.pk, members[2], 1)
    assert fresh(table).status == LiveTable.Status.PLAYING
    assert TableSeat.objects.get(table=table, seat=1).user_id == members[2].pk
    assert MatchSeat.objects.get(match_id=table.match_id, seat=1).player == Player.objects.get(
        user=members[2]
    )
    assert kinds(table) == ["left", "paused", "sat", "resumed"]


def test_a_bot_s_seat_is_taken_back_between_deals_only(club: Any, members: list[Any], manual: None) -> None:
    table = two_people(club, members, deals_target=3)
    step_until(table, 0)
    with pytest.raises(NotAllowed):
        lifecycle.sit(table.pk, members[2], 2)
    play_deal_out(table)
    lifecycle.sit(table.pk, members[2], 2)
    seat = TableSeat.objects.get(table=table, seat=2)
    assert (seat.user_id, seat.bot) == (members[2].pk, "")


def test_the_last_person_leaving_ends_the_match(club: Any, members: list[Any], manual: None) -> None:
    table = seated_table(club, members[:1], bots={1: "heuristic", 2: "heuristic", 3: "heuristic"})
    start(table)
    lifecycle.leave(table.pk, members[0])
    assert fresh(table).status == LiveTable.Status.ENDED
    assert Match.objects.get(pk=fresh(table).match_id).ended_early


# -- deserted tables ------------------------------------------------------------------------------


@pytest.mark.parametrize(("later", "status"), [(299.9, "playing"), (300.0, "paused")])
def test_a_table_nobody_is_connected_to_pauses_after_five_minutes(
    club: Any, members: list[Any], manual: None, later: float, status: str
) -> None:
    """The first sweep that finds no seated person connected starts the deadline; five minutes later
    the table pauses itself."""
    table = two_people(club, members)
    now = states.now()
    sweep.sweep(now)
    assert fresh(table).deserted_at is not None
    sweep.sweep(now + later)
    assert (fresh(table).status, fresh(table).paused_why) == (
        status,
        "deserted" if status == "paused" else "",
    )


def test_a_connected_person_keeps_the_table_playing(club: Any, members: list[Any], manual: None) -> None:
    table = two_people(club, members)
    presence.arrive(table.pk, "people")
    now = states.now()
    sweep.sweep(now)
    sweep.sweep(now + 600)
    assert fresh(table).status == LiveTable.Status.PLAYING and fresh(table).deserted_at is None
    presence.leave(table.pk, "people")


@pytest.mark.parametrize(("watched", "status"), [(False, "ended"), (True, "playing")])
def test_a_table_of_bots_nobody_watches_ends(
    club: Any, members: list[Any], manual: None, watched: bool, status: str
) -> None:
    """No person seated: the table plays on while somebody watches, else ends after five minutes."""
    table = seated_table(club, members[:1], bots={s: "heuristic" for s in range(4)})
    start(table)
    if watched:
        presence.arrive(table.pk)
    now = states.now()
    sweep.sweep(now)
    sweep.sweep(now + 300)
    assert fresh(table).status == status
    if watched:
        presence.leave(table.pk)


# -- away -----------------------------------------------------------------------------------------


def test_two_expiries_in_a_row_make_a_person_away_and_acting_brings_them_back(
    club: Any, members: list[Any], manual: None
) -> None:
    """After the second expiry the seat is played at the bots' pace; the person's own move resets it."""
    table = two_people(club, members)
    for expiries in (1, 2):
        deal = step_until(table, 0)
        assert moved(table, deal, 0, expire_clocks=True).auto
        assert TableSeat.objects.get(table=table, seat=0).expiries == expiries
        assert live.table(table.pk).away(0) is (expiries == 2)
    deal = step_until(table, 0)
    wait, paced = pacing.wait_of(live.state_of(deal).state, live.table(table.pk), deal.game)
    assert (wait, paced) == (paces.pace("bot"), True)
    assert 0 in views.table_view(table.pk, 0)["life"]["away"]
    moves.apply_move(deal.pk, 0, own_move(deal, 0), deal.version, user_id=members[0].pk)
    assert TableSeat.objects.get(table=table, seat=0).expiries == 0
    assert not live.table(table.pk).away(0)


def test_i_m_back_ends_away(club: Any, members: list[Any], manual: None) -> None:
    table = two_people(club, members)
    TableSeat.objects.filter(table=table, seat=0).update(expiries=2)
    lifecycle.back(table.pk, members[0])
    assert TableSeat.objects.get(table=table, seat=0).expiries == 0


# -- tournament tables -----------------------------------------------------------------------------


def test_a_tournament_player_cannot_leave(club: Any, members: list[Any], manual: None) -> None:
    table = tournament_table(club, members)
    start(table)
    with pytest.raises(NotAllowed):
        lifecycle.leave(table.pk, members[1])


def test_a_director_pauses_resumes_and_seats_a_substitute(
    club: Any, members: list[Any], manual: None, django_user_model: Any
) -> None:
    """The club's owner directs; the substitute holds the seat and the log says so. A player cannot pause."""
    table = tournament_table(club, members)
    start(table)
    with pytest.raises(NotAllowed):
        lifecycle.pause(table.pk, members[1])
    lifecycle.pause(table.pk, members[0])
    assert fresh(table).paused_why == "director"
    substitute = Player.objects.create(club=club, name="Substitute")
    lifecycle.substitute(table.pk, members[0], 2, substitute.pk)
    lifecycle.resume(table.pk, members[0])
    assert TableSeat.objects.get(table=table, seat=2).player == substitute
    assert MatchSeat.objects.get(match_id=table.match_id, seat=2).player == substitute
    assert kinds(table) == ["paused", "substitute", "resumed"]
    event = ResultEvent.objects.get(kind="substitute")
    assert (event.by, event.seat) == (members[0], 2)


def test_a_tournament_table_uses_the_tournament_s_countdown(club: Any, members: list[Any]) -> None:
    table = tournament_table(club, members, next_deal_seconds=45)
    assert table.next_deal_seconds == 45


# -- the match's length -------------------------------------------------------------------------------


@pytest.mark.parametrize(("deals", "valid"), [(40, True), (41, False)])
def test_the_open_table_form_bounds_the_match_length(deals: int, valid: bool) -> None:
    form = OpenTableForm({"game": "shengji", "deals": deals})
    assert form.is_valid() is valid


@pytest.mark.parametrize(("deals", "opens"), [(40, True), (41, False)])
def test_a_casual_match_has_at_most_forty_deals(
    club: Any, members: list[Any], deals: int, opens: bool
) -> None:
    if opens:
        assert lobby.open_table(club, members[0], "shengji", deals_target=deals).deals_target == deals
    else:
        with pytest.raises(NotAllowed):
            lobby.open_table(club, members[0], "shengji", deals_target=deals)


@pytest.mark.parametrize(("deals", "opens"), [(40, True), (41, False)])
def test_a_game_s_own_match_length_has_the_same_bound(
    club: Any, members: list[Any], deals: int, opens: bool
) -> None:
    """Si Se Pai's ``match_deals`` rule is the match's length too."""
    if opens:
        lobby.open_table(club, members[0], "sisepai", rules={"match_deals": deals})
    else:
        with pytest.raises(NotAllowed):
            lobby.open_table(club, members[0], "sisepai", rules={"match_deals": deals})


def test_a_casual_match_is_finite_by_default(club: Any, members: list[Any]) -> None:
    """Every player deals twice: a four-seat game's match is eight deals."""
    assert lobby.open_table(club, members[0], "shengji").deals_target == 8


# -- through the socket ---------------------------------------------------------------------------


async def life_of(communicator: Any, status: str) -> dict[str, Any]:
    """The first view frame whose table status is ``status``."""
    for _ in range(20):
        frame = await communicator.receive_json_from(timeout=5)
        if frame.get("type") == "view" and frame["life"]["status"] == status:
            return frame
    raise AssertionError(f"no view with status {status}")


@pytest.mark.asyncio
async def test_pause_resume_and_end_through_the_socket(club: Any, members: list[Any], manual: None) -> None:
    """The host's messages change the table and every socket gets its view; a player's "pause" is refused."""
    table = await database_sync_to_async(two_people)(club, members)
    host = socket(table.pk, await database_sync_to_async(session_cookie)(members[0]))
    player = socket(table.pk, await database_sync_to_async(session_cookie)(members[1]))
    for communicator in (host, player):
        assert (await communicator.connect())[0]
        await life_of(communicator, "playing")
    await player.send_json_to({"type": "pause"})
    assert (await player.receive_json_from(timeout=5))["code"] == "not_allowed"
    await host.send_json_to({"type": "pause"})
    assert (await life_of(player, "paused"))["life"]["paused"] == "host"
    await host.send_json_to({"type": "resume"})
    await life_of(player, "playing")
    await host.send_json_to({"type": "end"})
    await life_of(player, "ended")
    await host.disconnect()
    await player.disconnect()


@pytest.mark.asyncio
@pytest.mark.parametrize(("leave_bot", "status"), [("heuristic", "playing"), ("", "paused")])
async def test_leave_through_the_socket(
    club: Any, members: list[Any], manual: None, leave_bot: str, status: str
) -> None:
    """The player who leaves watches on; the other sees the bot in the seat, or the table paused."""
    table = await database_sync_to_async(two_people)(club, members, leave_bot=leave_bot)
    leaver = socket(table.pk, await database_sync_to_async(session_cookie)(members[1]))
    host = socket(table.pk, await database_sync_to_async(session_cookie)(members[0]))
    for communicator in (leaver, host):
        assert (await communicator.connect())[0]
        await life_of(communicator, "playing")
    await leaver.send_json_to({"type": "leave"})
    for _ in range(20):
        frame = await host.receive_json_from(timeout=5)
        if (
            frame["type"] == "view"
            and frame["seats"][1]["bot"] == leave_bot
            and frame["life"]["status"] == status
        ):
            break
    else:
        raise AssertionError("the host never saw the seat left")
    assert frame["life"]["empty"] == ([] if leave_bot else [1])
    own = await life_of(leaver, status)
    assert own["seat"] is None
    await leaver.disconnect()
    await host.disconnect()


# -- the lobby ------------------------------------------------------------------------------------


def test_the_lobby_shows_a_paused_table_paused(club: Any, members: list[Any], manual: None) -> None:
    table = two_people(club, members)
    lifecycle.pause(table.pk, members[0])
    (row,) = [t for t in lobby_tables(club, members[2]) if t.pk == table.pk]
    assert row.status == LiveTable.Status.PAUSED


@pytest.mark.parametrize(("minutes", "shown"), [(9.9, True), (10.1, False)])
def test_the_lobby_shows_an_ended_table_for_ten_minutes(
    club: Any, members: list[Any], manual: None, minutes: float, shown: bool
) -> None:
    table = two_people(club, members)
    lifecycle.end(table.pk, members[0])
    Match.objects.filter(pk=fresh(table).match_id).update(
        finished_at=timezone.now() - timedelta(minutes=minutes)
    )
    rows = [t for t in lobby_tables(club, members[2]) if t.pk == table.pk]
    assert [r.status for r in rows] == (["ended"] if shown else [])


@pytest.mark.parametrize(("seconds", "valid"), [(600, True), (601, False)])
def test_a_tournament_s_countdown_is_at_most_ten_minutes(seconds: int, valid: bool) -> None:
    field = Tournament._meta.get_field("next_deal_seconds")
    if valid:
        assert field.clean(seconds, None) == seconds
    else:
        with pytest.raises(ValidationError):
            field.clean(seconds, None)
