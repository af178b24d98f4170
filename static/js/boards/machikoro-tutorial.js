/* Hints of the guided first Machi Koro game (static/js/tutorial.js runs them): roll, what the roll activated
   and why, what to buy, what landmarks do and how to win. Card names and effects come from the game's rules. */
(function () {
  "use strict";
  if (!window.Tutorial) return;
  // A learner's first purchases, in the order they are suggested: cheap cards that pay often.
  const FIRST_BUYS = ["wheat-field", "ranch", "bakery", "convenience-store", "cafe", "forest", "cheese-factory",
    "furniture-factory", "apple-orchard", "fruit-and-vegetable-market", "mine", "family-restaurant"];
  let lastRoll = null;  // the hint about the latest roll that did something to the viewer

  function card(rules, slug) {
    return (rules.establishments || {})[slug] || (rules.landmarks || {})[slug] || { name: slug };
  }

  function covers(info, total) {
    return info.activation_min <= total && total <= (info.activation_max || info.activation_min);
  }

  // Why a card of the viewer's activated on this roll, from its colour and whose roll it was.
  function why(info, mine) {
    if (info.colour === "blue") return gettext("blue cards pay on anyone's roll");
    if (info.colour === "red") return gettext("red cards take coins from the player who rolled");
    if (info.colour === "purple") return gettext("purple cards work on your own roll");
    return mine ? gettext("green cards pay on your own roll") : "";
  }

  function activated(state, rules, me) {
    const player = state.players[me];
    const mine = state.active === me;
    return Object.keys(player.cards || {}).filter(function (slug) {
      const info = card(rules, slug);
      if (!covers(info, state.total)) return false;
      if (info.colour === "blue") return true;
      if (info.colour === "red") return !mine;
      return mine;  // green and purple: the owner's roll
    });
  }

  // A roll shows in this render when the dice changed since the last one (or a turn passed with the same dice).
  function newRoll(state, previous) {
    if (!state.dice || !state.dice.length || !previous || state.phase === "roll") return false;
    const before = previous.dice || [];
    return previous.turn !== state.turn || before.join() !== state.dice.join() || previous.phase === "roll" || previous.phase === "reroll";
  }

  function rollHint(state, previous, rules, me) {
    const cards = activated(state, rules, me);
    const gained = previous ? state.players[me].coins - previous.players[me].coins : 0;
    const mine = state.active === me;
    if (!mine && !cards.length && !gained) return null;  // another player's roll that did nothing to you
    const who = mine ? interpolate(gettext("You rolled %s."), [state.total])
      : interpolate(gettext("%(name)s rolled %(total)s."), { name: state.players[state.active].name, total: state.total }, true);
    const parts = [who];
    cards.forEach(function (slug) {
      const info = card(rules, slug);
      const reason = why(info, mine);
      parts.push(interpolate(gettext("Your %(card)s activated (it shows %(total)s)"), { card: info.name, total: state.total }, true) +
        (reason ? ": " + reason : "") + ".");
    });
    if (!cards.length && mine) parts.push(interpolate(gettext("None of your cards shows %s, so nothing pays you this time."), [state.total]));
    if (gained > 0) parts.push(interpolate(ngettext("You got %s coin.", "You got %s coins.", gained), [gained]));
    else if (gained < 0) parts.push(interpolate(ngettext("You paid %s coin.", "You paid %s coins.", -gained), [-gained]));
    return { id: "rolled", title: gettext("What the dice did"), text: parts.join(" "), target: ["[data-dice]", ".mk-dice"] };
  }

  function buyHint(state, rules) {
    // The page's view is everyone's (no legal moves in it): what the market has that the player can pay for,
    // one of each purple card at most.
    const player = state.players[state.active];
    const coins = player.coins;
    const buys = Object.keys(state.market || {}).filter(function (slug) {
      const info = card(rules, slug);
      return state.market[slug] > 0 && Number(info.cost) <= coins && !(info.colour === "purple" && (player.cards || {})[slug]);
    });
    if (!buys.length) {
      return { id: "buy", title: gettext("Nothing to buy"), target: ["#actions button[data-action='pass']", "#actions"],
        text: interpolate(ngettext("With %s coin nothing in the market is affordable: build nothing and save up.",
          "With %s coins nothing in the market is affordable: build nothing and save up.", coins), [coins]) };
    }
    const slug = FIRST_BUYS.find(function (s) { return buys.indexOf(s) >= 0; }) || buys[0];
    const info = card(rules, slug);
    const text = interpolate(ngettext("Try %(card)s (%(cost)s coin): %(effect)s", "Try %(card)s (%(cost)s coins): %(effect)s", Number(info.cost)),
      { card: info.name, cost: info.cost, effect: info.text || info.description || "" }, true) +
      " " + gettext("Cheap cards that pay on low numbers are a good start: with one die you roll 1 to 6.");
    return { id: "buy", title: gettext("Buy an establishment"), text: text,
      target: ["[data-market-card='" + slug + "'] button", "[data-market-card='" + slug + "']",
        "#mk-market button.mk-buy[aria-label*=\"" + CSS.escape(info.name) + "\"]", "#mk-market"] };
  }

  function landmarkHint(state, rules) {
    const win = Object.keys(rules.landmarks || {}).filter(function (slug) { return rules.landmarks[slug].counts_toward_win !== false && !rules.landmarks[slug].starts_built; });
    const names = win.map(function (slug) { return rules.landmarks[slug].name + " (" + rules.landmarks[slug].cost + ")"; });
    const first = rules.landmarks[win[0]];
    return { id: "landmarks", title: gettext("Landmarks: how to win"),
      text: interpolate(gettext("Build all your landmarks to win: %s."), [names.join(", ")]) +
        (first ? " " + interpolate(gettext("Each one also helps you. %(name)s, the cheapest: %(effect)s"),
          { name: first.name, effect: first.text || first.description || "" }, true) : ""),
      target: ["#mk-my-city .mk-landmarks", "#mk-my-city"] };
  }

  function hints(detail, ctx) {
    const state = detail.state, previous = detail.previous, rules = ctx.rules, me = ctx.me;
    if (!state || !state.players || !state.players[me]) return [];
    if (state.phase === "over") {
      return [{ id: "over", final: true, title: gettext("Game over"), target: ["#after", "#board"],
        text: gettext("That is a whole game of Machi Koro. Rematch, or create a game with friends from the Play page.") }];
    }
    const list = [];
    // The latest roll that did something to the viewer stays explained until a newer one (bots play fast).
    const roll = newRoll(state, previous) ? rollHint(state, previous, rules, me) : null;
    if (roll) lastRoll = roll;
    const mine = state.active === me;
    if (lastRoll && !(mine && state.phase === "roll")) list.push(lastRoll);
    if (mine && state.phase === "roll") {
      const text = (ctx.touch ? gettext("Tap “Roll” to throw the dice.") : gettext("Click “Roll” to throw the dice.")) + " " +
        gettext("Every card you own shows the numbers that make it pay; the dice decide which ones do.");
      list.push({ id: "roll", title: gettext("Your turn: roll the dice"), text: text, urgent: true, target: "#actions button[data-action='roll']" });
      if (lastRoll) list.push(lastRoll);
    }
    if (mine && state.phase === "build") {
      list.push(buyHint(state, rules));
      list.push(landmarkHint(state, rules));
    }
    if (!mine) {
      list.push({ id: "others", lesson: "others", title: gettext("The bots are playing"), target: ["#mk-my-city", "#board .mk-players"],
        text: gettext("Watch your city: blue cards pay you on every player's roll, red ones take coins from the player who rolled.") });
    }
    return list;
  }

  Tutorial.register("machikoro", { lessons: ["roll", "rolled", "buy", "landmarks"], hints: hints });
})();
