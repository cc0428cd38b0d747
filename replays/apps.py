"""The replays app: recorded deals and the viewer."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReplaysConfig(AppConfig):
    """App configuration of the replays."""

    name = "replays"
    verbose_name = _("Replays")

    def ready(self) -> None:
        """Offer records stored by the league (uploads, imports) for automatic review."""
        from league.signals import record_stored
        from replays.receivers import offer_for_review

        record_stored.connect(offer_for_review, dispatch_uid="replays.offer_for_review")
