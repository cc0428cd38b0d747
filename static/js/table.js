// The live table page: one WebSocket, full views from the server, no rules in the browser.
// The server sends this seat's view (docs/protocol.md); the page only draws it and sends
// {"type": "act", "action": "<notation>", "version": n}. Legal moves come as hints from the server.

import { cardFace, cardName, cardRow, cardWords, fitHand, fmtNodes, handGroups, keepFitted } from "./cards.js";
import { nextDealBar } from "./next_deal.js";
import { keepRoomForTheSheet, unfoldRulesOnWideScreens } from "./phone_sheet.js";
import { reconnectDelay, refused } from "./refused.js";
import { holderName, seatLabel } from "./seat_words.js";
import { chatPanel } from "./table_chat.js";
import { lifeBar } from "./table_life.js";
import { stallWatch } from "./table_resync.js";
import { turnAlert } from "./turn_alert.js";

const root = document.getElementById("table");
const T = JSON.parse(document.getElementById("table-strings").textContent);
const $ = (id) => document.getElementById(id);
const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key] ?? ""));
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

let socket = null;
let view = null;
let selected = new Set(); // indexes into the sorted hand (hands may hold identical cards)
let retry = 0;
let clockTimer = null;
let lobbyFrames = 0;
const watchForStall = stallWatch(send);
const alertTurn = turnAlert(); // the tab title and the optional sound (turn_alert.js)
const drawNextDeal = nextDealBar(send, T); // the result panel's "Next deal" (next_deal.js)
const drawLife = lifeBar(send); // paused, ended, away; pause, resume, end, leave (table_life.js)
const chat = chatPanel(send); // the table's chat: its frames are its own (table_chat.js)

// A card in running text (a failed throw's line, a select's option): 10♥, A♠, jokers by name.
function cardLabel(code) {
  if (code === "BJ" || code === "LJ") return cardName(code);
  const rank = code[0] === "T" ? "10" : code[0];
  return SUITS[code[1]] ? rank + SUITS[code[1]] : code;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + root.dataset.ws);
  socket.addEventListener("open", () => {
    retry = 0;
    lobbyFrames = 0;
    $("conn").textContent = T.live;
    $("conn").classList.add("on");
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (refused(event, $("conn"))) return;
    $("conn").textContent = T.reconnecting;
    $("conn").classList.remove("on");
    // Back off, then reconnect: the seat is held and the server sends the current view on join.
    setTimeout(connect, reconnectDelay(retry++));
  });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(action) {
  if (!view) return;
  send({ type: "act", action, version: view.version });
}

function receive(frame) {
  if (chat(frame)) return;
  if (frame.type === "error") return showError(frame.message);
  if (frame.type === "lobby") {
    // The first lobby frame comes on joining; a later one means a seat changed before the start,
    // and the lobby forms are server-rendered, so reload them.
    if (lobbyFrames++ > 0 && view === null && document.getElementById("lobby")) location.reload();
    return;
  }
  if (frame.type !== "view") return;
  if (view && frame.deal === view.deal && frame.version < view.version) return; // an older frame
  if (view && frame.deal !== view.deal) selected = new Set();
  // The view sent after a refused move repeats the same version: keep its error on screen.
  const moved = !view || frame.deal !== view.deal || frame.version !== view.version;
  view = frame;
  if (moved) hideError();
  draw();
  alertTurn(view);
  if (moved) watchForStall(view); // only a newer view resets the wait: a sync's answer repeats the version
}

function showError(message) {
  // Shown right above the hand, where the player is looking when a move is refused.
  const box = $("error");
  box.textContent = message;
  box.hidden = false;
  if (box.getBoundingClientRect().top < 0 || box.getBoundingClientRect().bottom > innerHeight) {
    box.scrollIntoView({ block: "nearest" });
  }
}

function hideError() {
  $("error").hidden = true;
}

function seatName(seat) {
  const info = view.seats.find((s) => s.seat === seat);
  if (!info) return "#" + seat;
  // Bots share a name: tell them apart by their seat.
  const name = holderName(info, view);
  const twice = view.seats.filter((s) => holderName(s, view) === name).length > 1;
  return twice ? fmt(T.name_seat, { name, seat: seatLabel(seat) }) : name;
}

