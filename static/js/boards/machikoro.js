/* The Machi Koro board, drawn from the server's view: the other players' strip, the market with the dice, and
   your own city, made of the compact pieces of boards/machikoro/tiles.js (pictograms from card-face.js, words in
   HTML). Market cards and landmarks become buttons only when the server lists the matching action. On a
   desktop it all fits one screen; on a phone the board's jump links reach each part. */
(function () {
  "use strict";
  const h = Dom.h;
  const Tiles = window.MachiKoroTiles;
  const PHASES = {
    roll: gettext("Roll the dice"),
    reroll: gettext("Radio Tower: keep this roll or roll again"),
    adjust: gettext("Harbor: add to the total or not"),
    choose: gettext("A card asks for a choice"),
    build: gettext("Buy an establishment, build a landmark, or build nothing"),
    invest: gettext("Tech Startup: invest or not"),
    over: gettext("The game is over"),
  };
  const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
    5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };
  let lastRoll = null;  // the latest roll stays shown until the next one, across turns

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

  function die(value) {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 40 40");
    svg.setAttribute("class", "mk-die");
    svg.setAttribute("aria-hidden", "true");
    const face = document.createElementNS(ns, "rect");
    [["x", 2], ["y", 2], ["width", 36], ["height", 36], ["rx", 7], ["fill", "#fff"], ["stroke", "#1d2433"], ["stroke-width", 2]]
      .forEach(function (a) { face.setAttribute(a[0], a[1]); });
    svg.append(face);
    (PIPS[value] || []).forEach(function (p) {
      const pip = document.createElementNS(ns, "circle");
      pip.setAttribute("cx", p[0] * 9 + 2); pip.setAttribute("cy", p[1] * 9 + 2); pip.setAttribute("r", 3.6);
      pip.setAttribute("fill", "#1d2433");
      svg.append(pip);
    });
    return svg;
  }

  function status(view, rules) {
    const dice = view.dice || [];
    if (dice.length) lastRoll = { dice: dice.slice(), total: view.total, who: view.players[view.active].name, current: true };
    else if (lastRoll) lastRoll.current = false;
    const parts = [];
    if (lastRoll) {
      const label = (lastRoll.current ? gettext("Dice: ") : interpolate(gettext("Last roll, by %s: "), [lastRoll.who])) + lastRoll.dice.join(gettext(" and ")) +
        (lastRoll.dice.length > 1 ? interpolate(gettext(", total %s"), [lastRoll.total]) : "");
      parts.push(h("span", { class: "mk-dice" + (lastRoll.current ? "" : " previous"), role: "img", "aria-label": label, title: label, "data-dice": "" },
        lastRoll.dice.map(function (value) {
          return h("span", { class: "mk-die-slot", "data-die": "" }, [die(value), h("span", { class: "visually-hidden", text: String(value) })]);
        })));
      if (lastRoll.dice.length > 1) parts.push(h("span", { class: "mk-total", text: "= " + lastRoll.total }));
      if (!lastRoll.current) parts.push(h("span", { class: "muted", text: interpolate(gettext("last rolled by %s"), [lastRoll.who]) }));
    } else {
      parts.push(h("span", { class: "mk-dice", "data-dice": "" }));  // no roll yet: the place the dice will take
    }
    let phase = PHASES[view.phase] || view.phase;
    if (view.phase === "choose" && view.choice && view.choice.card) {
      const card = rules.establishments[view.choice.card];
      phase = interpolate(gettext("%s: choose"), [card ? card.name : view.choice.card]);
    }
    parts.push(h("span", { class: "mk-phase", text: phase }));
    if (view.deck) parts.push(h("span", { class: "muted", text: interpolate(ngettext("Deck: %s card", "Deck: %s cards", view.deck), [view.deck]) }));
    return h("div", { class: "mk-status" }, parts);
  }

  // ---- asking before a costly move, inside the page -------------------------------------------------------
  // A landmark, or a purchase that spends more than half the player's coins, is raised and a Confirm / Cancel
  // bar opens on the row below it (focus on Confirm, Escape cancels). Never for a 1-coin move; the player can
  // turn the question off ("confirm-expensive" in localStorage, set from the game page's settings). The bar
  // belongs to one offered move: when a redraw no longer offers it, the bar is gone.
  let asking = null;    // { id, what, cost, landmark }: the move waiting for Confirm or Cancel
  let fresh = false;    // the bar has just opened: it appears with a (motion-safe) animation, focus goes to Confirm
  let focusAfter = null; // data-focus of the control to focus after the next drawing (Cancel: the card again)
  let last = null;      // { container, ctx }: the latest drawing, to draw again after Cancel

  function moveId(action) {
    return action.type + ":" + (action.type === "build" ? action.landmark : action.card);
  }

  function wantsConfirmation(cost, coins, landmark) {
    if (!(Number(cost) > 1)) return false;  // a 1-coin move is never asked about
    let ask = true;
    try { ask = window.localStorage.getItem("confirm-expensive") !== "0"; } catch (e) { /* storage off: ask */ }
    return ask && (landmark || cost * 2 > coins);
  }

  function redraw() {
    if (last) draw(last.container, last.ctx);
  }

  function cancelMove() {
    if (!asking) return;
    focusAfter = asking.id;
    asking = null;
    redraw();
  }

  function confirmMove() {
    if (!asking || !last) return;
    const id = asking.id;
    const item = last.ctx.actions.find(function (candidate) { return moveId(candidate.action) === id; });
    asking = null;
    if (item) last.ctx.act(item.action);
    else redraw();
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && asking) { event.preventDefault(); cancelMove(); }
  });

  function confirmBar(coins) {
    const question = interpolate(ngettext("%(what)s for %(cost)s coin?", "%(what)s for %(cost)s coins?", asking.cost), { what: asking.what, cost: asking.cost }, true) +
      " " + interpolate(ngettext("You have %s coin.", "You have %s coins.", coins), [coins]);
    return h("li", { class: "mk-confirm" + (fresh ? " mk-appear" : ""), role: "group", "aria-labelledby": "mk-confirm-text" }, [
      h("p", { class: "mk-confirm-text", id: "mk-confirm-text", text: question }),
      h("div", { class: "mk-confirm-buttons" }, [
        h("button", { type: "button", class: "button primary mk-confirm-yes", "data-focus": "mk-confirm-yes", "aria-describedby": "mk-confirm-text",
          text: gettext("Confirm"), onclick: confirmMove }),
        h("button", { type: "button", class: "button mk-confirm-no", "data-focus": "mk-confirm-no", text: gettext("Cancel"), onclick: cancelMove }),
      ]),
    ]);
  }

  // The bar takes the whole row under the asking card's row, so no card moves sideways: it goes after the last
  // card of that row (measured once the list is laid out).
  function placeBar(container) {
    const bar = container.querySelector(".mk-confirm");
    const chosen = container.querySelector("li.mk-asking");
    if (!bar || !chosen) return;
    bar.remove();
    let end = chosen;
    while (end.nextElementSibling && end.nextElementSibling.offsetTop === chosen.offsetTop) end = end.nextElementSibling;
    end.after(bar);
  }

  window.addEventListener("resize", function () { if (asking && last) placeBar(last.container); });

  function faceButton(item, face, ctx, cost, coins, landmark) {
    const id = moveId(item.action);
    return h("button", { type: "button", class: "mk-buy", "aria-label": item.label, title: item.label, "data-focus": id,
      "aria-expanded": asking && asking.id === id ? "true" : null,
      onclick: function () {
        if (asking && asking.id === id) { focusAfter = "mk-confirm-yes"; redraw(); return; }
        if (!wantsConfirmation(cost, coins, landmark)) { asking = null; ctx.act(item.action); return; }
        asking = { id: id, what: item.label.replace(/\s*\(\d+\)$/, ""), cost: Number(cost), landmark: landmark };
        fresh = true;
        focusAfter = "mk-confirm-yes";
        redraw();
      } }, face);
  }

  // A market card or landmark tile: a button when the move is offered, raised with the bar after it when asked.
  function tile(className, attrs, item, face, ctx, cost, coins, landmark) {
    const mine = item && asking && asking.id === moveId(item.action);
    const node = h("li", Object.assign({ class: className + (mine ? " mk-asking" + (fresh ? " mk-appear" : "") : "") }, attrs),
      item ? faceButton(item, face, ctx, cost, coins, landmark) : face);
    return mine ? [node, confirmBar(coins)] : [node];
  }

  function market(view, rules, ctx, coins, header) {
    const slugs = Object.keys(view.market || {}).filter(function (s) { return view.market[s] > 0; }).sort(cardOrder(rules));
    const tiles = slugs.map(function (slug) {
      const card = rules.establishments[slug] || { name: slug, cost: "?" };
      const face = Tiles.card(card, { left: view.market[slug] });
      return tile("mk-market-card", { "data-market-card": slug }, findAction(ctx.actions, "buy", "card", slug), face, ctx, card.cost, coins, false);
    });
    return h("section", { class: "mk-section mk-market-area", id: "mk-market" }, [
      h("div", { class: "mk-market-head" }, [h("h3", { text: gettext("Market") }), header]),
      h("ul", { class: "mk-market" }, [].concat.apply([], tiles))]);
  }

  function landmarks(player, rules, ctx, mine) {
    return h("ul", { class: "mk-landmarks" }, [].concat.apply([], Object.keys(rules.landmarks || {}).map(function (slug) {
      const landmark = Object.assign({ kind: "landmark", icon: slug }, rules.landmarks[slug]);
      const built = player.landmarks.indexOf(slug) >= 0;
      const face = Tiles.landmark(landmark, built, mine);
      const build = mine ? findAction(ctx.actions, "build", "landmark", slug) : null;
      return tile("mk-landmark" + (built ? " built" : ""), { "data-landmark": slug, "data-built": built ? "true" : "false" },
        build, face, ctx, landmark.cost, player.coins, true);
    })));
  }

  function owned(player, rules, mine) {
    const slugs = Object.keys(player.cards || {}).sort(cardOrder(rules));
    return h("ul", { class: "mk-owned" + (mine ? "" : " mk-chips") }, slugs.map(function (slug) {
      const card = rules.establishments[slug] || { name: slug, cost: "?" };
      const state = { count: player.cards[slug], closed: (player.closed || {})[slug] || 0, invested: (player.invested || {})[slug] || 0 };
      return h("li", { "data-card": slug, "data-count": String(player.cards[slug]) }, (mine ? Tiles.card : Tiles.chip)(card, state));
    }));
  }

  function cardCount(player) {
    return Object.keys(player.cards || {}).reduce(function (sum, slug) { return sum + player.cards[slug]; }, 0);
  }

  // A player's area: name and coins, landmarks, city. Your own shows the cards' names; an opponent's is compact.
  function city(view, rules, ctx, seat, turn) {
    const player = view.players[seat];
    const mine = ctx.you && ctx.you.position === seat;
    const count = cardCount(player);
    const name = "P" + (turn + 1) + " · " + player.name + (mine ? " " + gettext("(you)") : "") + (view.winner === seat ? " ★ " + gettext("winner") : "");
    return h("article", { class: "mk-player" + (view.active === seat && view.phase !== "over" ? " active" : "") + (mine ? " mine" : " mk-opponent"),
      id: mine ? "mk-my-city" : "mk-city-" + seat, "data-seat": String(seat) }, [
      h("header", null, [
        h("span", { class: "mk-name", text: name, title: name }),
        Tiles.coins(player.coins),
        mine ? null : h("span", { class: "mk-card-total", text: interpolate(ngettext("%s card", "%s cards", count), [count]) }),
      ]),
      landmarks(player, rules, ctx, mine),
      owned(player, rules, mine),
    ]);
  }

  function jumpLinks(view, ctx, order) {
    const links = [h("a", { href: "#mk-market", text: gettext("Market") })];
    order.forEach(function (seat) {
      const mine = ctx.you && ctx.you.position === seat;
      links.push(h("a", { href: mine ? "#mk-my-city" : "#mk-city-" + seat, text: mine ? gettext("My city") : view.players[seat].name }));
    });
    return h("nav", { class: "mk-jump", "aria-label": gettext("Board sections") }, links);
  }

  // One screen on a desktop: the opponents' strip, the market (with the dice), then your own city.
  function draw(container, ctx) {
    const view = ctx.view;
    const rules = ctx.rules;
    last = { container: container, ctx: ctx };
    // A question about a move no longer offered (a socket update, the move sent, another tab) goes away.
    if (asking && !(ctx.actions || []).some(function (item) { return moveId(item.action) === asking.id; })) asking = null;
    if (!view || !view.players) { container.replaceChildren(); return; }
    const active = document.activeElement;
    const focused = focusAfter || (active && container.contains(active) ? active.getAttribute("data-focus") : null);
    focusAfter = null;
    const count = view.players.length;
    const you = ctx.you && ctx.you.position !== null && ctx.you.position !== undefined ? ctx.you.position : null;
    const order = [];
    for (let turn = 0; turn < count; turn++) order.push((view.first_player + turn) % count);  // player 1 first, then clockwise
    const cities = order.map(function (seat, turn) { return city(view, rules, ctx, seat, turn); });
    const coins = you !== null ? view.players[you].coins : 0;
    // The others in playing order from the one after you, so the next to play comes first.
    const mineIndex = you !== null ? order.indexOf(you) : -1;
    const others = [];
    for (let i = 1; i <= count; i++) {
      const index = ((mineIndex < 0 ? -1 : mineIndex) + i) % count;
      if (index !== mineIndex) others.push(cities[index]);
    }
    const sections = [
      h("section", { class: "mk-section mk-opponents", "aria-label": mineIndex < 0 ? gettext("Cities") : gettext("Other cities") }, others),
      market(view, rules, ctx, coins, status(view, rules)),
    ];
    if (mineIndex >= 0) sections.push(h("section", { class: "mk-section mk-mine", "aria-label": gettext("Your city") }, [cities[mineIndex]]));
    container.replaceChildren(jumpLinks(view, ctx, order), h("div", { class: "mk-layout" }, sections));
    placeBar(container);
    const opened = fresh;
    fresh = false;
    const again = focused ? container.querySelector('[data-focus="' + focused + '"]') : null;
    if (again) again.focus({ preventScroll: true });
    const bar = opened ? container.querySelector(".mk-confirm") : null;
    if (bar && bar.scrollIntoView) bar.scrollIntoView({ block: "nearest" });  // the whole bar in sight, not only Confirm
  }

  GameBoards.register("machikoro", {
    hint: Dom.touch ? gettext("Tap a highlighted market card or landmark to buy it.")
      : gettext("Click a highlighted market card or landmark to buy it."),
    handles: function (action) { return action.type === "buy" || action.type === "build"; },
    render: draw,
  });
})();
