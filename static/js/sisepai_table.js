// The Si Se Pai (四色牌) table: one WebSocket, full views from the server, no rules in the browser.
// The server sends this seat's view (docs/protocol.md; the state is engine/games/sisepai/state.py); the
// page draws it and sends {"type": "act", "action": "<notation>", "version": n}. Claim buttons are
// exactly the server's legal hints, so a seat that cannot claim sees only "Pass" — and every seat
// in a window is asked, so being asked tells nobody anything.

import { byColourAndPiece, fmt, fmtNodes, meldEl, moveLabel, node, pieceEl, pieceName, piecesEl } from "./sisepai_pieces.js";
import { nextDealBar } from "./next_deal.js";
import { chatPanel } from "./table_chat.js";
import { lifeBar } from "./table_life.js";
import { holderName } from "./seat_words.js";
import { keepRoomForTheSheet, unfoldRulesOnWideScreens } from "./phone_sheet.js";
import { reconnectDelay, refused } from "./refused.js";
import { stallWatch } from "./table_resync.js";
import { turnAlert } from "./turn_alert.js";

const root = document.getElementById("table");
const W = JSON.parse(document.getElementById("sisepai-strings").textContent);
const $ = (id) => document.getElementById(id);
const SENT_MS = 5000;

let socket = null;
let view = null;
let chosen = null; // the hand card picked for a discard
// The answer on its way ({action, version, window}): its decision is not offered again until a
// view shows it taken, so a second tap cannot land on the next window's buttons (see answerAgain).
let sent = null;
let sentTimer = null;
let retryStale = false;
let backoff = 0;
let clockTimer = null;
let lobbyFrames = 0;
const watchForStall = stallWatch(send);
const alertTurn = turnAlert(); // the tab title and the optional sound (turn_alert.js)
const drawNextDeal = nextDealBar(send, W); // "Next deal" under the result (next_deal.js)
const drawLife = lifeBar(send); // paused, ended, away; pause, resume, end, leave (table_life.js)
const chat = chatPanel(send); // the table's chat: its frames are its own (table_chat.js)

// -- the socket -------------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + root.dataset.ws);
  socket.onopen = () => {
    backoff = 0;
    lobbyFrames = 0;
    settle(); // the view sent on joining tells whether an answer in flight was taken
    $("conn").textContent = W.live;
    $("conn").classList.add("on");
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (refused(event, $("conn"))) return;
    $("conn").textContent = W.reconnecting;
    $("conn").classList.remove("on");
    // The seat is held; the server sends the current view when the socket joins again.
    setTimeout(connect, reconnectDelay(backoff++));
  };
}

