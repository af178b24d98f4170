/* The header's notifications menu: the unread count, kept live by /ws/notifications/, and a panel of the latest
   notifications loaded when opened (those shown are then marked read). Without scripts the bell is a link to
   the notifications page. */
(function () {
  "use strict";

  const menu = document.getElementById("notif-menu");
  if (!menu || !window.LiveSocket) return;
  const button = document.getElementById("notif-button");
  const panel = document.getElementById("notif-panel");
  const badge = document.getElementById("notif-count");
  const csrf = menu.querySelector("input[name=csrfmiddlewaretoken]");

  function setCount(unread) {
    const before = parseInt(badge.dataset.unread || "0", 10);
    badge.dataset.unread = String(unread);
    badge.textContent = unread > 99 ? "99+" : String(unread);
    badge.hidden = !unread;
    button.title = unread ? interpolate(ngettext("%s unread notification", "%s unread notifications", unread), [unread])
      : gettext("Notifications");
    if (unread > before) {   // a gentle bump (none with prefers-reduced-motion: notifications.css)
      badge.classList.remove("bump");
      void badge.offsetWidth;
      badge.classList.add("bump");
    }
  }

  function post(body) {
    body.append("csrfmiddlewaretoken", csrf ? csrf.value : "");
    return fetch(menu.dataset.read, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRFToken": csrf ? csrf.value : "" },
    }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    }).then(function (answer) { setCount(answer.unread); });
  }

  function markShownRead() {
    const unread = panel.querySelectorAll(".notif-item.unread");
    if (!unread.length) return;
    const body = new URLSearchParams();
    unread.forEach(function (item) { body.append("id", item.dataset.id); });
    post(body).catch(function () { /* the count stays; the next opening tries again */ });
  }

  function load() {
    return fetch(menu.dataset.panel, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        panel.innerHTML = html;   // rendered and escaped by the server (notifications/_panel.html)
        const readAll = document.getElementById("notif-read-all");
        readAll.addEventListener("click", function () {
          const body = new URLSearchParams();
          body.append("all", "1");
          post(body).then(function () {
            panel.querySelectorAll(".notif-item.unread").forEach(function (item) { item.classList.remove("unread"); });
            readAll.disabled = true;
          }).catch(function () {});
        });
        markShownRead();
      })
      .catch(function () {
        panel.replaceChildren(Object.assign(document.createElement("p"), {
          className: "muted", textContent: gettext("The notifications could not be loaded: try again."),
        }));
      });
  }

  function open() {
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
    menu.classList.add("open");
    load();
  }

  function close() {
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    menu.classList.remove("open");
  }

  button.addEventListener("click", function (event) {
    event.preventDefault();
    if (panel.hidden) open(); else close();
  });
  document.addEventListener("click", function (event) {
    if (!panel.hidden && !menu.contains(event.target)) close();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && !panel.hidden) { close(); button.focus(); }
  });

  menu.dataset.state = "connecting";
  const socket = new LiveSocket(menu.dataset.socket, {
    open: function () { menu.dataset.state = "live"; },   // for tests: the count is live from now on
    frame: function (frame) {
      if (frame.type === "count" && typeof frame.unread === "number") setCount(frame.unread);
    },
    close: function (event) {
      if (event.code === 4403) socket.stop();   // signed out meanwhile: nothing to count
    },
  });
})();
