"""/api/docs works with no internet: Chromium loads it from the demo's server with every request to
anywhere else refused, and Swagger UI draws the API's endpoints (before, it was blank: its scripts
came from a CDN)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.servers import demo_server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with demo_server(tmp_path_factory.mktemp("demo")) as (url, _console):
        yield url


def test_the_api_docs_draw_with_only_the_site_reachable(page: Any, site: str, tmp_path: Path) -> None:
    refused: list[str] = []

    def only_the_site(route: Any) -> None:
        if route.request.url.startswith(site + "/"):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    page.route("**/*", only_the_site)
    page.goto(site + "/api/docs")
    page.wait_for_selector(".swagger-ui .info .title")
    assert "Card Club league API" in page.inner_text(".swagger-ui .info .title")
    page.wait_for_selector(".opblock-summary-path")
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert any("/api/rankings/" in p for p in paths), paths
    page.screenshot(path=str(tmp_path / "api-docs.png"))
    assert refused == []
