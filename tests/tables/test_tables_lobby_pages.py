"""The lobby and table pages: opening a table with house rules and a clock, seating bots
in one step, and the page saying what the table waits for."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from engine import game_names, get_game
from league.models import Club
from tables.models import LiveTable
from tables.services import lobby

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def manual(settings: Any) -> None:
    """A started table stays at its first deal."""
    settings.TABLES_PACING = "manual"


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def form_defaults(game: str) -> dict[str, str]:
    """The house-rule fields of ``game`` as the lobby page preselects them (ticked boxes send "on")."""
    from tables.forms import rules_form

    form = rules_form(game)
    out = {}
    for name, field in form.fields.items():
        if field.initial is True:
            out[form.add_prefix(name)] = "on"
        elif field.initial is not False:
            out[form.add_prefix(name)] = str(field.initial)
    return out


def open_url(club: Club) -> str:
    return f"/clubs/{club.slug}/tables/open/"


# -- opening a table with house rules and a clock ---------------------------------------------


@pytest.mark.parametrize("game", game_names())
def test_the_preselected_rules_open_a_table_with_the_game_s_defaults(
    club: Club, members: list[Any], game: str
) -> None:
    """Sending the form as the page fills it gives the seeds' rules; the lobby calls them usual."""
    client = logged_in(members[0])
    page = client.get(f"/clubs/{club.slug}/tables/").content.decode()
    assert f'data-game="{game}"' in page
    response = client.post(open_url(club), {"game": game, **form_defaults(game)})
    assert response.status_code == 302
    table = LiveTable.objects.get()
    assert table.rules == get_game(game).rules_type().to_json()
    assert table.seconds_per_decision == 30
    lobby_page = client.get(f"/clubs/{club.slug}/tables/").content.decode()
    assert "usual" in row_of(lobby_page, table)


def row_of(page: str, table: LiveTable) -> str:
    """The lobby row of ``table``."""
    found = re.search(rf'<tr data-table="{table.pk}".*?</tr>', page, re.S)
    assert found, page
    return found.group(0)


def test_a_table_opened_with_house_rules_and_a_clock_shows_both_in_the_lobby_and_at_the_table(
    club: Club, members: list[Any]
) -> None:
    """Two-deck Tractor without the pointless redeal, with tractor-follow, a 2-minute clock."""
    client = logged_in(members[0])
    data = {**form_defaults("tractor"), "rules-tractor-tractor_follow": "on"}
    del data["rules-tractor-pointless_redeal"]
    response = client.post(open_url(club), {"game": "tractor", "seconds_per_decision": "120", **data})
    table = LiveTable.objects.get()
    assert response.status_code == 302
    assert table.rules["tractor_follow"] is True and table.rules["pointless_redeal"] is False
    assert table.seconds_per_decision == 120
    row = row_of(client.get(f"/clubs/{club.slug}/tables/").content.decode(), table)
    assert "A tractor lead must be answered with a tractor when one is held: yes" in row
    assert "A hand without 5, 10 or K may demand a redeal: no" in row
    assert "2 min" in row
    assert "With no trump suit" not in row  # a rule left at its default is not listed
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "Decision clock: 2 min" in page
    assert "A tractor lead must be answered with a tractor when one is held: yes" in page


def test_one_deck_shengji_variants_open_at_a_casual_table(club: Club, members: list[Any]) -> None:
    """The one-deck house rules reach the table's match, not only tournaments."""
    client = logged_in(members[0])
    data = {**form_defaults("shengji"), "rules-shengji-two_always_trump": "on", "rules-shengji-j_hook": "on"}
    client.post(open_url(club), {"game": "shengji", "seconds_per_decision": "15", **data})
    table = LiveTable.objects.get()
    lobby.fill_with_bots(table.pk, members[0], "heuristic")
    deal = lobby.set_ready(table.pk, members[0])
    assert deal is not None
    assert deal.rules["two_always_trump"] is True and deal.rules["j_hook"] is True


