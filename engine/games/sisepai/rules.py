"""Si Se Pai house rules: every option with the seed's rule (and the rulings) as default."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from engine.core.errors import BadSetup
from engine.core.game import JSON, Rules


@dataclass(frozen=True)
class SiSePaiRules(Rules):
    """Options of a Si Se Pai deal.

    - ``dealer_21``: the dealer is dealt 21 cards and opens with a discard instead of a draw
      (docs/rules/sisepai.md §2: the dealer's first packet has six cards). Default ``False``: 20 each, the
      dealer opens by drawing.
    - ``min_points``: the fewest points a winning hand needs (sisepai.md §6: 9).
    - ``redeal``: players may demand a redeal of a hand without a single general, three or four
      identical or four-colour soldiers (sisepai.md §8). Default ``True``.
    - ``match_deals``: deals in a match; ``0`` (default) means the league decides when a match
      ends and ``match_winners`` never names winners.
    """

    dealer_21: bool = False
    min_points: int = 9
    redeal: bool = True
    match_deals: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.min_points <= 41:
            raise BadSetup(f"min_points must be 1..41, not {self.min_points}")
        if self.match_deals < 0:
            raise BadSetup(f"match_deals must be 0 or more, not {self.match_deals}")

    @staticmethod
    def from_json(data: Mapping[str, JSON]) -> SiSePaiRules:
        """Rules from JSON; missing fields take their defaults, unknown fields are refused.
        Text forms (``"true"``, ``"11"``) are read too, as the command line passes them."""
        known = {f.name for f in fields(SiSePaiRules)}
        unknown = set(data) - known
        if unknown:
            raise BadSetup(f"unknown Si Se Pai rule(s): {', '.join(sorted(unknown))}")
        values: dict[str, JSON] = {}
        for name, value in data.items():
            values[name] = _read(name, value, type(getattr(SiSePaiRules(), name)))
        return SiSePaiRules(**values)


_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def _read(name: str, value: JSON, kind: type) -> JSON:
    if isinstance(value, str):
        text = value.strip().lower()
        if kind is bool and text in _TRUE + _FALSE:
            return text in _TRUE
        if kind is int and text.lstrip("-").isdigit():
            return int(text)
    elif type(value) is kind:
        return value
    raise BadSetup(f"rule {name} must be {kind.__name__}, not {value!r}")
