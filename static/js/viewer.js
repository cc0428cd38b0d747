// The replay viewer: draws the frames the server built with the rules engine, one per step.
// Nothing here knows a rule of any game; it only lays out hands, tricks and labels it was sent.

import { cardRow, fmtNodes, handFaces, inOrder, pieceFace } from "./cards.js";
import { startReview } from "./viewer_review.js";

const $ = (id) => document.getElementById(id);
const readJSON = (id) => JSON.parse($(id).textContent);

const head = readJSON("replay-head");
const L = readJSON("replay-labels");
let data = readJSON("replay-steps");
const root = $("viewer");
const state = {
  at: Number(root.dataset.at),
  perspective: root.dataset.perspective,
  timer: null,
};
const last = () => data.frames.length - 1;
// A game with a layout of its own (viewer_sisepai.js, loaded before this script) draws its steps.
const layout = (window.replayLayouts || {})[head.layout];
const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key]));

// -- cards and pieces -------------------------------------------------------------------------

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

// Faces from the shared sprite (cards.js); "c" marks the viewer's own cards for its styles.
function marked(box) {
  for (const face of box.querySelectorAll(".card-face, .piece")) face.classList.add("c");
  return box;
}

function cardsEl(cards, cls) {
  if (head.layout === "sisepai" && Array.isArray(cards)) {
    if (layout && layout.pieces) return layout.pieces(cards, cls);
    const box = document.createElement("span");
    box.className = "cards " + (cls || "");
    for (const code of cards) box.append(pieceFace(code, code));
    return marked(box);
  }
  return marked(cardRow(cards, "cards " + (cls || "")));
}

// A seat's hand in the display order the server sent for the frame's trump: plain suits, then the
// trumps set apart (the frame names its order; the orders come once with the steps).
function handEl(cards, frame) {
  const laid = inOrder(cards, (data.orders || {})[frame.order]);
  if (!Array.isArray(laid.cards)) return cardsEl(cards, "hand");
  return marked(handFaces(laid.cards, laid.trumps, "cards hand"));
}

function node(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined) el.textContent = text;
  return el;
}

function seatName(seat) {
  return seat === null || seat === undefined ? "—" : head.seats[seat];
}

// A failed throw (the real_hand_throws option): who tried which cards and what they had to play.
function throwEl(tag, text, f) {
  const el = node(tag, "failed-throw");
  const values = { n: f.trick + 1, name: seatName(f.seat), attempted: cardsEl(f.attempted), forced: cardsEl(f.forced) };
  el.append(...fmtNodes(text, values));
  return el;
}

// The failed throw of the trick on the board: it happened at that trick's lead and is shown
// until the trick closes (the story knows the step each trick closed at).
function currentThrow(frame) {
  const f = (frame.failed_throws || []).at(-1);
  const trick = f && data.story.tricks[f.trick];
  return f && (!trick || state.at <= trick.at) ? f : null;
}

// -- the board --------------------------------------------------------------------------------

const POSITIONS = { 2: ["bottom", "top"], 3: ["bottom", "right", "left"], 4: ["bottom", "right", "top", "left"] };

function slotOf(seat) {
  const n = head.seats.length;
  const base = state.perspective === "all" ? 0 : Number(state.perspective);
  return (seat - base + n) % n;
}

function position(seat) {
  return (POSITIONS[head.seats.length] || [])[slotOf(seat)] || "ring";
}

// Five seats or more sit on an oval, the perspective's seat at the bottom and play running
// counter-clockwise (the next seat to its right), as at the live table.
function placeOnRing(box, seat) {
  const angle = (2 * Math.PI * slotOf(seat)) / head.seats.length;
  box.style.setProperty("--x", (50 + 36 * Math.sin(angle)).toFixed(1) + "%");
  box.style.setProperty("--y", (50 + 40 * Math.cos(angle)).toFixed(1) + "%");
}

