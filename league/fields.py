"""A JSON column kept as the text it was written: plain ``text`` on PostgreSQL instead of ``jsonb``.

``jsonb`` spends a header on every key and value and stores numbers as ``numeric``: a finished
deal's result, about 560 characters, took about 800 bytes. Nothing queries inside these values
(the services read them whole), so plain text (compact separators, the engine's key order) serves
them at about 60% of the size (docs/performance.md, "A federation's size"). Not PostgreSQL's
``json`` type: it has no equality operator, so a ``SELECT DISTINCT`` over a deal's columns would
fail. SQLite stores JSON as text already.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import FieldError
from django.db import models


def compact(value: Any) -> str:
    """The JSON text stored: no spaces after separators, characters as they are."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class TextJSONField(models.JSONField):
    """``JSONField`` stored as PostgreSQL ``text`` (compact JSON) rather than ``jsonb``."""

    def db_type(self, connection: Any) -> str | None:
        if connection.vendor == "postgresql":
            return "text"
        return super().db_type(connection)

    def get_transform(self, name: str) -> Any:
        # ``result__outcome`` would work on SQLite and fail on PostgreSQL's text: refuse it on both.
        raise FieldError(f"{self.name} is kept as JSON text: read it whole instead of querying {name!r}")

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Any:
        if connection.vendor != "postgresql":
            return super().get_db_prep_value(value, connection, prepared)
        if not prepared:
            value = self.get_prep_value(value)
        return None if value is None else compact(value)
