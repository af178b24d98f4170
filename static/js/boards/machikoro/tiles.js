/* The Machi Koro board's compact pieces, laid out by static/js/boards/machikoro.js: a card of the market or of
   a city, an opponent's card, a landmark, a player's coins. The words are HTML at readable sizes beside a
   pictogram face (CardFace.mini, which carries the card's full accessible label); each piece carries the
   attributes of the board's DOM contract (data-market-card, data-card, data-count, data-landmark, data-built,
   data-coins), which other modules (animations) rely on. */
(function () {
  "use strict";
  const h = Dom.h;
  const COLOURS = { red: gettext("Red"), blue: gettext("Blue"), green: gettext("Green"), purple: gettext("Purple") };

  function roll(card) {
    if (card.activation_min === undefined || card.activation_min === null) return "";
    return card.activation_min === card.activation_max ? String(card.activation_min) : card.activation_min + "–" + card.activation_max;
  }

  function colourClass(card) {
    return card.kind === "landmark" ? "mk-c-landmark" : "mk-c-" + (card.colour || "none");
  }

  function cost(value) {
    return h("span", { class: "mk-cost", title: interpolate(ngettext("Costs %s coin", "Costs %s coins", value), [value]), text: String(value) });
  }

  // A market card or a card of the player's own city: roll numbers and colour on the band, cost (market) or count
  // (city; a stack of several looks stacked), the name, then the pictogram with how many are left or notes.
  function card(card, state) {
    const owned = state.count !== undefined;
    const notes = [];
    if (state.closed) notes.push(h("span", { class: "mk-note closed", text: state.closed > 1 ? interpolate(gettext("%s closed"), [state.closed]) : gettext("closed") }));
    if (state.invested) notes.push(h("span", { class: "mk-note", text: interpolate(gettext("+%s inv."), [state.invested]) }));
    return h("span", { class: "mk-card " + colourClass(card) + (owned && state.count > 1 ? " stacked" : "") + (state.closed ? " is-closed" : "") }, [
      h("span", { class: "mk-card-band" }, [
        h("span", { class: "mk-roll" + (roll(card).length > 3 ? " long" : ""), text: roll(card) }),
        h("span", { class: "mk-colour", text: card.colour_name || COLOURS[card.colour] || "" }),
        owned ? h("span", { class: "mk-count", text: "×" + state.count }) : cost(card.cost),
      ]),
      h("span", { class: "mk-card-name", text: card.name }),
      h("span", { class: "mk-card-foot" }, [CardFace.mini(card, state)].concat(owned ? notes
        : [h("span", { class: "mk-left", text: interpolate(gettext("%s left"), [state.left]) })])),
    ]);
  }

  // An opponent's card, small: pictogram, roll numbers and count (the name is in the face's label).
  function chip(card, state) {
    return h("span", { class: "mk-chip " + colourClass(card) + (state.closed ? " is-closed" : "") }, [
      CardFace.mini(card, state),
      h("span", { class: "mk-roll", text: roll(card) }),
      h("span", { class: "mk-count", text: "×" + state.count }),
    ]);
  }

  // A landmark: its own pictogram, built or not (in words too); with its name and cost in the player's own city.
  function landmark(card, built, named) {
    return h("span", { class: "mk-lm" + (built ? " built" : " unbuilt") + (named ? " named" : "") }, [
      CardFace.mini(card, { built: built }),
      named ? h("span", { class: "mk-lm-text" }, [
        h("span", { class: "mk-lm-name", text: card.name }),
        built ? h("span", { class: "mk-lm-state", text: "✓ " + gettext("built") }) : cost(card.cost),
      ]) : null,
    ]);
  }

  // A player's coins: the number alone in [data-coins], the word beside it.
  function coins(count) {
    return h("span", { class: "mk-coins" }, [
      h("span", { class: "coin", "aria-hidden": "true" }),
      h("span", { class: "mk-coin-count", "data-coins": "", text: String(count) }),
      " ",
      h("span", { class: "mk-coin-word", text: ngettext("coin", "coins", count) }),
    ]);
  }

  window.MachiKoroTiles = { card: card, chip: chip, landmark: landmark, coins: coins };
})();