function drawBoard(frame) {
  const board = $("board");
  board.replaceChildren();
  board.classList.toggle("many", head.seats.length > 4);
  const toMove = new Set(frame.to_move || (frame.turn !== null && frame.turn !== undefined ? [frame.turn] : []));
  head.seats.forEach((name, seat) => {
    const box = node("div", "seat pos-" + position(seat));
    box.dataset.seat = seat;
    if (position(seat) === "ring") placeOnRing(box, seat);
    if (toMove.has(seat)) box.classList.add("to-move");
    if (frame.team && frame.team.includes(seat)) box.classList.add("friend");
    const title = node("div", "seat-name", name);
    if (frame.dealer === seat) title.append(node("span", "tag", L.dealer));
    if (toMove.has(seat)) title.append(node("span", "tag move", L.to_move));
    if (frame.won_points) title.append(node("span", "tag pts", fmt(L.won, { points: frame.won_points[seat] })));
    if (frame.ranks) title.append(node("span", "tag", fmt(L.rank, { rank: frame.ranks[seat] })));
    if (frame.team && frame.team.includes(seat) && frame.dealer !== seat) title.append(node("span", "tag", L.friend));
    box.append(title, handEl(frame.hands[seat], frame));
    if (frame.melds) drawMelds(box, frame, seat);
    board.append(box);
  });
  board.append(drawCenter(frame));
}

function drawMelds(box, frame, seat) {
  const melds = node("div", "melds");
  for (const meld of frame.melds[seat]) melds.append(cardsEl(meld.cards, "meld"));
  if (frame.discards[seat].length) melds.append(node("span", "muted", L.discards), cardsEl(frame.discards[seat], "discards"));
  box.append(melds);
}

function drawCenter(frame) {
  const center = node("div", "center");
  if (frame.shown) {
    center.append(node("div", "muted", L.shown + " · " + seatName(frame.shown.seat)), cardsEl([frame.shown.card], "shown"));
    return center;
  }
  if (!frame.trick) return center;
  const current = frame.trick.length > 0;
  const plays = current ? frame.trick : frame.last_trick;
  center.append(node("div", "muted", current ? L.current_trick : plays.length ? L.last_trick : ""));
  const trick = node("div", "trick" + (current ? "" : " old"));
  for (const [seat, cards] of plays) {
    const play = node("div", "play pos-" + position(seat));
    play.append(node("span", "who", seatName(seat)), cardsEl(cards));
    trick.append(play);
  }
  center.append(trick);
  const failed = currentThrow(frame);
  if (failed) center.append(throwEl("p", L.failed_throw, failed));
  return center;
}

// -- the status panel -------------------------------------------------------------------------

function row(list, label, value) {
  list.append(node("dt", "", label));
  const dd = node("dd");
  if (value instanceof Node) dd.append(value);
  else dd.textContent = value;
  list.append(dd);
}

function drawStatus(frame) {
  const panel = $("status");
  panel.replaceChildren();
  const list = node("dl", "facts");
  row(list, L.phase, L.phases[frame.phase] || frame.phase);
  if (frame.trump) {
    const suit = frame.trump.suit ? SUITS[frame.trump.suit] : L.no_suit;
    row(list, L.trump, [frame.trump.rank, suit].filter(Boolean).join(" "));
  }
  if ("declaration" in frame) {
    const d = frame.declaration;
    const value = d ? node("span") : L.none;
    if (d) value.append(seatName(d.seat) + " ", cardsEl(d.cards));
    row(list, L.declaration, value);
  }
  if (frame.turned_up && frame.turned_up.length) row(list, L.turned_up, cardsEl(frame.turned_up));
  if ("kitty" in frame) row(list, L.kitty, cardsEl(frame.kitty));
  row(list, L.stock, fmt(frame.stock === 1 ? L.card : L.cards, { n: frame.stock }));
  if ("defender_points" in frame) row(list, L.defender_points, String(frame.defender_points));
  if (frame.bids && frame.bids.length) {
    row(list, L.bids, frame.bids.map(([s, p]) => seatName(s) + " " + (p === null ? L.pass : p)).join(", "));
  }
  // At the last step the scores after the deal are shown instead (#ending).
  if (frame.scores && !frame.result) row(list, L.scores, frame.scores.join(" / "));
  if (frame.failed_throws && frame.failed_throws.length) {
    const throws = node("div", "failed-throws");
    for (const f of frame.failed_throws) throws.append(throwEl("div", L.failed_throw_item, f));
    if (head.throw_penalty) throws.append(node("div", "muted", L.throw_penalty));
    row(list, L.failed_throws, throws);
  }
  for (const call of frame.calls || []) row(list, L.call, callEl(call));
  if (frame.last_claim) {
    const c = frame.last_claim;
    row(list, L.claim, seatName(c.seat) + ": " + c.claim);
  }
  panel.append(list);
}

