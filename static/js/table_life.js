// A live table's life (docs/protocol.md, "life"): paused and why, ended, the seats that are away;
// the host's (or a director's) pause, resume and end, a seated person's leave and "I'm back", and a
// member's "Take this seat" for an empty seat or, between deals, a bot's. Shared by every table page.

import { holderName, seatLabel } from "./seat_words.js";

const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key] ?? ""));

export function lifeBar(send) {
  const $ = (id) => document.getElementById(id);
  const box = $("life");
  if (!box) return () => {};
  const words = JSON.parse($("life-strings").textContent);
  const steer = box.dataset.steer === "1";
  const member = box.dataset.member === "1";
  for (const kind of ["pause", "resume", "end", "leave", "back"]) {
    const button = $("life-" + kind);
    if (button) button.addEventListener("click", () => send({ type: kind }));
  }
  const substitute = $("life-substitute");
  if (substitute) {
    substitute.addEventListener("submit", (event) => {
      event.preventDefault();
      send({ type: "substitute", seat: Number(substitute.seat.value), player: Number(substitute.player.value) });
    });
  }
  const show = (id, shown) => {
    if ($(id)) $(id).hidden = !shown;
  };
  return function draw(view, seatName) {
    const life = view.life;
    box.hidden = !life;
    if (!life) return;
    const seated = view.seat !== null && view.seat !== undefined;
    const playing = life.status === "playing";
    const paused = life.status === "paused";
    const over = life.status === "ended" || life.status === "finished";
    const between = !view.state || view.state.phase === "over";
    const lines = [];
    if (paused) lines.push(words.paused[life.paused] || words.paused.host);
    if (life.status === "ended") lines.push(words.ended);
    const away = life.away.map(seatName);
    if (away.length) lines.push(fmt(words.away, { names: away.join(", ") }));
    $("life-status").textContent = lines.join(" · ");
    $("life-status").hidden = !lines.length;
    if ($("status")) $("status").textContent = words.status[life.status] || life.status;
    box.classList.toggle("paused", paused);
    show("life-pause", steer && playing);
    show("life-resume", steer && paused && !life.empty.length);
    show("life-end", steer && !over);
    show("life-leave", seated && !over);
    show("life-back", seated && life.away.includes(view.seat));
    const open = member && !seated && !over && !life.tournament;
    const seats = open ? view.seats.filter((s) => life.empty.includes(s.seat) || (s.bot && between)) : [];
    $("life-seats").replaceChildren(
      ...seats.map((s) => {
        const button = Object.assign(document.createElement("button"), {
          type: "button",
          className: "secondary take-seat",
          textContent: fmt(words.take_seat, { seat: seatLabel(s.seat), name: holderName(s, view) }),
        });
        button.dataset.seat = s.seat;
        button.addEventListener("click", () => send({ type: "sit", seat: s.seat }));
        return button;
      }),
    );
  };
}
