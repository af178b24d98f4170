/* A game page on a phone: the board, the chat and the log are three tabs (templates/games/game.html), so the
   chat and the log are one tap away instead of after the whole board. A chat message arriving while another
   tab is shown counts on the Chat tab. On a desktop the tabs are hidden by CSS and everything shows.
   Each change of tab is told on document as "game:tab" ({tab}). */
(function () {
  "use strict";
  const bar = document.getElementById("game-tabs");
  const layout = document.getElementById("game-layout");
  if (!bar || !layout) return;
  const tabs = Array.prototype.slice.call(bar.querySelectorAll("[role=tab]"));
  const badge = document.getElementById("chat-unread");
  const phone = window.matchMedia("(max-width: 899px)");
  let unread = 0;

  function showBadge() {
    badge.hidden = unread === 0;
    badge.textContent = unread ? String(unread) : "";
    if (unread) badge.setAttribute("aria-label", interpolate(ngettext("%s unread message", "%s unread messages", unread), [unread]));
    else badge.removeAttribute("aria-label");
  }

  function select(name, focus) {
    layout.dataset.tab = name;
    tabs.forEach(function (tab) {
      const on = tab.dataset.tab === name;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      if (on && focus) tab.focus();
    });
    document.dispatchEvent(new CustomEvent("game:tab", { detail: { tab: name } }));
    if (name === "chat") { unread = 0; showBadge(); }
    if (name === "log") {  // the log was hidden while it grew: show its latest lines
      const log = document.getElementById("game-log");
      if (log) log.scrollTop = log.scrollHeight;
    }
  }

  tabs.forEach(function (tab, index) {
    tab.addEventListener("click", function () { select(tab.dataset.tab, false); });
    // Arrow keys move between tabs, as in every tab list.
    tab.addEventListener("keydown", function (event) {
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      event.preventDefault();
      select(tabs[(index + step + tabs.length) % tabs.length].dataset.tab, true);
    });
  });

  // A log line about board cells (Aquarius), tapped on the Log tab, opens the board showing them (game-page.js).
  document.getElementById("game-log").addEventListener("click", function (event) {
    if (phone.matches && layout.dataset.tab === "log" && event.target.closest(".line[data-cells]")) select("board", false);
  });

  document.addEventListener("game:chat", function () {
    if (!phone.matches || layout.dataset.tab === "chat") return;
    unread += 1;
    showBadge();
  });

  bar.hidden = false;
  select("board", false);
})();
