"""The Django project: settings, URLs, ASGI application and the Celery app."""

from cardclub.celery import app as celery_app

__all__ = ["celery_app"]
