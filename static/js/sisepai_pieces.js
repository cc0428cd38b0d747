// Si Se Pai pieces as the pages draw them (docs/rules/sisepai.md, "Card codes"): the xiangqi
// piece in Chinese, in its colour, with the colour's own character so the four colours stay
// apart without relying on colour vision. Shared by the live table and the replay viewer.

export const COLOURS = "RYGW";
export const PIECES = "KAERHCP";
const PIECE_HANZI = { K: "將", A: "士", E: "象", R: "車", H: "馬", C: "炮", P: "卒" };
const COLOUR_HANZI = { R: "紅", Y: "黃", G: "綠", W: "白" };

export const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key] ?? ""));

/** A new element with a class and text. */
export function node(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** "紅將" for RK: what a player reads on the card. */
export function hanzi(code) {
  return (COLOUR_HANZI[code[0]] || "") + (PIECE_HANZI[code[1]] || code);
}

/** "red general" in the page's language. */
export function pieceName(code, W) {
  return `${W.colours[code[0]] || code[0]} ${W.pieces[code[1]] || code[1]}`;
}

/** One piece: the Chinese piece large, the colour's character small, the name for screen readers. */
export function pieceEl(code, W, tag = "span") {
  const el = document.createElement(tag);
  el.className = "piece col-" + code[0];
  el.dataset.card = code;
  el.title = pieceName(code, W);
  el.setAttribute("aria-label", pieceName(code, W));
  const big = document.createElement("span");
  big.className = "hz";
  big.lang = "zh-Hant";
  big.textContent = PIECE_HANZI[code[1]] || code;
  const small = document.createElement("span");
  small.className = "cz";
  small.lang = "zh-Hant";
  small.textContent = COLOUR_HANZI[code[0]] || "";
  el.append(big, small);
  return el;
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

/** A move in words ("Pong 碰: three identical", "Chi 吃 with 紅士 紅象"); unknown text as it is. */
export function moveLabel(text, W) {
  const [verb, ...cards] = text.split(" ");
  const words = W.moves;
  const names = cards.map(hanzi).join(" ");
  if (verb === "discard") return fmt(words.discard, { card: names });
  if (verb === "meld" && !cards.length) return words.single;
  if (verb === "meld" || verb === "chi") return fmt(words[verb], { cards: names });
  return words[verb] || text;
}
