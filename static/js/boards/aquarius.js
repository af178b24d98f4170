/* The Aquarius board, drawn from the server's view: the unbounded grid of cards (SVG), the measures, the
   players, your hand and goal. Legal moves come only from the actions the server lists; the board lets
   you pick a card, its orientation and a target among them (click or tap, or the keyboard), and draws.

   Its parts, loaded before this file (the ruleset's board_parts), each set one key of window.Aquarius:
   cards.js (card geometry and faces), state.js (the choice in progress, the legal moves), view.js (pan and
   zoom), input.js (pointer and keyboard handling), table.js (the grid), panels.js (measures, goal, players,
   status), hand.js (your hand and the selected card's controls). This file puts them together and registers
   the board.

   Keys on the board: arrows pan, + and − zoom, 0 fits, R turns the selected card 180°, Escape cancels. */
(function () {
  "use strict";
  const h = Dom.h;
  const HANDLED = ["play_card", "shuffle_goals", "trade_goals", "trade_hands", "zap_card", "move_card", "see_goal"];
  const ui = Aquarius.state.ui, legal = Aquarius.state.legal;
  const normaliseRules = Aquarius.cards.normaliseRules;
  const fit = Aquarius.view.fit, applyTransform = Aquarius.view.applyTransform, zoomAt = Aquarius.view.zoomAt;
  const interactive = Aquarius.input.interactive, choiceKeys = Aquarius.input.choiceKeys;
  const grid = Aquarius.table.grid, handBox = Aquarius.hand.handBox;
  const panels = Aquarius.panels;
  const measuresBar = panels.measuresBar, goalBox = panels.goalBox, statusLine = panels.statusLine;
  const playersBox = panels.playersBox, winnerText = panels.winnerText;

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
    if (ui.reveal) { ui.reveal = false; reveal(drawn.svg); }
    // Keep the keyboard where it was across a redraw, or take it to the first target after a choice.
    const target = ui.focusTarget ? container.querySelector("g.aq-drop, g.aq-card.pickable, button.aq-seat-choice, .aq-controls button.primary") : null;
    const wanted = ui.focusAfter || focused;
    ui.focusTarget = false;
    ui.focusAfter = null;
    const again = target || (wanted ? container.querySelector('[data-focus="' + wanted + '"]') : null);
    if (again) again.focus({ preventScroll: true });
    choiceKeys(container, rerender);
  }

  /* The whole table in sight, below the page's sticky bar of moves (--sticky-top; the table is never taller
     than the screen below it): where the targets of a card just chosen are. */
  function reveal(svg) {
    const bar = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--sticky-top")) || 0;
    const box = svg.getBoundingClientRect();
    if (box.top < bar || box.bottom > window.innerHeight) svg.scrollIntoView({ block: "nearest" });
  }

  GameBoards.register("aquarius", {
    hint: gettext("Pick a card from your hand, then a highlighted space or target."),
    handles: function (action) { return HANDLED.indexOf(action.type) >= 0; },
    render: render,
    highlight: Aquarius.table.highlight,
    resultDetails: panels.resultDetails,
    _geometry: { cardInfo: Aquarius.cards.cardInfo, oriented: Aquarius.cards.oriented },  // for tests in the browser
  });

  // The board's stylesheet sits beside the site's (static/css/boards/aquarius.css).
  const script = document.currentScript;
  if (script && !document.querySelector("link[data-board=aquarius]")) {
    const href = script.src.replace(/js\/boards\/aquarius\.js(\?.*)?$/, "css/boards/aquarius.css");
    document.head.append(h("link", { rel: "stylesheet", href: href, "data-board": "aquarius" }));
  }
})();
