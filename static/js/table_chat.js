// A table's chat (docs/protocol.md, "chat"): the lines the server lets this socket read, drawn as
// text (never markup), a form to write one, the refusal shown under it, and the host's "Mute" on
// other people's lines. Shared by every table page; folded on a phone, unfolded on a wide screen.

export function chatPanel(send) {
  const $ = (id) => document.getElementById(id);
  const box = $("chat");
  if (!box) return () => false;
  const words = JSON.parse($("chat-strings").textContent);
  const lines = $("chat-lines");
  const error = $("chat-error");
  const mayMute = box.dataset.mute === "1";
  const me = Number(box.dataset.me || 0);
  const seen = new Set();
  const muted = new Set();
  let unread = 0;
  if (matchMedia("(min-width: 40.01rem)").matches) box.open = true;
  box.addEventListener("toggle", () => {
    if (box.open) setUnread(0);
  });
  const form = $("chat-form");
  if (form) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = form.text.value.trim();
      if (!text) return;
      send({ type: "chat", text });
      form.text.value = "";
      error.hidden = true;
    });
  }

  function setUnread(count) {
    unread = count;
    $("chat-unread").textContent = String(count);
    $("chat-unread").hidden = count === 0;
  }

  function muteButton(line) {
    const button = Object.assign(document.createElement("button"), { type: "button", className: "secondary chat-mute" });
    const label = () => (button.textContent = muted.has(line.author) ? words.unmute : words.mute);
    label();
    button.addEventListener("click", () => send({ type: muted.has(line.author) ? "unmute" : "mute", person: line.author }));
    button.dataset.person = line.author;
    button.relabel = label;
    return button;
  }

  function draw(line) {
    if (seen.has(line.id)) return;
    seen.add(line.id);
    const item = document.createElement("li");
    item.className = "chat-line " + line.channel;
    item.dataset.channel = line.channel;
    const channel = Object.assign(document.createElement("span"), { className: "chat-channel", textContent: words[line.channel] });
    const name = Object.assign(document.createElement("strong"), { textContent: line.name });
    const text = Object.assign(document.createElement("span"), { className: "chat-text", textContent: line.text });
    item.append(channel, " ", name, ": ", text);
    if (mayMute && line.author && line.author !== me) item.append(" ", muteButton(line));
    lines.append(item);
    lines.scrollTop = lines.scrollHeight;
  }

  return function receive(frame) {
    if (frame.type === "chat") {
      frame.lines.forEach(draw);
      if (!box.open && !frame.history) setUnread(unread + frame.lines.length);
      return true;
    }
    if (frame.type === "chat_error") {
      error.textContent = frame.message;
      error.hidden = false;
      box.open = true;
      return true;
    }
    if (frame.type === "chat_muted") {
      if (frame.muted) muted.add(frame.person);
      else muted.delete(frame.person);
      lines.querySelectorAll(".chat-mute").forEach((button) => button.relabel());
      error.textContent = frame.muted ? words.muted : words.unmuted;
      error.hidden = false;
      return true;
    }
    return false;
  };
}
