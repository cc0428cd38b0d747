"""cardclub.layers.PubSubLayer: a group send from a thread reaches the group's sockets on every node."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import pytest
from channels_redis.pubsub import RedisPubSubLoopLayer

from cardclub.layers import PubSubLayer

pytestmark = pytest.mark.services


def layer() -> PubSubLayer:
    return PubSubLayer(hosts=[{"address": os.environ.get("REDIS_URL", "")}], prefix="cardclub-layer-test:")


def test_it_names_group_channels_as_the_loop_layer_does() -> None:
    """A blocking send lands where channels_redis' own group members listen."""
    mine = layer()
    assert mine.group_channel("table-7") == RedisPubSubLoopLayer(
        prefix="cardclub-layer-test:"
    )._get_group_channel_name("table-7")


async def two_nodes_in(group: str) -> tuple[list[PubSubLayer], list[str]]:
    """Two nodes (two layers), each with a member of ``group``: the layers and the members' channels."""
    nodes = [layer(), layer()]
    channels = [await node.new_channel() for node in nodes]
    for node, channel in zip(nodes, channels, strict=True):
        await node.group_add(group, channel)
    return nodes, channels


@pytest.mark.asyncio
async def test_a_send_from_a_thread_reaches_every_member_on_two_nodes() -> None:
    """Two nodes (two layers) each hold a member of the group; one PUBLISH from a thread reaches both."""
    nodes, channels = await two_nodes_in("table-7")
    message: dict[str, Any] = {"type": "table.updated", "deal": 3, "version": 12}
    await asyncio.to_thread(nodes[0].group_send_blocking, "table-7", message)
    received = [await asyncio.wait_for(node.receive(ch), 5) for node, ch in zip(nodes, channels, strict=True)]
    assert received == [message, message]
    for node in nodes:
        await node.flush()


@pytest.mark.asyncio
async def test_a_send_reaches_no_other_group() -> None:
    """A member of table 8 gets nothing sent to table 7."""
    node = layer()
    channel = await node.new_channel()
    await node.group_add("table-8", channel)
    await asyncio.to_thread(node.group_send_blocking, "table-7", {"type": "table.updated"})
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(node.receive(channel), 0.3)
    await node.flush()


@pytest.mark.asyncio
async def test_queued_sends_reach_every_member_in_order() -> None:
    """Events queued from a thread (a web node's tables threads) arrive on both nodes, in order."""
    nodes, channels = await two_nodes_in("table-7")
    sent = [{"type": "table.updated", "deal": 3, "version": v} for v in range(12, 32)]

    def queue_all() -> None:
        for message in sent:
            nodes[0].group_send_soon("table-7", message)

    await asyncio.to_thread(queue_all)
    for node, channel in zip(nodes, channels, strict=True):
        assert [await asyncio.wait_for(node.receive(channel), 5) for _ in sent] == sent
    for node in nodes:
        await node.flush()


@pytest.mark.asyncio
async def test_a_send_for_the_other_nodes_skips_the_sending_node() -> None:
    """A node that handed its own sockets a move's frames sends the event to the others only; its
    next plain send still reaches its own member, so nothing else is dropped."""
    nodes, channels = await two_nodes_in("table-7")
    handed: dict[str, Any] = {"type": "table.updated", "deal": 3, "version": 12}
    plain: dict[str, Any] = {"type": "table.updated", "deal": 3, "version": 13}

    def queue_both() -> None:
        nodes[0].group_send_soon("table-7", handed, elsewhere=True)
        nodes[0].group_send_soon("table-7", plain)

    await asyncio.to_thread(queue_both)
    elsewhere = [await asyncio.wait_for(nodes[1].receive(channels[1]), 5) for _ in range(2)]
    assert [m["version"] for m in elsewhere] == [12, 13]
    assert (await asyncio.wait_for(nodes[0].receive(channels[0]), 5))["version"] == 13
    for node in nodes:
        await node.flush()
