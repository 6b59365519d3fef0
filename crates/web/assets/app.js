// Tablero's pages: stepping through a game (buttons, arrow keys, the move
// list) and live updates by Server-Sent Events, which reconnect by
// themselves; on every (re)connection the server sends the whole state.
(function () {
  "use strict";
  var live = document.getElementById("live");
  function connect(url, name, apply) {
    var es = new EventSource(url);
    // A page left (or kept in the back-forward cache) lets its stream go:
    // a browser holds few connections to one site, and a kept stream
    // would starve the next page's.
    window.addEventListener("pagehide", function () { es.close(); });
    es.addEventListener(name, function (e) { apply(JSON.parse(e.data)); });
    es.onopen = function () { if (live) { live.dataset.state = "on"; live.textContent = live.dataset.on; } };
    es.onerror = function () { if (live) { live.dataset.state = "off"; live.textContent = live.dataset.off; } };
  }
  var list = document.getElementById("list");
  if (list && list.dataset.events) {
    connect(list.dataset.events, "list", function (s) { list.innerHTML = s.html; });
  }
  var tournament = document.getElementById("tournament");
  if (tournament && tournament.dataset.events) {
    connect(tournament.dataset.events, "tournament", function (s) { tournament.innerHTML = s.html; });
  }
  var main = document.querySelector("main.game");
  if (!main) { return; }
  var img = document.getElementById("board");
  var side = document.getElementById("side");
  var plies = JSON.parse(document.getElementById("plies").textContent);
  var ply = Number(main.dataset.ply);
  var follow = ply === plies.length - 1;
  var query = main.dataset.lang ? "?lang=" + main.dataset.lang : "";
  var buttons = {
    first: document.getElementById("first"), back: document.getElementById("back"),
    forward: document.getElementById("forward"), last: document.getElementById("last")
  };
  // Brings the current move into view inside the move list only: the
  // page itself never scrolls (on a phone the list is below the board,
  // and scrolling the page to it hid the board on load and on every move).
  function reveal(list, a) {
    if (!list || list.scrollHeight <= list.clientHeight) { return; }
    var lr = list.getBoundingClientRect(), ar = a.getBoundingClientRect();
    if (ar.top < lr.top) { list.scrollTop -= lr.top - ar.top; }
    else if (ar.bottom > lr.bottom) { list.scrollTop += ar.bottom - lr.bottom; }
  }
  function show(p, push) {
    p = Math.max(0, Math.min(plies.length - 1, p));
    ply = p;
    follow = p === plies.length - 1;
    main.dataset.ply = String(p);
    if (img.getAttribute("src") !== plies[p].src) { img.src = plies[p].src; }
    img.alt = plies[p].alt;
    var list = side.querySelector("ol.moves");
    var links = side.querySelectorAll("ol.moves a");
    for (var i = 0; i < links.length; i++) {
      if (Number(links[i].dataset.ply) === p) {
        links[i].setAttribute("aria-current", "step");
        reveal(list, links[i]);
      } else { links[i].removeAttribute("aria-current"); }
    }
    buttons.first.disabled = buttons.back.disabled = p === 0;
    buttons.forward.disabled = buttons.last.disabled = p === plies.length - 1;
    if (push) {
      var q = follow ? query : (query ? query + "&" : "?") + "ply=" + p;
      history.replaceState(null, "", location.pathname + q);
    }
  }
  buttons.first.onclick = function () { show(0, true); };
  buttons.back.onclick = function () { show(ply - 1, true); };
  buttons.forward.onclick = function () { show(ply + 1, true); };
  buttons.last.onclick = function () { show(plies.length - 1, true); };
  side.addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("ol.moves a") : null;
    if (a) { e.preventDefault(); show(Number(a.dataset.ply), true); }
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var t = e.target && e.target.tagName;
    if (t === "INPUT" || t === "TEXTAREA" || t === "SELECT") { return; }
    var to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: plies.length - 1 }[e.key];
    if (to === undefined) { return; }
    e.preventDefault();
    show(to, true);
  });
  function tick() {
    var c = document.getElementById("clock");
    if (!c || !c.dataset.deadline) { return; }
    var left = Math.max(0, Number(c.dataset.deadline) - Date.now() - skew);
    var s = Math.floor(left / 1000), d = Math.floor(s / 86400);
    var hh = Math.floor(s % 86400 / 3600), mm = Math.floor(s % 3600 / 60), ss = s % 60;
    c.textContent = (d ? d + "d " : "") + hh + ":" + (mm < 10 ? "0" : "") + mm + ":" + (ss < 10 ? "0" : "") + ss;
  }
  var skew = Date.now() - Number(main.dataset.now);
  setInterval(tick, 1000);
  tick();
  connect(main.dataset.events, "state", function (s) {
    plies = s.plies;
    side.innerHTML = s.side;
    skew = Date.now() - s.now;
    document.title = s.title;
    show(follow ? plies.length - 1 : Math.min(ply, plies.length - 1), false);
    tick();
  });
  show(ply, false);
})();