function draw() {
  const lobby = document.getElementById("lobby");
  if (lobby) lobby.hidden = true;
  $("play").hidden = false;
  const state = view.state;
  $("deal-number").textContent = fmt(T.deal, { number: view.number });
  drawInfo(state);
  drawSeats(state);
  drawCalls(state);
  drawTrick($("last-trick"), state.last_trick || []);
  drawReading();
  drawFailedThrows(state);
  drawKitty(state);
  drawHand();
  drawCallForm();
  drawActions();
  drawTurn();
  drawResult(state);
  drawFairness();
}

function drawInfo(state) {
  const trump = state.trump || {};
  const suit = trump.suit ? SUITS[trump.suit] || trump.suit : T.no_trump;
  $("trump").textContent = fmt(T.trump, { trump: [trump.rank, suit].filter(Boolean).join(" ") });
  $("trump").dataset.suit = trump.suit || ""; // the badge takes the trump suit's colour
  const declaration = state.declaration;
  $("declaration").hidden = !declaration;
  if (declaration) {
    const cards = cardRow(declaration.cards, "small");
    $("declaration").replaceChildren(...fmtNodes(T.declared, { name: seatName(declaration.seat), cards }));
  }
  // Why this seat cannot declare although it holds a card of the declared rank (services/declaring.py).
  $("declare-hint").hidden = !view.declare_hint;
  $("declare-hint").textContent = view.declare_hint || "";
  // With failed throws' penalties the server counts them in (view.points), so the badge adds up to the result.
  const points = view.points;
  $("points").textContent = points
    ? fmt(T.points_penalised, { points: points.defenders, cards: points.cards, penalty: (points.penalty > 0 ? "+" : "") + points.penalty })
    : fmt(T.points, { points: state.defender_points ?? 0 });
  const situation = view.situation || {};
  const scores = state.scores || situation.scores;
  if (situation.levels) {
    const teams = situation.levels.map((level, team) => teamName(team, situation.levels.length) + " " + level);
    $("levels").textContent = fmt(T.levels, { levels: teams.join(" · ") });
  } else if (scores) {
    $("levels").textContent = fmt(T.scores, { scores: scores.map((v, s) => seatName(s) + " " + v).join(" · ") });
  } else if (state.ranks && state.dealer !== null && state.dealer !== undefined) {
    $("levels").textContent = fmt(T.declarer_rank, { name: seatName(state.dealer), rank: state.ranks[state.dealer] });
  } else $("levels").textContent = "";
  $("levels").hidden = !$("levels").textContent;
  const bids = state.bids || [];
  $("bids").hidden = !bids.length;
  $("bids").textContent = fmt(T.bids, { bids: bids.map(([s, p]) => seatName(s) + " " + (p === null ? T.pass : p)).join(", ") });
}

function teamName(team, teams) {
  return view.seats.filter((s) => s.seat % teams === team).map((s) => seatName(s.seat)).join(" & ");
}

