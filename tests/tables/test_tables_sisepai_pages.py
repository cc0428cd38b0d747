"""Si Se Pai pages: the live table draws pieces and claim windows, the viewer loads its layout."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from league.models import Club
from replays.services.samples import play_sample_match
from tests.tables.helpers import seated_table

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def strings_of(content: bytes) -> dict[str, Any]:
    """The words the page hands to its script (the ``sisepai-strings`` JSON)."""
    match = re.search(rb'<script id="sisepai-strings" type="application/json">(.*?)</script>', content, re.S)
    assert match is not None
    return json.loads(match.group(1))


def test_a_si_se_pai_table_loads_its_own_script_and_words(club: Club, members: list[Any]) -> None:
    """The table page of a Si Se Pai table carries the piece layout, not the playing-card one."""
    table = seated_table(club, members[:1], "sisepai", bots={1: "heuristic"})
    page = logged_in(members[0]).get(f"/tables/{table.pk}/")
    assert page.status_code == 200
    assert b"js/sisepai_table.js" in page.content and b"css/sisepai.css" in page.content
    assert b"js/table.js" not in page.content
    assert b'id="shown"' in page.content and b'id="clock-fill"' in page.content
    words = strings_of(page.content)
    assert words["pieces"]["K"] == "general" and words["colours"]["W"] == "white"
    assert set(words["moves"]) >= {"tsumo", "hu", "kong", "pong", "meld", "chi", "pass", "draw", "discard"}


def test_the_seat_forms_are_the_same_on_every_games_table(club: Club, members: list[Any]) -> None:
    """The lobby part (seats, bots, ready) is shared: a member sees the same forms on both pages."""
    host = logged_in(members[0])
    for game in ("sisepai", "shengji"):
        host.post(f"/clubs/{club.slug}/tables/open/", {"game": game})
    pages = [host.get(f"/tables/{t.pk}/") for t in club.live_tables.order_by("pk")]
    for page in pages:
        assert b"Seat the bot" in page.content and b'id="ready"' in page.content


def test_the_table_page_speaks_chinese(club: Club, members: list[Any]) -> None:
    """With zh-hans chosen, the pieces' and moves' words come translated."""
    table = seated_table(club, members[:1], "sisepai", bots={1: "heuristic"})
    client = logged_in(members[0])
    client.cookies["django_language"] = "zh-hans"
    words = strings_of(client.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content)
    assert words["colours"]["R"] == "红" and words["moves"]["pass"] == "过"


def test_the_viewer_of_a_si_se_pai_deal_loads_its_layout(club: Club) -> None:
    """A Si Se Pai replay loads viewer_sisepai.js (and its words) before viewer.js."""
    deal = play_sample_match(club, "sisepai", 1, seed=3).deals.get()
    page = Client().get(f"/deals/{deal.pk}/")
    assert page.status_code == 200
    content = page.content
    assert content.index(b"js/viewer_sisepai.js") < content.index(b"js/viewer.js")
    assert strings_of(content)["melds"]["four-soldiers"] == "four soldiers"


def test_the_viewer_of_a_trick_game_does_not(club: Club) -> None:
    """Trick games keep the shared layout: no Si Se Pai script on their pages."""
    deal = play_sample_match(club, "tractor", 1, seed=3).deals.get()
    page = Client().get(f"/deals/{deal.pk}/")
    assert page.status_code == 200 and b"viewer_sisepai" not in page.content


def test_a_seats_steps_hide_other_hands_and_answers(club: Club) -> None:
    """From seat 1: other hands are counts while the deal runs, and others' window answers are hidden."""
    deal = play_sample_match(club, "sisepai", 1, seed=3).deals.get()
    data = Client().get(f"/deals/{deal.pk}/steps.json?seat=1").json()
    running = [f for f in data["frames"] if "result" not in f]
    assert running
    assert all(isinstance(f["hands"][0], int) and isinstance(f["hands"][1], list) for f in running)
    answers = [(seat, text) for seat, text in data["moves"] if seat != 1 and text is None]
    assert answers, "other seats' answers to claim windows are hidden"
    assert all(text is not None for seat, text in data["moves"] if seat == 1)
