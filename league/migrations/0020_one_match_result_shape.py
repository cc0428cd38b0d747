"""Every ``Match.result`` in the one shape ``match_end.write_result`` stores (``typed_rows.MatchResult``).

A live match's end once stored ``{"winners", "deals", "situation"}`` until the league settled it,
and replay samples and imports stored ``{"winners"}``: the standings and ratings skipped such a
row. Each is derived again from the match's finished deals, as ``write_result`` does. Undoing it
keeps the new shape: it holds every key the old readers used (``winners``, ``deals``).
"""

from typing import Any

from django.db import migrations

BATCH = 500


def one_shape(apps: Any, schema_editor: Any) -> None:
    """Derive again every stored match result that lacks the per-seat places."""
    from league.services import outcome, typed_rows

    Match, Deal = apps.get_model("league", "Match"), apps.get_model("league", "Deal")
    for match in Match.objects.filter(result__isnull=False).order_by("pk").iterator(chunk_size=BATCH):
        if not match.result or "places" in match.result:
            continue
        deals = Deal.objects.filter(match=match, status="finished").order_by("number")
        results = typed_rows.results(match.game, (d.result for d in deals if d.result))
        seats = match.seats.count()
        derived = outcome.match_result(match.game, match.rules, seats, match.situation, results)
        Match.objects.filter(pk=match.pk).update(result=derived.to_json())


class Migration(migrations.Migration):
    dependencies = [("league", "0019_tournament_chat")]

    operations = [migrations.RunPython(one_shape, migrations.RunPython.noop)]
