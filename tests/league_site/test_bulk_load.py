"""The scale bench's bulk loader: rows it writes read back as the site's own, and the schema is kept."""

from __future__ import annotations

import pytest
from django.db import connection

from bench import bulk
from league.models import Club, Deal


def catalog() -> list[tuple[str, ...]]:
    """Every index and constraint of the deal and club tables, as PostgreSQL defines them."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint"
            " WHERE conrelid IN ('league_deal'::regclass, 'league_club'::regclass)"
            " UNION SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index"
            " WHERE indrelid IN ('league_deal'::regclass, 'league_club'::regclass) ORDER BY 1, 2"
        )
        return [tuple(row) for row in cursor.fetchall()]


@pytest.mark.django_db
def test_a_written_row_reads_back_as_the_model_it_was_made_from() -> None:
    """A club written as a row is the club whose values it copied, with the id the table gave out."""
    table = bulk.Table(Club)
    base = table.values(Club(name="", slug="", is_public=True, description="Tea and cards"))
    row = table.row(base, {"name": "Harbour Club", "slug": "harbour"})
    assert bulk.write(table, [row]) == 1
    club = Club.objects.get(slug="harbour")
    assert (club.pk, club.name, club.description, club.is_public) == (
        row[table.pk],
        "Harbour Club",
        "Tea and cards",
        True,
    )


@pytest.mark.django_db
def test_a_row_made_after_a_load_takes_an_id_past_the_loaded_ones() -> None:
    """Once the ids are finished, the next club the site creates gets a new id, not a loaded one."""
    table = bulk.Table(Club)
    base = table.values(Club(name="", slug="", is_public=True))
    rows = [table.row(base, {"name": f"Club {i}", "slug": f"club-{i}"}) for i in range(3)]
    bulk.write(table, rows)
    bulk.finish_ids([table])
    assert Club.objects.create(name="New", slug="new").pk > max(r[table.pk] for r in rows)


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="indexes are deferred on PostgreSQL only")
def test_a_load_with_indexes_deferred_leaves_the_migrations_indexes_and_constraints() -> None:
    """Inside the load the deal table has no (match, number) constraint; afterwards every one is back."""
    before = catalog()
    with bulk.indexes_deferred([bulk.Table(Deal), bulk.Table(Club)]):
        assert not any(name == "unique_deal_number" for name, _definition in catalog())
    assert catalog() == before
