// Si Se Pai pieces as the pages draw them (docs/rules/sisepai.md, "Card codes"): the xiangqi
// piece in its colour with the colour's own character, so the four colours stay apart without
// relying on colour vision; drawn from the card sprite (static/js/cards.js), so no CJK font is
// needed. Shared by the live table and the replay viewer.

import { fmtNodes, pieceFace } from "./cards.js";

export { fmtNodes };
export const COLOURS = "RYGW";
export const PIECES = "KAERHCP";

export const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key] ?? ""));

/** A new element with a class and text. */
export function node(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** "red general" in the page's language. */
export function pieceName(code, W) {
  return `${W.colours[code[0]] || code[0]} ${W.pieces[code[1]] || code[1]}`;
}

/** One piece, drawn, with its name for screen readers. */
export function pieceEl(code, W, tag = "span") {
  return pieceFace(code, pieceName(code, W), tag);
}

/** A row of pieces, or a face-down count when the cards are hidden (a number). */
export function piecesEl(cards, W, cls = "") {
  const box = document.createElement("span");
  box.className = "pieces " + cls;
  if (typeof cards === "number") {
    box.classList.add("count");
    box.textContent = fmt(W.cards_in_hand, { count: cards });
    return box;
  }
  for (const code of cards || []) box.append(pieceEl(code, W));
  return box;
}

/** Cards by colour, then piece: {R: [["RK", "RK"], ["RA"]], …}, identical cards together. */
export function byColourAndPiece(cards) {
  const out = {};
  for (const colour of COLOURS) {
    const groups = [];
    for (const p of PIECES) {
      const same = cards.filter((c) => c === colour + p);
      if (same.length) groups.push(same);
    }
    if (groups.length) out[colour] = groups;
  }
  return out;
}

/** A meld: its pieces, its name and its points (exposed melds in front of a player, or a win). */
export function meldEl(meld, W) {
  const box = document.createElement("span");
  box.className = "meld" + (meld.exposed ? " exposed" : " concealed");
  box.append(piecesEl(meld.cards, W));
  const tag = document.createElement("span");
  tag.className = "meld-tag";
  tag.textContent = `${W.melds[meld.kind] || meld.kind} · ${fmt(W.points, { points: meld.points })}`;
  box.append(tag);
  return box;
}

/** A move in words ("Pong 碰: three identical", "Chi 吃 with red advisor, red elephant"); unknown text as it is. */
export function moveLabel(text, W) {
  const [verb, ...cards] = text.split(" ");
  const words = W.moves;
  const names = cards.map((code) => pieceName(code, W)).join(", ");
  if (verb === "discard") return fmt(words.discard, { card: names });
  if (verb === "meld" && !cards.length) return words.single;
  if (verb === "meld" || verb === "chi") return fmt(words[verb], { cards: names });
  return words[verb] || text;
}
