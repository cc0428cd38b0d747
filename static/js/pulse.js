// Shows in the footer whether the live connection (WebSocket through the channel layer) works.
(function () {
  "use strict";
  const el = document.getElementById("pulse");
  if (!el || !("WebSocket" in window)) return;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const nonce = Math.random().toString(36).slice(2);
  let socket;
  try {
    socket = new WebSocket(scheme + location.host + el.dataset.url);
  } catch (e) {
    return;
  }
  const off = () => { el.textContent = el.dataset.off; el.className = "pulse off"; };
  socket.onopen = () => socket.send(JSON.stringify({ type: "ping", nonce: nonce }));
  socket.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "pong" && msg.nonce === nonce) {
      el.textContent = el.dataset.ok;
      el.className = "pulse on";
      socket.close();
    }
  };
  socket.onerror = off;
  setTimeout(() => { if (!el.classList.contains("on")) off(); }, 5000);
})();
