/* Tiny DOM helpers shared by the game pages. Text always goes in through textContent: nothing a player
   types is ever parsed as HTML. */
(function () {
  "use strict";

  /* Styles through the CSSOM, which the Content-Security-Policy allows; a style="" attribute it refuses.
     `style` is {property: value} or "property: value; …". */
  function setStyle(node, style) {
    const pairs = typeof style === "string"
      ? style.split(";").map(function (rule) { const at = rule.indexOf(":"); return [rule.slice(0, at), rule.slice(at + 1)]; })
      : Object.entries(style);
    pairs.forEach(function (pair) { if (pair[0].trim()) node.style.setProperty(pair[0].trim(), String(pair[1]).trim()); });
  }

  function h(tag, attrs, children) {
    const node = document.createElement(tag);
    if (attrs) {
      for (const [key, value] of Object.entries(attrs)) {
        if (value === null || value === undefined || value === false) continue;
        if (key === "class") node.className = value;
        else if (key === "text") node.textContent = value;
        else if (key === "dataset") Object.assign(node.dataset, value);
        else if (key === "style") setStyle(node, value);
        else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
        else node.setAttribute(key, value === true ? "" : String(value));
      }
    }
    for (const child of [].concat(children || [])) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  let toastTimer = null;
  function toast(message) {
    const box = document.getElementById("toast");
    if (!box) return;
    box.textContent = message;
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { box.hidden = true; }, 4000);
  }

  // Hints say "Tap" where fingers point (no hover) and "Click" where a mouse does.
  const touch = !!(window.matchMedia && window.matchMedia("(hover: none)").matches);

  window.Dom = { h: h, toast: toast, touch: touch };
})();
