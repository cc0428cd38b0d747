"""The Celery app: configured from Django settings (``CELERY_*``), tasks found in each app's tasks.py."""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from django.db import InterfaceError, OperationalError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardclub.settings")
# Celery runs Django's system checks as a worker starts, and they import every URL and view: a
# second or two of a restarted tables' worker, while its tables wait (docs/deploy.md, "How fast a
# worker starts"). ``manage.py migrate`` and the web nodes check the same code at every release.
os.environ.setdefault("CELERY_SKIP_CHECKS", "1")

app = Celery("cardclub")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# A task that lost the database (PostgreSQL restarting, a network cut) runs again later instead of
# failing: a failed task is acknowledged, so its work waited for a sweep to find it again (a review
# was made 15 minutes after it was queued) or, without one, was lost. Backoff with jitter up to a
# minute, ten times: several minutes of outage ridden out. Every task that uses it is idempotent.
LOST_DATABASE = (OperationalError, InterfaceError)


def retrying(*also: type[Exception]) -> dict[str, Any]:
    """A task's options to run again on a lost database (and on the errors ``also``)."""
    return {
        "autoretry_for": (*LOST_DATABASE, *also),
        "retry_backoff": True,
        "retry_backoff_max": 60,
        "max_retries": 10,
    }
