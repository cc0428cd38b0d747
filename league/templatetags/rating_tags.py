"""Template filters of the rating pages."""

from __future__ import annotations

from django import template

from league.services.explanations import explained as explained_line

register = template.Library()


@register.filter
def explained(line: str) -> str:
    """A rating change's stored explanation in the page's language."""
    return explained_line(line)
