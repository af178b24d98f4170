/* The site header on a phone: the site's links fold under a menu button (a disclosure), so the header keeps
   one row. Escape or a click elsewhere closes it. Without this script the links wrap below, as before. */
(function () {
  "use strict";
  const header = document.querySelector(".site-header");
  const button = document.getElementById("menu-button");
  const nav = document.getElementById("site-nav");
  if (!header || !button || !nav) return;

  function setOpen(open) {
    button.setAttribute("aria-expanded", open ? "true" : "false");
    header.classList.toggle("menu-open", open);
  }

  button.addEventListener("click", function () { setOpen(button.getAttribute("aria-expanded") !== "true"); });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && header.classList.contains("menu-open")) { setOpen(false); button.focus(); }
  });
  document.addEventListener("click", function (event) {
    if (header.classList.contains("menu-open") && !nav.contains(event.target) && !button.contains(event.target)) setOpen(false);
  });
  button.hidden = false;
  header.classList.add("has-menu");
})();
