"""The live tables app: lobby, seats, the authoritative move log, clocks and spectators."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    """App configuration of the live tables."""

    name = "tables"
    verbose_name = _("Live tables")

    def ready(self) -> None:
        """Hand the step taker to the pacing's in-process timers (they may not import it), open the
        tables of published duplicate rounds and close those that play with real cards
        (league/signals.py)."""
        from league.signals import played_offline, round_published
        from tables.receivers import close_offline_table, open_duplicate_tables
        from tables.services import pacing, steps

        pacing.run_steps_with(steps)
        round_published.connect(open_duplicate_tables, dispatch_uid="tables.open_duplicate_tables")
        played_offline.connect(close_offline_table, dispatch_uid="tables.close_offline_table")
