"""Entry point of ``python -m engine`` (see ``engine.tools.cli``)."""

from __future__ import annotations

import sys

from engine.tools.cli import main

if __name__ == "__main__":
    sys.exit(main())
