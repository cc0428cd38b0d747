// The replay viewer's Si Se Pai layout: hands by colour and piece, exposed melds with their points,
// discards, the shown card and who is asked, the claim that won, and the result in words.
// viewer.js finds it in window.replayLayouts and calls draw() for every step; the frames are the
// server's (replays/services/frames.py), so a seat's perspective holds only what it knew then.

import { byColourAndPiece, fmt, meldEl, moveLabel, node, pieceEl, pieceName, piecesEl } from "./sisepai_pieces.js";

const W = JSON.parse(document.getElementById("sisepai-strings").textContent);
const POSITIONS = { 2: ["bottom", "top"], 3: ["bottom", "right", "left"], 4: ["bottom", "right", "top", "left"] };

function handEl(cards) {
  if (typeof cards === "number") return piecesEl(cards, W, "hand");
  const box = node("div", "ssp-hand");
  for (const [colour, groups] of Object.entries(byColourAndPiece(cards))) {
    const row = node("div", "colour-row");
    row.dataset.colour = colour;
    for (const same of groups) row.append(piecesEl(same, W, "group small"));
    box.append(row);
  }
  return box;
}

function seatEl(frame, seat, ctx) {
  const n = ctx.head.seats.length;
  const base = ctx.perspective === "all" ? 0 : Number(ctx.perspective);
  const box = node("div", "seat pos-" + ((POSITIONS[n] || [])[(seat - base + n) % n] || "ring"));
  box.dataset.seat = seat;
  const title = node("div", "seat-name", ctx.head.seats[seat]);
  if (frame.dealer === seat) title.append(node("span", "tag", ctx.L.dealer));
  if ((frame.to_move || []).includes(seat)) {
    box.classList.add("to-move");
    title.append(node("span", "tag move", ctx.L.to_move));
  }
  box.append(title, handEl(frame.hands[seat]));
  const melds = node("div", "ssp-melds");
  for (const meld of frame.melds[seat]) melds.append(meldEl(meld, W));
  box.append(melds);
  if (frame.discards[seat].length) {
    const discards = node("div", "ssp-discards");
    discards.append(node("span", "muted", W.discards_title + " "), piecesEl(frame.discards[seat], W, "small"));
    box.append(discards);
  }
  return box;
}

function centerEl(frame, ctx) {
  const center = node("div", "center");
  const name = (seat) => ctx.head.seats[seat] ?? "—";
  if (frame.shown) {
    const how = frame.shown.source === "draw" ? W.drawn_by : W.discarded_by;
    center.append(pieceEl(frame.shown.card, W), node("div", "muted", fmt(how, { name: name(frame.shown.seat) })));
  }
  if (frame.window) {
    const title = frame.phase === "redeal" ? W.redeal_window : W.window;
    center.append(node("div", "window-note", title + " · " + fmt(W.window_seats, { names: frame.window.map(name).join(", ") })));
  }
  return center;
}

/** The result of a finished deal in words, with the winning melds and the payments. */
export function resultEl(result, name) {
  const box = node("div", "ssp-result");
  let line = W.void;
  if (result.outcome === "redeal") line = fmt(W.redeal, { names: (result.redeal_by || []).map(name).join(", ") });
  if (result.outcome === "win") {
    line = fmt(W.win, {
      name: name(result.winner),
      card: pieceName(result.card, W),
      by: moveLabel(result.by, W),
      from: name(result.from),
      points: result.points,
    });
  }
  box.append(node("p", "outcome", line));
  if (result.melds) {
    const melds = node("div", "ssp-melds winning");
    for (const meld of result.melds) melds.append(meldEl(meld, W));
    box.append(melds);
  }
  const pay = node("ul", "payments");
  result.payments.forEach((v, seat) => pay.append(node("li", v > 0 ? "plus" : v < 0 ? "minus" : "", `${name(seat)} ${v > 0 ? "+" : ""}${v}`)));
  box.append(node("div", "muted", W.payments), pay);
  return box;
}

function draw(frame, ctx) {
  const name = (seat) => ctx.head.seats[seat] ?? "—";
  ctx.board.replaceChildren(...ctx.head.seats.map((_, seat) => seatEl(frame, seat, ctx)), centerEl(frame, ctx));
  const facts = node("dl", "facts");
  const row = (label, value) => {
    const dd = node("dd");
    dd.append(value);
    facts.append(node("dt", "", label), dd);
  };
  row(ctx.L.phase, ctx.L.phases[frame.phase] || frame.phase);
  row(ctx.L.stock, fmt(frame.stock === 1 ? ctx.L.card : ctx.L.cards, { n: frame.stock }));
  const c = frame.last_claim;
  if (c) row(ctx.L.claim, fmt(W.last_claim, { name: name(c.seat), claim: moveLabel(c.claim, W), from: name(c.from) }));
  ctx.status.replaceChildren(facts);
  if (frame.result) {
    ctx.status.append(node("p", "result-note", ctx.L.result), resultEl(frame.result, name));
  }
}

/** A move of the step label in words; answers this perspective may not read stay hidden. */
function move(seatName, text) {
  return text === null ? fmt(W.hidden_move, { name: seatName }) : `${seatName}: ${moveLabel(text, W)}`;
}

// Pieces named in the page's language, for the move sentences.
const pieces = (cards, cls) => piecesEl(cards, W, "small " + (cls || ""));

window.replayLayouts = { ...(window.replayLayouts || {}), sisepai: { draw, move, pieces, hidden: W.hidden_move } };
