"""The fair-deal check: the deck was fixed before play if sha256(salt + deck) is its commitment."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.record import commitment
from league.models import Deal


@dataclass(frozen=True)
class FairDeal:
    """The stored commitment, the one the revealed deck gives, and the revealed seed."""

    commitment: str
    computed: str
    seed: str

    @property
    def matches(self) -> bool:
        """True when a commitment was made and the revealed salt and deck give it."""
        return bool(self.commitment) and self.commitment == self.computed


def fair_deal(deal: Deal) -> FairDeal:
    """Check a finished deal's deck against its commitment."""
    return FairDeal(deal.commitment, commitment(deal.salt, deal.deck), deal.seed)
