"""URL routes of the site."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from cardclub import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("games/<slug:name>/", views.game_rules, name="game-rules"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("league.urls")),
    path("", include("tables.urls")),
    path("", include("replays.urls")),
    path("admin/", admin.site.urls),
]
