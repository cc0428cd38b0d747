"""``make demo`` serves as production does: DEBUG off, so a 404 is the site's own page and lists no
URL pattern; static files (the favicon, the API docs' Swagger UI) come from WhiteNoise; the console
says where the site is and how to log in, and nothing more; with ``HOST=0.0.0.0`` the machine's LAN
names are let in and other host names are not."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardclub.management.commands.serve_demo import lan_names
from tests.servers import demo_server

pytestmark = [pytest.mark.backend_free, pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The demo's server on every interface (as ``make demo HOST=0.0.0.0``): URL and console."""
    with demo_server(tmp_path_factory.mktemp("demo"), host="0.0.0.0") as served:
        yield served


def get(url: str, host: str | None = None) -> tuple[int, str, dict[str, str]]:
    """Status, body and headers of a GET that follows no redirect (``host``: the Host header)."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=30) as response:
            return response.status, response.read().decode(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace"), dict(error.headers)


def test_a_404_is_the_sites_page_and_lists_no_url_pattern(demo: tuple[str, Path]) -> None:
    status, body, _ = get(demo[0] + "/no-such-page/")
    assert status == 404
    assert "<h1>Not found</h1>" in body
    assert not re.search(r"urlpatterns|URLconf|healthz|api/docs", body)


def test_the_favicon_is_served_from_collected_static_files(demo: tuple[str, Path]) -> None:
    """/favicon.ico leads to the icon's hashed address, which WhiteNoise serves for a year."""
    status, _, headers = get(demo[0] + "/favicon.ico")
    assert status == 302 and re.fullmatch(r"/static/favicon\.[0-9a-f]{12}\.svg", headers["Location"])
    status, body, headers = get(demo[0] + headers["Location"])
    assert status == 200 and body.startswith("<svg") and headers["Content-Type"] == "image/svg+xml"
    assert "immutable" in headers["Cache-Control"]
    assert '<link rel="icon" href="/static/favicon.' in get(demo[0] + "/")[1]


def test_the_api_docs_load_swagger_ui_from_the_site(demo: tuple[str, Path]) -> None:
    """Every script and style sheet of /api/docs is the site's own (no CDN)."""
    status, body, _ = get(demo[0] + "/api/docs")
    assert status == 200
    assets = re.findall(r'(?:src|href)="([^"]+\.(?:js|css))"', body)
    assert any("swagger-ui-bundle" in a for a in assets)
    assert all(a.startswith("/static/") for a in assets), assets


def test_the_console_says_where_and_how_to_log_in_and_nothing_else(demo: tuple[str, Path]) -> None:
    """The banner, then silence: a 404 and an eager task (the front page) write nothing."""
    get(demo[0] + "/no-such-page/")
    get(demo[0] + "/")
    console = demo[1].read_text()
    port = demo[0].rsplit(":", 1)[1]
    assert f"Card Club is serving on http://127.0.0.1:{port}/" in console
    assert "Log in as demo / tractor-demo" in console
    lines = [line for line in console.splitlines() if line.strip()]
    assert len(lines) <= 3, console
    assert "No hostname was supplied" not in console and "Traceback" not in console


def test_every_interface_lets_the_machines_lan_names_in(demo: tuple[str, Path]) -> None:
    """Listening on 0.0.0.0, the machine's own names answer; any other host name is refused."""
    names = lan_names()
    assert names
    assert all(get(demo[0] + "/", host=name)[0] == 200 for name in names)
    assert get(demo[0] + "/", host="intruder.example")[0] == 400