// A friend call (Zhao Pengyou): the copy that counts, copies played so far, who answered it.
function callEl(call) {
  const el = node("span", "call");
  el.dataset.call = call.call;
  el.append(fmt(L.nth_copy, { nth: L.ordinals[call.nth] || call.nth }) + " ", cardsEl([call.card]), " · " + fmt(L.copies, { n: call.copies_played }) + " · ");
  let done = L.not_yet;
  if (call.by !== null) done = fmt(call.joined ? L.called_by : L.used_up, { seat: seatName(call.by) });
  el.append(node("strong", call.by === null ? "" : "found", done));
  return el;
}

// A move as a sentence of the page's language: the server sent the sentence for each verb
// (L.moves, or L.short_moves without the seat) and the move's cards; only the faces go in here.
function moveNodes(words, seat, short) {
  const sentences = short ? L.short_moves : L.moves;
  const text = sentences[words.verb];
  if (!text) return [seatName(seat)];
  const values = {
    seat: seatName(seat),
    cards: words.cards ? cardsEl(words.cards, "inline") : "",
    n: words.n ?? "",
    suit: words.suit ?? "",
    nth: L.ordinals[words.nth] || words.nth || "",
  };
  return fmtNodes(text, values);
}

function moveEl(at) {
  const el = node("span", "move-words");
  if (at === 0) {
    el.append(L.dealt);
    return el;
  }
  const [seat] = data.moves[at - 1];
  const words = (data.words || [])[at - 1];
  if (words) el.append(...moveNodes(words, seat));
  else el.append(fmt(layout ? layout.hidden : L.hidden_move, { seat: seatName(seat), name: seatName(seat) }));
  return el;
}

// Who the position shown waits for ("Lin Wei to move"), so the label reads as the position.
function waitingFor(frame) {
  const seats = frame.to_move || [];
  return seats.length ? fmt(L.to_move_now, { seats: seats.map(seatName).join(", ") }) : "";
}

// -- story, chart, comments -------------------------------------------------------------------

function drawStory() {
  const story = data.story;
  const tricks = $("tricks");
  tricks.replaceChildren();
  const jump = $("jump-trick");
  jump.replaceChildren(new Option("—", ""));
  for (const t of story.tricks) {
    const li = node("li");
    li.dataset.at = t.at;
    const link = node("a", "jump", fmt(L.trick, { n: t.n }));
    link.href = "#";
    link.dataset.at = t.at;
    li.append(link, " ");
    for (const [seat, cards] of t.plays) {
      const play = node("span", "tplay" + (seat === t.winner ? " winner" : ""));
      play.append(node("span", "who", seatName(seat)), cardsEl(cards));
      li.append(play);
    }
    li.append(node("span", "tag pts", fmt(L.won, { points: t.points })));
    tricks.append(li);
    jump.append(new Option(fmt(L.trick, { n: t.n }), t.at));
  }
  const phases = $("jump-phase");
  phases.replaceChildren(new Option("—", ""));
  for (const p of story.phases) phases.append(new Option(L.phases[p.phase] || p.phase, p.at));
  const decl = $("declarations");
  decl.replaceChildren();
  for (const d of story.declarations) {
    const li = node("li");
    li.dataset.at = d.at;
    li.append(seatName(d.seat) + " ", cardsEl(d.cards));
    decl.append(li);
  }
  for (const c of story.claims) {
    const li = node("li", "", layout ? layout.move(seatName(c.seat), c.claim) : seatName(c.seat));
    li.dataset.at = c.at;
    decl.append(li);
  }
  const friends = $("friends");
  if (friends) {
    friends.replaceChildren();
    for (const f of story.friends || []) {
      const li = node("li", f.joined ? "joined" : "used-up");
      li.dataset.at = f.at;
      li.append(callEl(f));
      friends.append(li);
    }
  }
  const kitty = $("kitty-story");
  kitty.replaceChildren();
  if (story.kitty.dealt) {
    const dealt = node("p", "kitty-dealt");
    dealt.dataset.at = 0;
    dealt.append(cardsEl(story.kitty.dealt));
    kitty.append(dealt);
  }
  if (story.kitty.buried) {
    const buried = node("p", "kitty-buried");
    buried.dataset.at = story.kitty.buried_at;
    buried.append("→ ", cardsEl(story.kitty.buried));
    kitty.append(buried);
  }
}

