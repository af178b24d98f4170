/* The Machi Koro board, drawn from the server's view: dice, market, and every player's city.
   Market cards and landmarks become buttons only when the server lists the matching action. */
(function () {
  "use strict";
  const h = Dom.h;
  const DICE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
  const PHASES = {
    roll: "Roll the dice",
    reroll: "Radio Tower: keep this roll or roll again",
    adjust: "Harbor: add to the total or not",
    choose: "A card asks for a choice",
    build: "Buy an establishment, build a landmark, or build nothing",
    invest: "Tech Startup: invest or not",
    over: "The game is over",
  };

  function rollLabel(card) {
    if (!card) return "";
    return card.activation_min === card.activation_max ? String(card.activation_min)
      : card.activation_min + "–" + card.activation_max;
  }

  function findAction(actions, type, key, slug) {
    return actions.find(function (item) { return item.action.type === type && item.action[key] === slug; });
  }

  function cardOrder(rules) {
    const slugs = Object.keys(rules.establishments || {});
    return function (a, b) {
      const ca = rules.establishments[a] || {}, cb = rules.establishments[b] || {};
      return (ca.activation_min - cb.activation_min) || (slugs.indexOf(a) - slugs.indexOf(b));
    };
  }

  function status(view, rules) {
    const dice = view.dice || [];
    const parts = [];
    if (dice.length) {
      parts.push(h("span", { class: "mk-dice", "aria-label": "dice " + dice.join(" and "), text: dice.map(function (d) { return DICE[d] || d; }).join(" ") }));
      parts.push(h("span", { class: "mk-total", text: "= " + view.total }));
    }
    let phase = PHASES[view.phase] || view.phase;
    if (view.phase === "choose" && view.choice && view.choice.card) {
      const card = rules.establishments[view.choice.card];
      phase = (card ? card.name : view.choice.card) + ": choose";
    }
    parts.push(h("span", { class: "mk-phase", text: phase }));
    if (view.deck) parts.push(h("span", { class: "muted", text: "Deck: " + view.deck + " cards" }));
    return h("div", { class: "mk-status" }, parts);
  }

  function cardBody(slug, card, count) {
    return [
      h("span", { class: "roll", text: rollLabel(card) + " " + (card.symbol || "") }),
      h("span", { class: "name", text: card.name }),
      h("span", { class: "meta", text: "cost " + card.cost + " · " + count + " left" }),
    ];
  }

  function market(view, rules, actions, act) {
    const slugs = Object.keys(view.market || {}).filter(function (s) { return view.market[s] > 0; }).sort(cardOrder(rules));
    const tiles = slugs.map(function (slug) {
      const card = rules.establishments[slug] || { name: slug, cost: "?" };
      const buy = findAction(actions, "buy", "card", slug);
      const attrs = { class: "mk-card " + (card.colour || ""), title: card.description || "" };
      if (buy) {
        attrs["aria-label"] = buy.label;
        attrs.type = "button";
        attrs.onclick = function () { act(buy.action); };
        return h("button", attrs, cardBody(slug, card, view.market[slug]));
      }
      return h("div", attrs, cardBody(slug, card, view.market[slug]));
    });
    return h("section", { class: "mk-section" }, [h("h3", { text: "Market" }), h("div", { class: "mk-market" }, tiles)]);
  }

  function landmarks(player, seat, view, rules, actions, act, mine) {
    return h("ul", { class: "mk-landmarks" }, Object.keys(rules.landmarks || {}).map(function (slug) {
      const landmark = rules.landmarks[slug];
      const built = player.landmarks.indexOf(slug) >= 0;
      const build = mine ? findAction(actions, "build", "landmark", slug) : null;
      const text = (built ? "✓ " : "") + landmark.name + (built ? "" : " (" + landmark.cost + ")");
      if (build) {
        return h("li", null, h("button", { type: "button", class: "mk-landmark", "aria-label": build.label, title: landmark.description,
          text: text, onclick: function () { act(build.action); } }));
      }
      return h("li", { class: "mk-landmark" + (built ? " built" : ""), title: landmark.description, text: text });
    }));
  }

  function owned(player, rules) {
    const slugs = Object.keys(player.cards || {}).sort(cardOrder(rules));
    return h("ul", { class: "mk-owned" }, slugs.map(function (slug) {
      const card = rules.establishments[slug] || { name: slug };
      const closed = (player.closed || {})[slug] || 0;
      const invested = (player.invested || {})[slug] || 0;
      return h("li", { class: card.colour || "", title: card.description || "" }, [
        rollLabel(card) + " " + (card.symbol || "") + " " + card.name + " ×" + player.cards[slug],
        closed ? h("span", { class: "closed", text: " (" + closed + " closed)" }) : null,
        invested ? " · " + invested + " invested" : null,
      ]);
    }));
  }

  function players(view, rules, ctx) {
    const count = view.players.length;
    const you = ctx.you && ctx.you.position;
    const cards = [];
    for (let turn = 0; turn < count; turn++) {
      const seat = (view.first_player + turn) % count;  // player 1 is the first player, then clockwise
      const player = view.players[seat];
      const mine = you === seat;
      cards.push(h("article", { class: "mk-player" + (view.active === seat && view.phase !== "over" ? " active" : "") }, [
        h("header", null, [
          h("span", { text: "P" + (turn + 1) + " · " + player.name + (mine ? " (you)" : "") + (view.winner === seat ? " 🏆" : "") }),
          h("span", { class: "mk-coins", text: "🪙 " + player.coins }),
        ]),
        landmarks(player, seat, view, rules, ctx.actions, ctx.act, mine),
        owned(player, rules),
      ]));
    }
    return h("section", { class: "mk-section" }, [h("h3", { text: "Cities" }), h("div", { class: "mk-players" }, cards)]);
  }

  GameBoards.register("machikoro", {
    hint: "Tap a highlighted market card or landmark to buy it.",
    handles: function (action) { return action.type === "buy" || action.type === "build"; },
    render: function (container, ctx) {
      const view = ctx.view;
      const rules = ctx.rules;
      if (!view || !view.players) { container.replaceChildren(); return; }
      container.replaceChildren(status(view, rules), players(view, rules, ctx), market(view, rules, ctx.actions, ctx.act));
    },
  });
})();
