// The club lobby, live: the server re-reads the rows whenever a table opens, a seat is taken,
// or a table starts or finishes, and sends them rendered by the page's own template.

import { reconnectDelay, refused } from "./refused.js";

const table = document.getElementById("lobby-tables");
const rows = document.getElementById("lobby-rows");
const conn = document.getElementById("lobby-conn");
const S = JSON.parse(document.getElementById("lobby-strings").textContent);
let retry = 0;

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const socket = new WebSocket(scheme + location.host + table.dataset.ws);
  socket.addEventListener("open", () => {
    retry = 0;
    conn.textContent = S.live;
    conn.classList.add("on");
  });
  socket.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type === "lobby") rows.innerHTML = frame.rows; // HTML from the server's own template
  });
  socket.addEventListener("close", (event) => {
    if (refused(event, conn)) return;
    conn.textContent = S.reconnecting;
    conn.classList.remove("on");
    setTimeout(connect, reconnectDelay(retry++));
  });
}

// The open-table form fits the chosen game: the players list offers only its sizes (Zhao Pengyou:
// 6 to 12) and only its house rules are shown and sent (the others' fields are disabled).
function fitToGame(first) {
  const game = document.getElementById("open-game");
  const seats = document.getElementById("open-seats");
  if (!game || !seats) return;
  let chosen = false;
  for (const option of seats.options) {
    option.hidden = option.disabled = option.dataset.game !== game.value;
    // A form sent back with an error keeps the number chosen; otherwise the game's usual number.
    const wanted = first && seats.querySelector("option[data-chosen]") ? "chosen" in option.dataset : "default" in option.dataset;
    if (!option.hidden && !chosen && wanted) {
      option.selected = chosen = true;
    }
  }
  for (const rules of document.querySelectorAll("fieldset.house-rules")) {
    rules.hidden = rules.disabled = rules.dataset.game !== game.value;
  }
}

document.getElementById("open-game")?.addEventListener("change", () => fitToGame(false));
fitToGame(true);
connect();
