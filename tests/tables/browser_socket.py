"""A table page on a fake WebSocket: the test hands it frames and reads what it sends, on a paused clock.

The page's own script runs unchanged; only ``window.WebSocket`` is replaced before it loads, so the
page's answers to refusals, crossings and silences can be checked exactly and in milliseconds.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core.game import DealState
from tables.services import views

FAKE_SOCKET = """
window.__sent = [];
const RealSocket = window.WebSocket;
class FakeSocket extends EventTarget {
  constructor() {
    super();
    this.readyState = 0;
    window.__socket = this;
    setTimeout(() => this.fire(new Event("open"), 1), 0);
  }
  fire(event, readyState = this.readyState) {
    this.readyState = readyState;
    this["on" + event.type]?.(event);
    this.dispatchEvent(event);
  }
  send(text) { window.__sent.push(JSON.parse(text)); }
  close() {}
}
// Only the table's socket is fake; the site's own (the pulse) stays real.
window.WebSocket = class {
  constructor(url, protocols) {
    return url.includes("/ws/tables/") ? new FakeSocket() : new RealSocket(url, protocols);
  }
};
Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
window.__push = (frame) => window.__socket.fire(new MessageEvent("message", { data: JSON.stringify(frame) }));
"""

START = 1_800_000_000_000  # the paused page clock, epoch ms


def open_on_fake_socket(tab: Any, url: str) -> None:
    """Open a table page whose socket is fake, with its clock paused at ``START`` once it is open."""
    tab.clock.install(time=(START - 60_000) / 1000)  # Playwright's Python API takes epoch seconds
    tab.add_init_script(FAKE_SOCKET)
    tab.goto(url)
    tab.wait_for_function("() => window.__socket && window.__socket.readyState === 1")
    tab.clock.pause_at(START / 1000)


def push(tab: Any, frame: dict[str, Any]) -> None:
    """Hand the page one frame as if the server sent it."""
    tab.evaluate("(text) => window.__push(JSON.parse(text))", json.dumps(frame))


def sent(tab: Any) -> list[dict[str, Any]]:
    """Every message the page has sent so far."""
    return list(tab.evaluate("() => window.__sent"))


def view_frame(
    state: DealState, seat: int, version: int, deadline: int | None, names: list[str]
) -> dict[str, Any]:
    """A ``view`` frame as tables/services/views.py makes it, with a clock due at ``deadline``."""
    legal, more = views.hints(state, seat)
    must = sorted(state.must_move())
    view = state.view(seat)
    hand, hand_trumps = views.laid_out_hand(state, view, seat) or (None, None)
    return {
        "type": "view",
        "table": 1,
        "deal": 1,
        "number": 1,
        "version": version,
        "seat": seat,
        "seats": [{"seat": s, "name": name, "bot": ""} for s, name in enumerate(names)],
        "situation": None,
        "fairness": {"commitment": "c0ffee"},
        "match": None,
        "state": view,
        "hand": hand,
        "hand_trumps": hand_trumps,
        "legal": legal,
        "legal_more": more,
        "clock": {"seats": must, "paced": deadline is None, "deadline": deadline, "seconds": 30},
    }
