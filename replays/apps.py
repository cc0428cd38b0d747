"""The replays app: recorded deals and the viewer."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReplaysConfig(AppConfig):
    """App configuration of the replays."""

    name = "replays"
    verbose_name = _("Replays")
