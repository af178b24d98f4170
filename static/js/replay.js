/* A finished game move by move: the server re-applies the recorded actions and sends every position;
   this page steps through them with the game's own board. */
(function () {
  "use strict";
  const h = Dom.h;
  const root = document.getElementById("replay");
  const board = GameBoards.get(root.dataset.ruleset);
  const slider = document.getElementById("replay-step");
  let data = null;
  let seats = [];
  let step = 0;
  let playing = null;

  function show(index) {
    step = Math.max(0, Math.min(index, data.steps.length - 1));
    slider.value = String(step);
    const current = data.steps[step];
    document.getElementById("replay-position").textContent = interpolate(gettext("Move %(step)s of %(last)s"), { step: step, last: data.steps.length - 1 }, true);
    board.render(document.getElementById("board"), {
      view: current.view, rules: data.rules, seats: seats, you: null, progress: null, actions: [], act: function () {},
    });
    const log = document.getElementById("game-log");
    const shown = data.steps.slice(Math.max(0, step - 60), step + 1);
    log.replaceChildren.apply(log, shown.map(function (s) {
      return h("li", null, [h("span", { class: "seq", text: "#" + s.seq })].concat(
        s.lines.map(function (line, i) { return logLine(line, (s.cells || [])[i]); })));
    }));
    log.scrollTop = log.scrollHeight;
    pointAt(null);
  }

  /* As on the game page: a line about board cells shows them while pointed at or focused; otherwise the
     board shows the cells of the move just replayed. */
  function logLine(line, cells) {
    if (!cells || !cells.length || !board.highlight) return h("span", { class: "line", text: line });
    return h("span", { class: "line has-cells", text: line, tabindex: "0",
      "data-cells": cells.map(function (c) { return c[0] + "," + c[1]; }).join(";") });
  }

  function cellsOf(node) {
    const line = node && node.closest ? node.closest("#game-log .line[data-cells]") : null;
    return line ? line.dataset.cells.split(";").map(function (c) { return c.split(",").map(Number); }) : null;
  }

  function pointAt(cells) {
    if (!board.highlight) return;
    const current = data.steps[step].cells || [];
    board.highlight(document.getElementById("board"), cells || [].concat.apply([], current));
  }

  const logList = document.getElementById("game-log");
  logList.addEventListener("pointerover", function (event) { const c = cellsOf(event.target); if (c) pointAt(c); });
  logList.addEventListener("pointerout", function (event) { if (!cellsOf(event.relatedTarget)) pointAt(null); });
  logList.addEventListener("focusin", function (event) { const c = cellsOf(event.target); if (c) pointAt(c); });
  logList.addEventListener("focusout", function (event) { if (!cellsOf(event.relatedTarget)) pointAt(null); });

  const SPEEDS = { "0.5": 1400, "1": 700, "2": 350, "4": 175 };  // milliseconds per move
  const speed = document.getElementById("replay-speed");

  function playLabel() {
    const button = document.getElementById("replay-play");
    button.textContent = playing ? "⏸ " + gettext("Pause") : "▶ " + pgettext("replay", "Play");
    button.setAttribute("aria-pressed", playing ? "true" : "false");
  }

  function stop() {
    if (playing) { clearInterval(playing); playing = null; }
    playLabel();
  }

  function start() {
    stop();
    if (step >= data.steps.length - 1) show(0);  // playing from the end starts again
    playing = setInterval(function () {
      if (step >= data.steps.length - 1) { stop(); return; }
      show(step + 1);
    }, SPEEDS[speed.value] || 700);
    playLabel();
  }

  function toggle() { if (playing) stop(); else start(); }

  // Keys as on Lichess: arrows step, Home/End jump, space plays or pauses. Keys typed into a field, or that a
  // focused control already handles (the slider's arrows, a button's space), are left alone.
  function onKey(event) {
    if (!data || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest && target.closest("input, select, textarea, [contenteditable]")) return;
    const moves = { ArrowLeft: function () { return step - 1; }, ArrowRight: function () { return step + 1; },
      Home: function () { return 0; }, End: function () { return data.steps.length - 1; } };
    if (moves[event.key]) { stop(); show(moves[event.key]()); event.preventDefault(); return; }
    if (event.key === " " && !(target.closest && target.closest("button, a"))) { toggle(); event.preventDefault(); }
  }

  fetch(root.dataset.source, { headers: { Accept: "application/json" } })
    .then(function (response) { return response.json(); })
    .then(function (payload) {
      if (payload.error) { document.getElementById("replay-position").textContent = payload.error.message; return; }
      data = payload;
      seats = (data.players || []).map(function (name, position) { return { position: position, name: name }; });
      slider.max = String(data.steps.length - 1);
      document.getElementById("replay-first").onclick = function () { stop(); show(0); };
      document.getElementById("replay-back").onclick = function () { stop(); show(step - 1); };
      document.getElementById("replay-next").onclick = function () { stop(); show(step + 1); };
      document.getElementById("replay-last").onclick = function () { stop(); show(data.steps.length - 1); };
      document.getElementById("replay-play").onclick = toggle;
      speed.onchange = function () { if (playing) start(); };
      slider.oninput = function () { stop(); show(Number(slider.value)); };
      document.addEventListener("keydown", onKey);
      show(0);
    });
})();
