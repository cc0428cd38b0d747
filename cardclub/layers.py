"""The Redis pub/sub channel layer, plus group sends for code that runs outside the loop.

A committed move is announced from the thread that wrote it (a table worker thread, a Celery
worker, a pacing timer). channels_redis' ``group_send`` is a coroutine: from a thread it had to be
handed to the serving event loop (``run_coroutine_threadsafe``) or run on a new loop
(``async_to_sync``), and on the loop it costs an asyncio lock and redis-py's asyncio client, which
profiling showed as the largest single item of a move's CPU (docs/performance.md).
``group_send_blocking`` publishes the same message on the same Redis channel with redis-py's
blocking client from the calling thread, so the event loop only does the fan-out.
``group_send_soon`` queues it for the process's publisher thread instead, so a web node's tables
thread does not wait for Redis either. A message queued with ``elsewhere`` is for the other nodes
only: the node that sent it has already handed its own sockets what it says
(tables/consumers.py), so its receiver drops it before Channels' queues and dispatch.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import queue
import threading
import uuid
from typing import Any

import redis
from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer
from channels_redis.utils import _consistent_hash, decode_hosts

from tables import timings

log = logging.getLogger(__name__)


class PubSubLayer(RedisPubSubChannelLayer):  # type: ignore[misc]
    """``RedisPubSubChannelLayer`` with ``group_send_blocking`` for threads."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._prefix: str = kwargs.get("prefix", "asgi")
        self._hosts = decode_hosts(kwargs.get("hosts"))
        self._clients: dict[int, redis.Redis] = {}
        self._clients_lock = threading.Lock()
        self._outbox: queue.SimpleQueue[tuple[str, bytes]] = queue.SimpleQueue()
        self._publisher: threading.Thread | None = None
        # This process's messages for the other nodes begin with this entry (see ``_drop_own``).
        self.origin = uuid.uuid4().hex
        self._own_mark: bytes = self.serialize({"origin": self.origin})[1:]  # after the map's size

    def group_channel(self, group: str) -> str:
        """The Redis channel a group's messages are published on (as the loop layer names it)."""
        return RedisPubSubLoopLayer._get_group_channel_name(self, group)  # type: ignore[no-any-return]

    def group_send_blocking(self, group: str, message: dict[str, Any]) -> None:
        """Publish ``message`` to every member of ``group`` on every node, from any thread."""
        channel = self.group_channel(group)
        self._client(_consistent_hash(channel, len(self._hosts))).publish(channel, self.serialize(message))

    def group_send_soon(self, group: str, message: dict[str, Any], *, elsewhere: bool = False) -> None:
        """Queue ``message`` for ``group`` without waiting: this process's publisher thread sends
        queued messages in order, all that are waiting in one Redis round trip per shard
        (``elsewhere``: for the group's members on the other nodes only).

        For the tables threads of a web node: waiting for the ``PUBLISH`` and then for the GIL
        held each move's thread about a third longer (bench/results/2026-11-25-live-tables.md).
        """
        if elsewhere:
            message = {"origin": self.origin, **message}
        self._outbox.put((self.group_channel(group), self.serialize(message)))
        if self._publisher is None:
            with self._clients_lock:
                if self._publisher is None:
                    self._publisher = threading.Thread(target=self._publish_queued, daemon=True)
                    self._publisher.start()

    def _publish_queued(self) -> None:
        while True:
            batch = [self._outbox.get()]
            with contextlib.suppress(queue.Empty):
                while True:
                    batch.append(self._outbox.get_nowait())
            try:
                with timings.measure("publish"):
                    pipes: dict[int, Any] = {}
                    for channel, payload in batch:
                        shard = _consistent_hash(channel, len(self._hosts))
                        if shard not in pipes:
                            pipes[shard] = self._client(shard).pipeline(transaction=False)
                        pipes[shard].publish(channel, payload)
                    for pipe in pipes.values():
                        pipe.execute()
            except Exception:  # at-most-once, as every group event: versions and sync catch up
                log.exception("%d table events were not sent", len(batch))

    def _get_layer(self) -> Any:
        layer = super()._get_layer()  # one per event loop, whose shards receive
        for shard in layer._shards:
            if not isinstance(shard._receive_message, functools.partial):
                shard._receive_message = functools.partial(_drop_own, self._own_mark, shard._receive_message)
        return layer

    def _client(self, shard: int) -> redis.Redis:
        # One blocking client (a thread-safe connection pool) per shard for the whole process.
        client = self._clients.get(shard)
        if client is None:
            with self._clients_lock:
                client = self._clients.get(shard)
                if client is None:
                    host = dict(self._hosts[shard])
                    client = redis.Redis.from_url(host.pop("address"), **host)
                    self._clients[shard] = client
        return client

    # RedisPubSubLoopLayer._get_group_channel_name reads only ``prefix``.
    @property
    def prefix(self) -> str:
        """The prefix of every channel name (the layer's ``prefix`` option)."""
        return self._prefix


def _drop_own(mark: bytes, receive: Any, message: dict[str, Any] | None) -> None:
    """Hand a received pub/sub message on, unless this process sent it for the other nodes only.

    The test reads the raw bytes: a message dict serialises its ``origin`` entry first, right
    after the map's one-byte size, so no message is decoded for it. Any other message, and every
    message of a layer with encryption (which never matches), goes on as before.
    """
    if message is not None and isinstance(data := message.get("data"), bytes) and data.startswith(mark, 1):
        return
    receive(message)
