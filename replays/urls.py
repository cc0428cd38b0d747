"""Replay pages (mounted at the site root; every path names its own prefix)."""

from django.urls import path

from replays import compare, views

urlpatterns = [
    path("deals/<int:pk>/", views.deal_viewer, name="deal-viewer"),
    path("deals/<int:pk>/steps.json", views.deal_steps, name="deal-steps"),
    path("deals/<int:pk>/compare/<int:other>/", compare.deal_compare, name="deal-compare"),
    path("deals/<int:pk>/review/", views.review_request, name="review-request"),
    path("deals/<int:pk>/review.json", views.review_status, name="review-status"),
    path("deals/<int:pk>/review/better.json", views.review_better, name="review-better"),
    path("deals/<int:pk>/record.json", views.deal_export, name="deal-export"),
    path("deals/<int:pk>/comments/", views.comment_add, name="comment-add"),
    path("comments/<int:pk>/delete/", views.comment_delete, name="comment-delete"),
    # /matches/<id>/ is the league's match page (results); this one lists the deals to replay.
    path("replays/matches/<int:pk>/", views.match_detail, name="match-replays"),
    path("matches/<int:pk>/record.json", views.match_export, name="match-export"),
    path("tournaments/<int:pk>/deals.ndjson", views.tournament_export, name="tournament-export"),
    path("tournaments/<int:pk>/review/", views.event_review_request, name="event-review"),
    path("tournaments/<int:pk>/review.json", views.event_review_status, name="event-review-status"),
    path("clubs/<slug:slug>/deals/", views.club_deals, name="club-deals"),
    path("clubs/<slug:slug>/upload/", views.upload, name="records-upload"),
    path("players/<int:pk>/deals/", views.player_deals, name="player-deals"),
]
