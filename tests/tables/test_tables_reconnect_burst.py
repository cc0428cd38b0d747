"""A reconnect burst: 200 table sockets opening at the same instant on two web nodes started with
docs/deploy.md's command line, on PostgreSQL and Redis, as the pages of a lost node reconnect
together. Every socket must be answered and get its seat's view; before, with the user looked up on
Channels' one thread, the table's checks run before the handshake and Daphne's 5 s handshake
timeout, most failed with "did not receive a valid HTTP response" (docs/deploy.md, "A node's peer
lost"; ``bench/burst.py`` measures it)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bench.burst import aim, burst, nodes, server_env
from tests.demo_template import migrated_database
from tests.servers import shell

pytestmark = [pytest.mark.services, pytest.mark.timeout(600)]

TABLES = 50  # of four seated members each: 200 sockets

PREPARE = f"""
import json
from bench.live import prepare
print(json.dumps(prepare({TABLES}, 0)))
"""


def test_200_sockets_opening_at_once_on_two_nodes_all_get_their_view(tmp_path: Path) -> None:
    with migrated_database() as scratch:
        env = server_env(scratch)
        tables = json.loads(shell(env, PREPARE).strip().splitlines()[-1])
        with nodes(env, tmp_path) as started:
            result, _cpu = asyncio.run(burst(aim([host for host, _pid in started], tables)))
    assert result.failures == [], sorted(set(result.failures))
    assert len(result.first_views) == 4 * TABLES
