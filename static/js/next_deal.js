// Between deals (docs/protocol.md, "next_deal"): the "Next deal" button for a seated person who has
// not pressed it, who is ready and who is awaited, and the seconds left until the next deal starts.
// Shared by the trick games' page (table.js) and Si Se Pai's (sisepai_table.js).

const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key] ?? ""));

// The bar's elements are #next-deal, #next-deal-button and #next-deal-status; ``send`` sends a frame.
export function nextDealBar(send, words) {
  const $ = (id) => document.getElementById(id);
  let timer = null;
  $("next-deal-button").textContent = words.next_deal;
  $("next-deal-button").addEventListener("click", () => {
    $("next-deal-button").hidden = true; // the next view shows the seat ready
    send({ type: "next" });
  });
  return function draw(view, seatName) {
    clearInterval(timer);
    const next = view.state && view.state.phase === "over" ? view.next_deal : null;
    $("next-deal").hidden = !next;
    if (!next) return;
    const seated = view.seat !== null && view.seat !== undefined;
    const ready = next.ready.includes(view.seat);
    $("next-deal-button").hidden = !seated || ready;
    const names = (seats) => seats.map(seatName).join(", ");
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((next.deadline - Date.now()) / 1000));
      const lines = [fmt(seconds > 0 ? words.next_in : words.next_starting, { number: next.number, seconds })];
      if (seated && ready) lines.push(words.you_are_ready);
      if (next.ready.length) lines.push(fmt(words.ready_names, { names: names(next.ready) }));
      if (next.waiting.length) lines.push(fmt(words.waiting_names, { names: names(next.waiting) }));
      $("next-deal-status").textContent = lines.join(" · ");
    };
    tick();
    timer = setInterval(tick, 1000);
  };
}
