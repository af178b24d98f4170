/* Live help for a draft's effect boxes (cards/drafts/widgets.py): the card editor's explanation (the same API,
   GET /api/effects/explain/, and the same markup as effect-explain.js), for a page with one box per card.

   Nothing is asked on load (the server wrote each box's explanation, or its error with the caret): a box asks
   when its text changes (after a pause in the typing), or when its row's colour, activation numbers or name
   change. One listener on the document serves every row, including those "Add another" makes later.
   Text goes in through textContent only. */
(function () {
  "use strict";
  const gettext = window.gettext || ((text) => text);
  const BOX = "textarea[data-draft-effect]";
  const ROW_FIELD = /^(.*-)(colour|activation_min|activation_max|name)$/;
  const PAUSE_MS = 250;
  const timers = new WeakMap();
  const tickets = new WeakMap();

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function show(output, answer) {
    output.replaceChildren();
    output.classList.toggle("effect-invalid", !answer.valid);
    if (!answer.effect) {
      output.append(el("span", "effect-hint", gettext("Type an effect: its meaning appears here.")));
    } else if (answer.valid) {
      output.append(el("span", "effect-words", answer.explained));
      if (answer.unified && answer.unified !== answer.effect) {
        const note = el("span", "effect-unified", " " + gettext("Saved as") + " ");
        note.append(el("code", "", answer.unified));
        output.append(note);
      }
    } else {
      const error = answer.error;
      output.append(el("span", "effect-error", error.message));
      const caret = el("span", "effect-caret");
      caret.textContent = answer.effect.replace(/\n/g, " ") + "\n" + " ".repeat(Math.max(0, error.column - 1)) + "^ " + error.expected;
      output.append(caret);
    }
  }

  function rowField(box, name) {
    // "cards-3-effect" -> "cards-3-colour": the fields of the box's own row.
    const prefix = box.name.slice(0, box.name.length - "effect".length);
    return box.form ? box.form.elements.namedItem(prefix + name) : null;
  }

  function ask(box) {
    const output = document.getElementById(box.id + "_explain");
    if (!output) return;
    const params = new URLSearchParams({ game: box.dataset.draftEffect, effect: box.value });
    if (box.dataset.effectLang) params.set("lang", box.dataset.effectLang);
    for (const name of ["colour", "activation_min", "activation_max", "name"]) {
      const field = rowField(box, name);
      if (field && field.value) params.set(name, field.value);
    }
    const ticket = (tickets.get(box) || 0) + 1;
    tickets.set(box, ticket);
    fetch(box.dataset.effectUrl + "?" + params.toString(), { headers: { Accept: "application/json" } })
      .then((response) => response.json())
      .then((answer) => {
        if (tickets.get(box) !== ticket) return; // a later keystroke asked again
        if (answer.error && answer.valid === undefined) {
          output.replaceChildren(el("span", "effect-error", answer.error.message));
        } else {
          show(output, answer);
        }
        box.setAttribute("aria-invalid", answer.valid === false ? "true" : "false");
      })
      .catch(() => {
        if (tickets.get(box) === ticket) output.replaceChildren(el("span", "effect-error", gettext("Could not check the effect (offline?).")));
      });
  }

  function soon(box) {
    clearTimeout(timers.get(box));
    timers.set(box, setTimeout(() => ask(box), PAUSE_MS));
  }

  document.addEventListener("input", (event) => {
    if (event.target.matches && event.target.matches(BOX)) soon(event.target);
  });

  document.addEventListener("change", (event) => {
    const match = event.target.name && event.target.name.match(ROW_FIELD);
    if (!match || !event.target.form) return;
    const box = event.target.form.elements.namedItem(match[1] + "effect");
    if (box && box.matches && box.matches(BOX) && box.value) soon(box);
  });
})();
