// A live socket the server refused (docs/protocol.md): it accepts, then closes with 4401 (not
// logged in, where logging in may help) or 4404 (not open to this user, or gone). Retrying cannot
// help, so the page shows the notice rendered for that code (tables/_refused.html) instead of
// reconnecting; any other close is a network matter and the page reconnects after reconnectDelay.

export function refused(event, badge) {
  const notice = document.getElementById(`refused-${event.code}`);
  if (!notice) return false;
  notice.hidden = false;
  badge.hidden = true;
  return true;
}

// Milliseconds to wait before reconnecting after `attempt` failures in a row: doubling from half a
// second up to ten, jittered between half and one and a half times that. When a node dies, all its
// pages lose their sockets at the same moment; without the jitter they would all knock on the
// surviving node together, and again together at every step of the back-off.
export function reconnectDelay(attempt) {
  return Math.min(10000, 500 * 2 ** attempt) * (0.5 + Math.random());
}
