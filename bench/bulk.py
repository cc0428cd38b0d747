"""Bulk loading through Django's connection: rows as plain lists, ids given out here, PostgreSQL ``COPY``.

A ``Table`` holds one model's column order and its next free id; rows are lists of database
values in that order, made from a model instance's values once (``Table.values``) and then
copied with a few columns changed (``Table.row``). ``write`` loads rows with ``COPY ... FROM
STDIN`` on PostgreSQL and with one ``executemany`` INSERT elsewhere (SQLite, for the tests'
default back end). ``finish_ids`` moves each table's id sequence past the ids given out.
``indexes_deferred`` drops the tables' secondary indexes, unique and foreign key constraints
for the load and creates them again from their own definitions afterwards: building an index
once is much cheaper than updating it row by row, and checking a foreign key is one join.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from django.core.management.color import no_style
from django.db import connection


class Table:
    """One model's rows to load: its columns in order and the next id to give out."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.name: str = model._meta.db_table
        self.fields = list(model._meta.concrete_fields)
        self.columns = [f.column for f in self.fields]
        self.at = {f.attname: i for i, f in enumerate(self.fields)}
        self.pk = self.at[model._meta.pk.attname]
        self.next_id = 1 + (model.objects.order_by("-pk").values_list("pk", flat=True).first() or 0)

    def values(self, instance: Any, **changes: Any) -> list[Any]:
        """``instance``'s database values in column order (``changes`` by attribute name first; an
        unset ``auto_now``/``auto_now_add`` time is now, as saving would make it)."""
        for name, value in changes.items():
            setattr(instance, name, value)
        return [_text(f.get_db_prep_save(self._value(f, instance), connection)) for f in self.fields]

    @staticmethod
    def _value(field: Any, instance: Any) -> Any:
        value = getattr(instance, field.attname)
        if value is None and (getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)):
            return field.pre_save(instance, add=True)
        return value

    def prep(self, name: str, value: Any) -> Any:
        """``value`` as field ``name`` stores it (a datetime, a JSON value)."""
        return _text(self.fields[self.at[name]].get_db_prep_save(value, connection))

    def ids(self, count: int) -> int:
        """Reserve ``count`` ids; returns the first."""
        first = self.next_id
        self.next_id += count
        return first

    def row(self, base: Sequence[Any], changes: dict[str, Any], pk: int | None = None) -> list[Any]:
        """A copy of row ``base`` with ``changes`` (attribute name → database value) and a new id."""
        out = list(base)
        out[self.pk] = self.ids(1) if pk is None else pk
        for name, value in changes.items():
            out[self.at[name]] = value
        return out


def _text(value: Any) -> Any:
    """A JSON value psycopg would encode at every row as its text, encoded once."""
    if connection.vendor == "postgresql":
        from psycopg.types.json import Json, Jsonb

        if isinstance(value, Json | Jsonb):
            return (value.dumps or json.dumps)(value.obj)
    return value


def time_value(when: datetime) -> Any:
    """A datetime as the back end takes it in a row."""
    return connection.ops.adapt_datetimefield_value(when)


def write(table: Table, rows: Iterable[Sequence[Any]]) -> int:
    """Load ``rows`` into ``table``; returns how many."""
    count = 0
    if connection.vendor == "postgresql":
        columns = ", ".join(connection.ops.quote_name(c) for c in table.columns)
        sql = f"COPY {connection.ops.quote_name(table.name)} ({columns}) FROM STDIN"
        with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
            for row in rows:
                copy.write_row(row)
                count += 1
        return count
    batch = list(rows)
    if batch:
        columns = ", ".join(connection.ops.quote_name(c) for c in table.columns)
        marks = ", ".join(["%s"] * len(table.columns))
        with connection.cursor() as cursor:
            cursor.executemany(
                f"INSERT INTO {connection.ops.quote_name(table.name)} ({columns}) VALUES ({marks})", batch
            )
    return len(batch)


def finish_ids(tables: Iterable[Table]) -> None:
    """Move each table's id sequence past the largest id loaded (PostgreSQL; SQLite keeps up itself)."""
    statements = connection.ops.sequence_reset_sql(no_style(), [t.model for t in tables])
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)


def _definitions(names: list[str]) -> tuple[list[tuple[str, str, str]], list[tuple[str, str]]]:
    """The unique and foreign key constraints ``(table, name, definition)`` and the other
    secondary indexes ``(name, definition)`` of tables ``names``."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint"
            " WHERE conrelid = ANY(%s::regclass[]) AND contype IN ('u', 'f') ORDER BY contype, conname",
            [names],
        )
        constraints = [tuple(r) for r in cursor.fetchall()]
        cursor.execute(
            "SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index"
            " WHERE indrelid = ANY(%s::regclass[]) AND NOT indisprimary"
            " AND indexrelid NOT IN (SELECT conindid FROM pg_constraint WHERE contype IN ('u', 'p'))"
            " ORDER BY 1",
            [names],
        )
        indexes = [tuple(r) for r in cursor.fetchall()]
    return constraints, indexes  # type: ignore[return-value]


@contextmanager
def indexes_deferred(tables: Iterable[Table]) -> Iterator[None]:
    """Load ``tables`` without their secondary indexes and constraints, made again on leaving.

    Only on PostgreSQL (elsewhere nothing changes). The primary keys stay. The definitions are
    PostgreSQL's own (``pg_get_constraintdef``, ``pg_get_indexdef``), so the schema afterwards
    is the one the migrations made; leaving checks that it is.
    """
    if connection.vendor != "postgresql":
        yield
        return
    names = [t.name for t in tables]
    constraints, indexes = _definitions(names)
    q = connection.ops.quote_name
    with connection.cursor() as cursor:
        # Foreign keys first (ordered so above): a unique constraint may be what one refers to.
        for table, name, _definition in constraints:
            cursor.execute(f"ALTER TABLE {table} DROP CONSTRAINT {q(name)}")
        for name, _definition in indexes:
            cursor.execute(f"DROP INDEX {name}")
    yield
    with connection.cursor() as cursor:
        for _name, definition in indexes:
            cursor.execute(definition)
        for table, name, definition in reversed(constraints):
            cursor.execute(f"ALTER TABLE {table} ADD CONSTRAINT {q(name)} {definition}")
    if _definitions(names) != (constraints, indexes):
        raise RuntimeError("the indexes and constraints made again differ from the migrations' own")
