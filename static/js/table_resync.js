// The live table pages' safety net for lost group events (docs/protocol.md, "Versions, gaps and
// resync"): Redis channel layers deliver a table's events at most once, so a page may miss the
// view it waits for. Once the shown view's clock ran out STALL_MS ago (a server-paced draw is due
// at once) and nothing newer came, the page asks for the current view; if that changes nothing
// (the server is late itself), it asks again after twice the wait, up to STALL_MAX_MS.

const STALL_MS = 3000;
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
  return (view) => {
    clearTimeout(timer);
    wait = STALL_MS;
    const clock = view.clock;
    const due = clock && (clock.paced ? Date.now() : clock.deadline);
    if (due) timer = setTimeout(resync, Math.max(0, due + STALL_MS - Date.now()));
  };
}
