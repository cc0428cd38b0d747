// Side by side: two tables' deals of one duplicate board, stepped together trick by trick.
// It reads the frames the replay viewer's server code built (the same steps.json data) and
// knows no rule: position 0 is the first lead, position k the board after trick k at each table.

import { cardRow, handFaces, inOrder } from "./cards.js";

const $ = (id) => document.getElementById(id);
const sides = JSON.parse($("compare-data").textContent);
const L = JSON.parse($("compare-labels").textContent);
const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key]));
const total = Math.max(...sides.map((s) => s.tricks.length));
let at = 0;

const cards = (list) => cardRow(Array.isArray(list) ? list : [], "cards");

// A hand in the display order the server sent for the frame's trump, the trumps set apart.
function hand(side, frame, list) {
  const laid = inOrder(Array.isArray(list) ? list : [], side.orders[frame.order]);
  return handFaces(laid.cards, laid.trumps, "cards");
}

function node(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined) el.textContent = text;
  return el;
}

// The frame a side shows at position k: before the first lead, or as trick k closed.
function frameAt(side, k) {
  if (k === 0) {
    const firstLead = side.tricks.length ? side.tricks[0].lead_at : side.frames.length - 1;
    return { frame: side.frames[Math.max(0, firstLead - 1)], trick: null };
  }
  const trick = side.tricks[Math.min(k, side.tricks.length) - 1];
  return { frame: side.frames[trick.at], trick };
}

function drawSide(side, el) {
  const { frame, trick } = frameAt(side, at);
  const board = el.querySelector(".compare-board");
  board.replaceChildren();
  side.seats.forEach((name, seat) => {
    const row = node("div", "compare-seat");
    row.dataset.seat = seat;
    row.append(node("strong", "", `${seat}: ${name}`));
    if (frame.won_points) row.append(node("span", "tag pts", fmt(L.won, { points: frame.won_points[seat] })));
    row.append(hand(side, frame, frame.hands[seat]));
    board.append(row);
  });
  const trickBox = node("div", "compare-trick");
  if (trick) {
    trickBox.append(node("div", "muted", fmt(L.trick, { n: trick.n })));
    for (const [seat, played] of trick.plays) {
      const play = node("div", "play" + (seat === trick.winner ? " winner" : ""));
      play.append(node("span", "", `${side.seats[seat]}: `), cards(played));
      trickBox.append(play);
    }
  }
  if ("defender_points" in frame) trickBox.append(node("div", "", `${L.defender_points}: ${frame.defender_points}`));
  board.append(trickBox);
}

function draw() {
  sides.forEach((side, i) => drawSide(side, $(`side-${i}`)));
  $("cmp-label").textContent = at === 0 ? L.first_lead : fmt(L.after_trick, { n: at, total });
  document.body.dataset.at = String(at);
}

function go(k) {
  at = Math.max(0, Math.min(total, k));
  draw();
}

$("cmp-start").onclick = () => go(0);
$("cmp-back").onclick = () => go(at - 1);
$("cmp-forward").onclick = () => go(at + 1);
$("cmp-end").onclick = () => go(total);
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") go(at + 1);
  else if (e.key === "ArrowLeft") go(at - 1);
});
draw();
