// A live socket the server refused (docs/protocol.md): it accepts, then closes with 4401 (not
// logged in, where logging in may help) or 4404 (not open to this user, or gone). Retrying cannot
// help, so the page shows the notice rendered for that code (tables/_refused.html) instead of
// reconnecting; any other close is a network matter and the page reconnects.

export function refused(event, badge) {
  const notice = document.getElementById(`refused-${event.code}`);
  if (!notice) return false;
  notice.hidden = false;
  badge.hidden = true;
  return true;
}
