"""Fail when a UI string is not in the zh-Hans catalogue or is untranslated there.

Runs Django's makemessages (GNU gettext) on a scratch copy of the project, so the checkout is
left untouched, then reads the regenerated catalogue with polib.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[1]
# The engine too: the apps import it, and the installed one may be another checkout's.
COPY = ["manage.py", "cardclub", "engine", "league", "replays", "templates", "locale", "static"]
OPTIONAL = ["tables"]


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        for name in COPY + [n for n in OPTIONAL if (ROOT / n).exists()]:
            src = ROOT / name
            (shutil.copytree if src.is_dir() else shutil.copy)(src, Path(tmp) / name)
        subprocess.run(
            [sys.executable, "manage.py", "makemessages", "-l", "zh_Hans", "--no-location", "-v0"],
            cwd=tmp,
            check=True,
        )
        po = polib.pofile(str(Path(tmp) / "locale/zh_Hans/LC_MESSAGES/django.po"))
        missing = [e.msgid for e in po if not e.obsolete and (not e.translated() or "fuzzy" in e.flags)]
    if missing:
        print(f"{len(missing)} UI strings lack a zh-Hans translation (locale/zh_Hans/LC_MESSAGES/django.po):")
        for msgid in missing:
            print(f"  - {msgid!r}")
        return 1
    print(f"translations: all {len(po)} UI strings have zh-Hans translations")
    return 0


if __name__ == "__main__":
    sys.exit(main())