// The seats around the felt (server-rendered positions): name, tags, cards left, this trick's play.
function drawSeats(state) {
  const team = new Set(state.team || []);
  const toMove = new Set(view.clock?.seats || []);
  const played = new Map((state.trick || []).map(([seat, cards]) => [seat, cards]));
  for (const spot of document.querySelectorAll("#others .spot")) {
    const seat = Number(spot.dataset.seat);
    const info = view.seats.find((s) => s.seat === seat);
    if (info) spot.querySelector(".spot-name").textContent = seatName(seat);
    const tags = [];
    if (seat === view.seat) tags.push(T.you);
    if (state.dealer === seat) tags.push(state.ranks || state.bids ? T.declarer : T.dealer);
    if (team.has(seat) && state.dealer !== seat) tags.push(T.friend);
    const reading = view.reading;
    if (reading && reading.partners.includes(seat) && !team.has(seat)) tags.push(T.partner);
    if (reading && !state.team && reading.sides[seat] === 0 && state.dealer !== seat) tags.push(T.declarer_side);
    if (state.ranks) tags.push(fmt(T.rank, { rank: state.ranks[seat] }));
    spot.querySelector(".spot-tags").replaceChildren(...tags.map((t) => Object.assign(document.createElement("span"), { className: "tag", textContent: t })));
    const hand = state.zones ? state.zones["hand:" + seat] : null;
    const count = Array.isArray(hand) ? hand.length : hand;
    spot.querySelector(".spot-count").textContent = fmt(count === 1 ? T.card_left : T.cards_left, { count: count ?? "?" });
    const play = document.querySelector(`#plays .seat-play[data-seat="${seat}"]`);
    if (play) drawPlay(play, played.get(seat), seat);
    spot.classList.toggle("to-move", toMove.has(seat));
    spot.classList.toggle("me", seat === view.seat);
    spot.classList.toggle("friend", team.has(seat));
  }
}

// A seat's play in this trick, on the felt in front of the seat (the trick by seat). Redrawn only
// when it changes, so a face does not flicker as every other view comes in.
function drawPlay(box, cards, seat) {
  const key = JSON.stringify(cards || []);
  if (box.dataset.cards === key) return;
  box.dataset.cards = key;
  box.replaceChildren();
  if (!cards || !cards.length) return;
  const row = cardRow(cards);
  row.setAttribute("aria-label", seatName(seat));
  box.append(row);
}

// Zhao Pengyou's friend calls: the called copy, how many copies are out, and who answered it.
function drawCalls(state) {
  const calls = state.calls || [];
  $("calls-box").hidden = !calls.length;
  $("calls").replaceChildren(...calls.map((call) => {
    const item = document.createElement("li");
    item.dataset.call = call.call;
    item.append(fmt(T.nth_copy, { nth: T.ordinals[call.nth] || call.nth }) + " ", cardFace(call.card), " · " + fmt(T.copies_played, { count: call.copies_played }));
    let status = T.not_found;
    if (call.by !== null && call.by !== undefined) status = fmt(call.joined ? T.found_by : T.used_up, { name: seatName(call.by) });
    item.append(" · ", Object.assign(document.createElement("strong"), { textContent: status }));
    item.classList.toggle("found", call.by !== null && call.by !== undefined);
    return item;
  }));
}

// Who leads the trick on the felt and whose play is winning it, the last trick's winner and points,
// each side's points so far, Zhao Pengyou's friends and open calls: all from view.reading (the server's).
function drawReading() {
  const reading = view.reading;
  for (const box of document.querySelectorAll("#plays .seat-play")) {
    const seat = Number(box.dataset.seat);
    const leads = Boolean(reading) && reading.leader === seat;
    const winning = Boolean(reading) && reading.winning === seat;
    box.classList.toggle("leads", leads);
    box.classList.toggle("winning", winning);
    const words = [leads ? T.leads : "", winning ? T.winning : ""].filter(Boolean).join(" · ");
    let mark = box.querySelector(".play-mark");
    if (!words) {
      if (mark) mark.remove();
      continue;
    }
    if (!mark) mark = Object.assign(document.createElement("span"), { className: "play-mark" });
    mark.textContent = words;
    if (box.firstChild !== mark) box.prepend(mark);
  }
  const title = $("last-trick-title");
  title.textContent = reading && reading.last_winner !== null
    ? fmt(T.last_trick_won, { name: seatName(reading.last_winner), points: reading.last_points })
    : title.dataset.plain;
  $("side-points").hidden = !reading;
  if (reading) $("side-points").textContent = fmt(T.side_points, { declarers: reading.side_points[0], defenders: reading.side_points[1] });
  const calls = view.state.calls || [];
  if (calls.length) {
    const friends = [...new Set(calls.filter((c) => c.joined).map((c) => c.by))].map(seatName);
    const open = calls.filter((c) => c.by === null || c.by === undefined).length;
    const parts = [friends.length ? fmt(T.friends_found, { names: friends.join(", ") }) : T.no_friend_yet];
    if (open) parts.push(open === 1 ? T.call_open : fmt(T.calls_open, { count: open }));
    $("calls-summary").textContent = parts.join(" · ");
  }
}

