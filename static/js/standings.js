// Live standings: the socket says which standings version exists; when it is newer than the one
// shown, the standings fragment is fetched again over HTTP (where the permission rules apply).
(function () {
  "use strict";
  var box = document.getElementById("live-standings");
  if (!box || !window.WebSocket) { return; }
  var retry = 1000;

  function shown() {
    var table = document.getElementById("standings");
    return table ? parseInt(table.getAttribute("data-version"), 10) || 0 : 0;
  }

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
      var data = JSON.parse(event.data);
      if (data.type === "standings" && data.version > shown()) { refresh(); }
    };
    socket.onclose = function () {
      // Reconnect with backoff; the version sent on connect catches up anything missed meanwhile.
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 30000);
    };
  }

  connect();
})();
