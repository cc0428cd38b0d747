"""A JSON column kept as the text it was written: PostgreSQL's ``json`` type instead of ``jsonb``.

``jsonb`` spends a header on every key and value and stores numbers as ``numeric``: a finished
deal's result, about 560 characters, took about 800 bytes. Nothing queries inside these values
(the services read them whole), so the plain ``json`` type, which stores the text as written
(compact separators, the engine's key order), serves them at about 70% of the size
(docs/performance.md, "A federation's size"). Other back ends store JSON as text already.
"""

from __future__ import annotations

import json
from typing import Any

from django.db import models


def compact(value: Any) -> str:
    """The JSON text stored: no spaces after separators, characters as they are."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class TextJSONField(models.JSONField):
    """``JSONField`` stored as PostgreSQL ``json`` (its text, compact) rather than ``jsonb``."""

    def db_type(self, connection: Any) -> str | None:
        if connection.vendor == "postgresql":
            return "json"
        return super().db_type(connection)

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Any:
        if connection.vendor != "postgresql":
            return super().get_db_prep_value(value, connection, prepared)
        from psycopg.types.json import Json

        if not prepared:
            value = self.get_prep_value(value)
        return None if value is None else Json(value, dumps=compact)

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        # psycopg parses a ``json`` column itself (Django only asks it for ``jsonb`` as text).
        if value is None or not isinstance(value, str):
            return value
        return super().from_db_value(value, expression, connection)
