"""The deal lists' order as an index: a page of a club's or a player's deals is a range of it."""

import datetime
import django.db.models.functions.comparison
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0021_three_deck_rule_set"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="deal",
            index=models.Index(
                django.db.models.functions.comparison.Coalesce(
                    models.F("finished_at"),
                    models.Value(datetime.datetime(1970, 1, 1, 0, 0, tzinfo=datetime.timezone.utc)),
                ),
                models.F("id"),
                name="deal_list_order",
            ),
        ),
    ]
