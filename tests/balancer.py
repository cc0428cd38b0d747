"""deploy/nginx.conf run for real in front of local nodes (the balancer test and bench/live.py)."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tests.servers import ROOT, free_port, wait_for_http

CONF = ROOT / "deploy" / "nginx.conf"


def nginx_binary() -> str | None:
    """The nginx program (Debian puts it in /usr/sbin, often not on a user's PATH)."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


def render(nodes: list[str], port: int, folder: Path) -> str:
    """deploy/nginx.conf with the lines marked ``# nodes`` and ``# listen`` and the pid file made local."""
    lines = []
    for line in CONF.read_text().splitlines():
        indent = line[: len(line) - len(line.lstrip())]
        if line.rstrip().endswith("# nodes"):
            options = line.split(":8000", 1)[1].split(";")[0]
            lines += [f"{indent}server {node}{options};" for node in nodes]
        elif line.rstrip().endswith("# listen"):
            lines.append(f"{indent}listen 127.0.0.1:{port};")
        elif line.startswith("pid "):
            lines.append(f"pid {folder / 'nginx.pid'};")
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


@contextlib.contextmanager
def balancer(nodes: list[str], health: str = "/healthz") -> Iterator[str]:
    """nginx with the project's configuration in front of ``nodes`` (host:port); yields its host:port."""
    binary = nginx_binary()
    if binary is None:
        raise RuntimeError("nginx is not installed (Debian package nginx)")
    with tempfile.TemporaryDirectory(prefix="cardclub-nginx-") as tmp:
        folder, port = Path(tmp), free_port()
        conf = folder / "nginx.conf"
        conf.write_text(render(nodes, port, folder))
        log = open(folder / "nginx.log", "w")  # noqa: SIM115
        proc = subprocess.Popen(
            [binary, "-p", str(folder), "-c", str(conf), "-g", "daemon off;"], stdout=log, stderr=log
        )
        try:
            wait_for_http(f"http://127.0.0.1:{port}{health}")
            yield f"127.0.0.1:{port}"
        finally:
            proc.terminate()
            proc.wait(10)
            log.close()
