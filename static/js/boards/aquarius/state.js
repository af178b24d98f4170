/* Aquarius board state (part of static/js/boards/aquarius.js): what the player is choosing, kept across
   renders (the selected card, its orientation, the card being moved, the view's pan and zoom), and the legal
   moves it is chosen among: only the actions the server lists. */
(function () {
  "use strict";
  const ui = {
    selected: null,      // a card id in the hand
    upright: true,
    target: null,        // Move a Card: the board card being moved
    tx: 0, ty: 0, scale: 1,
    moved: false,        // the user panned or zoomed: no automatic fitting until "Fit"
    turnKey: null,
    focusTarget: false,  // after a choice from the keyboard: take it to the first target
    focusAfter: null,    // after a move or a cancel: the data-focus of what takes the keyboard next
    reveal: false,       // a card was just chosen: bring the whole table (its targets) into sight
  };

  function legal(ctx) { return (ctx.actions || []).map(function (item) { return item.action; }); }

  function cellsFor(actions, card, target) {
    return actions.filter(function (a) {
      if (a.card !== card || a.upright !== ui.upright) return false;
      return target ? a.type === "move_card" && a.target === target : a.type === "play_card";
    });
  }

  window.Aquarius = Object.assign(window.Aquarius || {}, { state: { ui: ui, legal: legal, cellsFor: cellsFor } });
})();
