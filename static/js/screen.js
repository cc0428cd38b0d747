// The room's screen: one panel at a time (tables, standings, travellers), each for data-seconds;
// the panels are fetched again whenever the tournament's socket says a table or the standings
// changed, and the panel on show stays on show.
(function () {
  "use strict";
  var box = document.getElementById("screen");
  if (!box) { return; }
  var seconds = parseInt(box.getAttribute("data-seconds"), 10) || 15;
  var current = 0;
  var retry = 1000;

  function panels() { return box.querySelectorAll(".panel"); }

  function show() {
    var all = panels();
    if (!all.length) { return; }
    current = current % all.length;
    all.forEach(function (panel, i) { panel.hidden = i !== current; });
    box.setAttribute("data-showing", all[current].getAttribute("data-panel"));
  }

  function refresh() {
    fetch(box.getAttribute("data-url"), { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) { if (html !== null) { box.innerHTML = html; show(); } })
      .catch(function () {});
  }

  function connect() {
    if (!window.WebSocket) { return; }
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + box.getAttribute("data-socket"));
    socket.onopen = function () { retry = 1000; };
    socket.onmessage = function () { refresh(); };
    socket.onclose = function () {
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 30000);
    };
  }

  show();
  setInterval(function () { current += 1; show(); }, seconds * 1000);
  connect();
})();
