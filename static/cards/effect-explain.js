/* Live help for effect fields (cards/widgets.py): as the designer types, ask /api/effects/explain/ in the page's
   language and show the effect in words, or where it goes wrong and what was expected there. Text goes in through
   textContent only. Its own words come from the site's catalogue (/i18n/catalog.js, loaded before it). */
(function () {
  "use strict";
  const gettext = window.gettext || ((text) => text);

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

  function attach(input) {
    if (input.dataset.effectReady) return;
    input.dataset.effectReady = "1";
    const output = document.getElementById(input.id + "_explain");
    const form = input.form;
    const contextNames = JSON.parse(input.dataset.effectContext || "[]");
    let timer = null;
    let asked = 0;

    function ask() {
      const params = new URLSearchParams({ game: input.dataset.effectGame, effect: input.value });
      if (input.dataset.effectLang) params.set("lang", input.dataset.effectLang);
      for (const name of contextNames) {
        const field = form && form.elements.namedItem(name);
        if (field && field.value) params.set(name, field.value);
      }
      const ticket = ++asked;
      fetch(input.dataset.effectUrl + "?" + params.toString(), { headers: { Accept: "application/json" } })
        .then((response) => response.json())
        .then((answer) => {
          if (ticket !== asked) return; // a later keystroke already asked again
          if (answer.error && answer.valid === undefined) {
            output.replaceChildren(el("span", "effect-error", answer.error.message));
          } else {
            show(output, answer);
          }
        })
        .catch(() => { if (ticket === asked) output.replaceChildren(el("span", "effect-error", gettext("Could not check the effect (offline?)."))); });
    }

    function soon() {
      clearTimeout(timer);
      timer = setTimeout(ask, 200);
    }

    input.addEventListener("input", soon);
    for (const name of contextNames) {
      const field = form && form.elements.namedItem(name);
      if (field && field.addEventListener) field.addEventListener("change", soon);
    }
  }

  function attachAll() {
    document.querySelectorAll("textarea[data-effect-game]").forEach(attach);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", attachAll);
  else attachAll();
})();
