"""Reading settings from the environment, with the embedded defaults when a variable is unset."""

from __future__ import annotations

import os


def env_str(name: str, default: str = "") -> str:
    """The variable's value, or ``default`` when unset or empty."""
    return os.environ.get(name, "").strip() or default


def env_bool(name: str, default: bool) -> bool:
    """A yes/no variable: 1/true/yes/on are true, 0/false/no/off are false."""
    raw = os.environ.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in {"1", "true", "yes", "on"}:
        return True
    if raw in {"0", "false", "no", "off"}:
        return False
    raise ValueError(f"{name}={raw!r} is not a yes/no value (use 1 or 0)")


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list variable."""
    raw = env_str(name)
    return [item.strip() for item in raw.split(",") if item.strip()] if raw else default