// Items of the story become visible once the replay reaches the step they happened at; from a
// seat's perspective the kitty's cards stay hidden until the end, as the seat did not see them.
function revealStory() {
  const end = state.at === last();
  for (const el of document.querySelectorAll("#tricks li, #declarations li, #friends li, #points-chart .bar")) {
    el.classList.toggle("future", Number(el.dataset.at) > state.at);
  }
  for (const el of document.querySelectorAll("#kitty-story p")) {
    el.classList.toggle("future", !(end || (state.perspective === "all" && Number(el.dataset.at) <= state.at)));
  }
  for (const el of document.querySelectorAll("#comment-list li[data-at], #markers .marker, #points-graph .gpoint")) {
    el.classList.toggle("here", Number(el.dataset.at) === state.at);
  }
  // The comments pinned to this step, beside the board.
  const here = $("comments-here");
  here.replaceChildren();
  for (const li of document.querySelectorAll("#comment-list li.here")) {
    const note = node("p", "comment-note");
    note.append(node("strong", "", li.querySelector("strong").textContent + ": "), li.dataset.text);
    here.append(note);
  }
}

// -- the end of the deal and spoilers ---------------------------------------------------------

// The last step shows the result (levels or scores after the deal, the kitty, who deals next);
// a spoiler-free link also keeps the result sections and the story's totals hidden until then.
function showEnding() {
  const end = state.at === last();
  const ending = $("ending");
  if (ending) ending.hidden = !end;
  const standing = $("standing");
  if (standing) standing.hidden = end && Boolean(ending);
  if (root.dataset.spoilerFree === "1") {
    for (const el of document.querySelectorAll(".spoiler")) el.hidden = !end;
    const note = $("spoiler-note");
    if (note) note.hidden = end;
  }
}

// -- moving through the replay ----------------------------------------------------------------

// The units players step by: closed tricks in trick games, turns in Si Se Pai (a claim window
// nobody took is skipped).
function landmarks() {
  if (head.layout === "sisepai") return data.story.turns || [];
  return data.story.tricks.map((t) => t.at);
}

function jumpBy(direction) {
  const marks = landmarks();
  const target = direction > 0 ? marks.find((at) => at > state.at) : marks.findLast((at) => at < state.at);
  go(target ?? (direction > 0 ? last() : 0));
}

function drawFrame(frame) {
  if (layout) layout.draw(frame, { head, L, perspective: state.perspective, board: $("board"), status: $("status") });
  else {
    drawBoard(frame);
    drawStatus(frame);
  }
}

function draw() {
  drawFrame(data.frames[state.at]);
  $("scrub").value = state.at;
  const label = $("step-label");
  const waiting = waitingFor(data.frames[state.at]);
  label.replaceChildren(fmt(L.step, { at: state.at, last: last() }) + " · ", moveEl(state.at));
  if (waiting) label.append(node("span", "muted", " · " + waiting));
  showEnding();
  revealStory();
  review.draw();
  const commentAt = document.querySelector("#comment-form input[name=at]");
  if (commentAt) {
    commentAt.value = state.at;
    $("comment-at").textContent = state.at;
    $("comment-seat").value = state.perspective;
  }
  const url = new URL(location.href);
  url.searchParams.set("at", state.at);
  url.searchParams.set("seat", state.perspective);
  history.replaceState(null, "", url);
}

