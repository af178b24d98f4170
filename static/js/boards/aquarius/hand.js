/* Aquarius hand (part of static/js/boards/aquarius.js): your cards as buttons (only the playable ones
   enabled), and the controls of the selected card: turn it, pick a player, play an action, cancel. */
(function () {
  "use strict";
  const h = Dom.h;
  const ui = Aquarius.state.ui, legal = Aquarius.state.legal, cellsFor = Aquarius.state.cellsFor;
  const cardInfo = Aquarius.cards.cardInfo, ACTIONS = Aquarius.cards.ACTIONS;
  const miniCard = Aquarius.cards.miniCard, cardName = Aquarius.cards.cardName;
  const nameOf = Aquarius.panels.nameOf;
  const cancelChoice = Aquarius.input.cancel;

  function handBox(view, ctx, rules, rerender) {
    const actions = legal(ctx);
    const hand = view.hand || [];
    if (ctx.you === null || ctx.you === undefined || ctx.you.position === null || ctx.you.position === undefined || view.over) return null;
    const playable = new Set(actions.map(function (a) { return a.card; }).filter(Boolean));
    const cards = hand.map(function (id) {
      const info = cardInfo(id, rules);
      const can = playable.has(id);
      const name = cardName(id, rules);
      return h("button", {
        type: "button", class: "aq-hand-card" + (ui.selected === id ? " selected" : "") + (view.drawn === id ? " drawn" : ""),
        "data-card": id, disabled: !can, "aria-pressed": ui.selected === id ? "true" : "false",
        "aria-label": (info.action ? interpolate(gettext("Action: %s"), [name]) : name) + (view.drawn === id ? " " + gettext("(just drawn)") : ""),
        title: info.action ? name + ": " + ((ACTIONS[info.action] || {}).hint || "") : name,
        "data-focus": "hand:" + id,
        onclick: function (event) {
          ui.selected = ui.selected === id ? null : id;
          ui.target = null;
          // From the keyboard (no pointer: detail 0), go on to the first target so Tab order stays short.
          ui.focusTarget = event.detail === 0 && ui.selected !== null;
          ui.reveal = ui.selected !== null;
          rerender();
        },
      }, [miniCard(id, ui.selected === id ? ui.upright : true, rules), h("span", { class: "aq-card-name", text: name })]);
    });
    return h("div", { class: "aq-hand-box" }, [h("h3", { text: gettext("Your hand") }), h("div", { class: "aq-hand" }, cards), controls(view, ctx, rules, rerender)]);
  }

  function controls(view, ctx, rules, rerender) {
    if (!ui.selected) return h("p", { class: "aq-hint muted", text: legal(ctx).length ? gettext("Pick a card from your hand.") : "" });
    const info = cardInfo(ui.selected, rules);
    const actions = legal(ctx).filter(function (a) { return a.card === ui.selected; });
    const parts = [];
    const cancel = h("button", { type: "button", class: "aq-cancel", text: gettext("Cancel"), onclick: function () { cancelChoice(); rerender(); } });
    const rotate = h("button", { type: "button", class: "aq-rotate", "aria-keyshortcuts": "R", "data-focus": "rotate",
      text: "⟲ " + gettext("Turn 180°") + (ui.upright ? "" : " " + gettext("(turned)")), onclick: function () { ui.upright = !ui.upright; rerender(); } });
    if (!info.action) {
      const n = cellsFor(actions, ui.selected, null).length;
      parts.push(h("span", { class: "aq-hint", text: n ? interpolate(Dom.touch ? gettext("Tap a highlighted space (%(n)s) to place %(card)s.") : gettext("Click a highlighted space (%(n)s) to place %(card)s."), { n: n, card: cardName(ui.selected, rules) }, true) : gettext("No space fits this way up: turn it.") }), rotate);
    } else if (info.action === "shuffle_goals") {
      const a = actions.find(function (x) { return x.type === "shuffle_goals"; });
      parts.push(h("span", { class: "aq-hint", text: ACTIONS.shuffle_goals.hint }),
        h("button", { type: "button", class: "primary", text: interpolate(gettext("Play: %s"), [cardName(ui.selected, rules)]), onclick: function () { ui.selected = null; ctx.act(a); } }));
    } else if (info.action === "trade_goals" || info.action === "trade_hands") {
      parts.push(h("span", { class: "aq-hint", text: ACTIONS[info.action].hint }));
      actions.filter(function (a) { return a.type === info.action; }).forEach(function (a) {
        parts.push(h("button", { type: "button", class: "aq-seat-choice", "data-seat": a.seat, text: nameOf(ctx, a.seat),
          onclick: function () { ui.selected = null; ctx.act(a); } }));
      });
    } else if (info.action === "zap_card") {
      parts.push(h("span", { class: "aq-hint", text: ACTIONS.zap_card.hint }));
    } else if (info.action === "move_card") {
      parts.push(h("span", { class: "aq-hint", text: ui.target ? interpolate(gettext("Now tap the new place of %s (turn it if you like)."), [cardName(ui.target, rules)]) : ACTIONS.move_card.hint }));
      if (ui.target) parts.push(rotate);
    }
    parts.push(cancel);
    return h("div", { class: "aq-controls", role: "group", "aria-label": gettext("Play the selected card") }, parts);
  }

  window.Aquarius = Object.assign(window.Aquarius || {}, { hand: { handBox: handBox } });
})();