function drawTrick(box, plays) {
  box.replaceChildren();
  for (const [seat, cards] of plays) {
    const play = document.createElement("div");
    play.className = "play";
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = seatName(seat);
    play.append(who, cardRow(cards));
    box.append(play);
  }
}

// The real_hand_throws option: the deal's failed throws beside the points, and the one of the
// trick on the felt by the trick (between tricks, of the last trick). The view counts the tricks
// done, so the match is exact: the same seat may lead the forced cards again in a later trick.
function drawFailedThrows(state) {
  const throws = state.failed_throws || [];
  const cards = (list) => list.map(cardLabel).join(" ");
  const text = (template, f) => fmt(template, { n: f.trick + 1, name: seatName(f.seat), attempted: cards(f.attempted), forced: cards(f.forced) });
  const badge = $("failed-throws");
  badge.hidden = !throws.length;
  const penalty = badge.dataset.penalty ? " · " + T.throw_penalty : "";
  badge.textContent = fmt(T.failed_throws, { throws: throws.map((f) => text(T.failed_throw_item, f)).join("; ") }) + penalty;
  const shown = state.trick && state.trick.length ? state.tricks_done : state.tricks_done - 1;
  const current = throws.find((f) => f.trick === shown);
  $("failed-throw").hidden = !current;
  if (current) $("failed-throw").textContent = text(T.failed_throw, current);
}

function drawKitty(state) {
  const kitty = state.zones ? state.zones.kitty : null;
  const visible = Array.isArray(kitty) && kitty.length > 0;
  $("kitty-box").hidden = !visible;
  if (visible) $("kitty").replaceChildren(cardRow(kitty));
}

function handCards() {
  return view.hand || [];
}

// The hand in the server's order (plain suits, then the trumps: view.hand_trumps of them), each
// suit a group set apart, the trumps banded and labelled, overlapping to fit two rows on a phone.
function drawHand() {
  const box = $("hand");
  const cards = handCards();
  const key = JSON.stringify([cards, view.hand_trumps]);
  if (box.dataset.cards === key) return; // the same hand: keep the selection and the focus
  box.dataset.cards = key;
  box.replaceChildren();
  selected = new Set(); // a new hand: the old indexes mean other cards now
  for (const group of handGroups(cards, view.hand_trumps)) {
    group.cards.forEach((code, offset) => {
      const index = group.start + offset;
      const button = cardFace(code, { tag: "button", trump: group.suit === "T" });
      button.type = "button";
      button.dataset.group = group.suit;
      button.classList.toggle("group-start", offset === 0 && index > 0);
      if (offset === 0 && group.suit === "T") button.append(Object.assign(document.createElement("span"), { className: "group-label", textContent: cardWords().trumps }));
      button.setAttribute("role", "option");
      button.setAttribute("aria-selected", "false");
      button.tabIndex = index === 0 ? 0 : -1;
      button.addEventListener("click", () => toggle(index));
      button.addEventListener("keydown", (event) => handKey(event, index));
      box.append(button);
    });
  }
  fitHand(box);
}

const handButtons = () => $("hand").querySelectorAll(":scope > button");

function toggle(index) {
  if (selected.has(index)) selected.delete(index);
  else selected.add(index);
  const button = handButtons()[index];
  button.setAttribute("aria-selected", selected.has(index) ? "true" : "false");
}

