"""Live table pages (mounted at the site root; every path names its own prefix)."""

from django.urls import URLPattern, URLResolver, path

from tables import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("clubs/<slug:slug>/tables/", views.club_lobby, name="table-lobby"),
    path("clubs/<slug:slug>/tables/open/", views.open_table, name="table-open"),
    path("tables/<int:table_id>/", views.table_detail, name="table-detail"),
    path("tables/<int:table_id>/deals/<int:deal_id>/result/", views.table_result, name="table-result"),
    path("tables/<int:table_id>/<slug:action>/", views.table_action, name="table-action"),
]
