/* Aquarius cards (part of the board, static/js/boards/aquarius.js): the elements and action cards, what a
   card is (from the rules data, else from its id), and its face drawn in SVG.

   Geometry: a card's four quadrants are [top-left, top-right, bottom-left, bottom-right]; a card turned
   180° swaps TL/BR and TR/BL. Cards are CW×CH on a grid of STEP_X×STEP_Y; grid y grows downwards on screen. */
(function () {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  const ELEMENTS = {
    a: { name: "air", label: pgettext("aquarius element", "air"), letter: "A", colour: "#F0E442", ink: "#3d3a00" },
    e: { name: "earth", label: pgettext("aquarius element", "earth"), letter: "E", colour: "#8C6D31", ink: "#fff" },
    f: { name: "fire", label: pgettext("aquarius element", "fire"), letter: "F", colour: "#D55E00", ink: "#fff" },
    w: { name: "water", label: pgettext("aquarius element", "water"), letter: "W", colour: "#0072B2", ink: "#fff" },
    v: { name: "void", label: pgettext("aquarius element", "void"), letter: "V", colour: "#3B3B4F", ink: "#fff" },
  };
  const ORDER = ["a", "e", "f", "w", "v"];
  const BY_NAME = { air: "a", earth: "e", fire: "f", water: "w", void: "v" };
  // What each action card asks for; its name comes with the rules (cardName), worded by the server.
  const ACTIONS = {
    shuffle_goals: { hint: gettext("All goals are collected, shuffled and dealt again.") },
    move_card: { hint: gettext("Pick a card on the table, then its new place.") },
    zap_card: { hint: gettext("Pick a card on the table: it goes into your hand.") },
    trade_goals: { hint: gettext("Pick the player you swap goals with.") },
    trade_hands: { hint: gettext("Pick the player you swap hands with.") },
  };
  const ACTION_BY_LETTER = { a: "shuffle_goals", e: "move_card", f: "zap_card", w: "trade_goals", v: "trade_hands" };
  const CW = 60, CH = 84, GAP = 6, STEP_X = CW + GAP, STEP_Y = CH + GAP;

  // ---- card geometry ------------------------------------------------------------------------------------

  /* What a card is, from the rules data when it has it, else from its id (seed 004's naming). */
  function cardInfo(id, rules) {
    const known = rules && rules.cards && rules.cards[id];
    if (known && (known.quadrants || known.action)) return Object.assign({ id: id }, known);
    const parts = id.split("_");
    if (parts[0] === "act") return { id: id, kind: "action", action: ACTION_BY_LETTER[parts[1]] || parts[1], quadrants: null };
    const letters = parts[1] || "";
    let quadrants;
    if (parts[0] === "w") quadrants = [letters, letters, letters, letters];
    else if (parts[0] === "l") quadrants = [letters[0], letters[0], letters[1], letters[1]];
    else if (parts[0] === "p") quadrants = [letters[0], letters[1], letters[0], letters[1]];
    else quadrants = [letters[0], letters[1], letters[3], letters[2]];  // q_abcd: clockwise from top-left
    return { id: id, kind: { w: "whole", l: "landscape", p: "portrait", q: "quartered" }[parts[0]], quadrants: quadrants, action: null };
  }

  /* Normalise the ruleset's rules_view (a list or a map of {id, kind, panels, action}) into {cards: {id: info}}. */
  function normaliseRules(rules) {
    if (!rules || rules._aq) return rules || { _aq: true, cards: {} };
    const list = Array.isArray(rules.cards) ? rules.cards : Object.keys(rules.cards || {}).map(function (id) {
      return Object.assign({ id: id }, rules.cards[id]);
    });
    const cards = {};
    list.forEach(function (card) {
      const panels = card.kind === "action" ? null : card.quadrants || quadrantsFromPanels(card);
      if (card.kind === "action" || panels) cards[card.id] = Object.assign({}, card, { quadrants: panels });
    });
    return Object.assign({}, rules, { _aq: true, cards: cards });
  }

  /* The engine's panels (docs/rules-aquarius.md): whole [x], landscape [top, bottom], portrait [left, right],
     quartered [TL, TR, BR, BL] clockwise; here quadrants are [TL, TR, BL, BR]. */
  function quadrantsFromPanels(card) {
    const p = (card.panels || []).map(function (x) { return BY_NAME[x] || x; });
    if (card.kind === "whole" && p.length) return [p[0], p[0], p[0], p[0]];
    if (card.kind === "landscape" && p.length === 2) return [p[0], p[0], p[1], p[1]];
    if (card.kind === "portrait" && p.length === 2) return [p[0], p[1], p[0], p[1]];
    if (card.kind === "quartered" && p.length === 4) return [p[0], p[1], p[3], p[2]];
    return null;
  }

  /* A card's name for people ("Air/Water half card", "Zap a Card"), in the page's language: the rules data
     carries it (games/aquarius/text.py card_title, the one place cards are named). Never its id. */
  function cardName(id, rules) {
    const known = rules && rules.cards && rules.cards[id];
    if (known && known.name) return known.name;
    const info = cardInfo(id, rules);
    if (!info.quadrants) return gettext("Action card");
    const names = [];
    info.quadrants.forEach(function (el) { if (ELEMENTS[el] && names.indexOf(ELEMENTS[el].label) < 0) names.push(ELEMENTS[el].label); });
    return names.join("/");
  }

  function oriented(quadrants, upright) {
    return upright ? quadrants : [quadrants[3], quadrants[2], quadrants[1], quadrants[0]];
  }

  // ---- SVG drawing --------------------------------------------------------------------------------------

  function s(tag, attrs, children) {
    const node = document.createElementNS(SVG, tag);
    Object.keys(attrs || {}).forEach(function (k) { if (attrs[k] !== null && attrs[k] !== undefined) node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { if (c) node.append(c); });
    return node;
  }

  /* The element's symbol (alchemical triangles; void a ring) centred on (cx, cy), size r, plus its letter. */
  function symbol(el, cx, cy, r) {
    const info = ELEMENTS[el];
    const g = s("g", { class: "aq-symbol", fill: "none", stroke: info.ink, "stroke-width": Math.max(1.5, r / 5) });
    const up = el === "a" || el === "f";
    cy -= r * 0.15;
    if (el === "v") {
      g.append(s("circle", { cx: cx, cy: cy - r * 0.25, r: r * 0.6 }));
    } else {
      const top = cy - r * 0.25 - (up ? r * 0.75 : -r * 0.55), base = cy - r * 0.25 + (up ? r * 0.55 : -r * 0.75);
      g.append(s("path", { d: "M" + (cx - r * 0.7) + " " + base + " L" + (cx + r * 0.7) + " " + base + " L" + cx + " " + top + " Z" }));
      if (el === "a" || el === "e") {
        const bar = cy - r * 0.25 + (up ? -r * 0.15 : r * 0.0);
        g.append(s("path", { d: "M" + (cx - r * 0.85) + " " + bar + " L" + (cx + r * 0.85) + " " + bar }));
      }
    }
    const text = s("text", { x: cx, y: cy + r * 1.25, "text-anchor": "middle", "font-size": r * 0.9, "font-weight": 700,
      fill: info.ink, stroke: "none" });
    text.textContent = info.letter;
    g.append(text);
    return g;
  }

  /* One card in a CW×CH box at (px, py): its panels as coloured regions with their symbols. */
  function cardSvg(id, upright, rules, px, py, extraClass) {
    const info = cardInfo(id, rules);
    const g = s("g", { class: "aq-card " + (extraClass || ""), transform: "translate(" + px + "," + py + ")", "data-card": id });
    const title = s("title", {});
    const name = cardName(id, rules);
    g.append(title);
    if (!info.quadrants) {
      g.append(s("rect", { width: CW, height: CH, rx: 6, class: "aq-action-face" }));
      const text = s("text", { x: CW / 2, y: CH / 2, "text-anchor": "middle", "font-size": 10, class: "aq-action-text" });
      name.split(" ").forEach(function (word, i, all) {
        const span = s("tspan", { x: CW / 2, dy: i === 0 ? -(all.length - 1) * 6 + 3 : 12 });
        span.textContent = word;
        text.append(span);
      });
      g.append(text);
      title.textContent = name;
      return g;
    }
    const q = oriented(info.quadrants, upright !== false);
    const boxes = [[0, 0], [CW / 2, 0], [0, CH / 2], [CW / 2, CH / 2]];
    const clip = "aqc" + Math.random().toString(36).slice(2, 8);
    g.append(s("clipPath", { id: clip }, [s("rect", { width: CW, height: CH, rx: 6 })]));
    const face = s("g", { "clip-path": "url(#" + clip + ")" });
    q.forEach(function (el, i) {
      face.append(s("rect", { x: boxes[i][0], y: boxes[i][1], width: CW / 2 + 0.5, height: CH / 2 + 0.5, fill: ELEMENTS[el].colour }));
    });
    g.append(face);
    // One symbol per region (a region is every quadrant of one element: a card never repeats an element).
    const regions = {};
    q.forEach(function (el, i) { (regions[el] = regions[el] || []).push(i); });
    Object.keys(regions).forEach(function (el) {
      const idx = regions[el];
      const cx = idx.reduce(function (t, i) { return t + boxes[i][0] + CW / 4; }, 0) / idx.length;
      const cy = idx.reduce(function (t, i) { return t + boxes[i][1] + CH / 4; }, 0) / idx.length;
      const r = idx.length === 4 ? 12 : idx.length === 2 ? 9 : 6.5;
      g.append(symbol(el, cx, cy, r));
    });
    g.append(s("rect", { width: CW, height: CH, rx: 6, class: "aq-card-edge" }));
    title.textContent = name + (upright === false ? " " + gettext("(turned)") : "");
    return g;
  }

  function miniCard(id, upright, rules) {
    return s("svg", { viewBox: "-2 -2 " + (CW + 4) + " " + (CH + 4), class: "aq-mini", "aria-hidden": "true" },
      [cardSvg(id, upright, rules, 0, 0)]);
  }

  window.Aquarius = Object.assign(window.Aquarius || {}, {
    cards: {
      ELEMENTS: ELEMENTS, ORDER: ORDER, ACTIONS: ACTIONS, CW: CW, CH: CH, STEP_X: STEP_X, STEP_Y: STEP_Y,
      cardInfo: cardInfo, cardName: cardName, normaliseRules: normaliseRules, oriented: oriented,
      svg: s, cardSvg: cardSvg, miniCard: miniCard,
    },
  });
})();