def test_a_post_without_house_rules_keeps_the_game_s_defaults(club: Club, members: list[Any]) -> None:
    """An older page or a script sending only the game: unticked boxes do not turn rules off."""
    logged_in(members[0]).post(open_url(club), {"game": "tractor"})
    assert LiveTable.objects.get().rules == get_game("tractor").rules_type().to_json()


@pytest.mark.parametrize(
    "posted, error",
    [
        ({"seconds_per_decision": "45"}, "Select a valid choice."),
        ({"seconds_per_decision": "0"}, "Select a valid choice."),
        ({"seconds_per_decision": "thirty"}, "Select a valid choice."),
        ({"seats": "5"}, "This game needs 4 to 4 players."),
        ({"game": "poker"}, "Select a valid choice."),
        # A seat is chosen by its name (South, East, North, West): any other value is refused.
        ({"rules-shengji-first_drawer": "4"}, "Select a valid choice. 4 is not one of"),
        ({"rules-shengji-first_drawer": "1000"}, "Select a valid choice. 1000 is not one of"),
        ({"rules-shengji-first_drawer": "-1"}, "Select a valid choice. -1 is not one of"),
        ({"rules-shengji-throw_penalty": "on"}, "throw_penalty needs real_hand_throws"),
    ],
    ids=["45 s", "no clock", "words", "five at shengji", "unknown game", "seat 4", "1000", "-1", "penalty"],
)
def test_a_refused_form_answers_400_with_the_reason_and_opens_nothing(
    club: Club, members: list[Any], posted: dict[str, str], error: str
) -> None:
    """Every field is checked at the boundary; the lobby comes back with the reason beside the form."""
    data = {"game": "shengji", **form_defaults("shengji"), **posted}
    response = logged_in(members[0]).post(open_url(club), data)
    assert response.status_code == 400
    assert error in response.content.decode()
    assert not LiveTable.objects.exists()


def test_a_refused_form_keeps_what_was_chosen(club: Club, members: list[Any]) -> None:
    """The page sent back shows the chosen game's rules with the values sent, not the first game's."""
    data = {**form_defaults("zhaopengyou"), "rules-zhaopengyou-kitty_multiplier": "1000"}
    response = logged_in(members[0]).post(open_url(club), {"game": "zhaopengyou", "seats": "8", **data})
    page = response.content.decode()
    assert response.status_code == 400
    assert re.search(r'<option value="zhaopengyou" selected>', page)
    assert re.search(r'<option value="8" data-game="zhaopengyou"[^>]* selected data-chosen>', page)
    assert re.search(r'<fieldset class="house-rules" data-game="zhaopengyou">', page)
    assert re.search(r'<fieldset class="house-rules" data-game="shengji" hidden disabled>', page)


def test_only_members_open_tables(club: Club, members: list[Any], outsider: Any) -> None:
    """Owner and member may; an outsider of a public club is refused with 403; anonymous goes to log in."""
    assert logged_in(members[1]).post(open_url(club), {"game": "shengji"}).status_code == 302
    response = logged_in(outsider).post(open_url(club), {"game": "shengji"})
    assert response.status_code == 403
    assert "Only members of the club can open a table." in response.content.decode()
    assert Client().post(open_url(club), {"game": "shengji"}).status_code == 302
    assert LiveTable.objects.count() == 1


# -- bots in one step, removing a bot -----------------------------------------------------------


def bot_selects(page: str) -> list[list[str]]:
    """The options of every bot choice on the table page."""
    return [
        re.findall(r'<option value="([^"]*)"', select)
        for select in re.findall(r'<select id="(?:fill-kind|bot-\d+)" name="kind">(.*?)</select>', page, re.S)
    ]


