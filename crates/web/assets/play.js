// Tablero's interactive board (and Telegram's Mini App page). The server
// sends the board's cells (where each lies on the picture, in percent)
// and the player's legal moves as paths of cells; a tap extends the
// path: the cells that can come next are marked, a path that names one
// move plays it, moves sharing a path are the third choice (buttons).
// The page follows the game's live events; a board that is behind is
// brought up to date before a tap counts.
(function () {
  "use strict";
  var tg = document.getElementById("tg");
  if (tg) { return telegram(tg); }
  var main = document.querySelector("main.play");
  if (!main) { return; }
  var words = JSON.parse(document.getElementById("words").textContent);
  var state = JSON.parse(document.getElementById("state").textContent);
  var img = document.getElementById("board");
  var cellsBox = document.getElementById("cells");
  var choices = document.getElementById("choices");
  var say = document.getElementById("say");
  var side = document.getElementById("side");
  var live = document.getElementById("live");
  var sel = [];          // the cells tapped so far
  var newest = state.ply; // the newest move number the live events told of
  var busy = false;
  var focusName = null;
  var buttons = {};

  function tell(text) { say.textContent = text || ""; }
  function fill(t, cell, from) { return t.replace("{cell}", cell).replace("{from}", from || ""); }
  function starts(path, prefix) {
    if (path.length < prefix.length) { return false; }
    for (var i = 0; i < prefix.length; i++) { if (path[i] !== prefix[i]) { return false; } }
    return true;
  }
  function candidates(prefix) {
    return state.moves.filter(function (m) { return m.p.length > 0 && starts(m.p, prefix); });
  }
  function cellOf(name) {
    for (var i = 0; i < state.cells.length; i++) { if (state.cells[i].n === name) { return state.cells[i]; } }
    return null;
  }

  // The marks of the current selection: the next cells, and the moves the
  // path already names (the third choice) as buttons.
  function marks() {
    var next = {}, exact = [];
    candidates(sel).forEach(function (m) {
      if (m.p.length > sel.length) { next[m.p[sel.length]] = true; }
      else { exact.push(m); }
    });
    // Nothing chosen: only placements (one tap) are marked.
    if (sel.length === 0) {
      next = {};
      state.moves.forEach(function (m) { if (m.p.length === 1) { next[m.p[0]] = true; } });
      exact = [];
    }
    return { next: next, exact: exact };
  }

  function render() {
    img.src = state.src;
    img.alt = state.alt;
    var mk = marks();
    var first = null;
    cellsBox.textContent = "";
    buttons = {};
    state.cells.forEach(function (c) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "cell";
      b.dataset.cell = c.n;
      b.style.left = c.x + "%"; b.style.top = c.y + "%";
      b.style.width = c.w + "%"; b.style.height = c.h + "%";
      if (c.clip) { b.style.clipPath = c.clip; }
      var label = c.l;
      if (sel.indexOf(c.n) >= 0) { b.classList.add("sel"); label += ", " + words.selected; }
      if (mk.next[c.n]) { b.classList.add("target"); if (c.p) { b.classList.add("occupied"); } label += ", " + words.target; }
      b.setAttribute("aria-label", label);
      b.tabIndex = -1;
      b.addEventListener("click", function () { tap(c.n); });
      cellsBox.appendChild(b);
      buttons[c.n] = b;
      if (!first) { first = b; }
    });
    var focus = buttons[focusName] || buttons[sel[sel.length - 1]] || first;
    if (focus) { focus.tabIndex = 0; }
    choices.textContent = "";
    var list = mk.exact.slice();
    if (sel.length === 0) { list = state.moves.filter(function (m) { return m.p.length === 0; }); }
    if (list.length) {
      var h = document.createElement("span");
      h.textContent = sel.length ? words.choose : words.other;
      choices.appendChild(h);
      list.forEach(function (m) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "choice";
        b.textContent = m.l;
        b.dataset.move = m.t;
        b.addEventListener("click", function () { send({ ply: state.ply, move: m.t }); });
        choices.appendChild(b);
      });
      if (sel.length) {
        var c = document.createElement("button");
        c.type = "button";
        c.className = "choice";
        c.textContent = words.cancel;
        c.addEventListener("click", function () { sel = []; tell(""); render(); });
        choices.appendChild(c);
      }
    }
    side.innerHTML = state.side;
    main.dataset.ply = String(state.ply);
    main.dataset.turn = state.turn ? "yes" : "no";
  }

  function tap(name) {
    focusName = name;
    if (busy) { return; }
    if (newest > state.ply) { refresh(words.refreshed); return; }
    if (!state.turn) { tell(words.notYourTurn); return; }
    var next = sel.concat([name]);
    var cands = candidates(next);
    if (cands.length === 0) {
      if (sel.length && sel[sel.length - 1] === name) { sel = []; tell(""); render(); return; }
      if (sel.length && candidates([name]).length) { sel = [name]; tell(""); render(); return; }
      var c = cellOf(name);
      if (sel.length) { tell(fill(words.notATarget, name, sel[0])); }
      else { tell(fill(c && c.p ? words.cannotMove : words.nothingHere, name)); }
      return;
    }
    var exact = cands.filter(function (m) { return m.p.length === next.length; });
    if (exact.length === 1 && cands.length === 1) { sel = []; send({ ply: state.ply, move: exact[0].t }); return; }
    sel = next;
    tell("");
    render();
  }

  function apply(s) {
    state = s;
    if (s.ply > newest) { newest = s.ply; }
    sel = [];
    render();
  }

  function post(body, then) {
    busy = true;
    main.setAttribute("aria-busy", "true");
    fetch(main.dataset.act, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify(body), credentials: "same-origin"
    }).then(function (r) { return r.json(); }).then(function (a) {
      busy = false;
      main.removeAttribute("aria-busy");
      if (a.finished && a.url) { location.href = a.url; return; }
      if (a.state) { apply(a.state); }
      tell(a.message || a.error || "");
      if (then) { then(a); }
    }).catch(function () { busy = false; main.removeAttribute("aria-busy"); refresh(); });
  }

  function send(body) { tell(words.sending); post(body); }

  function refresh(message) {
    fetch(main.dataset.state, { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (s) {
      if (s.finished && s.url) { location.href = s.url; return; }
      if (s.error) { tell(s.error); return; }
      apply(s);
      if (message) { tell(message); }
    });
  }

  // Keyboard: arrows move between cells by where they are drawn; Enter
  // and Space are the buttons' own; Escape lets go.
  cellsBox.addEventListener("keydown", function (e) {
    var here = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.cell : null;
    if (e.key === "Escape") { sel = []; tell(""); render(); e.preventDefault(); return; }
    var d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (!d || !here) { return; }
    e.preventDefault();
    var from = cellOf(here), best = null, bestScore = Infinity;
    var fx = from.x + from.w / 2, fy = from.y + from.h / 2;
    state.cells.forEach(function (c) {
      var dx = c.x + c.w / 2 - fx, dy = c.y + c.h / 2 - fy;
      var along = dx * d[0] + dy * d[1];
      if (along <= 0.01) { return; }
      var across = Math.abs(dx * d[1]) + Math.abs(dy * d[0]);
      var score = along + 2 * across;
      if (score < bestScore) { bestScore = score; best = c; }
    });
    if (best) {
      buttons[here].tabIndex = -1;
      buttons[best.n].tabIndex = 0;
      buttons[best.n].focus();
      focusName = best.n;
    }
  });

  document.getElementById("draw").onclick = function () { send({ action: "draw" }); };
  document.getElementById("takeback").onclick = function () { send({ action: "takeback" }); };
  var confirmBox = document.getElementById("confirm");
  document.getElementById("resign").onclick = function () { confirmBox.hidden = false; document.getElementById("resign-no").focus(); };
  document.getElementById("resign-no").onclick = function () { confirmBox.hidden = true; };
  document.getElementById("resign-yes").onclick = function () { confirmBox.hidden = true; send({ action: "resign" }); };

  var es = new EventSource(main.dataset.events);
  window.addEventListener("pagehide", function () { es.close(); });
  es.addEventListener("state", function (e) {
    var s = JSON.parse(e.data);
    var ply = s.plies.length - 1;
    if (s.finished) { location.href = main.dataset.watch; return; }
    if (ply > newest) { newest = ply; }
    if (ply !== state.ply && !busy) { refresh(); }
    else if (ply === state.ply) { side.innerHTML = s.side; }
  });
  es.onopen = function () { live.dataset.state = "on"; live.textContent = live.dataset.on; };
  es.onerror = function () { live.dataset.state = "off"; live.textContent = live.dataset.off; };
  render();
  tell(state.turn ? words.yourTurn : words.theirTurn);

  // Telegram's Mini App: its signed data comes in the address's fragment.
  function telegram(box) {
    var out = document.getElementById("say");
    var hash = new URLSearchParams(location.hash.slice(1));
    var init = hash.get("tgWebAppData") || "";
    var q = new URLSearchParams(location.search);
    fetch("/tg" + (q.get("lang") ? "?lang=" + q.get("lang") : ""), {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ init: init, start: q.get("start") })
    }).then(function (r) { return r.json(); }).then(function (a) {
      if (a.url) { location.replace(a.url); } else { out.textContent = a.error || ""; }
    });
    return box;
  }
})();
