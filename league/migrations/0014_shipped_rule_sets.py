"""The site's rule sets, loaded from the engine's shipped definitions (engine/rulesets.py)."""

from typing import Any

from django.db import migrations
from django.utils import timezone


def load_shipped(apps: Any, schema_editor: Any) -> None:
    """One published site row per shipped (name, version) not there yet."""
    from engine.rulesets import SHIPPED

    RuleSet = apps.get_model("league", "RuleSet")
    for shipped in SHIPPED:
        RuleSet.objects.get_or_create(
            club=None,
            name=shipped.name,
            version=shipped.version,
            defaults={
                "title": shipped.title,
                "game": shipped.game,
                "options": dict(shipped.options),
                "status": "published",
                "published": timezone.now(),
            },
        )


class Migration(migrations.Migration):
    dependencies = [("league", "0013_club_rule_sets")]

    operations = [migrations.RunPython(load_shipped, migrations.RunPython.noop)]
