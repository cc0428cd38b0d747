"""One page of a deal list (a club's, a player's), newest first, at a cost that does not grow with the list.

A list is counted only as far as ``COUNTED`` deals. Up to there its pages are numbered with their
total ("Page 2 of 7"), as Django's paginator numbers them. A longer list (a club's years of play:
20,000 deals a club at the federation's default size) is never counted whole nor skipped through
with an ``OFFSET``: its Older and Newer links step from the deal at the page's edge along the
index of the lists' order (``league.models.DEAL_LIST_KEY``, then the id), its first pages keep
their numbers, and its last page (``?page=last``) is the oldest deals read from the other end.
The page's number is shown when the visitor walked there from the first page; the total is not.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from django.db.models import Q, QuerySet, Subquery
from django.db.models.lookups import GreaterThan, GreaterThanOrEqual, LessThan, LessThanOrEqual
from django.utils import timezone

from league.models import DEAL_LIST_KEY, Deal

PAGE_SIZE = 25
COUNTED = 10 * PAGE_SIZE  # a list is counted this far (and its pages numbered to the tenth)
NUMBERED = COUNTED // PAGE_SIZE  # the deepest page a bare ``?page=`` reaches in a longer list


@dataclass(frozen=True)
class DealPage:
    """The deals of one page and the links around it (query strings, ``None`` where there is none)."""

    deals: list[Deal]
    number: int | None  # None: reached from the oldest end or by a link without its number
    pages: int | None  # the total, when the list was counted whole
    newer: str | None
    older: str | None
    newest: str | None = None
    oldest: str | None = None

    def __iter__(self) -> Iterator[Deal]:
        return iter(self.deals)

    def __len__(self) -> int:
        return len(self.deals)

    @property
    def has_other_pages(self) -> bool:
        """Whether any link leads elsewhere."""
        return self.newer is not None or self.older is not None


def newest_first(deals: QuerySet[Deal]) -> QuerySet[Deal]:
    """``deals`` in the lists' order."""
    return deals.order_by(DEAL_LIST_KEY.desc(), "-pk")


def oldest_first(deals: QuerySet[Deal]) -> QuerySet[Deal]:
    """``deals`` in the lists' order reversed."""
    return deals.order_by(DEAL_LIST_KEY.asc(), "pk")


def day_start(day: datetime.date) -> datetime.datetime:
    """Midnight of ``day`` in the current time zone (where ``__date`` lookups cut days)."""
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time.min))


def finished_since(deals: QuerySet[Deal], day: datetime.date) -> QuerySet[Deal]:
    """The deals finished on ``day`` or later, as a range of the lists' order."""
    return deals.filter(GreaterThanOrEqual(DEAL_LIST_KEY, day_start(day)), finished_at__isnull=False)


def finished_until(deals: QuerySet[Deal], day: datetime.date) -> QuerySet[Deal]:
    """The deals finished on ``day`` or earlier, as a range of the lists' order."""
    end = day_start(day + datetime.timedelta(days=1))
    return deals.filter(LessThan(DEAL_LIST_KEY, end), finished_at__isnull=False)


def _key_of(deals: QuerySet[Deal], pk: int) -> Subquery:
    # The edge deal's place, looked up among the list's own deals (a hidden deal is no edge).
    return Subquery(deals.filter(pk=pk).annotate(key=DEAL_LIST_KEY).values("key")[:1])


def older_than(deals: QuerySet[Deal], pk: int) -> QuerySet[Deal]:
    """The deals after deal ``pk`` in the lists' order; the first condition is the index's range."""
    key = _key_of(deals, pk)
    return deals.filter(LessThanOrEqual(DEAL_LIST_KEY, key)).filter(
        Q(LessThan(DEAL_LIST_KEY, key)) | Q(pk__lt=pk)
    )


def newer_than(deals: QuerySet[Deal], pk: int) -> QuerySet[Deal]:
    """The deals before deal ``pk`` in the lists' order."""
    key = _key_of(deals, pk)
    return deals.filter(GreaterThanOrEqual(DEAL_LIST_KEY, key)).filter(
        Q(GreaterThan(DEAL_LIST_KEY, key)) | Q(pk__gt=pk)
    )


def _number(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() and int(value) > 0 else None


def deal_page(deals: QuerySet[Deal], params: Mapping[str, str]) -> DealPage | None:
    """The page of ``deals`` that ``params`` ask for (``page``, ``older``, ``newer``); ``None`` for
    a bare page number deeper than a longer list numbers (those are reached by the links)."""
    # The count reads the deals' ids and places unordered: a short list (a filter that matches few)
    # is then sorted here and its page read by id. Asked for in the lists' order, a filter matching
    # no deal of the club walked the whole federation's index back to its date (a second at the
    # default size).
    counted = list(deals.order_by().annotate(key=DEAL_LIST_KEY).values_list("key", "pk")[: COUNTED + 1])
    if len(counted) <= COUNTED:
        return _counted(deals, sorted(counted, reverse=True), params.get("page"))
    older, newer, page = _number(params.get("older")), _number(params.get("newer")), params.get("page")
    number = _number(page)
    if older is not None:
        rows = list(newest_first(older_than(deals, older))[: PAGE_SIZE + 1])
        return _walked(rows[:PAGE_SIZE], number, more_newer=True, more_older=len(rows) > PAGE_SIZE)
    if newer is not None:
        rows = list(oldest_first(newer_than(deals, newer))[: PAGE_SIZE + 1])
        shown = rows[:PAGE_SIZE][::-1]
        return _walked(shown, number, more_newer=len(rows) > PAGE_SIZE, more_older=True)
    if page == "last":
        return _walked(list(oldest_first(deals)[:PAGE_SIZE])[::-1], None, more_newer=True, more_older=False)
    number = number or 1
    if number > NUMBERED:
        return None
    rows = list(newest_first(deals)[(number - 1) * PAGE_SIZE : number * PAGE_SIZE + 1])
    return _walked(rows[:PAGE_SIZE], number, more_newer=number > 1, more_older=len(rows) > PAGE_SIZE)


def _counted(
    deals: QuerySet[Deal], places: list[tuple[datetime.datetime, int]], page: str | None
) -> DealPage:
    # Django's paginator's numbering: "last" and any number past the end are the last page,
    # anything else not a number the first. ``places``: every deal's (place, id), newest first.
    pages = max(1, -(-len(places) // PAGE_SIZE))
    number = pages if page == "last" else min(_number(page) or 1, pages)
    shown = [pk for _, pk in places[(number - 1) * PAGE_SIZE : number * PAGE_SIZE]]
    rows = list(newest_first(deals.filter(pk__in=shown)))
    return DealPage(
        rows,
        number,
        pages,
        newer=f"page={number - 1}" if number > 1 else None,
        older=f"page={number + 1}" if number < pages else None,
    )


def _walked(rows: list[Deal], number: int | None, *, more_newer: bool, more_older: bool) -> DealPage:
    # Each link carries the next page's number when this one has a number.
    if not more_newer:
        newer = None
    elif number == 2 or not rows:
        newer = "page=1"
    else:
        newer = f"page={number - 1}&newer={rows[0].pk}" if number else f"newer={rows[0].pk}"
    if not (more_older and rows):
        older = None
    else:
        older = f"page={number + 1}&older={rows[-1].pk}" if number else f"older={rows[-1].pk}"
    return DealPage(
        rows,
        number,
        None,
        newer=newer,
        older=older,
        newest="page=1" if more_newer else None,
        oldest="page=last" if more_older else None,
    )
