"""The API's rate limit counts the real client: X-Forwarded-For is trusted only from our own proxies.

Without that, a changing X-Forwarded-For let an anonymous client make 300 requests where 120 are
allowed. ``TRUSTED_PROXIES`` (default 0) says how many proxies in front append to the header.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from django.test import Client, RequestFactory

from league.services.ratelimit import client_address

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("one_window")]


def fresh_net() -> str:
    """A /16 no other test used: the limiter's counters live in the shared cache (Redis on services)."""
    n = uuid.uuid4().int
    return f"10.{n % 250}"


def statuses(remote: str, forwarded: Callable[[int], str], requests: int = 300) -> dict[int, int]:
    """How many of ``requests`` API calls got each status code."""
    client = Client()
    codes = [
        client.get("/api/clubs", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded(i)).status_code
        for i in range(requests)
    ]
    return {code: codes.count(code) for code in sorted(set(codes))}


def test_without_proxies_a_changing_header_does_not_dodge_the_limit(settings) -> None:
    """No proxy configured (the default): the header is ignored, the socket's address is counted."""
    assert settings.TRUSTED_PROXIES == 0
    net = fresh_net()
    assert statuses(f"{net}.0.1", lambda i: f"{net}.{i % 250}.{i // 250 + 2}") == {200: 120, 429: 180}


def test_behind_one_proxy_the_client_cannot_forge_the_proxys_entry(settings) -> None:
    """Behind nginx (one proxy) the client writes the left of the header; nginx appends the real
    address on the right, and only that is counted: changing the left gains nothing."""
    settings.TRUSTED_PROXIES = 1
    net = fresh_net()
    client = f"{net}.9.9"
    counts = statuses("172.16.0.2", lambda i: f"{net}.{i % 250}.1, {client}")
    assert counts == {200: 120, 429: 180}


def test_behind_one_proxy_each_client_has_its_own_limit(settings) -> None:
    """The proxy's own address is shared by everyone; the forwarded one tells the clients apart."""
    settings.TRUSTED_PROXIES = 1
    net = fresh_net()
    assert statuses("172.16.0.2", lambda i: f"{net}.{i % 250}.{i // 250 + 1}") == {200: 300}


@pytest.mark.parametrize(
    ("proxies", "remote", "header", "counted"),
    [
        (0, "192.0.2.1", "198.51.100.7", "192.0.2.1"),
        (1, "192.0.2.1", "", "192.0.2.1"),
        (1, "192.0.2.1", "198.51.100.7", "198.51.100.7"),
        (1, "192.0.2.1", "6.6.6.6, 198.51.100.7", "198.51.100.7"),
        (2, "192.0.2.1", "6.6.6.6, 198.51.100.7, 203.0.113.4", "198.51.100.7"),
        (2, "192.0.2.1", "203.0.113.4", "192.0.2.1"),  # fewer hops than proxies: not through all of them
        (1, "192.0.2.1", "not-an-address", "192.0.2.1"),
        (1, "192.0.2.1", " 2001:db8::1 ", "2001:db8::1"),
    ],
)
def test_the_counted_address(settings, proxies: int, remote: str, header: str, counted: str) -> None:
    """The rightmost ``proxies`` entries were written by our proxies; the client is the leftmost of them."""
    settings.TRUSTED_PROXIES = proxies
    request = RequestFactory().get("/api/clubs", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=header)
    assert client_address(request) == counted
