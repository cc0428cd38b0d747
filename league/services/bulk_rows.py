"""Many rows of one model written from plain tuples: PostgreSQL's ``COPY``, else ``bulk_create``.

A full rating recompute may write hundreds of thousands of rows. ``COPY ... FROM STDIN`` (psycopg
3's ``cursor.copy``) streams them without building a model instance or an ``INSERT`` statement
per row; other back ends (SQLite) take Django's ``bulk_create``. Rows whose values changed are
deleted and written again rather than updated: ``bulk_update`` builds a ``CASE`` over every row
of a batch, which costs far more than a delete and a copy.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import connection, models

BATCH = 5000  # rows per bulk_create, and primary keys per DELETE (PostgreSQL's 65,535 parameters)


def insert(model: type[models.Model], columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """Insert ``rows`` (values in the order of ``columns``, field attribute names) into ``model``'s table."""
    if connection.vendor != "postgresql":
        objects = (model(**dict(zip(columns, row, strict=True))) for row in rows)
        model._default_manager.bulk_create(objects, batch_size=BATCH)
        return
    quote = connection.ops.quote_name
    names = ", ".join(quote(column(model, c)) for c in columns)
    with connection.cursor() as cursor:
        raw = cursor.cursor  # psycopg's own cursor: Django's wrapper has no ``copy``
        with raw.copy(f"COPY {quote(model._meta.db_table)} ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)


def column(model: type[models.Model], name: str) -> str:
    """The database column of field ``name`` (an attribute name such as ``player_id``)."""
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field) and field.column
    return field.column


def delete(model: type[models.Model], pks: Sequence[int]) -> None:
    """Delete the rows of ``model`` with primary keys ``pks``, in batches."""
    for start in range(0, len(pks), BATCH):
        model._default_manager.filter(pk__in=pks[start : start + BATCH])._raw_delete(connection.alias)
