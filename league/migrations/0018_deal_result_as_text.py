"""A deal's result is stored as compact JSON text on PostgreSQL rather than ``jsonb`` (league/fields.py).

The type change keeps every value; the rows are then written again in the compact form new
results take (PostgreSQL's own conversion leaves a space after every separator).
"""

from django.db import migrations

import league.fields

BATCH = 2000


def rewrite_compact(apps, schema_editor):
    """Write every stored result again through the field (compact text), in batches."""
    if schema_editor.connection.vendor != "postgresql":
        return  # other back ends keep JSON as text already
    Deal = apps.get_model("league", "Deal")
    ids = list(Deal.objects.filter(result__isnull=False).order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), BATCH):
        rows = list(Deal.objects.filter(pk__in=ids[start : start + BATCH]).only("pk", "result"))
        Deal.objects.bulk_update(rows, ["result"])


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0017_live_table_life"),
    ]

    operations = [
        migrations.AlterField(
            model_name="deal",
            name="result",
            field=league.fields.TextJSONField(blank=True, null=True, verbose_name="result"),
        ),
        migrations.RunPython(rewrite_compact, migrations.RunPython.noop),
    ]
