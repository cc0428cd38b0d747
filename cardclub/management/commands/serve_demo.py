"""Serve the site as ``make demo`` does: Daphne on ``--host``/``--port``, the address and the demo
login printed first, and the host names the server answers to following the address it listens on.

With ``--host 0.0.0.0`` (every interface) a club's LAN may come in: the machine's name, its
``.local`` name and its addresses are added to ``ALLOWED_HOSTS`` (unless the environment sets
``ALLOWED_HOSTS``), and the banner prints the address to give the players.
"""

from __future__ import annotations

import contextlib
import os
import socket
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

EVERY_INTERFACE = ("0.0.0.0", "::")
LOCAL = ["127.0.0.1", "localhost", "[::1]"]


def lan_names() -> list[str]:
    """This machine's names and addresses as another machine on its network may reach it."""
    name = socket.gethostname()
    found = {name, f"{name}.local", socket.getfqdn()}
    with contextlib.suppress(OSError):
        found |= set(socket.gethostbyname_ex(name)[2])
    # The address of the interface that routes outwards: a UDP "connect" sends no packet.
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))
        found.add(probe.getsockname()[0])
    return sorted(h for h in found if h and not h.startswith("127.") and h != "localhost")


def lan_address(names: list[str]) -> str | None:
    """The first IPv4 address among ``names`` (what to type on a phone), if any."""
    for name in names:
        with contextlib.suppress(OSError):
            socket.inet_aton(name)
            return name
    return None


class Command(BaseCommand):
    help = "Serve the site with Daphne, printing its address and the demo login (make demo)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: all)")
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args: Any, **options: Any) -> None:
        """Print the banner, then serve until interrupted."""
        host, port = options["host"], options["port"]
        lan = lan_names() if host in EVERY_INTERFACE else []
        if lan and not os.environ.get("ALLOWED_HOSTS", "").strip():
            # Read by each request and by the sockets' origin check, built when Daphne imports the app.
            settings.ALLOWED_HOSTS = [*LOCAL, *lan]
        shown = "127.0.0.1" if host in EVERY_INTERFACE else host
        lines = ["", f"  Card Club is serving on http://{shown}:{port}/"]
        address = lan_address(lan)
        if address:
            lines.append(f"  Players on this network open http://{address}:{port}/")
        lines += ["  Log in as demo / tractor-demo (the demo club's owner). Stop with Ctrl+C.", ""]
        self.stdout.write("\n".join(lines))
        self.stdout.flush()
        from daphne.cli import CommandLineInterface

        CommandLineInterface().run(["-b", host, "-p", str(port), "-v", "0", "cardclub.asgi:application"])
