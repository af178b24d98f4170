/* The header's count of games waiting for your move: asked again every minute while the page is seen, and
   when it comes back into view (one cheap query on the server). The count changes gently (no motion if the
   visitor asks for less). */
(function () {
  "use strict";
  const badge = document.getElementById("waiting-badge");
  if (!badge || !window.fetch) return;
  const PERIOD = 60000;
  let timer = null;

  function show(body) {
    if (typeof body.count !== "number") return;
    const count = badge.querySelector(".turn-count");
    const label = badge.querySelector(".turn-label");
    const before = count.textContent;
    count.textContent = String(body.count);
    label.textContent = body.label;
    badge.hidden = body.count === 0;
    if (before !== String(body.count) && body.count > 0) {
      badge.classList.remove("changed");
      void badge.offsetWidth;  // restart the animation
      badge.classList.add("changed");
    }
  }

  function ask() {
    fetch(badge.dataset.url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (body) { if (body) show(body); })
      .catch(function () { /* offline: the count stays as it was */ });
  }

  function schedule() {
    clearInterval(timer);
    timer = document.hidden ? null : setInterval(ask, PERIOD);
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) ask();
    schedule();
  });
  window.addEventListener("pageshow", function (event) { if (event.persisted) ask(); });
  schedule();
})();
