"""The phases of a Shengji-family deal (``engine.family.trickdeal``), as one type.

Each member's value is the phase's name in views, records and error messages: a ``StrEnum``, so a
view carries the same text it always did and JSON readers need no change.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a deal stands: ``draw`` → ``kitty`` (or ``bid`` then ``kitty``) → ``bury`` (→ ``steal``
    → ``bury`` …) → (``name`` or ``call``) → ``play`` → ``over``."""

    DRAW = "draw"  # 摸牌: cards are drawn one by one, declarations may come
    KITTY = "kitty"  # the draw is over: the dealer-to-be picks up the kitty, or a redeal
    BID = "bid"  # San Da Ha: the bidding
    BURY = "bury"  # 扣底: the dealer (or the stealer) buries as many cards as the kitty held
    STEAL = "steal"  # 炒底: the other seats in turn may take the buried kitty up with a stronger declaration
    NAME = "name"  # San Da Ha: the declarer names the trump suit
    CALL = "call"  # Zhao Pengyou: the dealer calls a card to find a friend
    PLAY = "play"  # tricks
    OVER = "over"  # the deal has a result (a score or a redeal)
