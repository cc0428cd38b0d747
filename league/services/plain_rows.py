"""A ``values_list`` query's rows as plain tuples, without Django's per-row conversions on PostgreSQL.

Django loads every ``timestamptz`` through a Python subclass of psycopg's loader (to set its time
zone) and runs a converter per row and JSON column. A recompute reads hundreds of thousands of
rows: on PostgreSQL the query Django builds is run on psycopg's own cursor with psycopg's
compiled loaders (times in the connection's time zone, UTC, as Django's; ``jsonb`` parsed).
Elsewhere the queryset is iterated as it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.db import connection
from django.db.models import QuerySet


def rows(queryset: QuerySet[Any, Any]) -> Iterator[tuple[Any, ...]]:
    """The rows of a ``values_list`` queryset (its columns in its order)."""
    if connection.vendor != "postgresql":
        yield from queryset
        return
    from psycopg.types.datetime import TimestamptzLoader
    from psycopg.types.json import JsonbLoader

    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        raw = cursor.cursor  # psycopg's own cursor
        raw.adapters.register_loader("timestamptz", TimestamptzLoader)
        raw.adapters.register_loader("jsonb", JsonbLoader)
        raw.execute(sql, params)
        while batch := raw.fetchmany(5000):
            yield from batch
