/* Card faces drawn from card data as SVG: the one component behind the market, the cities, the card
   database, the admin's preview and the statistics. The meaning is carried by words and the icon, never
   by colour alone: the band names the colour, the icon has its name under it, and the whole face has an
   accessible label. An uploaded image replaces the drawn art inside the same frame.

   CardFace.element(card, state) -> <svg>;  card: {kind, name, cost, colour, colour_name, icon, icon_name,
   symbol, activation_min, activation_max, text, image};  state: {count, left, closed, built, compact}.
   CardFace.mini(card, state) -> the pictogram alone (no SVG text), same label.
   CardFace.hydrate(root) replaces every [data-card-face] slot (server pages) with its face. */
(function () {
  "use strict";
  const NS = "http://www.w3.org/2000/svg";
  const W = 120;
  const BANDS = { red: "#c0392b", blue: "#2471a3", green: "#1e8449", purple: "#7d3c98", landmark: "#9a7d0a" };
  const COLOUR_WORDS = { red: gettext("Red"), blue: gettext("Blue"), green: gettext("Green"), purple: gettext("Purple") };
  let uid = 0;

  // Pictograms in a 40×40 box, so faces do not depend on an emoji font; unknown icons fall back to the symbol.
  const ICONS = {
    wheat: '<path d="M20 38V8" stroke="#7d6608" stroke-width="2"/><g fill="#d4ac0d"><ellipse cx="15" cy="14" rx="3" ry="6" transform="rotate(-25 15 14)"/><ellipse cx="25" cy="14" rx="3" ry="6" transform="rotate(25 25 14)"/><ellipse cx="15" cy="24" rx="3" ry="6" transform="rotate(-25 15 24)"/><ellipse cx="25" cy="24" rx="3" ry="6" transform="rotate(25 25 24)"/><ellipse cx="20" cy="6" rx="2.6" ry="5"/></g>',
    cow: '<path d="M9 12 L4 6 M31 12 L36 6" stroke="#5d4037" stroke-width="2.5" stroke-linecap="round"/><rect x="8" y="9" width="24" height="26" rx="11" fill="#fff" stroke="#3e2723" stroke-width="1.6"/><ellipse cx="20" cy="29" rx="8" ry="5.5" fill="#f8bbd0" stroke="#3e2723" stroke-width="1.2"/><circle cx="15" cy="18" r="1.8" fill="#3e2723"/><circle cx="25" cy="18" r="1.8" fill="#3e2723"/><path d="M10 12 q4 4 0 8z" fill="#3e2723"/>',
    bread: '<path d="M5 30 V20 C5 10 35 10 35 20 V30 Z" fill="#d68910" stroke="#784212" stroke-width="1.6"/><path d="M13 17 l3 6 M20 15 l3 6 M27 17 l3 6" stroke="#f9e79f" stroke-width="2" stroke-linecap="round"/>',
    cup: '<path d="M8 16 H28 V27 a8 8 0 0 1 -8 8 H16 a8 8 0 0 1 -8 -8 Z" fill="#fff" stroke="#922b21" stroke-width="2"/><path d="M28 19 h3 a4 4 0 0 1 0 8 h-3" fill="none" stroke="#922b21" stroke-width="2"/><path d="M14 12 q-2 -3 0 -6 M20 12 q-2 -3 0 -6 M26 12 q-2 -3 0 -6" fill="none" stroke="#7f8c8d" stroke-width="1.5"/>',
    factory: '<path d="M4 36 V20 L12 14 V20 L20 14 V20 L28 14 V36 Z" fill="#aab7b8" stroke="#34495e" stroke-width="1.6"/><rect x="29" y="6" width="6" height="30" fill="#7f8c8d" stroke="#34495e" stroke-width="1.6"/><rect x="8" y="26" width="4" height="4" fill="#f4d03f"/><rect x="16" y="26" width="4" height="4" fill="#f4d03f"/><rect x="24" y="26" width="4" height="4" fill="#f4d03f"/>',
    fruit: '<path d="M20 12 C10 6 4 16 7 25 C9 33 15 37 20 34 C25 37 31 33 33 25 C36 16 30 6 20 12 Z" fill="#e74c3c" stroke="#922b21" stroke-width="1.5"/><path d="M20 12 q0 -5 3 -8" stroke="#6e2c00" stroke-width="2" fill="none"/><ellipse cx="26" cy="7" rx="4" ry="2" fill="#27ae60" transform="rotate(-20 26 7)"/>',
    gear: '<circle cx="20" cy="20" r="12" fill="none" stroke="#5d6d7e" stroke-width="7" stroke-dasharray="4.7 4.7"/><circle cx="20" cy="20" r="10" fill="#85929e" stroke="#34495e" stroke-width="1.4"/><circle cx="20" cy="20" r="4" fill="#fff" stroke="#34495e" stroke-width="1.4"/>',
    suitcase: '<rect x="5" y="13" width="30" height="21" rx="3" fill="#a04000" stroke="#6e2c00" stroke-width="1.6"/><path d="M14 13 V9 h12 v4" fill="none" stroke="#6e2c00" stroke-width="2.4"/><path d="M5 21 H35" stroke="#6e2c00" stroke-width="1.4"/><rect x="17" y="19" width="6" height="5" fill="#f4d03f"/>',
    tower: '<path d="M20 4 L10 37 M20 4 L30 37 M13 27 H27 M15.5 18 H24.5 M11 33 H29" stroke="#6c3483" stroke-width="2.2" fill="none" stroke-linecap="round"/><circle cx="20" cy="5" r="2.5" fill="#e74c3c"/>',
    boat: '<path d="M4 27 H36 L31 35 H9 Z" fill="#2471a3" stroke="#1b4f72" stroke-width="1.6"/><path d="M20 4 V27" stroke="#5d4037" stroke-width="2"/><path d="M21 6 L33 24 H21 Z" fill="#fdfefe" stroke="#7f8c8d" stroke-width="1.2"/><path d="M19 10 L9 24 H19 Z" fill="#f5b7b1" stroke="#7f8c8d" stroke-width="1.2"/>',
    landmark: '<path d="M4 14 L20 5 L36 14 Z" fill="#f7dc6f" stroke="#7d6608" stroke-width="1.6"/><path d="M9 16 V32 M16 16 V32 M24 16 V32 M31 16 V32" stroke="#7d6608" stroke-width="3"/><rect x="4" y="32" width="32" height="4" fill="#f7dc6f" stroke="#7d6608" stroke-width="1.4"/>',
    // One per landmark (keyed by the landmark's slug), so each reads at a glance without its name.
    "train-station": '<path d="M4 36 H36" stroke="#5d4037" stroke-width="2"/><rect x="5" y="15" width="20" height="14" rx="2" fill="#2e86de" stroke="#1b4f72" stroke-width="1.6"/><rect x="23" y="9" width="12" height="20" rx="2" fill="#c0392b" stroke="#7b241c" stroke-width="1.6"/><rect x="26" y="12" width="6" height="6" fill="#fdfefe"/><rect x="9" y="8" width="5" height="7" fill="#34495e"/><circle cx="11" cy="31" r="3.6" fill="#1d2433"/><circle cx="21" cy="31" r="3.6" fill="#1d2433"/><circle cx="30" cy="31" r="3.6" fill="#1d2433"/><path d="M8 5 q3 -3 6 0" stroke="#95a5a6" stroke-width="1.6" fill="none"/>',
    "shopping-mall": '<path d="M8 14 H32 L34 36 H6 Z" fill="#e67e22" stroke="#873600" stroke-width="1.6"/><path d="M14 18 V11 a6 6 0 0 1 12 0 V18" fill="none" stroke="#873600" stroke-width="2.2"/><path d="M12 24 H28" stroke="#fdebd0" stroke-width="2"/><circle cx="14" cy="18" r="1.6" fill="#873600"/><circle cx="26" cy="18" r="1.6" fill="#873600"/>',
    "amusement-park": '<path d="M20 20 L12 37 M20 20 L28 37" stroke="#5d6d7e" stroke-width="2.4"/><circle cx="20" cy="18" r="14" fill="none" stroke="#8e44ad" stroke-width="2.2"/><path d="M20 4 V32 M6 18 H34 M10 8 L30 28 M30 8 L10 28" stroke="#8e44ad" stroke-width="1.1"/><g fill="#e74c3c"><circle cx="20" cy="4" r="2.6"/><circle cx="34" cy="18" r="2.6"/><circle cx="6" cy="18" r="2.6"/><circle cx="20" cy="32" r="2.6"/></g><circle cx="20" cy="18" r="2.4" fill="#f1c40f" stroke="#7d6608"/>',
    "radio-tower": '<path d="M20 12 L12 37 M20 12 L28 37 M15 28 H25 M17 20 H23" stroke="#c0392b" stroke-width="2.2" fill="none" stroke-linecap="round"/><circle cx="20" cy="10" r="3" fill="#c0392b"/><path d="M12 4 a11 11 0 0 0 0 13 M28 4 a11 11 0 0 1 0 13 M8 1 a16 16 0 0 0 0 19 M32 1 a16 16 0 0 1 0 19" fill="none" stroke="#2e86de" stroke-width="1.8" stroke-linecap="round"/>',
    harbor: '<circle cx="20" cy="8" r="4" fill="none" stroke="#1b4f72" stroke-width="2.4"/><path d="M20 12 V36 M12 18 H28" stroke="#1b4f72" stroke-width="2.6" stroke-linecap="round"/><path d="M6 24 q2 12 14 12 q12 0 14 -12" fill="none" stroke="#1b4f72" stroke-width="2.6" stroke-linecap="round"/><path d="M3 27 L6 22 L10 26 M37 27 L34 22 L30 26" fill="none" stroke="#1b4f72" stroke-width="2" stroke-linejoin="round"/>',
    airport: '<path d="M20 3 c2 0 3 2 3 5 V16 L36 24 V28 L23 24 V32 L27 35 V37 L20 35 L13 37 V35 L17 32 V24 L4 28 V24 L17 16 V8 c0 -3 1 -5 3 -5 Z" fill="#5dade2" stroke="#1b4f72" stroke-width="1.5" stroke-linejoin="round"/>',
    "city-hall": '<path d="M20 3 V10" stroke="#5d4037" stroke-width="1.6"/><path d="M20 3 H28 L26 5.5 L28 8 H20 Z" fill="#c0392b"/><path d="M11 17 a9 7 0 0 1 18 0 Z" fill="#f7dc6f" stroke="#7d6608" stroke-width="1.5"/><rect x="6" y="17" width="28" height="4" fill="#fdfefe" stroke="#5d6d7e" stroke-width="1.4"/><path d="M10 21 V32 M16 21 V32 M24 21 V32 M30 21 V32" stroke="#85929e" stroke-width="3"/><rect x="4" y="32" width="32" height="4" fill="#fdfefe" stroke="#5d6d7e" stroke-width="1.4"/>',
    "santa-s-toy-factory": '<rect x="6" y="17" width="28" height="19" rx="2" fill="#c0392b" stroke="#7b241c" stroke-width="1.5"/><rect x="4" y="12" width="32" height="7" rx="2" fill="#e74c3c" stroke="#7b241c" stroke-width="1.5"/><path d="M20 12 V36" stroke="#f1c40f" stroke-width="4"/><path d="M20 12 c-4 -8 -12 -6 -8 0 Z M20 12 c4 -8 12 -6 8 0 Z" fill="#f1c40f" stroke="#7d6608" stroke-width="1.2"/>',
  };

  function pictogram(key, x, y, size) {
    const group = el("g", { transform: "translate(" + x + " " + y + ") scale(" + size / 40 + ")", "aria-hidden": "true" });
    group.innerHTML = ICONS[key];  // constant markup above, never card text
    return group;
  }

  function el(name, attrs, children) {
    const node = document.createElementNS(NS, name);
    Object.keys(attrs || {}).forEach(function (key) {
      if (attrs[key] !== null && attrs[key] !== undefined) node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  function rollLabel(card) {
    if (card.activation_min === undefined || card.activation_min === null) return "";
    return card.activation_min === card.activation_max ? String(card.activation_min)
      : card.activation_min + "–" + card.activation_max;
  }


  // Greedy word wrap by an estimate of the glyph width (SVG text does not wrap by itself).
  function wrap(text, size, width, bold) {
    const perLine = Math.max(8, Math.floor(width / (size * (bold ? 0.6 : 0.52))));
    const lines = [];
    let line = "";
    String(text || "").split(/\s+/).filter(Boolean).forEach(function (word) {
      if (!line) { line = word; return; }
      if ((line + " " + word).length <= perLine) line += " " + word;
      else { lines.push(line); line = word; }
    });
    if (line) lines.push(line);
    return lines;
  }

  // The largest font size whose wrapped lines fit the box.
  function fit(text, width, height, sizes, bold) {
    for (let i = 0; i < sizes.length; i++) {
      const lines = wrap(text, sizes[i], width, bold);
      if (lines.length * sizes[i] * 1.15 <= height) return { size: sizes[i], lines: lines };
    }
    const size = sizes[sizes.length - 1];
    const max = Math.max(1, Math.floor(height / (size * 1.15)));
    const lines = wrap(text, size, width, bold);
    if (lines.length > max) { lines.length = max; lines[max - 1] = lines[max - 1].replace(/\s*\S*$/, "…"); }
    return { size: size, lines: lines };
  }

  function textBlock(lines, x, y, size, attrs) {
    return el("text", Object.assign({ x: x, y: y, "font-size": size, "text-anchor": "middle" }, attrs || {}),
      lines.map(function (line, i) { return el("tspan", { x: x, dy: i ? size * 1.15 : 0 }, [line]); }));
  }

  function describe(card, state) {
    state = state || {};
    const parts = [card.name];
    if (card.kind === "landmark") {
      parts.push(interpolate(ngettext("landmark, costs %s coin", "landmark, costs %s coins", card.cost), [card.cost]));
      if (state.built === true) parts.push(gettext("built"));
      if (state.built === false) parts.push(gettext("not built"));
    } else {
      parts.push((card.colour_name || COLOUR_WORDS[card.colour] || "") + " " + (card.icon_name || "") +
        " " + interpolate(ngettext("establishment, activates on %(roll)s, costs %(cost)s coin", "establishment, activates on %(roll)s, costs %(cost)s coins", card.cost),
          { roll: rollLabel(card), cost: card.cost }, true));
    }
    if (state.count) parts.push(interpolate(gettext("%s owned"), [state.count]));
    if (state.left !== undefined && state.left !== null) parts.push(interpolate(gettext("%s left in the market"), [state.left]));
    if (state.closed) parts.push(interpolate(gettext("%s closed for renovation"), [state.closed]));
    if (state.invested) parts.push(interpolate(ngettext("%s coin invested", "%s coins invested", state.invested), [state.invested]));
    return parts.join(", ") + ". " + (card.text || "");
  }

  function badge(x, y, text, fill, ink) {
    const width = Math.max(18, text.length * 5.6 + 8);
    return el("g", { class: "cf-badge" }, [
      el("rect", { x: x - width, y: y, width: width, height: 14, rx: 7, fill: fill, stroke: "#fff", "stroke-width": 1 }),
      el("text", { x: x - width / 2, y: y + 10.5, "font-size": 9, "font-weight": 700, "text-anchor": "middle", fill: ink }, [text]),
    ]);
  }

  function element(card, state) {
    state = state || {};
    const landmark = card.kind === "landmark";
    const compact = !!state.compact;
    const height = compact ? 104 : 172;
    const band = BANDS[landmark ? "landmark" : card.colour] || "#566573";
    const id = "cf" + (++uid);
    const label = describe(card, state);
    const unbuilt = landmark && state.built === false;
    const kids = [el("title", { id: id + "-t" }, [label])];

    kids.push(el("rect", { x: 1, y: 1, width: W - 2, height: height - 2, rx: 9, fill: unbuilt ? "#f4f5f7" : "#fffdf7",
      stroke: band, "stroke-width": 2, "stroke-dasharray": unbuilt ? "5 3" : null }));
    kids.push(el("path", { d: "M1 10 a9 9 0 0 1 9 -9 H" + (W - 10) + " a9 9 0 0 1 9 9 V30 H1 Z", fill: band,
      opacity: unbuilt ? 0.55 : 1 }));
    // The band: activation numbers (or "Landmark") and the colour in words.
    const top = landmark ? gettext("Landmark") : rollLabel(card);
    kids.push(el("text", { x: W / 2 + (landmark ? 6 : 0), y: landmark ? 18 : 20, "font-size": landmark ? 11 : 17, "font-weight": 800,
      "text-anchor": "middle", fill: "#fff" }, [top]));
    kids.push(el("text", { x: W / 2, y: 28, "font-size": 6.5, "text-anchor": "middle", fill: "#fff", opacity: 0.95 },
      [landmark ? (state.built === true ? gettext("built") : state.built === false ? gettext("not built") : "") : (card.colour_name || COLOUR_WORDS[card.colour] || "")]));
    // Cost: a coin in the band's corner.
    kids.push(el("g", { class: "cf-cost" }, [
      el("circle", { cx: 14, cy: 15, r: 10, fill: "#f1c40f", stroke: "#7d6608", "stroke-width": 1.2 }),
      el("text", { x: 14, y: 19, "font-size": 11, "font-weight": 800, "text-anchor": "middle", fill: "#4d3c00" }, [String(card.cost)]),
    ]));
    // Name.
    const name = fit(card.name, W - 12, 24, [11, 10, 9, 8, 7], true);
    kids.push(textBlock(name.lines, W / 2, 30 + name.size + 2, name.size, { "font-weight": 700, fill: "#1d2433", class: "cf-name" }));
    // Art: an uploaded image, or the icon with its name.
    const artTop = 56, artHeight = compact ? 38 : 46;
    if (card.image) {
      kids.push(el("clipPath", { id: id + "-clip" }, [el("rect", { x: 8, y: artTop, width: W - 16, height: artHeight, rx: 6 })]));
      kids.push(el("image", { href: card.image, x: 8, y: artTop, width: W - 16, height: artHeight,
        preserveAspectRatio: "xMidYMid slice", "clip-path": "url(#" + id + "-clip)" }));
    } else {
      kids.push(el("rect", { x: 8, y: artTop, width: W - 16, height: artHeight, rx: 6, fill: band, opacity: 0.1 }));
      const key = landmark ? (ICONS[card.icon] ? card.icon : "landmark") : card.icon;
      const size = artHeight - 12;
      if (ICONS[key]) kids.push(pictogram(key, W / 2 - size / 2, artTop + 1, size));
      else kids.push(el("text", { x: W / 2, y: artTop + artHeight / 2 + 6, "font-size": compact ? 20 : 24, "text-anchor": "middle" },
        [card.symbol || ""]));
      kids.push(el("text", { x: W / 2, y: artTop + artHeight - 3, "font-size": 7, "text-anchor": "middle", fill: "#3b4252" },
        [landmark ? "" : (card.icon_name || card.icon || "")]));
    }
    if (!compact) {
      const text = fit(card.text || "", W - 12, height - artTop - artHeight - 22, [9, 8.5, 8, 7.5, 7, 6.5, 6]);
      kids.push(textBlock(text.lines, W / 2, artTop + artHeight + 4 + text.size, text.size, { fill: "#1d2433", class: "cf-text" }));
    }
    // State badges, along the bottom edge where they hide nothing.
    const low = height - 17;
    if (state.count) kids.push(badge(W - 4, low, "×" + state.count, "#1d2433", "#fff"));
    if (state.left !== undefined && state.left !== null) kids.push(badge(W - 4, low, interpolate(gettext("%s left"), [state.left]), "#1d2433", "#fff"));
    if (state.invested) kids.push(badge(44, low, interpolate(gettext("+%s inv."), [state.invested]), "#fff4d6", "#8a6100"));
    if (landmark && state.built === true) kids.push(badge(W - 4, low, "✓ " + gettext("built"), "#1e7b45", "#fff"));
    if (state.closed) {
      kids.push(el("rect", { x: 1, y: 1, width: W - 2, height: height - 2, rx: 9, fill: "#1d2433", opacity: 0.35 }));
      kids.push(el("g", { transform: "rotate(-20 " + W / 2 + " " + height / 2 + ")" }, [
        el("rect", { x: 10, y: height / 2 - 11, width: W - 20, height: 20, rx: 4, fill: "#8a1f11" }),
        el("text", { x: W / 2, y: height / 2 + 3, "font-size": 10, "font-weight": 800, "text-anchor": "middle", fill: "#fff" },
          [state.closed > 1 ? interpolate(gettext("%s CLOSED"), [state.closed]) : gettext("CLOSED")]),
      ]));
    }
    return el("svg", { class: "card-face" + (compact ? " compact" : "") + (landmark ? " landmark" : " " + (card.colour || "")),
      viewBox: "0 0 " + W + " " + height, role: "img", "aria-labelledby": id + "-t", "font-family": "system-ui, sans-serif" }, kids);
  }

  // A face reduced to its pictogram on the band's colour, for boards that write the card's words beside it
  // in HTML (readable sizes): no SVG text, the same accessible label as the full face.
  function mini(card, state) {
    const landmark = card.kind === "landmark";
    const band = BANDS[landmark ? "landmark" : card.colour] || "#566573";
    const id = "cf" + (++uid);
    const unbuilt = landmark && state && state.built === false;
    const key = landmark ? (ICONS[card.icon] ? card.icon : "landmark") : card.icon;
    const kids = [el("title", { id: id + "-t" }, [describe(card, state)]),
      el("rect", { x: 1, y: 1, width: 38, height: 38, rx: 8, fill: unbuilt ? "#f4f5f7" : "#fffdf7", stroke: band, "stroke-width": 2,
        "stroke-dasharray": unbuilt ? "4 3" : null })];
    if (card.image && !landmark) {
      kids.push(el("clipPath", { id: id + "-clip" }, [el("rect", { x: 3, y: 3, width: 34, height: 34, rx: 6 })]));
      kids.push(el("image", { href: card.image, x: 3, y: 3, width: 34, height: 34, preserveAspectRatio: "xMidYMid slice",
        "clip-path": "url(#" + id + "-clip)" }));
    } else if (ICONS[key]) {
      const art = pictogram(key, 5, 5, 30);
      if (unbuilt) art.setAttribute("opacity", "0.45");
      kids.push(art);
    }
    return el("svg", { class: "card-face mini" + (landmark ? " landmark" : " " + (card.colour || "")) + (unbuilt ? " unbuilt" : ""),
      viewBox: "0 0 40 40", role: "img", "aria-labelledby": id + "-t" }, kids);
  }

  function hydrate(root) {
    (root || document).querySelectorAll("[data-card-face]").forEach(function (slot) {
      let data;
      try { data = JSON.parse(slot.getAttribute("data-card-face")); } catch (e) { return; }
      const face = element(data.card, data.state || {});
      face.classList.add.apply(face.classList, (slot.getAttribute("data-class") || "").split(" ").filter(Boolean));
      slot.replaceWith(face);
    });
  }

  window.CardFace = { element: element, mini: mini, describe: describe, hydrate: hydrate };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { hydrate(); });
  else hydrate();
})();
