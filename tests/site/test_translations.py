"""Every UI string has a Simplified Chinese translation (GNU gettext extracts them)."""

from __future__ import annotations

import importlib.util
import os
import shutil

import pytest

from tests.servers import ROOT


@pytest.mark.skipif(
    shutil.which("xgettext") is None and os.environ.get("CI") != "true",
    reason="needs GNU gettext (apt-get install gettext); CI always has it",
)
def test_it_has_a_translation_for_every_ui_string(capsys: pytest.CaptureFixture[str]) -> None:
    """makemessages on a scratch copy finds no untranslated or fuzzy entry."""
    script = ROOT / ".ci" / "check_translations.py"
    spec = importlib.util.spec_from_file_location("check_translations", script)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main() == 0, capsys.readouterr().out
