"""Pages of a long deal list: counted and numbered up to a bound, past it stepped through by links.

The bound and the page size are made small here (a list is counted to 6 deals, 2 a page), so a
list of 7 deals is a "longer" one and a list of 6 a counted one.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.utils import timezone

from league.models import Club, Deal, Match
from replays.services import deal_pages
from tests.replays.conftest import client_for

pytestmark = pytest.mark.django_db

START = timezone.make_aware(datetime.datetime(2026, 3, 1, 12, 0))


@pytest.fixture(autouse=True)
def small_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deal_pages, "PAGE_SIZE", 2)
    monkeypatch.setattr(deal_pages, "COUNTED", 6)
    monkeypatch.setattr(deal_pages, "NUMBERED", 3)


def finished_deals(club: Club, count: int, untimed: int = 0) -> list[int]:
    """``count`` finished deals an hour apart (and ``untimed`` without a time), newest first."""
    match = Match.objects.create(club=club, game="tractor", status=Match.Status.FINISHED)
    deals = [
        Deal.objects.create(
            match=match,
            number=n + 1,
            game="tractor",
            status=Deal.Status.FINISHED,
            finished_at=START + datetime.timedelta(hours=n) if n < count else None,
        )
        for n in range(count + untimed)
    ]
    timed = sorted(deals[:count], key=lambda d: d.finished_at or START, reverse=True)
    return [d.pk for d in timed] + sorted((d.pk for d in deals[count:]), reverse=True)


def get(club: Club, query: str = "") -> tuple[list[int], str]:
    """The deals a page of the club's list shows and its navigation's HTML."""
    response = client_for(None).get(f"/clubs/{club.slug}/deals/?{query}")
    assert response.status_code == 200
    nav = re.search(r'<nav class="pages".*?</nav>', response.content.decode(), re.S)
    return [d.pk for d in response.context["page"]], nav.group(0) if nav else ""


def link(nav: str, label: str) -> str:
    """The query of the navigation's link labelled ``label``."""
    found = re.search(rf'href="\?([^"]*)">[^<]*{label}', nav)
    assert found, f"no {label} link in {nav}"
    return found.group(1).replace("&amp;", "&")


def test_a_list_up_to_the_bound_is_numbered_with_its_total(club: Club) -> None:
    finished_deals(club, 6)
    shown, nav = get(club, "page=2")
    assert len(shown) == 2
    assert "Page 2 of 3" in nav


def test_a_list_past_the_bound_is_numbered_without_a_total(club: Club) -> None:
    order = finished_deals(club, 7)
    shown, nav = get(club)
    assert shown == order[:2]
    assert "Page 1</span>" in nav
    assert " of " not in nav


def walked_older(club: Club) -> list[int]:
    """Every deal shown from the first page on, following the Older links to the end."""
    seen, nav = get(club)
    while "Older" in nav:
        shown, nav = get(club, link(nav, "Older"))
        seen += shown
    return seen


def test_the_older_links_walk_a_long_list_newest_first_once_each(club: Club) -> None:
    order = finished_deals(club, 7)
    assert walked_older(club) == order


def test_an_older_link_carries_the_next_pages_number(club: Club) -> None:
    finished_deals(club, 7)
    _, nav = get(club)
    _, nav = get(club, link(nav, "Older"))
    _, nav = get(club, link(nav, "Older"))
    assert "Page 3</span>" in nav


def test_the_newer_links_walk_back_from_the_oldest_page(club: Club) -> None:
    order = finished_deals(club, 7)
    seen, nav = get(club, "page=last")
    assert seen == order[-2:]
    while "Newer" in nav:
        shown, nav = get(club, link(nav, "Newer"))
        seen = shown + seen
    assert seen == order


def test_the_last_page_of_a_long_list_is_its_oldest_deals(club: Club) -> None:
    order = finished_deals(club, 7)
    shown, nav = get(club, "page=last")
    assert shown == order[-2:]
    assert "Older" not in nav
    assert "Newest" in nav


@pytest.mark.parametrize(("page", "status"), [("3", 200), ("4", 404)])
def test_a_bare_page_number_reaches_only_the_numbered_pages(club: Club, page: str, status: int) -> None:
    """Past the numbered pages (3 here) a long list's pages are reached by their links."""
    finished_deals(club, 7)
    assert client_for(None).get(f"/clubs/{club.slug}/deals/?page={page}").status_code == status


@pytest.mark.parametrize("count", [6, 7])
def test_deals_without_a_time_come_after_every_timed_one(club: Club, count: int) -> None:
    order = finished_deals(club, count - 1, untimed=1)
    assert walked_older(club) == order


def test_the_filters_stay_in_the_links(club: Club) -> None:
    finished_deals(club, 7)
    _, nav = get(club, "game=tractor")
    assert link(nav, "Older").startswith("game=tractor&page=2&older=")


@pytest.mark.parametrize(("until", "shown"), [("2026-03-01", 7), ("2026-02-28", 0)])
def test_until_keeps_the_whole_day(club: Club, until: str, shown: int) -> None:
    """Deals finished at 12:00-18:00 on 1 March are all "until 1 March", none "until 28 February"."""
    finished_deals(club, 7)
    seen, nav = get(club, f"until={until}")
    while "Older" in nav:
        more, nav = get(club, link(nav, "Older"))
        seen += more
    assert len(seen) == shown


def queries(club: Club, query: str) -> int:
    """How many queries one page of the club's list runs."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = client_for(None)
    client.get(f"/clubs/{club.slug}/deals/?{query}")  # per-process caches filled
    with CaptureQueriesContext(connection) as captured:
        assert client.get(f"/clubs/{club.slug}/deals/?{query}").status_code == 200
    return len(captured)


@pytest.mark.parametrize("query", ["", "page=2", "page=last", "older={edge}", "newer={edge}"])
def test_a_page_runs_as_many_queries_on_a_longer_list(club: Club, query: str) -> None:
    """7 deals or 20, past the bound: the count stops at the bound and the page is one query."""
    order = finished_deals(club, 7)
    few = queries(club, query.format(edge=order[3]))
    more = finished_deals(club, 13)
    assert queries(club, query.format(edge=more[5])) == few
