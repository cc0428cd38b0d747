"""Site-wide pages: home, game rules, sign-up and the health endpoint."""

from __future__ import annotations

import os
import re
import socket
from html import unescape

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string, select_template
from django.templatetags.static import static
from django.utils.html import strip_tags
from django.utils.translation import get_language, to_language, to_locale
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from cardclub import health
from cardclub.games import catalogue, game_info
from cardclub.strength import strength_lines
from league import access

SECTION = re.compile(r'<h2 id="([\w-]+)">(.*?)</h2>', re.S)


def home(request: HttpRequest) -> HttpResponse:
    """The front page: the games and the clubs open to the visitor."""
    clubs = access.visible_clubs(request.user).order_by("name")[:20]
    return render(request, "home.html", {"games": catalogue(), "clubs": clubs})


def game_rules(request: HttpRequest, name: str) -> HttpResponse:
    """A game's rules for players, in the page's language (templates/rules/<name>.<locale>.html)."""
    game = game_info(name)
    if game is None:
        raise Http404
    language = get_language() or settings.LANGUAGE_CODE
    candidates = [f"rules/{name}.{to_locale(language)}.html", f"rules/{name}.en.html"]
    page = select_template(candidates).template.name
    body = render_to_string(page, {"game": game}, request)
    context = {
        "game": game,
        "body": body,
        "body_lang": to_language(page.split(".")[-2]),
        "contents": [*contents(body), ("bots", _("Bots at the table"))],
        "bots": strength_lines(name),
    }
    return render(request, "rules.html", context)


def contents(body: str) -> list[tuple[str, str]]:
    """A rules page's sections as ``(id, heading)``, read from its own ``<h2 id=…>`` headings."""
    return [(anchor, unescape(strip_tags(title))) for anchor, title in SECTION.findall(body)]


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign in."""
    if request.user.is_authenticated:
        return redirect("home")
    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome, %(name)s. Your account is ready.") % {"name": user})
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers ask for whatever a page's ``<link rel="icon">`` says: the icon's
    current (hashed) static address, looked up per request so a new icon is never masked."""
    return redirect(static("favicon.svg"))


@never_cache
async def healthz(request: HttpRequest) -> JsonResponse:
    """Database, channel layer and broker reachability as JSON (``?worker=1``, ``?reviews=1``: and a
    worker's answer on the tables' or the reviews' queue); 503 when one is down."""
    checks = {
        "database": await sync_to_async(health.check_database)(),
        "channel_layer": await health.check_channel_layer(),
        "broker": await sync_to_async(health.check_broker)(),
    }
    if request.GET.get("worker"):
        checks["worker"] = await sync_to_async(health.check_worker)()
    if request.GET.get("reviews"):
        # The reviews' worker consumes a queue of its own: without it no review is ever made.
        checks["reviews_worker"] = await sync_to_async(health.check_worker)(queue=settings.REVIEWS_QUEUE)
    ok = all(check["ok"] for check in checks.values())
    body = {
        "status": "ok" if ok else "fail",
        "checks": checks,
        "node": f"{socket.gethostname()}:{os.getpid()}",
    }
    return JsonResponse(body, status=200 if ok else 503)
