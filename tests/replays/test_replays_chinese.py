"""The viewer in Simplified Chinese, from the project's compiled catalogue."""

from __future__ import annotations

import pytest
from django.test import Client

from league.models import Deal

pytestmark = pytest.mark.django_db


def test_the_viewer_renders_in_chinese(tractor_deal: Deal) -> None:
    """Buttons, the fair-deal check and the step label come out in Chinese, placeholders intact."""
    client = Client(headers={"accept-language": "zh-hans"})
    html = client.get(f"/deals/{tractor_deal.pk}/?at=5").content.decode()
    assert "复制链接" in html and "公平发牌检验" in html
    labels = client.get(f"/deals/{tractor_deal.pk}/").context["labels"]
    assert labels["step"] == "第 %(at)s 步，共 %(last)s 步"
