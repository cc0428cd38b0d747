"""Comments pinned to a position of a deal's replay."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Deal


class Comment(models.Model):
    """A remark on a deal at one step of its replay (``at`` actions applied)."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="comments")
    at = models.PositiveIntegerField(_("position"))
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(_("text"), max_length=2000)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("comment")
        verbose_name_plural = _("comments")
        ordering = ["deal", "at", "created"]
        indexes = [models.Index(fields=["deal", "at"])]

    def __str__(self) -> str:
        return f"{self.deal} @ {self.at}: {self.text[:40]}"
