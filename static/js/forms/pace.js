/* The create form's pace: live games show their turn timer, turn-based games their time per move and what
   happens when it runs out. Without this script every field shows and the server ignores the other pace's. */
(function () {
  "use strict";
  const form = document.querySelector("form [name$='pace']");
  if (!form) return;
  const root = form.closest("form");
  const field = function (name) {
    const input = root.querySelector("[name$='-" + name + "']");
    return input ? input.closest(".field") : null;
  };
  const live = [field("turn_seconds")];
  const turnBased = [field("move_seconds"), field("on_timeout")];

  function show() {
    const chosen = root.querySelector("[name$='-pace']:checked");
    const isTurnBased = !!chosen && chosen.value === "turn_based";
    live.forEach(function (node) { if (node) node.hidden = isTurnBased; });
    turnBased.forEach(function (node) { if (node) node.hidden = !isTurnBased; });
  }

  root.querySelectorAll("[name$='-pace']").forEach(function (input) { input.addEventListener("change", show); });
  show();
})();
