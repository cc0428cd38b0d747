"""The live tables app: lobby, seats, the authoritative move log, clocks and spectators."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    """App configuration of the live tables."""

    name = "tables"
    verbose_name = _("Live tables")

    def ready(self) -> None:
        """Hand the step taker to the pacing's in-process timers (they may not import it)."""
        from tables.services import pacing, steps

        pacing.run_steps_with(steps.advance)
