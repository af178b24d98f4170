/* The Aquarius board, drawn from the server's view: the unbounded grid of cards (SVG), the measures, the
   players, your hand and goal. Legal moves come only from the actions the server lists; the board lets
   you pick a card, its orientation and a target among them (click or tap, or the keyboard), and draws.

   Keys on the board: arrows pan, + and − zoom, 0 fits, R turns the selected card 180°, Escape cancels.
   Geometry: a card's four quadrants are [top-left, top-right, bottom-left, bottom-right]; a card turned
   180° swaps TL/BR and TR/BL. Grid y grows downwards on screen. */
(function () {
  "use strict";
  const h = Dom.h;
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
  const ACTIONS = {
    shuffle_goals: { name: pgettext("aquarius card", "Shuffle Goals"), hint: gettext("All goals are collected, shuffled and dealt again.") },
    move_card: { name: pgettext("aquarius card", "Move a Card"), hint: gettext("Pick a card on the table, then its new place.") },
    zap_card: { name: pgettext("aquarius card", "Zap a Card"), hint: gettext("Pick a card on the table: it goes into your hand.") },
    trade_goals: { name: pgettext("aquarius card", "Trade Goals"), hint: gettext("Pick the player you swap goals with.") },
    trade_hands: { name: pgettext("aquarius card", "Trade Hands"), hint: gettext("Pick the player you swap hands with.") },
  };
  const ACTION_BY_LETTER = { a: "shuffle_goals", e: "move_card", f: "zap_card", w: "trade_goals", v: "trade_hands" };
  const CW = 60, CH = 84, GAP = 6, STEP_X = CW + GAP, STEP_Y = CH + GAP;
  const WIN = 7;
  const HANDLED = ["play_card", "shuffle_goals", "trade_goals", "trade_hands", "zap_card", "move_card", "see_goal"];

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
    g.append(title);
    if (!info.quadrants) {
      const act = ACTIONS[info.action] || { name: id };
      g.append(s("rect", { width: CW, height: CH, rx: 6, class: "aq-action-face" }));
      const text = s("text", { x: CW / 2, y: CH / 2, "text-anchor": "middle", "font-size": 10, class: "aq-action-text" });
      act.name.split(" ").forEach(function (word, i, all) {
        const span = s("tspan", { x: CW / 2, dy: i === 0 ? -(all.length - 1) * 6 + 3 : 12 });
        span.textContent = word;
        text.append(span);
      });
      g.append(text);
      title.textContent = act.name;
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
    const names = [];
    Object.keys(regions).forEach(function (el) {
      const idx = regions[el];
      const cx = idx.reduce(function (t, i) { return t + boxes[i][0] + CW / 4; }, 0) / idx.length;
      const cy = idx.reduce(function (t, i) { return t + boxes[i][1] + CH / 4; }, 0) / idx.length;
      const r = idx.length === 4 ? 12 : idx.length === 2 ? 9 : 6.5;
      g.append(symbol(el, cx, cy, r));
      names.push(ELEMENTS[el].label);
    });
    g.append(s("rect", { width: CW, height: CH, rx: 6, class: "aq-card-edge" }));
    title.textContent = id + ": " + names.join(", ") + (upright === false ? " " + gettext("(turned)") : "");
    return g;
  }

  function miniCard(id, upright, rules) {
    return s("svg", { viewBox: "-2 -2 " + (CW + 4) + " " + (CH + 4), class: "aq-mini", "aria-hidden": "true" },
      [cardSvg(id, upright, rules, 0, 0)]);
  }

  // ---- per-page state (kept across renders: selection, orientation, pan and zoom) ------------------------

  const ui = {
    selected: null,      // a card id in the hand
    upright: true,
    target: null,        // Move a Card: the board card being moved
    tx: 0, ty: 0, scale: 1,
    moved: false,        // the user panned or zoomed: no automatic fitting until "Fit"
    turnKey: null,
  };

  function legal(ctx) { return (ctx.actions || []).map(function (item) { return item.action; }); }

  function cellsFor(actions, card, target) {
    return actions.filter(function (a) {
      if (a.card !== card || a.upright !== ui.upright) return false;
      return target ? a.type === "move_card" && a.target === target : a.type === "play_card";
    });
  }

  // ---- the parts of the board ---------------------------------------------------------------------------

  function nameOf(ctx, position) {
    const seat = (ctx.seats || []).find(function (x) { return x.position === position; });
    return seat ? seat.name : interpolate(gettext("Seat %s"), [position + 1]);
  }

  function measuresBar(view, winnerGoals) {
    const m = view.measures || {};
    return h("div", { class: "aq-measures", role: "list", "aria-label": gettext("Largest group of each element (7 wins)") },
      ORDER.map(function (el) {
        const info = ELEMENTS[el];
        const n = m[info.name] || 0;
        const goal = view.goal === el;
        const bar = h("span", { class: "aq-bar" }, [
          h("span", { class: "aq-fill", style: "width:" + Math.min(100, (n / WIN) * 100) + "%;background:" + info.colour }),
          h("span", { class: "aq-seven", title: "7 wins" }),
        ]);
        return h("span", { class: "aq-measure" + (goal ? " goal" : "") + (winnerGoals.indexOf(el) >= 0 ? " won" : ""),
          role: "listitem", "aria-label": interpolate(gettext("%(element)s: %(n)s of 7"), { element: info.label, n: n }, true) + (goal ? " " + gettext("(your goal)") : "") }, [
          h("span", { class: "aq-chip", style: "background:" + info.colour + ";color:" + info.ink, text: info.letter }),
          h("span", { class: "aq-mname", text: info.label }), bar, h("span", { class: "aq-count", text: n + "/7" }),
        ]);
      }));
  }

  function goalBox(view, ctx) {
    const mine = ctx.you && ctx.you.position !== null && ctx.you.position !== undefined;
    if (!mine || view.over) return null;
    if (view.goal) {
      const info = ELEMENTS[view.goal];
      return h("div", { class: "aq-goal", id: "aq-goal" }, [
        h("span", { text: gettext("Your goal: ") }),
        h("span", { class: "aq-chip", style: "background:" + info.colour + ";color:" + info.ink, text: info.letter }),
        h("strong", { text: " " + info.label }), h("span", { class: "muted", text: " " + interpolate(gettext("(7 connected %s panels)"), [info.label]) }),
      ]);
    }
    return h("div", { class: "aq-goal", id: "aq-goal" }, [
      h("span", { text: view.chicken ? gettext("Aqua-Chicken: you have not looked at your goal. ") : gettext("Your goal is hidden. ") }),
      ctx.progress && ctx.progress.status === "playing" ? h("button", {
        type: "button", class: "aq-see-goal", text: gettext("Look at your goal"),
        onclick: function () { ctx.act({ type: "see_goal" }); },
      }) : null,
    ]);
  }

  function playersBox(view, ctx) {
    const count = view.players || (view.hand_sizes || []).length;
    const items = [];
    for (let seat = 0; seat < count; seat++) {
      const you = ctx.you && ctx.you.position === seat;
      const goal = view.over && view.goals ? view.goals[seat] : null;
      const won = (view.winners || []).indexOf(seat) >= 0;
      items.push(h("li", { class: "aq-player" + (view.to_act === seat && !view.over ? " to-act" : "") + (won ? " winner" : "") }, [
        h("span", { class: "name", text: nameOf(ctx, seat) + (you ? " (you)" : "") }),
        won ? h("span", { class: "tag aq-won", text: "★ " + gettext("winner") }) : null,
        h("span", { class: "aq-hand-size", text: handText((view.hand_sizes || [])[seat] || 0) }),
        view.chicken && !view.over ? h("span", { class: "tag" + ((view.knows_goal || [])[seat] ? " knows" : ""),
          text: (view.knows_goal || [])[seat] ? gettext("knows goal") : gettext("goal unseen") }) : null,
        view.over && view.chicken && view.chicken_last === seat ? h("span", { class: "tag", text: gettext("looked last: wins Aqua-Chicken") }) : null,
        goal ? h("span", { class: "aq-goal-reveal" }, [h("span", { class: "aq-chip", style: "background:" + ELEMENTS[goal].colour + ";color:" + ELEMENTS[goal].ink, text: ELEMENTS[goal].letter }), " " + ELEMENTS[goal].label]) : null,
      ]));
    }
    return h("ul", { class: "aq-players" }, items);
  }

  function handText(n) { return interpolate(ngettext("%s card", "%s cards", n), [n]); }

  function statusLine(view) {
    const parts = [h("span", { text: interpolate(ngettext("Deck: %s card", "Deck: %s cards", view.deck), [view.deck]) })];
    parts.push(h("span", { text: interpolate(gettext("Discards: %s"), [(view.discard || []).length]) }));
    if (view.over && view.goals) {
      const unseated = view.goals.slice(view.players || 0);
      if (unseated.length) parts.push(h("span", { class: "muted", text: interpolate(gettext("Unused goals: %s"), [unseated.map(function (g) { return ELEMENTS[g].label; }).join(", ")]) }));
    }
    return h("div", { class: "aq-status" }, parts);
  }

  // ---- the grid -----------------------------------------------------------------------------------------

  function worldBounds(points) {
    const xs = points.map(function (p) { return p[0]; }), ys = points.map(function (p) { return p[1]; });
    return { x0: Math.min.apply(null, xs) * STEP_X, y0: Math.min.apply(null, ys) * STEP_Y,
      x1: (Math.max.apply(null, xs) + 1) * STEP_X, y1: (Math.max.apply(null, ys) + 1) * STEP_Y };
  }

  function fit(svg, points) {
    if (!points.length) points = [[0, 0]];
    const b = worldBounds(points);
    const w = svg.clientWidth || 600, hgt = svg.clientHeight || 400;
    ui.scale = Math.max(0.25, Math.min(2, Math.min(w / (b.x1 - b.x0 + STEP_X), hgt / (b.y1 - b.y0 + STEP_Y))));
    ui.tx = w / 2 - ((b.x0 + b.x1) / 2) * ui.scale;
    ui.ty = hgt / 2 - ((b.y0 + b.y1) / 2) * ui.scale;
  }

  function applyTransform(layer) {
    layer.setAttribute("transform", "translate(" + ui.tx + "," + ui.ty + ") scale(" + ui.scale + ")");
  }

  function zoomAt(layer, factor, px, py) {
    const scale = Math.max(0.2, Math.min(3, ui.scale * factor));
    ui.tx = px - (px - ui.tx) * (scale / ui.scale);
    ui.ty = py - (py - ui.ty) * (scale / ui.scale);
    ui.scale = scale;
    ui.moved = true;
    applyTransform(layer);
  }

  function grid(view, ctx, rules, rerender) {
    const actions = legal(ctx);
    const svg = s("svg", { class: "aq-grid", tabindex: "0", role: "application", "data-focus": "grid",
      "aria-label": gettext("The table. Arrow keys pan, plus and minus zoom, 0 fits, R turns the card.") });
    const layer = s("g", { class: "aq-layer" });
    svg.append(layer);
    const highlight = new Set();  // the server names the winning groups' cells at the end
    (view.over ? view.winning_groups || [] : []).forEach(function (g) {
      g.cells.forEach(function (c) { highlight.add(c[0] + "," + c[1]); });
    });
    const selectedInfo = ui.selected ? cardInfo(ui.selected, rules) : null;
    const action = selectedInfo && selectedInfo.action;
    const pickable = new Set();
    if (action === "zap_card" || (action === "move_card" && !ui.target)) {
      actions.filter(function (a) { return a.card === ui.selected && a.type === action; })
        .forEach(function (a) { pickable.add(a.target); });
    }
    const points = [];
    view.board.forEach(function (c) {
      points.push([c.x, c.y]);
      const key = c.x + "," + c.y;
      const classes = [highlight.has(key) ? "winning" : "", pickable.has(c.card) ? "pickable" : "",
        ui.target === c.card ? "moving" : ""].join(" ");
      const node = cardSvg(c.card, c.upright, rules, c.x * STEP_X, c.y * STEP_Y, classes);
      if (pickable.has(c.card)) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", interpolate(action === "zap_card" ? gettext("Zap %(card)s at %(x)s, %(y)s") : gettext("Move %(card)s at %(x)s, %(y)s"), { card: c.card, x: c.x, y: c.y }, true));
        const pick = function () {
          if (action === "zap_card") {
            const chosen = actions.find(function (a) { return a.type === "zap_card" && a.card === ui.selected && a.target === c.card; });
            ui.selected = null;
            ctx.act(chosen);
          } else {
            ui.target = c.card;
            ui.upright = c.upright;
            ui.focusTarget = true;
            rerender();
          }
        };
        onActivate(node, pick);
      }
      layer.append(node);
    });
    let drops = [];
    if (selectedInfo && !action) drops = cellsFor(actions, ui.selected, null);
    if (action === "move_card" && ui.target) drops = cellsFor(actions, ui.selected, ui.target);
    drops.forEach(function (a) {
      points.push([a.x, a.y]);
      const cell = s("g", { class: "aq-drop", tabindex: "0", role: "button", "data-x": a.x, "data-y": a.y,
        transform: "translate(" + a.x * STEP_X + "," + a.y * STEP_Y + ")",
        "aria-label": interpolate(a.type === "move_card" ? gettext("Move %(card)s at %(x)s, %(y)s") : gettext("Place %(card)s at %(x)s, %(y)s"),
          { card: a.type === "move_card" ? a.target : a.card, x: a.x, y: a.y }, true) + (a.upright ? "" : ", " + gettext("turned")) });
      cell.append(s("rect", { width: CW, height: CH, rx: 6 }));
      const ghost = cardSvg(a.type === "move_card" ? a.target : a.card, a.upright, rules, 0, 0, "aq-ghost");
      cell.append(ghost);
      onActivate(cell, function () { ui.selected = null; ui.target = null; ctx.act(a); });
      layer.append(cell);
    });
    return { svg: svg, layer: layer, points: points };
  }

  function onActivate(node, fn) {
    node.addEventListener("click", function (event) {
      if (node.closest(".aq-grid") && node.closest(".aq-grid").dataset.dragged === "1") return;
      event.stopPropagation();
      fn();
    });
    node.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); event.stopPropagation(); fn(); }
    });
  }

  /* Pan with a mouse drag or one finger, zoom with the wheel or two fingers, keys when focused. */
  function interactive(svg, layer, points) {
    const pointers = new Map();
    let start = null, pinch = null;
    svg.addEventListener("pointerdown", function (event) {
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      svg.dataset.dragged = "0";
      if (pointers.size === 1) start = { x: event.clientX, y: event.clientY, tx: ui.tx, ty: ui.ty };
      if (pointers.size === 2) {
        const [p, q] = Array.from(pointers.values());
        pinch = { d: Math.hypot(p.x - q.x, p.y - q.y), scale: ui.scale };
      }
    });
    svg.addEventListener("pointermove", function (event) {
      if (!pointers.has(event.pointerId)) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const rect = svg.getBoundingClientRect();
      if (pointers.size >= 2 && pinch) {
        const [p, q] = Array.from(pointers.values());
        const d = Math.hypot(p.x - q.x, p.y - q.y);
        zoomAt(layer, (pinch.scale * d / pinch.d) / ui.scale, (p.x + q.x) / 2 - rect.left, (p.y + q.y) / 2 - rect.top);
        svg.dataset.dragged = "1";
      } else if (start) {
        const dx = event.clientX - start.x, dy = event.clientY - start.y;
        if (Math.abs(dx) + Math.abs(dy) > 6) {
          if (svg.dataset.dragged !== "1") svg.setPointerCapture(event.pointerId);
          svg.dataset.dragged = "1";
          ui.tx = start.tx + dx; ui.ty = start.ty + dy; ui.moved = true;
          applyTransform(layer);
        }
      }
    });
    const end = function (event) {
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinch = null;
      if (!pointers.size) start = null;
      setTimeout(function () { svg.dataset.dragged = "0"; }, 0);
    };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);
    svg.addEventListener("wheel", function (event) {
      event.preventDefault();
      const rect = svg.getBoundingClientRect();
      zoomAt(layer, event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - rect.left, event.clientY - rect.top);
    }, { passive: false });
    svg.addEventListener("keydown", function (event) {
      const step = 40;
      const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
      if (moves[event.key]) {
        event.preventDefault();
        ui.tx += moves[event.key][0]; ui.ty += moves[event.key][1]; ui.moved = true;
        applyTransform(layer);
      } else if (event.key === "+" || event.key === "=") {
        zoomAt(layer, 1.2, svg.clientWidth / 2, svg.clientHeight / 2);
      } else if (event.key === "-") {
        zoomAt(layer, 1 / 1.2, svg.clientWidth / 2, svg.clientHeight / 2);
      } else if (event.key === "0") {
        ui.moved = false; fit(svg, points); applyTransform(layer);
      }
    });
  }

  // ---- hand and controls --------------------------------------------------------------------------------

  function handBox(view, ctx, rules, rerender) {
    const actions = legal(ctx);
    const hand = view.hand || [];
    if (ctx.you === null || ctx.you === undefined || ctx.you.position === null || ctx.you.position === undefined || view.over) return null;
    const playable = new Set(actions.map(function (a) { return a.card; }).filter(Boolean));
    const cards = hand.map(function (id) {
      const info = cardInfo(id, rules);
      const can = playable.has(id);
      const name = info.action ? (ACTIONS[info.action] || { name: id }).name : id;
      return h("button", {
        type: "button", class: "aq-hand-card" + (ui.selected === id ? " selected" : "") + (view.drawn === id ? " drawn" : ""),
        "data-card": id, disabled: !can, "aria-pressed": ui.selected === id ? "true" : "false",
        "aria-label": (info.action ? interpolate(gettext("Action: %s"), [name]) : interpolate(gettext("Card %s"), [describe(info)])) + (view.drawn === id ? " " + gettext("(just drawn)") : ""),
        title: info.action ? (ACTIONS[info.action] || {}).hint : describe(info),
        "data-focus": "hand:" + id,
        onclick: function (event) {
          ui.selected = ui.selected === id ? null : id;
          ui.target = null;
          // From the keyboard (no pointer: detail 0), go on to the first target so Tab order stays short.
          ui.focusTarget = event.detail === 0 && ui.selected !== null;
          rerender();
        },
      }, [miniCard(id, ui.selected === id ? ui.upright : true, rules), h("span", { class: "aq-card-name", text: info.action ? name : id })]);
    });
    return h("div", { class: "aq-hand-box" }, [h("h3", { text: gettext("Your hand") }), h("div", { class: "aq-hand" }, cards), controls(view, ctx, rules, rerender)]);
  }

  function describe(info) {
    if (!info.quadrants) return info.id;
    const names = [];
    info.quadrants.forEach(function (el) { if (names.indexOf(ELEMENTS[el].label) < 0) names.push(ELEMENTS[el].label); });
    return info.id + " (" + names.join(", ") + ")";
  }

  function controls(view, ctx, rules, rerender) {
    if (!ui.selected) return h("p", { class: "aq-hint muted", text: legal(ctx).length ? gettext("Pick a card from your hand.") : "" });
    const info = cardInfo(ui.selected, rules);
    const actions = legal(ctx).filter(function (a) { return a.card === ui.selected; });
    const parts = [];
    const cancel = h("button", { type: "button", class: "aq-cancel", text: gettext("Cancel"), onclick: function () { ui.selected = null; ui.target = null; rerender(); } });
    const rotate = h("button", { type: "button", class: "aq-rotate", "aria-keyshortcuts": "R", "data-focus": "rotate",
      text: "⟲ " + gettext("Turn 180°") + (ui.upright ? "" : " " + gettext("(turned)")), onclick: function () { ui.upright = !ui.upright; rerender(); } });
    if (!info.action) {
      const n = cellsFor(actions, ui.selected, null).length;
      parts.push(h("span", { class: "aq-hint", text: n ? interpolate(gettext("Tap a highlighted space (%(n)s) to place %(card)s."), { n: n, card: ui.selected }, true) : gettext("No space fits this way up: turn it.") }), rotate);
    } else if (info.action === "shuffle_goals") {
      const a = actions.find(function (x) { return x.type === "shuffle_goals"; });
      parts.push(h("span", { class: "aq-hint", text: ACTIONS.shuffle_goals.hint }),
        h("button", { type: "button", class: "primary", text: interpolate(gettext("Play: %s"), [ACTIONS.shuffle_goals.name]), onclick: function () { ui.selected = null; ctx.act(a); } }));
    } else if (info.action === "trade_goals" || info.action === "trade_hands") {
      parts.push(h("span", { class: "aq-hint", text: ACTIONS[info.action].hint }));
      actions.filter(function (a) { return a.type === info.action; }).forEach(function (a) {
        parts.push(h("button", { type: "button", class: "aq-seat-choice", "data-seat": a.seat, text: nameOf(ctx, a.seat),
          onclick: function () { ui.selected = null; ctx.act(a); } }));
      });
    } else if (info.action === "zap_card") {
      parts.push(h("span", { class: "aq-hint", text: ACTIONS.zap_card.hint }));
    } else if (info.action === "move_card") {
      parts.push(h("span", { class: "aq-hint", text: ui.target ? interpolate(gettext("Now tap the new place of %s (turn it if you like)."), [ui.target]) : ACTIONS.move_card.hint }));
      if (ui.target) parts.push(rotate);
    }
    parts.push(cancel);
    return h("div", { class: "aq-controls", role: "group", "aria-label": gettext("Play the selected card") }, parts);
  }

  // ---- the board object ---------------------------------------------------------------------------------

  function render(container, ctx) {
    const view = ctx.view;
    if (!view || !view.board) { container.replaceChildren(); return; }
    const rules = normaliseRules(ctx.rules);
    ctx.rules = rules;
    const turnKey = (ctx.progress && ctx.progress.seq) + ":" + (view.hand || []).join(",");
    if (ui.turnKey !== turnKey) {
      // A new position: forget a selection that no longer fits it.
      const playable = new Set(legal(ctx).map(function (a) { return a.card; }));
      if (ui.selected && !playable.has(ui.selected)) { ui.selected = null; ui.target = null; }
      ui.turnKey = turnKey;
    }
    const rerender = function () { render(container, ctx); };
    const winnerGoals = view.over && view.goals ? (view.winners || []).map(function (w) { return view.goals[w]; }) : [];
    const drawn = grid(view, ctx, rules, rerender);
    const zoom = function (factor) {
      return function () { zoomAt(drawn.layer, factor, drawn.svg.clientWidth / 2, drawn.svg.clientHeight / 2); };
    };
    const tools = h("div", { class: "aq-tools" }, [
      h("button", { type: "button", "aria-label": gettext("Zoom in"), text: "+", onclick: zoom(1.25) }),
      h("button", { type: "button", "aria-label": gettext("Zoom out"), text: "−", onclick: zoom(0.8) }),
      h("button", { type: "button", text: gettext("Fit"), onclick: function () { ui.moved = false; fit(drawn.svg, drawn.points); applyTransform(drawn.layer); } }),
    ]);
    const banner = view.over ? h("p", { class: "aq-banner", text: winnerText(view, ctx) }) : null;
    const active = document.activeElement;
    const focused = active && container.contains(active) ? active.getAttribute("data-focus") : null;
    container.replaceChildren(h("div", { class: "aq-board" }, [
      banner, measuresBar(view, winnerGoals), goalBox(view, ctx), statusLine(view), playersBox(view, ctx),
      h("div", { class: "aq-table" }, [drawn.svg, tools]), handBox(view, ctx, rules, rerender),
    ]));
    if (!ui.moved) fit(drawn.svg, drawn.points);
    applyTransform(drawn.layer);
    // The size is known only once the stylesheet applies (and changes with the window): fit again then.
    if (window.ResizeObserver) {
      new ResizeObserver(function () {
        if (!ui.moved && drawn.svg.isConnected) { fit(drawn.svg, drawn.points); applyTransform(drawn.layer); }
      }).observe(drawn.svg);
    }
    interactive(drawn.svg, drawn.layer, drawn.points);
    // Keep the keyboard where it was across a redraw, or take it to the first target after a choice.
    const target = ui.focusTarget ? container.querySelector("g.aq-drop, g.aq-card.pickable, button.aq-seat-choice, .aq-controls button.primary") : null;
    ui.focusTarget = false;
    const again = target || (focused ? container.querySelector('[data-focus="' + focused + '"]') : null);
    if (again) again.focus({ preventScroll: true });
    container.onkeydown = function (event) {
      if (event.target.closest("input, textarea")) return;
      if ((event.key === "r" || event.key === "R") && ui.selected) { ui.upright = !ui.upright; ui.focusTarget = true; rerender(); }
      else if (event.key === "Escape" && ui.selected) { ui.selected = null; ui.target = null; rerender(); }
    };
  }

  function winnerText(view, ctx) {
    const winners = view.winners || [];
    if (!winners.length) return gettext("Nobody won.");
    const names = winners.map(function (w) {
      const el = view.goals ? ELEMENTS[view.goals[w]] : null;
      return nameOf(ctx, w) + (el ? " (" + el.label + ")" : "");
    });
    return interpolate(ngettext("%s wins.", "%s win.", names.length), [names.join(gettext(" and "))]) + " " +
      gettext("The winning group is outlined.");
  }

  GameBoards.register("aquarius", {
    hint: gettext("Pick a card from your hand, then a highlighted space or target."),
    handles: function (action) { return HANDLED.indexOf(action.type) >= 0; },
    render: render,
    _geometry: { cardInfo: cardInfo, oriented: oriented },  // for tests in the browser
  });

  // The board's stylesheet sits beside the site's (static/css/boards/aquarius.css).
  const script = document.currentScript;
  if (script && !document.querySelector("link[data-board=aquarius]")) {
    const href = script.src.replace(/js\/boards\/aquarius\.js(\?.*)?$/, "css/boards/aquarius.css");
    document.head.append(h("link", { rel: "stylesheet", href: href, "data-board": "aquarius" }));
  }
})();
