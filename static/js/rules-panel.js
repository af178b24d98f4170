/* The players' rules (templates/games/<game>/rules.html): their card pictures, and on the game page the rules as a
   side panel. The game menu's "Rules" link fetches the rules' panel fragment once and shows it beside the game,
   which stays usable: the panel is not modal. It closes with its button or Escape; focus goes into the panel when
   it opens and back to the link when it closes. A click with a modifier key opens the rules page as a link does.
   Machi Koro faces are drawn by card-face.js, Aquarius cards by the board's card component
   (static/js/boards/aquarius/cards.js); a page loads the one its cards need. */
(function () {
  "use strict";

  function drawAquarius(root) {
    const component = window.Aquarius && window.Aquarius.cards;
    if (!component) return;
    root.querySelectorAll("[data-aq-card]").forEach(function (slot) {
      let card;
      try { card = JSON.parse(slot.getAttribute("data-aq-card")); } catch (e) { return; }
      const picture = component.miniCard(card.id, true, component.normaliseRules({ cards: [card] }));
      picture.removeAttribute("aria-hidden");
      picture.setAttribute("role", "img");
      picture.setAttribute("aria-label", card.name);
      picture.classList.add("rules-aq-card");
      slot.classList.forEach(function (name) { if (name !== "aq-card-slot") picture.classList.add(name); });
      slot.replaceWith(picture);
    });
  }

  function drawCards(root) {
    if (window.CardFace) window.CardFace.hydrate(root);
    drawAquarius(root);
  }

  const page = document.querySelector(".rules-page");
  if (page) drawCards(page);

  const link = document.getElementById("rules-link");
  const panel = document.getElementById("rules-panel");
  if (!link || !panel) return;
  const body = document.getElementById("rules-body");
  const close = document.getElementById("rules-close");
  let loading = null;

  function load() {
    if (!loading) {
      panel.setAttribute("aria-busy", "true");
      loading = fetch(link.dataset.panel, { credentials: "same-origin", headers: { Accept: "text/html" } })
        .then(function (response) {
          if (!response.ok) throw new Error(String(response.status));
          return response.text();
        })
        .then(function (html) {
          body.innerHTML = html;  // the site's own template, rendered for this reader
          drawCards(body);
        })
        .catch(function () {
          loading = null;  // the next opening tries again
          body.textContent = gettext("The rules could not be loaded. Try again in a moment.");
        })
        .finally(function () { panel.removeAttribute("aria-busy"); });
    }
    return loading;
  }

  function open() {
    panel.hidden = false;
    document.body.classList.add("rules-open");
    link.setAttribute("aria-expanded", "true");
    panel.focus({ preventScroll: true });
    load();
  }

  function shut() {
    if (panel.hidden) return;
    panel.hidden = true;
    document.body.classList.remove("rules-open");
    link.setAttribute("aria-expanded", "false");
    link.focus({ preventScroll: true });
  }

  link.addEventListener("click", function (event) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (panel.hidden) open(); else shut();
  });
  close.addEventListener("click", shut);
  // Escape closes the panel, unless the board has a choice of its own to cancel (its Escape goes first).
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || panel.hidden || event.defaultPrevented) return;
    const board = document.getElementById("board");
    if (!panel.contains(document.activeElement) && board && board.contains(document.activeElement)) return;
    shut();
  });
})();
