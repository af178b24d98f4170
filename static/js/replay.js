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
        s.lines.map(function (line) { return h("span", { class: "line", text: line }); })));
    }));
    log.scrollTop = log.scrollHeight;
  }

  function toggle() {
    const button = document.getElementById("replay-play");
    if (playing) { clearInterval(playing); playing = null; button.textContent = "▶ Play"; return; }
    button.textContent = "⏸ Pause";
    playing = setInterval(function () {
      if (step >= data.steps.length - 1) { toggle(); return; }
      show(step + 1);
    }, 700);
  }

  fetch(root.dataset.source, { headers: { Accept: "application/json" } })
    .then(function (response) { return response.json(); })
    .then(function (payload) {
      if (payload.error) { document.getElementById("replay-position").textContent = payload.error.message; return; }
      data = payload;
      seats = (data.players || []).map(function (name, position) { return { position: position, name: name }; });
      slider.max = String(data.steps.length - 1);
      document.getElementById("replay-first").onclick = function () { show(0); };
      document.getElementById("replay-back").onclick = function () { show(step - 1); };
      document.getElementById("replay-next").onclick = function () { show(step + 1); };
      document.getElementById("replay-last").onclick = function () { show(data.steps.length - 1); };
      document.getElementById("replay-play").onclick = toggle;
      slider.oninput = function () { show(Number(slider.value)); };
      show(0);
    });
})();