function handKey(event, index) {
  const buttons = handButtons();
  let next = null;
  if (event.key === "ArrowRight") next = Math.min(buttons.length - 1, index + 1);
  if (event.key === "ArrowLeft") next = Math.max(0, index - 1);
  if (event.key === "Home") next = 0;
  if (event.key === "End") next = buttons.length - 1;
  if (event.key === " ") {
    event.preventDefault();
    toggle(index);
  }
  if (event.key === "Enter") {
    // Enter makes the move with the selected cards (the focused card counts if none is selected).
    event.preventDefault();
    if (!selected.size) toggle(index);
    const primary = $("play-cards") || $("bury-cards");
    if (primary) primary.click();
  }
  if (event.key === "Escape") {
    selected = new Set();
    for (const button of buttons) button.setAttribute("aria-selected", "false");
  }
  if (next !== null) {
    event.preventDefault();
    buttons[index].tabIndex = -1;
    buttons[next].tabIndex = 0;
    buttons[next].focus();
  }
}

function selectedCards() {
  const cards = handCards();
  return [...selected].sort((a, b) => a - b).map((i) => cards[i]);
}

function actionButton(label, onClick, extraClass = "") {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label;
  if (extraClass) button.className = extraClass;
  button.addEventListener("click", onClick);
  return button;
}

function cardMove(verb) {
  const cards = selectedCards();
  if (!cards.length) return showError(T.select_first);
  // The selection stays until the hand changes, so a refused move can be corrected.
  act(verb + " " + cards.join(" "));
}

// In the steal phase (炒底) a declaration takes the buried kitty up, and a pass leaves it.
function stealing() {
  return Boolean(view.state && view.state.phase === "steal");
}

function hintLabel(hint) {
  const [verb, ...rest] = hint.split(" ");
  if (verb === "pickup") return T.pickup;
  if (verb === "redeal") return T.redeal;
  if (verb === "pass") return stealing() ? T.steal_pass : T.pass;
  if (verb === "declare") return fmt(stealing() ? T.steal : T.declare, { cards: rest.map(cardName).join(", ") });
  if (verb === "bid") return fmt(T.bid, { points: rest.join(" ") });
  if (verb === "trump") return fmt(T.name_trump, { suit: SUITS[rest[0]] || rest.join(" ") });
  return hint;
}

function hintsOf(verb) {
  return (view.legal || []).filter((h) => h.split(" ")[0] === verb);
}

// The declarer's friend call: a card that is not trump and which copy of it counts.
function drawCallForm() {
  const form = $("call-form");
  const calls = hintsOf("call");
  form.hidden = !calls.length;
  if (!calls.length) return;
  const state = view.state;
  $("calls-left").textContent = fmt(T.calls_made, { made: (state.calls || []).length, due: state.calls_due });
  const cards = [...new Set(calls.map((h) => h.split(" ")[2]))];
  if (view.legal_more) {
    // The hints were cut: offer every card of the trump's plain suits; the server checks the call.
    const trump = state.trump || {};
    for (const suit of "SHDC") for (const rank of "AKQJT98765432") {
      const card = rank + suit;
      if (suit !== trump.suit && rank !== trump.rank && !cards.includes(card)) cards.push(card);
    }
  }
  const copies = Math.max(...calls.map((h) => parseInt(h.split(" ")[1], 10)));
  const keep = $("call-card").value;
  $("call-card").replaceChildren(...cards.map((c) => new Option(cardName(c), c)));
  if (cards.includes(keep)) $("call-card").value = keep;
  drawCallPreview();
  const keepNth = $("call-nth").value;
  $("call-nth").replaceChildren(...Array.from({ length: copies }, (_, i) => new Option(fmt(T.nth_copy, { nth: T.ordinals[i + 1] }), NOTATION_ORDINALS[i])));
  if (keepNth) $("call-nth").value = keepNth;
}

const NOTATION_ORDINALS = ["1st", "2nd", "3rd", "4th"];

// The card being called, drawn beside the select (whose options can only be words).
function drawCallPreview() {
  const card = $("call-card").value;
  $("call-preview").replaceChildren(...(card ? [cardFace(card)] : []));
}

