"""The Redis pub/sub channel layer, plus a blocking group send for code that runs outside the loop.

A committed move is announced from the thread that wrote it (a table worker thread, a Celery
worker, a pacing timer). channels_redis' ``group_send`` is a coroutine: from a thread it had to be
handed to the serving event loop (``run_coroutine_threadsafe``) or run on a new loop
(``async_to_sync``), and on the loop it costs an asyncio lock and redis-py's asyncio client, which
profiling showed as the largest single item of a move's CPU (docs/performance.md).
``group_send_blocking`` publishes the same message on the same Redis channel with redis-py's
blocking client from the calling thread, so the event loop only does the fan-out.
"""

from __future__ import annotations

import threading
from typing import Any

import redis
from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer
from channels_redis.utils import _consistent_hash, decode_hosts


class PubSubLayer(RedisPubSubChannelLayer):  # type: ignore[misc]
    """``RedisPubSubChannelLayer`` with ``group_send_blocking`` for threads."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._prefix: str = kwargs.get("prefix", "asgi")
        self._hosts = decode_hosts(kwargs.get("hosts"))
        self._clients: dict[int, redis.Redis] = {}
        self._clients_lock = threading.Lock()

    def group_channel(self, group: str) -> str:
        """The Redis channel a group's messages are published on (as the loop layer names it)."""
        return RedisPubSubLoopLayer._get_group_channel_name(self, group)  # type: ignore[no-any-return]

    def group_send_blocking(self, group: str, message: dict[str, Any]) -> None:
        """Publish ``message`` to every member of ``group`` on every node, from any thread."""
        channel = self.group_channel(group)
        self._client(_consistent_hash(channel, len(self._hosts))).publish(channel, self.serialize(message))

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
