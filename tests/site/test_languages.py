"""The site speaks English, Simplified and Traditional Chinese, chosen by the browser or the menu."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("accept", "language"),
    [
        ("zh-TW", "zh-hant"),
        ("zh-HK", "zh-hant"),
        ("zh-MO", "zh-hant"),
        ("zh-Hant-TW", "zh-hant"),
        ("zh-CN", "zh-hans"),
        ("zh-SG", "zh-hans"),
        ("zh", "zh-hans"),
        ("zh-Hans", "zh-hans"),
        ("en-GB,en;q=0.8", "en"),
        ("fr-FR", "en"),
    ],
)
def test_the_browsers_language_chooses_the_script(accept: str, language: str) -> None:
    """Taiwan, Hong Kong and Macau read Traditional; the mainland, Singapore and a bare zh Simplified."""
    page = Client().get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert f'<html lang="{language}">' in page.content.decode()


def test_the_menu_offers_every_language_in_its_own_name() -> None:
    """The switch lists English, 简体中文 and 繁體中文."""
    page = Client().get("/").content.decode()
    for code, name in [("en", "English"), ("zh-hans", "简体中文"), ("zh-hant", "繁體中文")]:
        assert f'<option value="{code}"' in page and name in page


def test_the_menu_switches_to_traditional_chinese() -> None:
    """Choosing 繁體中文 shows the site in Traditional characters with Taiwan's terms."""
    client = Client()
    client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/"})
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    assert '<html lang="zh-hant">' in page and "拖拉機" in page and "拖拉机" not in page