// Buttons are kept across views while their move is still offered: the server draws a card every
// fraction of a second, and a button replaced under the finger would swallow the tap.
function drawActions() {
  const box = $("actions");
  if (view.seat === null || view.seat === undefined) {
    box.textContent = T.watching;
    return;
  }
  const hints = view.legal || [];
  const key = JSON.stringify(hints);
  if (box.dataset.hints === key) return;
  box.dataset.hints = key; // the seat's own hints, for assistive tools and tests
  const kept = new Map([...box.querySelectorAll("button[data-action]")].map((b) => [b.dataset.action, b]));
  const verbs = new Set(hints.map((h) => h.split(" ")[0]));
  const buttons = [];
  if (verbs.has("play")) buttons.push($("play-cards") || Object.assign(actionButton(T.play, () => cardMove("play"), "primary"), { id: "play-cards" }));
  if (verbs.has("bury")) buttons.push($("bury-cards") || Object.assign(actionButton(T.bury, () => cardMove("bury"), "primary"), { id: "bury-cards" }));
  // Declarations (also during the server-paced draw), pick-up, redeal, bids, passes, trump naming.
  for (const hint of hints) {
    const verb = hint.split(" ")[0];
    if (verb === "play" || verb === "bury" || verb === "draw" || verb === "call") continue;
    let button = kept.get(hint);
    if (!button) {
      button = actionButton(hintLabel(hint), () => act(hint), verb === "declare" ? "declare" : "");
      button.dataset.action = hint;
      if (verb === "declare") {
        button.setAttribute("aria-label", button.textContent);
        button.replaceChildren(...fmtNodes(stealing() ? T.steal : T.declare, { cards: cardRow(hint.split(" ").slice(1), "small") }));
      }
    }
    buttons.push(button);
  }
  box.replaceChildren(...buttons);
}

function drawTurn() {
  clearInterval(clockTimer);
  const clock = view.clock;
  const turn = $("turn");
  if (!clock) {
    turn.textContent = "";
    return;
  }
  const mine = clock.seats.includes(view.seat);
  const who = mine ? T.your_turn : fmt(T.turn_of, { name: clock.seats.map(seatName).join(", ") });
  if (clock.paced) {
    turn.textContent = T.drawing;
    return;
  }
  const tick = () => {
    const seconds = Math.max(0, Math.round((clock.deadline - Date.now()) / 1000));
    turn.textContent = who + " · " + fmt(T.seconds_left, { seconds });
  };
  tick();
  clockTimer = setInterval(tick, 1000);
  turn.classList.toggle("mine", mine);
}

// A finished deal's result comes as HTML from the server (tables/result.html), fetched once per deal,
// in a panel over the felt that stays until the next deal's first view replaces it.
let resultShown = null;

async function drawResult(state) {
  const box = $("result");
  const over = state.phase === "over";
  box.hidden = !over;
  drawNextDeal(view, seatName);
  drawLife(view, seatName);
  if (!over) return;
  const key = view.deal + ":" + Boolean(view.match && view.match.over);
  if (resultShown === key) return;
  resultShown = key;
  const body = $("result-body");
  body.replaceChildren(Object.assign(document.createElement("p"), { textContent: T.deal_over }));
  try {
    const response = await fetch(box.dataset.url.replace("/0/result/", "/" + view.deal + "/result/"));
    if (!response.ok) throw new Error(String(response.status));
    body.innerHTML = await response.text(); // the server's own template, escaped there
  } catch {
    resultShown = null;
    body.append(Object.assign(document.createElement("p"), { textContent: T.result_failed }));
  }
}

function drawFairness() {
  const fairness = view.fairness || {};
  let text = fmt(T.commitment, { commitment: fairness.commitment || "" });
  if (fairness.deck) text += "\n" + fmt(T.revealed, { seed: fairness.seed, salt: fairness.salt, deck: fairness.deck.join(" ") });
  $("fairness-text").textContent = text;
}

$("call-card").addEventListener("change", drawCallPreview);
keepFitted($("hand"));
keepRoomForTheSheet();
unfoldRulesOnWideScreens();

$("call-form").addEventListener("submit", (event) => {
  event.preventDefault();
  act(`call ${$("call-nth").value} ${$("call-card").value}`);
});

document.addEventListener("visibilitychange", () => {
  // A phone that slept may have missed frames: ask for the current view.
  if (document.visibilityState === "visible") send({ type: "sync" });
});

connect();
