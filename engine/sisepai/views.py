"""What each seat may see of a Si Se Pai deal, and where every card lies.

A seat sees its own hand, every seat's exposed melds and discards, the shown card, the window's
seats and whether it has answered itself, and the number of cards in the other hands and the
stock. Other seats' pending answers are never shown: only the claim that won is made public.
Once the deal is over every hand is shown (the record is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game import JSON
from engine.sisepai.pieces import sorted_pieces

if TYPE_CHECKING:
    from engine.sisepai.state import SiSePaiDeal


def zones(deal: SiSePaiDeal) -> dict[str, list[str]]:
    """Every card of the deck by zone: hands, exposed melds, discards, the shown card, the stock."""
    out: dict[str, list[str]] = {}
    for s in range(deal.seats):
        out[f"hand:{s}"] = sorted_pieces(deal.hands[s].elements())
        out[f"melds:{s}"] = [c for m in deal.exposed[s] for c in m.cards]
        out[f"discards:{s}"] = list(deal.discards[s])
    out["shown"] = [deal.shown.card] if deal.shown is not None else []
    out["stock"] = list(deal.deck[deal.stock_pos :])
    return out


def hidden_from(deal: SiSePaiDeal, seat: int | None) -> frozenset[str]:
    """While the deal runs: the stock and every hand but the seat's own. Once it is over the
    record is public: nothing is hidden (the result names the dealer-draw cards in the stock)."""
    if deal.is_over():
        return frozenset()
    return frozenset({"stock", *(f"hand:{s}" for s in range(deal.seats) if s != seat)})


def view(deal: SiSePaiDeal, seat: int | None) -> dict[str, JSON]:
    """The view of ``seat`` (``None``: a spectator)."""
    shown = deal.shown
    out: dict[str, JSON] = {
        "game": "sisepai",
        "seat": seat,
        "seats": deal.seats,
        "dealer": deal.dealer,
        "phase": deal.phase.value,
        "turn": deal.turn,
        "hand": sorted_pieces(deal.hands[seat].elements()) if seat is not None else None,
        "hand_counts": [deal.hand_size(s) for s in range(deal.seats)],
        "melds": [[m.to_json() for m in deal.exposed[s]] for s in range(deal.seats)],
        "discards": [list(d) for d in deal.discards],
        "stock": deal.stock_left(),
        "shown": None
        if shown is None
        else {"card": shown.card, "seat": shown.owner, "source": "draw" if shown.drawn else "discard"},
        "window": None,
        "last_claim": deal.last_claim,
        "result": deal.result(),
    }
    if deal.phase.value in ("redeal", "window"):
        out["window"] = {
            "seats": sorted(deal.window),
            "answered": seat in deal.answers if seat is not None else None,
        }
    if deal.is_over():
        out["hands"] = [sorted_pieces(deal.hands[s].elements()) for s in range(deal.seats)]
    return out
