// The live table pages' safety net for lost group events (docs/protocol.md, "Versions, gaps and
// resync"): Redis channel layers deliver a table's events at most once, so a page may miss the
// view it waits for. Once the shown view's clock ran out STALL_MS ago (a server-paced draw is due
// at once) and nothing newer came, the page asks for the current view; if that changes nothing
// (the server is late itself), it asks again after twice the wait, up to STALL_MAX_MS.
// A view without a clock (a finished deal before the next one, a delayed spectator view) has no
// due time, yet the event that ends it can be lost too: it asks after IDLE_MS, backing off the
// same way. A finished match's view asks nothing: no event will follow it.

const STALL_MS = 3000;
const IDLE_MS = 10000;
const STALL_MAX_MS = 60000;

/** A function to call with each newer view; it sends `{"type": "sync"}` through `send` when stalled. */
export function stallWatch(send) {
  let timer = null;
  let wait = STALL_MS;
  const resync = () => {
    send({ type: "sync" });
    wait = Math.min(STALL_MAX_MS, wait * 2);
    timer = setTimeout(resync, wait);
  };
  const after = (first, delay) => {
    wait = first;
    timer = setTimeout(resync, Math.max(0, delay));
  };
  return (view) => {
    clearTimeout(timer);
    const clock = view.clock;
    const due = clock && (clock.paced ? Date.now() : clock.deadline);
    if (due) after(STALL_MS, due + STALL_MS - Date.now());
    else if (!view.match?.over) after(IDLE_MS, IDLE_MS);
  };
}
