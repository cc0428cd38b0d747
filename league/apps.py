"""The league app: clubs, players, tournaments, standings and ratings."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    """App configuration of the league."""

    name = "league"
    verbose_name = _("League")
