// Cards and Si Se Pai pieces as every page draws them: faces from one SVG sprite (static/cards/
// cards.svg, written by static/cards/make_cards.py), each with its name for screen readers, and a
// hand laid out in overlapping rows. The order of a hand and which of its cards are trump come
// from the server (the engine's display order); nothing here knows a rule.

const SVG = "http://www.w3.org/2000/svg";
const CARD_BOX = "0 0 60 84";
const PIECE_BOX = "0 0 40 64";

let words = null;

/** The words the page's template put in #card-strings ({% card_strings %}), read once. */
export function cardWords() {
  if (words) return words;
  const el = document.getElementById("card-strings");
  words = el ? JSON.parse(el.textContent) : { labels: {}, trumps: "", trump_card: "%(card)s", face_down: "%(count)s" };
  // Without the template's address (hashed in production), the sprite sits beside this script's folder.
  words.sprite ||= new URL("../cards/cards.svg", import.meta.url).href;
  return words;
}

const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key] ?? ""));

/** A translated sentence with nodes (drawn cards) in its %(key)s slots, as a list for append(). */
export function fmtNodes(text, values) {
  return text.split(/(%\(\w+\)s)/).map((part) => {
    const key = /^%\((\w+)\)s$/.exec(part);
    return key ? values[key[1]] : part;
  });
}

/** A move in notation in the page's language ("play 5H TH" → "play 5 of hearts, 10 of hearts",
 * "出 红桃5，红桃10"); a word it does not know stays as it is. */
export function actionText(text) {
  const w = cardWords();
  const [verb, ...rest] = text.split(" ");
  const head = [(w.actions || {})[verb] || verb];
  const cards = [];
  for (const token of rest) {
    if (w.labels[token]) cards.push(w.labels[token]);
    else head.push((w.actions || {})[token] || (w.suits || {})[token] || token);
  }
  return cards.length ? head.join(" ") + " " + cards.join(w.separator || ", ") : head.join(" ");
}

/** A card's name in the page's language ("10 of hearts", "红桃10", "big joker"). */
export function cardName(code) {
  return cardWords().labels[code] || code;
}

function drawing(symbol, box) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", box);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", cardWords().sprite + "#" + symbol);
  svg.append(use);
  return svg;
}

/** One card face: a span (role img) or, with tag "button", a pickable card; named for screen readers. */
export function cardFace(code, { tag = "span", trump = false } = {}) {
  const el = document.createElement(tag);
  el.className = "card-face";
  if (trump) el.classList.add("trump");
  el.dataset.card = code;
  const name = trump ? fmt(cardWords().trump_card, { card: cardName(code) }) : cardName(code);
  if (tag === "span") el.setAttribute("role", "img");
  el.setAttribute("aria-label", name);
  el.title = name;
  el.append(drawing("c-" + code, CARD_BOX));
  return el;
}

/** Cards side by side, slightly overlapping (a play, a trick, a kitty); a number is a face-down count. */
export function cardRow(cards, cls = "") {
  const box = document.createElement("span");
  box.className = ("card-fan " + cls).trim();
  if (typeof cards === "number") {
    const back = document.createElement("span");
    back.className = "card-face back";
    back.setAttribute("role", "img");
    back.setAttribute("aria-label", fmt(cardWords().face_down, { count: cards }));
    back.append(drawing("c-back", CARD_BOX));
    const count = document.createElement("span");
    count.className = "back-count";
    count.textContent = String(cards);
    box.append(back, count);
    return box;
  }
  for (const code of cards || []) box.append(cardFace(code));
  return box;
}

/** A Si Se Pai piece face (the sprite's p-RK …), named ``label``. */
export function pieceFace(code, label, tag = "span") {
  const el = document.createElement(tag);
  el.className = "piece col-" + code[0];
  el.dataset.card = code;
  if (tag === "span") el.setAttribute("role", "img");
  el.setAttribute("aria-label", label);
  el.title = label;
  el.append(drawing("p-" + code, PIECE_BOX));
  return el;
}

