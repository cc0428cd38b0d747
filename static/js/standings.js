// Live fragments over a tournament's socket: the socket says what changed (the standings version,
// or a table of a round), and the fragment is fetched again over HTTP, where the permission rules
// apply. The tournament page's standings and the round page's tables both use it.
(function () {
  "use strict";

  function live(box, wanted) {
    if (!box || !window.WebSocket) { return; }
    var retry = 1000;

    function refresh() {
      fetch(box.getAttribute("data-url"), { credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) { if (html !== null) { box.innerHTML = html; } })
        .catch(function () {});
    }

    function connect() {
      var scheme = location.protocol === "https:" ? "wss://" : "ws://";
      var socket = new WebSocket(scheme + location.host + box.getAttribute("data-socket"));
      socket.onopen = function () { retry = 1000; };
      socket.onmessage = function (event) {
        if (wanted(JSON.parse(event.data))) { refresh(); }
      };
      socket.onclose = function () {
        // Reconnect with backoff; the version sent on connect catches up anything missed meanwhile.
        setTimeout(connect, retry);
        retry = Math.min(retry * 2, 30000);
      };
    }

    connect();
  }

  live(document.getElementById("live-standings"), function (data) {
    var table = document.getElementById("standings");
    var shown = table ? parseInt(table.getAttribute("data-version"), 10) || 0 : 0;
    return data.type === "standings" && data.version > shown;
  });

  var round = document.getElementById("live-round");
  live(round, function (data) {
    // The "standings" message of every (re)connect refetches too: a missed event is caught up.
    var number = round ? parseInt(round.getAttribute("data-round"), 10) : 0;
    return data.type === "standings" || (data.type === "round" && data.round === number);
  });
})();
