/* Tabs over a finished game's sections (the statistics templates, the game page's log and final board).
 *
 * Without script every section shows, one under the other, each under its heading. With it, each
 * `[data-tabs]` box gets a tab list built from its `[data-tab]` sections (the tab's name is the section's
 * data-tab-label), followed by the page's `[data-tab-external]` sections (the game page's log and board,
 * which live outside the statistics panel the server may send again). One section shows at a time; arrow
 * keys, Home and End move between tabs; the chosen tab is in the address (#dice) so that it can be linked.
 * A section shown fires "tab:shown" on itself (stats.js draws or resizes its charts then).
 * window.Tabs.init(root) sets up the boxes under `root` (stats.js calls it for a panel it reloads).
 */
(function () {
  "use strict";
  if (window.Tabs) return;

  const HIDDEN = "tab-hidden";

  function panelsOf(box) {
    const own = Array.from(box.querySelectorAll("[data-tab]")).filter(function (p) { return p.closest("[data-tabs]") === box; });
    const external = Array.from(document.querySelectorAll("[data-tab-external]")).filter(function (p) { return !box.contains(p); });
    return own.concat(external);
  }

  function nameOf(panel) {
    return panel.getAttribute("data-tab") || panel.getAttribute("data-tab-external");
  }

  function select(box, name, focus) {
    const tabs = Array.from(box.querySelectorAll("[role=tab]"));
    let chosen = tabs.find(function (tab) { return tab.dataset.name === name; }) || tabs[0];
    tabs.forEach(function (tab) {
      const on = tab === chosen;
      const panel = document.getElementById(tab.getAttribute("aria-controls"));
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      if (!panel) return;
      const was = !panel.classList.contains(HIDDEN);
      panel.classList.toggle(HIDDEN, !on);
      if (on && !was) panel.dispatchEvent(new CustomEvent("tab:shown", { bubbles: true }));
    });
    if (focus) chosen.focus();
    return chosen;
  }

  function remember(name) {
    const url = new URL(window.location.href);
    url.hash = name;
    window.history.replaceState(window.history.state, "", url.toString());
  }

  function onKey(box, event) {
    const tabs = Array.from(box.querySelectorAll("[role=tab]"));
    const at = tabs.indexOf(event.target);
    if (at < 0) return;
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = tabs[(moves[event.key] + tabs.length) % tabs.length];
    select(box, next.dataset.name, true);
    remember(next.dataset.name);
  }

  function setUp(box) {
    if (box.querySelector(":scope > [role=tablist]")) return;
    const panels = panelsOf(box);
    if (panels.length < 2) return;
    const list = document.createElement("div");
    list.className = "tab-list";
    list.setAttribute("role", "tablist");
    if (box.dataset.tabsLabel) list.setAttribute("aria-label", box.dataset.tabsLabel);
    panels.forEach(function (panel) {
      const name = nameOf(panel);
      if (!panel.id) panel.id = "tab-panel-" + name;
      const tab = document.createElement("button");
      tab.type = "button";
      tab.id = panel.id + "-tab";
      tab.dataset.name = name;
      tab.setAttribute("role", "tab");
      tab.setAttribute("aria-controls", panel.id);
      tab.textContent = panel.getAttribute("data-tab-label");
      panel.setAttribute("role", "tabpanel");
      panel.setAttribute("aria-labelledby", tab.id);
      panel.tabIndex = 0;
      panel.classList.add("tab-panel");
      list.append(tab);
    });
    list.addEventListener("click", function (event) {
      const tab = event.target.closest("[role=tab]");
      if (!tab) return;
      select(box, tab.dataset.name, false);
      remember(tab.dataset.name);
    });
    list.addEventListener("keydown", function (event) { onKey(box, event); });
    box.prepend(list);
    box.classList.add("tabs-ready");
    select(box, window.location.hash.slice(1), false);
  }

  function init(root) {
    (root || document).querySelectorAll("[data-tabs]").forEach(setUp);
  }

  window.addEventListener("hashchange", function () {
    document.querySelectorAll("[data-tabs].tabs-ready").forEach(function (box) {
      select(box, window.location.hash.slice(1), false);
    });
  });

  window.Tabs = { init: init };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { init(document); });
  else init(document);
})();
