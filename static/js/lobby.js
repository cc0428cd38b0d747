// The club lobby, live: the server re-reads the rows whenever a table opens, a seat is taken,
// or a table starts or finishes, and sends them rendered by the page's own template.

import { refused } from "./refused.js";

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
    setTimeout(connect, Math.min(10000, 500 * 2 ** retry++));
  });
}

// The players choice lists only the sizes the chosen game allows (Zhao Pengyou: 6 to 12).
function limitSeats() {
  const game = document.getElementById("open-game");
  const seats = document.getElementById("open-seats");
  if (!game || !seats) return;
  let chosen = false;
  for (const option of seats.options) {
    option.hidden = option.disabled = option.dataset.game !== game.value;
    if (!option.hidden && !chosen && "default" in option.dataset) {
      option.selected = chosen = true;
    }
  }
}

document.getElementById("open-game")?.addEventListener("change", limitSeats);
limitSeats();
connect();
