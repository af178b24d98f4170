/* Aquarius table (part of static/js/boards/aquarius.js): the unbounded grid of cards in SVG, with the
   targets of the selected card: the board cards it may zap or move, and the spaces it may go to (each a
   focusable button with its own label). */
(function () {
  "use strict";
  const ui = Aquarius.state.ui, legal = Aquarius.state.legal, cellsFor = Aquarius.state.cellsFor;
  const cards = Aquarius.cards;
  const s = cards.svg, cardInfo = cards.cardInfo, cardSvg = cards.cardSvg, cardName = cards.cardName;
  const CW = cards.CW, CH = cards.CH, STEP_X = cards.STEP_X, STEP_Y = cards.STEP_Y;
  const onActivate = Aquarius.input.onActivate;

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
      node.setAttribute("data-x", c.x);
      node.setAttribute("data-y", c.y);
      if (pickable.has(c.card)) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", interpolate(action === "zap_card" ? gettext("Zap %(card)s at %(x)s, %(y)s") : gettext("Move %(card)s at %(x)s, %(y)s"), { card: cardName(c.card, rules), x: c.x, y: c.y }, true));
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
          { card: cardName(a.type === "move_card" ? a.target : a.card, rules), x: a.x, y: a.y }, true) + (a.upright ? "" : ", " + gettext("turned")) });
      cell.append(s("rect", { width: CW, height: CH, rx: 6 }));
      const ghost = cardSvg(a.type === "move_card" ? a.target : a.card, a.upright, rules, 0, 0, "aq-ghost");
      cell.append(ghost);
      onActivate(cell, function () { ui.selected = null; ui.target = null; ctx.act(a); });
      layer.append(cell);
    });
    return { svg: svg, layer: layer, points: points };
  }

  /* Point out `cells` ([[x, y], ...]) on the drawn table: the page calls this while a log line about them is
     pointed at or focused. Each gets an outline (g.aq-mark), a card there the class "pointed". */
  function highlight(container, cells) {
    const layer = container.querySelector("g.aq-layer");
    if (!layer) return;
    layer.querySelectorAll(".aq-mark").forEach(function (n) { n.remove(); });
    layer.querySelectorAll("g.aq-card.pointed").forEach(function (n) { n.classList.remove("pointed"); });
    (cells || []).forEach(function (c) {
      const card = layer.querySelector('g.aq-card[data-x="' + c[0] + '"][data-y="' + c[1] + '"]');
      if (card) card.classList.add("pointed");
      layer.append(s("rect", { class: "aq-mark", "data-x": c[0], "data-y": c[1], x: c[0] * STEP_X - 3, y: c[1] * STEP_Y - 3,
        width: CW + 6, height: CH + 6, rx: 8 }));
    });
  }

  window.Aquarius = Object.assign(window.Aquarius || {}, { table: { grid: grid, highlight: highlight } });
})();