function go(at) {
  state.at = Math.max(0, Math.min(last(), at));
  draw();
}

function autoplay(on) {
  clearInterval(state.timer);
  state.timer = null;
  const button = $("btn-play");
  button.classList.toggle("on", on);
  button.setAttribute("aria-pressed", on ? "true" : "false");
  button.textContent = on ? L.pause : L.play;
  if (!on) return;
  if (state.at === last()) go(0);
  state.timer = setInterval(() => {
    if (state.at >= last()) autoplay(false);
    else go(state.at + 1);
  }, Number($("speed").value));
}

async function switchPerspective(value) {
  $("step-label").textContent = L.loading;
  try {
    const response = await fetch(head.steps_url + "?seat=" + encodeURIComponent(value), {
      headers: { Accept: "application/json" },
    });
    if (!response.ok) throw new Error(String(response.status));
    data = await response.json();
    state.perspective = String(data.perspective);
    drawStory();
    draw();
  } catch {
    $("step-label").textContent = L.load_failed;
  }
}

async function copyLink(spoilerFree) {
  const note = $("copy-note");
  const url = new URL(location.href);
  if (spoilerFree) {
    url.searchParams.set("spoilers", "hide");
    url.searchParams.set("at", "0");
  }
  try {
    await navigator.clipboard.writeText(url.href);
    note.textContent = L.copied;
  } catch {
    note.textContent = L.copy_failed + " " + url.href;
  }
}

function bind() {
  $("btn-start").onclick = () => go(0);
  $("btn-back").onclick = () => go(state.at - 1);
  $("btn-forward").onclick = () => go(state.at + 1);
  $("btn-end").onclick = () => go(last());
  $("btn-prev-unit").onclick = () => jumpBy(-1);
  $("btn-next-unit").onclick = () => jumpBy(1);
  $("btn-play").onclick = () => autoplay(!state.timer);
  $("speed").onchange = () => state.timer && autoplay(true);
  $("scrub").oninput = (e) => go(Number(e.target.value));
  $("jump-trick").onchange = (e) => e.target.value !== "" && go(Number(e.target.value));
  $("jump-phase").onchange = (e) => e.target.value !== "" && go(Number(e.target.value));
  $("perspective").onchange = (e) => switchPerspective(e.target.value);
  $("btn-copy").onclick = () => copyLink(false);
  $("btn-copy-spoiler-free").onclick = () => copyLink(true);
  document.addEventListener("click", (e) => {
    const link = e.target.closest("a.jump, #markers .marker, #points-graph .gpoint");
    if (!link) return;
    e.preventDefault();
    go(Number(link.dataset.at));
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select") || e.altKey || e.ctrlKey || e.metaKey) return;
    // A focused button already answers the space bar with a click.
    if (e.key === " " && e.target.closest("button")) return;
    const keys = {
      ArrowLeft: () => go(state.at - 1),
      ArrowRight: () => go(state.at + 1),
      ArrowUp: () => jumpBy(-1),
      ArrowDown: () => jumpBy(1),
      Home: () => go(0),
      End: () => go(last()),
      " ": () => autoplay(!state.timer),
      n: () => review.next(),
      p: () => review.prev(),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
}

// The better move's board comes with its own display order (a better declaration may change trump).
const review = startReview({
  head,
  L,
  at: () => state.at,
  last,
  perspective: () => state.perspective,
  go,
  moveNodes,
  frame: (at) => data.frames[at],
  redraw: draw,
  reveal() {
    showEnding();
    revealStory();
  },
  showFrame(frame, orders) {
    Object.assign(data.orders || (data.orders = {}), orders);
    drawFrame(frame);
  },
});
bind();
drawStory();
draw();
root.classList.add("ready");
