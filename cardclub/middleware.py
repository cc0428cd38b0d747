"""The site's input boundary for NUL characters, which no text column can store.

PostgreSQL refuses a NUL in any text value ("text fields cannot contain NUL (0x00) bytes"), so a
NUL reaching a query as a lookup or a stored name was a server error on PostgreSQL and silently
accepted on SQLite. No page, form or record has a use for one: a path holding a NUL names no page
(404); a query parameter, form field, JSON body or uploaded file holding one is refused (400)
before any view runs. Other control characters are valid text to the database; the forms' own
validation handles them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

# A NUL in JSON text: the raw character, or the escape \u0000 after an even number of backslashes
# (an odd number makes the backslash before "u" a literal one).
JSON_NUL = re.compile(r"\x00|(?<!\\)(?:\\\\)*\\u0000")
FORM_TYPES = ("multipart/form-data", "application/x-www-form-urlencoded")


def has_nul(texts: Iterable[str]) -> bool:
    """Whether any of ``texts`` holds a NUL character."""
    return any("\x00" in text for text in texts)


def json_has_nul(text: str) -> bool:
    """Whether JSON ``text`` holds a NUL, raw or escaped (a record's name, an action, a key)."""
    return JSON_NUL.search(text) is not None


def _uploads_have_nul(request: HttpRequest) -> bool:
    for name in request.FILES:
        for upload in request.FILES.getlist(name):
            text = upload.read().decode("utf-8", errors="replace")
            upload.seek(0)
            if json_has_nul(text):
                return True
    return False


def _body_has_nul(request: HttpRequest) -> bool:
    """The request's parameters, form fields, uploads or other body, in that order."""
    query = request.GET
    if has_nul(query.keys()) or has_nul(v for values in query.lists() for v in values[1]):
        return True
    if request.method != "POST" and not request.body:
        return False
    if request.content_type in FORM_TYPES:
        form = request.POST
        if has_nul(form.keys()) or has_nul(v for values in form.lists() for v in values[1]):
            return True
        return _uploads_have_nul(request)
    return json_has_nul(request.body.decode("utf-8", errors="replace"))


class RefuseNulMiddleware:
    """404 for a NUL in the path, 400 for one anywhere in the request's parameters or body."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Refuse the request before any view or database lookup sees the NUL."""
        if "\x00" in request.path_info:
            raise Http404(_("No page has a NUL character in its address."))
        if _body_has_nul(request):
            return refused(request, _("The request holds a NUL character, which no field accepts."))
        return self.get_response(request)


def refused(request: HttpRequest, reason: str) -> HttpResponse:
    """400 with ``reason``: the API's JSON error, or the site's page."""
    if request.path_info.startswith("/api/"):
        return JsonResponse({"detail": reason}, status=400)
    return render(request, "400.html", {"reason": reason}, status=400)
