"""LiveTable.settled_at: when a finished match's result, standings and ratings were recorded.

Tables that finished before this field existed had theirs recorded by the league hook of the
time, so they are marked settled; otherwise the sweep would record every old match again.
"""

from django.db import migrations, models
from django.db.models.functions import Now


def mark_finished_settled(apps, schema_editor):
    apps.get_model("tables", "LiveTable").objects.filter(status="finished").update(settled_at=Now())


class Migration(migrations.Migration):
    dependencies = [("tables", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="livetable",
            name="settled_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="results recorded"),
        ),
        migrations.RunPython(mark_finished_settled, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="livetable",
            index=models.Index(condition=models.Q(("status", "playing")), fields=["match"], name="tables_playing"),
        ),
        migrations.AddIndex(
            model_name="livetable",
            index=models.Index(
                condition=models.Q(("settled_at", None), ("status", "finished")),
                fields=["match"],
                name="tables_unsettled",
            ),
        ),
    ]