/** Cards sorted by a display order the server sent ({cards: every card in order, trumps: how many
 *  of its last cards are trump}): the cards and how many of them are trump (the last ones). */
export function inOrder(cards, order) {
  if (!order || !Array.isArray(cards)) return { cards, trumps: null };
  const at = new Map(order.cards.map((code, i) => [code, i]));
  const firstTrump = order.cards.length - order.trumps;
  const sorted = [...cards].sort((a, b) => (at.get(a) ?? 99) - (at.get(b) ?? 99));
  return { cards: sorted, trumps: sorted.filter((c) => (at.get(c) ?? 0) >= firstTrump).length };
}

/** The groups of a hand in display order whose last ``trumps`` cards are trump: runs of one printed
 *  suit, then the trumps ("T"). ``trumps`` null: no trump in this game, groups by printed suit. */
export function handGroups(cards, trumps) {
  const plain = trumps ? cards.length - trumps : cards.length;
  const groups = [];
  cards.forEach((code, index) => {
    const suit = index >= plain ? "T" : code.length === 2 && code !== "BJ" && code !== "LJ" ? code[1] : "J";
    const last = groups.at(-1);
    if (last && last.suit === suit) last.cards.push(code);
    else groups.push({ suit, start: index, cards: [code] });
  });
  return groups;
}

/** Faces of a whole hand in groups (the viewer, the compare page): trumps marked and set apart. */
export function handFaces(cards, trumps, cls = "") {
  const box = document.createElement("span");
  box.className = ("hand-row " + cls).trim();
  if (typeof cards === "number") return cardRow(cards, cls);
  for (const group of handGroups(cards || [], trumps)) {
    const part = document.createElement("span");
    part.className = "card-group" + (group.suit === "T" ? " trumps" : "");
    part.dataset.suit = group.suit;
    if (group.suit === "T") part.dataset.label = cardWords().trumps;
    for (const code of group.cards) part.append(cardFace(code, { trump: group.suit === "T" }));
    box.append(part);
  }
  return box;
}

/** Overlap a hand's cards so it fits its box in at most two rows; run again when the box resizes.
 *  The children are the cards (class card-face) with ``group-start`` on the first card of a group. */
export function fitHand(box) {
  const cards = [...box.querySelectorAll(":scope > .card-face")];
  box.querySelector(":scope > .row-break")?.remove();
  if (!cards.length) return;
  const width = box.clientWidth;
  const cardWidth = cards[0].getBoundingClientRect().width || 48;
  const gap = parseFloat(getComputedStyle(box).getPropertyValue("--group-gap")) || 8; // in px (table.css)
  // The step between cards in a row of ``n`` cards holding ``g`` group starts (no more than apart).
  const step = (n, g) => (n <= 1 ? cardWidth : Math.min(cardWidth + 3, (width - cardWidth - g * gap) / (n - 1)));
  const starts = (from, to) => cards.slice(from + 1, to).filter((c) => c.classList.contains("group-start")).length;
  let breakAt = cards.length;
  let s = step(cards.length, starts(0, cards.length));
  if (s < cardWidth * 0.42 && cards.length > 1) {
    // Two rows, split in the middle; the step is the tighter row's so the rows line up.
    breakAt = Math.ceil(cards.length / 2);
    s = Math.min(step(breakAt, starts(0, breakAt)), step(cards.length - breakAt, starts(breakAt, cards.length)));
    const rowBreak = document.createElement("span");
    rowBreak.className = "row-break";
    rowBreak.setAttribute("aria-hidden", "true");
    cards[breakAt].before(rowBreak);
  }
  box.style.setProperty("--step", Math.floor(s * 10) / 10 + "px");
  cards.forEach((card, i) => card.classList.toggle("row-start", i === 0 || i === breakAt));
}

/** Keep a hand fitted as its box changes width (a phone turned, a window resized). */
export function keepFitted(box) {
  let width = box.clientWidth;
  new ResizeObserver(() => {
    if (box.clientWidth === width) return;
    width = box.clientWidth;
    fitHand(box);
  }).observe(box);
}
