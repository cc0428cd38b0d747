"""Games are shown by their English and Chinese names, and in Chinese by the one name only."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation


def render(name: str) -> str:
    return Template("{% load games %}{{ name|game_title }}").render(Context({"name": name}))


def test_it_shows_the_english_and_chinese_names() -> None:
    """tractor → Tractor 拖拉机."""
    assert render("tractor") == 'Tractor <span lang="zh-Hans">拖拉机</span>'


@pytest.mark.parametrize(("language", "shown"), [("zh-hans", "拖拉机"), ("zh-hant", "拖拉機")])
def test_it_shows_the_name_once_in_chinese(language: str, shown: str) -> None:
    """In either Chinese the translated title is the Chinese name: 拖拉机, never 拖拉机 拖拉机."""
    with translation.override(language):
        assert render("tractor") == shown


def test_it_leaves_an_unknown_name_as_it_is_and_escaped() -> None:
    """Anything else is shown as given, escaped."""
    assert render("<b>") == "&lt;b&gt;"
