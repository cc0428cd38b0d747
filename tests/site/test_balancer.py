"""deploy/nginx.conf, the balancer of compose.yaml, run for real: table affinity and WebSocket upgrades."""

from __future__ import annotations

import os
import threading
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
import yaml

from tests.balancer import balancer, nginx_binary
from tests.servers import ROOT

if nginx_binary() is None:
    if os.environ.get("REQUIRE_NGINX"):
        raise RuntimeError("REQUIRE_NGINX is set but nginx is not installed")
    pytest.skip("nginx is not installed (Debian package nginx)", allow_module_level=True)


def node(name: str) -> ThreadingHTTPServer:
    """A stand-in web node that answers every request with its name and the upgrade headers it got."""

    class Answer(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = f"{name} {self.headers.get('Upgrade', '-')} {self.headers.get('Connection', '-')}"
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body.encode())

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    return server


@pytest.fixture(scope="module")
def front() -> Iterator[str]:
    servers = [node("a"), node("b")]
    try:
        with balancer([f"127.0.0.1:{s.server_address[1]}" for s in servers]) as address:
            yield address
    finally:
        for server in servers:
            server.shutdown()


def get(front: str, path: str, **headers: str) -> list[str]:
    request = urllib.request.Request(f"http://{front}{path}", headers=headers)
    with urllib.request.urlopen(request, timeout=5) as response:
        return str(response.read().decode()).split()


def test_every_socket_of_a_table_reaches_the_same_node(front: str) -> None:
    """Ten connections to table 7's socket all land on one node."""
    assert len({get(front, "/ws/tables/7/")[0] for _ in range(10)}) == 1


def test_tables_are_spread_over_the_nodes(front: str) -> None:
    """Forty tables use both nodes."""
    assert {get(front, f"/ws/tables/{table}/")[0] for table in range(1, 41)} == {"a", "b"}


def test_other_requests_are_spread_over_the_nodes(front: str) -> None:
    """Pages are not pinned: twenty requests for one page reach both nodes."""
    assert {get(front, "/healthz")[0] for _ in range(20)} == {"a", "b"}


def test_it_passes_the_websocket_upgrade_on(front: str) -> None:
    """A WebSocket handshake reaches the node as an upgrade, not as a plain request."""
    _, upgrade, connection = get(front, "/ws/tables/7/", Upgrade="websocket", Connection="Upgrade")
    assert (upgrade, connection) == ("websocket", "upgrade")


def test_compose_puts_the_balancer_with_this_configuration_in_front() -> None:
    """compose.yaml publishes only the balancer, which mounts deploy/nginx.conf."""
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    assert "./deploy/nginx.conf:/etc/nginx/nginx.conf:ro" in services["balancer"]["volumes"]
    assert services["balancer"]["ports"] == ["8000:8000"]
    assert "ports" not in services["web"]