def test_the_host_is_offered_the_engine_s_bot_kinds_and_no_empty_choice(
    club: Club, members: list[Any]
) -> None:
    """One "fill" choice and one per empty seat, each with the engine's kinds, heuristic preselected."""
    client = logged_in(members[0])
    client.post(open_url(club), {"game": "shengji"})
    page = client.get(f"/tables/{LiveTable.objects.get().pk}/").content.decode()
    assert bot_selects(page) == [["random", "heuristic", "expert"]] * 4  # the fill form and seats 1-3
    assert '<option value="heuristic" selected>' in page
    assert "nobody" not in page


def test_a_kind_the_engine_adds_is_offered_without_a_list_of_our_own(
    club: Club, members: list[Any], monkeypatch: Any
) -> None:
    """When the engine's game has an expert bot, the page offers it, named from its kind."""
    game = type(get_game("shengji"))
    monkeypatch.setattr(game, "bot_kinds", lambda self: ("random", "heuristic", "expert"))
    client = logged_in(members[0])
    client.post(open_url(club), {"game": "shengji"})
    page = client.get(f"/tables/{LiveTable.objects.get().pk}/").content.decode()
    assert bot_selects(page)[0] == ["random", "heuristic", "expert"]
    assert ">expert bot</option>" in page


@pytest.mark.parametrize("ready_first", [True, False], ids=["ready then fill", "fill then ready"])
def test_the_host_fills_the_table_with_bots_in_one_step_in_either_order(
    club: Club, members: list[Any], ready_first: bool
) -> None:
    """Ready and "fill the empty seats" in either order: the table starts after the second."""
    client = logged_in(members[0])
    client.post(open_url(club), {"game": "tractor"})
    table = LiveTable.objects.get()
    steps = [(f"/tables/{table.pk}/ready/", {}), (f"/tables/{table.pk}/fill/", {"kind": "random"})]
    for url, data in steps if ready_first else steps[::-1]:
        table.refresh_from_db()
        assert table.status == "open"
        assert client.post(url, data).status_code == 302
    table.refresh_from_db()
    assert table.status == "playing"
    assert [s.bot for s in table.seats.order_by("seat")] == ["", "random", "random", "random"]


def test_the_host_removes_a_bot_and_the_seat_is_free_again(club: Club, members: list[Any]) -> None:
    """Remove the bot → the seat offers "Take this seat" to a member, who sits in it."""
    client = logged_in(members[0])
    client.post(open_url(club), {"game": "shengji"})
    table = LiveTable.objects.get()
    client.post(f"/tables/{table.pk}/fill/", {"kind": "heuristic"})
    client.post(f"/tables/{table.pk}/unbot/", {"seat": "2"})
    assert table.seats.get(seat=2).bot == ""
    guest = logged_in(members[1])
    assert 'data-seat="2">' in guest.get(f"/tables/{table.pk}/").content.decode()
    guest.post(f"/tables/{table.pk}/sit/", {"seat": "2"})
    assert table.seats.get(seat=2).user == members[1]


@pytest.mark.parametrize(
    "action, data, message",
    [
        ("fill", {"kind": "nobody"}, "Unknown bot."),
        ("fill", {}, "Unknown bot."),
        ("bot", {"seat": "1", "kind": ""}, "Unknown bot."),
        ("bot", {"seat": "x", "kind": "random"}, "Choose a seat."),
        ("bot", {"seat": "9", "kind": "random"}, "That seat is taken."),
        ("unbot", {"seat": "1"}, "No bot sits there."),
        ("unbot", {"seat": "99999999999"}, "Choose a seat."),
        ("sit", {"seat": "²"}, "Choose a seat."),
    ],
)
def test_bad_bot_requests_say_why_and_change_nothing(
    club: Club, members: list[Any], action: str, data: dict[str, str], message: str
) -> None:
    """Refused with the reason on the table page; the seats stay as they were."""
    client = logged_in(members[0])
    client.post(open_url(club), {"game": "shengji"})
    table = LiveTable.objects.get()
    response = client.post(f"/tables/{table.pk}/{action}/", data, follow=True)
    assert message in response.content.decode()
    assert not table.seats.exclude(bot="").exists()


