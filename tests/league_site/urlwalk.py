"""Every URL pattern of the site, with its parameters filled from a world of objects.

Shared by the outsider walk (nothing private leaks) and the fuzz walk (no 5xx): both visit every
pattern ``django.urls.get_resolver`` knows, except the admin's (Django's own, staff only).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from django.urls import URLPattern, URLResolver, get_resolver

PARAM = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>")
SKIPPED_PREFIXES = ("admin/",)


@dataclass(frozen=True)
class Route:
    """One URL pattern: its text (``clubs/<slug:slug>/``), its name and its parameters."""

    pattern: str
    name: str | None

    @property
    def params(self) -> list[str]:
        return [m.group("name") for m in PARAM.finditer(self.pattern)]


def routes() -> list[Route]:
    """Every pattern of the site's URLconf (the API's too), admin aside, in URLconf order."""

    def walk(resolver: URLResolver, prefix: str) -> Iterator[Route]:
        for entry in resolver.url_patterns:
            text = prefix + str(entry.pattern)
            if isinstance(entry, URLResolver):
                yield from walk(entry, text)
            elif isinstance(entry, URLPattern) and not text.startswith(SKIPPED_PREFIXES):
                yield Route(text, entry.name)

    return list(walk(get_resolver(), ""))


def fill(route: Route, values: Mapping[str, object]) -> str | None:
    """The route's path with each parameter from ``values`` (keys ``name`` or ``prefix:name``, the
    longest matching prefix first), or ``None`` when a parameter has no value."""
    out = route.pattern
    for match in PARAM.finditer(route.pattern):
        name = match.group("name")
        keyed = sorted(
            (
                k
                for k in values
                if ":" in k and k.endswith(f":{name}") and route.pattern.startswith(k.split(":")[0])
            ),
            key=len,
            reverse=True,
        )
        key = keyed[0] if keyed else name
        if key not in values:
            return None
        out = out.replace(match.group(0), str(values[key]), 1)
    if out.startswith("^") or "(?P" in out:
        return None
    return "/" + out
