// The engine review beside the replay: timeline marks coloured by label, the judgement of the
// position shown, the board after the better move, the per-seat table, the expected-points graph
// and the progress of a review being made (polled, no reload). The server judged everything; this only draws it.

import { fmtNodes } from "./cards.js";

const MISTAKES = new Set(["inaccuracy", "mistake", "blunder"]);
const POLL_MS = 1000;
const NOTE_MS = 2500;

const $ = (id) => document.getElementById(id);
const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key]));

function node(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined) el.textContent = text;
  return el;
}

// A judgement is shown at the step its move led to (index + 1), so the step label and the verdict
// name the same move and seat, as an annotated move in a game record.
const stepOf = (line) => line.index + 1;

// viewer: { head, L, at(), last(), perspective(), go(at), moveNodes(words, seat, short), showFrame(frame, orders), redraw(), reveal() }
export function startReview(viewer) {
  const section = $("review");
  if (!section) return { draw() {}, next() {}, prev() {} };
  const R = viewer.L.review;
  const seatName = (seat) => viewer.head.seats[seat];
  let review = JSON.parse($("replay-review").textContent);
  let showing = null; // the index whose better board is on show
  // A judged move in words with its cards drawn, as the verdict names it ("9♣", "burying …").
  const moveEl = (words, seat) => {
    const el = node("span", "move-words");
    if (words) el.append(...viewer.moveNodes(words, seat, true));
    return el;
  };

  const lines = () => (review && review.lines) || [];
  const lineAt = (at) => lines().find((line) => stepOf(line) === at);
  const mistakes = () => lines().filter((line) => MISTAKES.has(line.label));

  function drawStatus() {
    const status = $("review-status");
    if (!review || !review.status) status.textContent = "";
    else if (review.status === "queued") status.textContent = R.queued;
    else if (review.status === "running") status.textContent = fmt(R.running, { done: review.done, total: review.total || "…" });
    else if (review.status === "failed") status.textContent = fmt(R.failed, { error: review.error });
    else if (review.status === "done") {
      status.textContent = review.seconds === null ? R.complete_plain : fmt(R.complete, { seconds: review.seconds });
    } else status.textContent = "";
    status.dataset.status = (review && review.status) || "";
    if (review && review.status === "running") {
      const bar = node("progress");
      bar.max = review.total || 1;
      bar.value = review.done;
      status.append(" ", bar);
    }
  }

  function drawMarks() {
    const box = $("review-marks");
    box.replaceChildren();
    const last = viewer.last() || 1;
    for (const line of lines()) {
      if (line.label === "best" || line.label === "good") continue;
      const mark = node("span", "marker rmark label-" + line.label);
      mark.dataset.at = stepOf(line);
      mark.style.left = `calc(${stepOf(line)} / ${last} * 100%)`;
      mark.title = `${seatName(line.seat)} (${R.labels[line.label]})`;
      box.append(mark);
    }
    $("review-buttons").hidden = lines().length === 0;
  }

  function drawTable() {
    const table = $("review-table");
    const rows = (review && review.per_seat) || [];
    table.hidden = rows.length === 0;
    const body = table.tBodies[0];
    body.replaceChildren();
    for (const s of rows) {
      const tr = node("tr");
      tr.dataset.seat = s.seat;
      const cells = [seatName(s.seat), s.accuracy.toFixed(1), s.loss.toFixed(2), s.decisions, s.inaccuracies, s.mistakes, s.blunders];
      for (const value of cells) tr.append(node("td", "", String(value)));
      body.append(tr);
    }
  }

  function betterButton(line) {
    const button = node("button", "", showing === line.index ? R.hide_better : R.show_better);
    button.type = "button";
    button.id = "btn-better";
    button.onclick = () => (showing === line.index ? hideBetter() : showBetter(line));
    return button;
  }

  function drawHere() {
    const here = $("review-here");
    here.replaceChildren();
    const line = lineAt(viewer.at());
    for (const el of document.querySelectorAll("#review-marks .rmark")) {
      el.classList.toggle("here", Number(el.dataset.at) === viewer.at());
    }
    if (!line) return;
    const box = node("div", "judgement label-" + line.label);
    box.dataset.index = line.index;
    const verdict = node("p", "verdict played");
    const label = node("span", "label", R.labels[line.label]);
    verdict.append(...fmtNodes(R.verdict, { seat: seatName(line.seat), move: moveEl(line.played_words, line.seat), label }));
    box.append(verdict);
    if (line.best !== line.played && line.loss > 0) {
      const better = node("p", "verdict best");
      const values = { move: moveEl(line.best_words, line.seat), gain: line.loss.toFixed(1), se: line.se.toFixed(1), unit: R.units[review.unit] || review.unit };
      better.append(...fmtNodes(R.better_by, values));
      box.append(better);
    }
    if (line.best !== line.played) box.append(betterButton(line));
    else box.append(node("p", "muted", R.best_move));
    if (showing === line.index) {
      const note = node("p", "muted better-note");
      note.append(...fmtNodes(R.better_board, { seat: seatName(line.seat), move: moveEl(line.best_words, line.seat) }));
      box.append(note);
    }
    here.append(box);
  }

  async function showBetter(line) {
    const url = new URL(section.dataset.betterUrl, location.href);
    url.searchParams.set("index", line.index);
    url.searchParams.set("seat", viewer.perspective());
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    if (!response.ok) return;
    const data = await response.json();
    showing = line.index;
    viewer.showFrame(data.frame, data.orders);
    drawHere();
    $("board").classList.add("better");
  }

  function hideBetter() {
    showing = null;
    $("board").classList.remove("better");
    viewer.redraw();
  }

  function jump(direction) {
    const at = viewer.at();
    const list = mistakes();
    const target = direction > 0 ? list.find((l) => stepOf(l) > at) : list.findLast((l) => stepOf(l) < at);
    if (target) viewer.go(stepOf(target));
    else {
      // Said for a moment, then the status line ("Review complete …") is back.
      $("review-status").textContent = R.no_mistake;
      setTimeout(drawStatus, NOTE_MS);
    }
  }

  async function poll() {
    try {
      const response = await fetch(section.dataset.statusUrl, { headers: { Accept: "application/json" } });
      if (response.ok) {
        review = await response.json();
        drawGraph();
        refresh();
      }
    } finally {
      if (review && (review.status === "queued" || review.status === "running")) setTimeout(poll, POLL_MS);
    }
  }

  // The expected-points graph as the server draws it (graph_svg.html), swapped in at each poll;
  // the viewer then marks the step shown and hides it again on a spoiler-free link.
  function drawGraph() {
    const box = $("graph-box");
    if (!box || review.graph_html === undefined) return;
    box.innerHTML = review.graph_html;
    viewer.reveal();
  }

  function refresh() {
    drawStatus();
    drawMarks();
    drawTable();
    drawHere();
  }

  $("btn-next-mistake").onclick = () => jump(1);
  $("btn-prev-mistake").onclick = () => jump(-1);
  $("review-marks").addEventListener("click", (e) => {
    const mark = e.target.closest(".rmark");
    if (mark) viewer.go(Number(mark.dataset.at));
  });
  refresh();
  if (review && (review.status === "queued" || review.status === "running")) setTimeout(poll, POLL_MS);

  return {
    // Called by the viewer after every step drawn: the better board gives way to the real one.
    draw() {
      if (showing !== null) {
        showing = null;
        $("board").classList.remove("better");
      }
      drawHere();
    },
    next: () => jump(1),
    prev: () => jump(-1),
  };
}