def test_a_member_who_is_not_the_host_sees_no_bot_forms_and_is_refused(
    club: Club, members: list[Any]
) -> None:
    """Owner of the table: bot forms; another member: none, and a posted fill changes nothing."""
    logged_in(members[0]).post(open_url(club), {"game": "shengji"})
    table = LiveTable.objects.get()
    guest = logged_in(members[1])
    page = guest.get(f"/tables/{table.pk}/").content.decode()
    assert "Fill the empty seats with bots" not in page and "Remove the bot" not in page
    response = guest.post(f"/tables/{table.pk}/fill/", {"kind": "heuristic"}, follow=True)
    assert "Only the host seats bots." in response.content.decode()
    assert not table.seats.exclude(bot="").exists()


# -- what the table waits for -------------------------------------------------------------------


def waiting(client: Client, table: LiveTable) -> str:
    """The table page's "waiting for" line."""
    page = client.get(f"/tables/{table.pk}/").content.decode()
    found = re.search(r'<p id="waiting"[^>]*>(.*?)</p>', page, re.S)
    assert found, page
    return " ".join(found.group(1).split())


def test_the_page_says_what_the_table_waits_for(club: Club, members: list[Any]) -> None:
    """Empty seats by number, then the people who are not ready by name."""
    client = logged_in(members[0])
    client.post(open_url(club), {"game": "shengji"})
    table = LiveTable.objects.get()
    assert waiting(client, table) == "Waiting for 3 players. Waiting for member0 to be ready."
    lobby.seat_bot(table.pk, members[0], 1, "heuristic")
    lobby.seat_bot(table.pk, members[0], 2, "heuristic")
    assert waiting(client, table) == "Waiting for 1 player. Waiting for member0 to be ready."
    lobby.take_seat(table.pk, members[1], 3)
    assert waiting(client, table) == "Waiting for member0, member1 to be ready."
    lobby.set_ready(table.pk, members[0])
    assert waiting(client, table) == "Waiting for member1 to be ready."
    row = row_of(client.get(f"/clubs/{club.slug}/tables/").content.decode(), table)
    assert "Waiting for member1 to be ready." in row


def test_a_tournament_table_waits_for_its_players_to_come(club: Club, members: list[Any]) -> None:
    """At a tournament table a person is ready by coming: the page says so, and offers no ready button."""
    from tests.tables.test_tables_start import tournament_table

    table = tournament_table(club, members, bots={2: "heuristic", 3: "heuristic"})
    lobby.arrive(table.pk, members[1])
    client = logged_in(members[1])
    assert waiting(client, table) == "Waiting for member0 to come to the table."
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'id="ready"' not in page and "Take this seat" not in page and "Leave the seat" not in page


def test_the_waiting_line_is_translated(club: Club, members: list[Any]) -> None:
    """zh-Hans: the same facts in Chinese."""
    client = logged_in(members[0])
    client.post(open_url(club), {"game": "shengji"})
    table = LiveTable.objects.get()
    client.cookies.load({"django_language": "zh-hans"})
    text = waiting(client, table)
    assert "member0" in text and "Waiting" not in text


@pytest.mark.parametrize("first", ["en", "zh-hans"])
def test_the_house_rules_are_in_the_page_s_language_whichever_asked_first(
    club: Club, members: list[Any], first: str
) -> None:
    """A blank house-rules form is rendered once per language: each page gets its own language's."""
    from django.utils import translation

    from tables.forms import _BLANK_HTML, rules_form

    _BLANK_HTML.clear()
    client = logged_in(members[0])
    for language in (first, "zh-hans" if first == "en" else "en"):
        client.cookies.load({"django_language": language})
        page = client.get(f"/clubs/{club.slug}/tables/").content.decode()
        with translation.override(language):
            assert rules_form("tractor").as_p() in page
