"""Games are shown by their English and Chinese names."""

from __future__ import annotations

from django.template import Context, Template


def render(name: str) -> str:
    return Template("{% load games %}{{ name|game_title }}").render(Context({"name": name}))


def test_it_shows_the_english_and_chinese_names() -> None:
    """tractor → Tractor 拖拉机."""
    assert render("tractor") == 'Tractor <span lang="zh-Hans">拖拉机</span>'


def test_it_leaves_an_unknown_name_as_it_is_and_escaped() -> None:
    """Anything else is shown as given, escaped."""
    assert render("<b>") == "&lt;b&gt;"