function send(message) {
  if (socket?.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

function act(action) {
  if (!view || !send({ type: "act", action, version: view.version })) return;
  sent = { action, version: view.version, window: windowKey() };
  clearTimeout(sentTimer);
  // A reply always comes on an open socket; should it not, the choice is offered again.
  sentTimer = setTimeout(() => {
    settle();
    drawActions();
  }, SENT_MS);
  drawActions();
}

// The card (and phase) an answer was meant for: an answer is only re-sent to the same window.
const windowKey = () => JSON.stringify([view.deal, view.state.phase, view.state.shown]);

function settle() {
  sent = null;
  retryStale = false;
  clearTimeout(sentTimer);
}

// In a claim window several seats answer at once, so an answer may cross another seat's and be
// refused as stale. It goes again on a newer view of the same window where it is still legal —
// at once if such a view is already here (it may have overtaken the refusal), else on the next.
// Until then the page shows it as sent: offering the window again invited a second answer, which
// landed on the next window's "Pass" once the first had gone through.
function answerAgain() {
  if (!sent || view.version <= sent.version) return;
  const again = sent;
  settle();
  if (again.window === windowKey() && (view.legal || []).includes(again.action)) act(again.action);
  else drawActions();
}

// Taken: the view moved to another decision or no longer offers the move (the seat has answered),
// or, outside a claim window (where another seat's answer may come first), the deal moved at all.
const taken = () =>
  sent.window !== windowKey() || !(view.legal || []).includes(sent.action) || (!view.state.window && view.version > sent.version);

function receive(frame) {
  if (chat(frame)) return;
  if (frame.type === "error") {
    if (frame.code === "stale_version" && sent) {
      retryStale = true;
      answerAgain();
      return;
    }
    settle();
    if (view) drawActions();
    showError(frame.message);
    return;
  }
  if (frame.type === "lobby") {
    // A lobby frame after the first means a seat changed: the lobby forms are server-rendered.
    if (lobbyFrames++ > 0 && view === null && $("lobby")) location.reload();
    return;
  }
  if (frame.type !== "view") return;
  if (view && frame.deal === view.deal && frame.version < view.version) return;
  const moved = !view || frame.deal !== view.deal || frame.version !== view.version;
  if (moved) chosen = null;
  view = frame;
  if (sent && !retryStale && taken()) settle();
  if (moved) $("error").hidden = true; // the view sent after a refusal repeats the version: keep its error
  draw();
  alertTurn(view);
  if (retryStale) answerAgain();
  if (moved) watchForStall(view); // only a newer view resets the wait: a sync's answer repeats the version
}

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = false;
}

// -- drawing ----------------------------------------------------------------------------------

const seatName = (seat) => holderName(view.seats.find((s) => s.seat === seat) || { name: "#" + seat }, view);
const state = () => view.state;

function draw() {
  if ($("lobby")) $("lobby").hidden = true;
  $("play").hidden = false;
  $("deal-number").textContent = fmt(W.deal, { number: view.number });
  $("stock").textContent = fmt(W.stock, { count: state().stock });
  const scores = (view.situation || {}).scores;
  $("totals").hidden = !scores;
  if (scores) $("totals").textContent = fmt(W.totals, { scores: scores.map((v, s) => `${seatName(s)} ${v}`).join(" · ") });
  drawSeats();
  drawShown();
  drawClock();
  drawActions();
  drawHand();
  drawResult();
  $("result-panel").hidden = $("result").hidden; // over the felt until the next deal's first view
  drawNextDeal(view, seatName);
  drawLife(view, seatName);
  drawFairness();
}

function seatBox(seat) {
  const s = state();
  const item = node("li", "ssp-seat");
  item.dataset.seat = seat;
  const title = node("div", "seat-title");
  title.append(node("strong", "", seatName(seat)));
  if (s.dealer === seat) title.append(node("span", "tag", W.dealer));
  if ((view.clock?.seats || []).includes(seat)) {
    item.classList.add("to-move");
    title.append(node("span", "tag move", W.to_move));
  }
  if (seat !== view.seat) title.append(node("span", "tag", fmt(W.cards_in_hand, { count: s.hand_counts[seat] })));
  item.append(title);
  const melds = node("div", "ssp-melds");
  melds.setAttribute("aria-label", W.melds_title);
  for (const meld of s.melds[seat]) melds.append(meldEl(meld, W));
  item.append(melds);
  const discards = node("div", "ssp-discards");
  discards.append(node("span", "muted", W.discards_title + " "), piecesEl(s.discards[seat], W, "small"));
  item.append(discards);
  return item;
}

function drawSeats() {
  const list = $("others");
  list.replaceChildren();
  for (const seat of view.seats) {
    const box = seatBox(seat.seat);
    if (seat.seat === view.seat) box.classList.add("me");
    list.append(box);
  }
}

function drawShown() {
  const s = state();
  const box = $("shown");
  box.replaceChildren();
  if (s.shown) {
    const how = s.shown.source === "draw" ? W.drawn_by : W.discarded_by;
    box.append(pieceEl(s.shown.card, W, "span"), node("span", "shown-note", fmt(how, { name: seatName(s.shown.seat) })));
  } else {
    box.append(node("span", "muted", W.nothing_shown));
  }
  const note = $("window");
  note.textContent = "";
  if (s.window) {
    const asked = fmt(W.window_seats, { names: s.window.seats.map(seatName).join(", ") });
    const title = s.phase === "redeal" ? W.redeal_window : W.window;
    note.textContent = title + " · " + asked + (s.window.answered ? " · " + W.answered : "");
  }
  const c = s.last_claim;
  $("last-claim").textContent = c
    ? fmt(W.last_claim, { name: seatName(c.seat), claim: moveLabel(c.claim, W), from: seatName(c.from) })
    : "";
}

function drawClock() {
  clearInterval(clockTimer);
  const clock = view.clock;
  const turn = $("turn");
  const fill = $("clock-fill");
  turn.classList.remove("mine");
  fill.style.width = "0";
  if (!clock) {
    turn.textContent = "";
    return;
  }
  if (clock.paced) {
    turn.textContent = W.drawing;
    return;
  }
  const mine = clock.seats.includes(view.seat);
  const who = mine ? W.your_turn : fmt(W.turn_of, { name: clock.seats.map(seatName).join(", ") });
  turn.classList.toggle("mine", mine);
  const tick = () => {
    const left = Math.max(0, (clock.deadline - Date.now()) / 1000);
    turn.textContent = who + " · " + fmt(W.seconds_left, { seconds: Math.round(left) });
    fill.style.width = clock.seconds ? `${Math.min(100, (100 * left) / clock.seconds)}%` : "0";
  };
  tick();
  clockTimer = setInterval(tick, 1000);
}

function button(label, onClick, cls = "") {
  const el = node("button", cls, label);
  el.type = "button";
  el.addEventListener("click", onClick);
  return el;
}

// Buttons are kept across views while their move is still offered: in a claim window a view comes
// with every other seat's answer, and a button replaced under the finger would swallow the tap.
function drawActions() {
  const box = $("actions");
  if (view.seat === null || view.seat === undefined) {
    box.textContent = W.watching;
    return;
  }
  const hints = view.legal || [];
  box.dataset.hints = JSON.stringify(hints); // the seat's own hints, for assistive tools and tests
  box.dataset.version = view.version;
  box.dataset.sent = sent ? sent.action : ""; // an answer on its way: the buttons wait for its view
  box.setAttribute("aria-busy", sent ? "true" : "false");
  const kept = new Map([...box.querySelectorAll("button[data-action]")].map((b) => [b.dataset.action + b.textContent, b]));
  const buttons = [];
  if (hints.some((h) => h.startsWith("discard "))) {
    const go = $("discard") || button("", () => (chosen ? act("discard " + chosen) : showError(W.select_first)), "primary");
    go.id = "discard";
    // The chosen piece is drawn in the button; its name is the button's label.
    if (chosen) go.replaceChildren(...fmtNodes(W.moves.discard, { card: pieceEl(chosen, W) }));
    else go.textContent = W.moves.pick;
    go.setAttribute("aria-label", chosen ? fmt(W.moves.discard, { card: pieceName(chosen, W) }) : W.moves.pick);
    go.disabled = !chosen || Boolean(sent);
    buttons.push(go);
  }
  for (const hint of hints) {
    if (hint.startsWith("discard ")) continue;
    const label = hint === "pass" && state().phase === "redeal" ? W.moves.keep : moveLabel(hint, W);
    let el = kept.get(hint + label);
    if (!el) {
      el = button(label, () => act(hint), hint === "pass" ? "secondary" : hint === "draw" ? "primary" : "claim");
      el.dataset.action = hint;
    }
    el.disabled = Boolean(sent);
    buttons.push(el);
  }
  box.replaceChildren(...buttons);
}

function drawHand() {
  $("mine").hidden = view.seat === null || view.seat === undefined; // spectators hold no hand
  const box = $("hand");
  box.replaceChildren();
  const hand = view.hand || state().hand || [];
  const canDiscard = (view.legal || []).some((h) => h.startsWith("discard "));
  const groups = byColourAndPiece(hand);
  for (const [colour, pieces] of Object.entries(groups)) {
    const row = node("div", "colour-row");
    row.dataset.colour = colour;
    row.append(node("span", "colour-name", W.colours[colour]));
    for (const same of pieces) {
      const group = node("span", "group");
      for (const code of same) {
        const el = pieceEl(code, W, "button");
        el.type = "button";
        el.disabled = !canDiscard;
        el.setAttribute("aria-pressed", chosen === code ? "true" : "false");
        el.addEventListener("click", () => choose(code));
        group.append(el);
      }
      row.append(group);
    }
    box.append(row);
  }
  const mine = $("my-melds");
  mine.replaceChildren();
  if (view.seat !== null && view.seat !== undefined) {
    for (const meld of state().melds[view.seat]) mine.append(meldEl(meld, W));
  }
}

function choose(code) {
  chosen = chosen === code ? null : code;
  drawActions();
  for (const el of $("hand").querySelectorAll("button.piece")) {
    el.setAttribute("aria-pressed", el.dataset.card === chosen ? "true" : "false");
  }
}

function resultLine(result) {
  if (result.outcome === "void") return W.void;
  if (result.outcome === "redeal") return fmt(W.redeal, { names: (result.redeal_by || []).map(seatName).join(", ") });
  return fmt(W.win, {
    name: seatName(result.winner),
    card: pieceName(result.card, W),
    by: moveLabel(result.by, W),
    from: seatName(result.from),
    points: result.points,
  });
}

function drawResult() {
  const s = state();
  const box = $("result");
  box.hidden = s.phase !== "over" || !s.result;
  box.replaceChildren();
  if (box.hidden) return;
  const result = s.result;
  box.append(node("h2", "", W.deal_over), node("p", "outcome", resultLine(result)));
  if (result.melds) {
    box.append(node("h3", "", W.winning_hand));
    const melds = node("div", "ssp-melds winning");
    for (const meld of result.melds) melds.append(meldEl(meld, W));
    box.append(melds);
  }
  box.append(node("h3", "", W.payments));
  const pay = node("ul", "payments");
  result.payments.forEach((v, seat) => pay.append(node("li", v > 0 ? "plus" : v < 0 ? "minus" : "", `${seatName(seat)} ${v > 0 ? "+" : ""}${v}`)));
  box.append(pay);
  if (s.hands) {
    box.append(node("h3", "", W.hands));
    const hands = node("ul", "hands");
    s.hands.forEach((cards, seat) => {
      const li = node("li", "", seatName(seat) + " ");
      li.append(piecesEl(cards, W, "small"));
      hands.append(li);
    });
    box.append(hands);
  }
  if (view.match && view.match.over) box.append(node("p", "", W.match_over));
  const link = node("a", "replay-link", W.replay);
  link.href = `/deals/${view.deal}/`;
  link.id = "replay-link";
  const replay = node("p");
  replay.append(link);
  box.append(replay);
}

function drawFairness() {
  const fairness = view.fairness || {};
  let text = fmt(W.commitment, { commitment: fairness.commitment || "" });
  if (fairness.deck) text += "\n" + fmt(W.revealed, { seed: fairness.seed, salt: fairness.salt, deck: fairness.deck.join(" ") });
  $("fairness-text").textContent = text;
}

document.addEventListener("visibilitychange", () => {
  // A phone that slept may have missed frames: ask for the current view.
  if (document.visibilityState === "visible") send({ type: "sync" });
});

keepRoomForTheSheet();
unfoldRulesOnWideScreens();
connect();
