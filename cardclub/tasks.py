"""Site-wide tasks."""

from __future__ import annotations

import socket

from celery import shared_task


@shared_task(name="cardclub.ping")  # type: ignore[untyped-decorator]  # Celery ships no type hints
def ping(nonce: str) -> dict[str, str]:
    """Answer a health probe: proves that a worker consumes from the broker."""
    return {"nonce": nonce, "worker": socket.gethostname()}
