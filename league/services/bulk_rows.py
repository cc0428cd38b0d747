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


def replace(
    model: type[models.Model],
    columns: Sequence[str],
    rows: Sequence[Sequence[Any]],
    where: dict[str, Any],
    key: Sequence[str],
) -> None:
    """Make ``model``'s rows matching ``where`` (column values) equal ``rows``: PostgreSQL, in a transaction.

    The rows are copied into a temporary table and the server deletes the stored rows that are
    not among them and inserts those not stored (``EXCEPT ALL`` both ways): an unchanged row is
    neither read back nor written. ``key`` (columns that may be null) identifies a stored row.
    Over no stored row, the rows are copied straight in.
    """
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    names = ", ".join(quote(column(model, c)) for c in columns)
    condition = " AND ".join(f"{quote(column(model, c))} = %s" for c in where)
    params = list(where.values())
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT EXISTS (SELECT 1 FROM {table} WHERE {condition})", params)
        if not cursor.fetchone()[0]:
            insert(model, columns, rows)
            return
        # Large enough for both set operations to hash in memory rather than sort on disk; until
        # the transaction ends.
        cursor.execute("SELECT set_config('work_mem', '512MB', true)")
        cursor.execute(
            f"CREATE TEMPORARY TABLE new_rows ON COMMIT DROP AS SELECT {names} FROM {table} WITH NO DATA"
        )
        with cursor.cursor.copy(f"COPY new_rows ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        cursor.execute(
            f"DELETE FROM {table} t USING (SELECT {names} FROM {table} WHERE {condition} "
            f"EXCEPT ALL SELECT {names} FROM new_rows) g WHERE {same_key(model, key)} AND "
            + " AND ".join(f"t.{quote(column(model, c))} = %s" for c in where),
            params + params,
        )
        cursor.execute(
            f"INSERT INTO {table} ({names}) SELECT {names} FROM new_rows "
            f"EXCEPT ALL SELECT {names} FROM {table} WHERE {condition}",
            params,
        )
        cursor.execute("DROP TABLE new_rows")


def same_key(model: type[models.Model], key: Sequence[str]) -> str:
    """SQL: row ``t`` has row ``g``'s ``key`` (``=`` where a column is never null, so it may join by hash)."""
    quote = connection.ops.quote_name
    terms = []
    for name in key:
        field = model._meta.get_field(name)
        c = quote(column(model, name))
        terms.append(
            f"t.{c} IS NOT DISTINCT FROM g.{c}" if getattr(field, "null", False) else f"t.{c} = g.{c}"
        )
    return " AND ".join(terms)


def column(model: type[models.Model], name: str) -> str:
    """The database column of field ``name`` (an attribute name such as ``player_id``)."""
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field) and field.column
    return field.column


def delete(model: type[models.Model], pks: Sequence[int]) -> None:
    """Delete the rows of ``model`` with primary keys ``pks``, in batches."""
    for start in range(0, len(pks), BATCH):
        model._default_manager.filter(pk__in=pks[start : start + BATCH])._raw_delete(connection.alias)
