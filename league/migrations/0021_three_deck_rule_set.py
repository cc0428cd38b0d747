"""The shipped rule set of three-deck Tractor for six players (engine/core/rulesets.py)."""

from typing import Any

from django.db import migrations


def load_shipped(apps: Any, schema_editor: Any) -> None:
    """One published site row per shipped (name, version) not there yet."""
    from league.services.rulesets import ensure_shipped

    ensure_shipped(apps.get_model("league", "RuleSet"))


class Migration(migrations.Migration):
    dependencies = [("league", "0020_one_match_result_shape")]

    operations = [migrations.RunPython(load_shipped, migrations.RunPython.noop)]
