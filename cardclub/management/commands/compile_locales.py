"""Compile the .po translation catalogues to .mo with polib, so no GNU gettext is needed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polib
from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Compile locale/*/LC_MESSAGES/*.po to .mo (pure Python; CI also runs compilemessages)."

    def handle(self, *args: Any, **options: Any) -> None:
        """Write a .mo beside every .po that is newer than it."""
        for locale_dir in settings.LOCALE_PATHS:
            for po_path in sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po")):
                mo_path = po_path.with_suffix(".mo")
                if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
                    continue
                polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
                self.stdout.write(f"compiled {po_path.relative_to(settings.BASE_DIR)}")
