/* What a Machi Koro move changed, shown: the dice tumble, coins fly between the players and the bank with a
   "+3" / "−2" at each player's coins, a bought card flies from the market to the buyer's city, a landmark just
   built pops, and all of it is highlighted for a moment. Short sounds go with it (static/js/sounds.js).
   It diffs the view before and after each drawing ("game:rendered", static/js/game-page.js) and finds the board's
   nodes by the attributes of the board's DOM contract (data-seat, data-coins, data-card, data-market-card,
   data-landmark, data-dice, data-die). The board is already drawn when this runs: nothing here delays the game. */
(function () {
  "use strict";
  const ROLL_MS = 650;   // the dice tumble; the coins they earn fly after it
  const COIN_PX = 18;

  function q(value) { return window.CSS && CSS.escape ? CSS.escape(String(value)) : String(value); }
  function inSeat(seat, selector) { return '[data-seat="' + q(seat) + '"] ' + selector; }

  function rolled(state, previous) {
    const dice = state.dice || [], before = previous.dice || [];
    return dice.length > 0 && (!before.length || before.join() !== dice.join() || previous.active !== state.active
      || previous.turn !== state.turn);
  }

  // Who paid whom: each player's loss goes to the players who gained (in seat order), the rest to or from the bank.
  function transfers(state, previous) {
    const payers = [], payees = [], moves = [];
    state.players.forEach(function (player, seat) {
      const change = player.coins - ((previous.players[seat] || {}).coins || 0);
      if (change < 0) payers.push({ seat: seat, left: -change });
      if (change > 0) payees.push({ seat: seat, left: change });
    });
    payers.forEach(function (payer) {
      payees.forEach(function (payee) {
        const amount = Math.min(payer.left, payee.left);
        if (amount > 0) { moves.push({ from: payer.seat, to: payee.seat, amount: amount }); payer.left -= amount; payee.left -= amount; }
      });
      if (payer.left > 0) moves.push({ from: payer.seat, to: null, amount: payer.left });
    });
    payees.forEach(function (payee) { if (payee.left > 0) moves.push({ from: null, to: payee.seat, amount: payee.left }); });
    return moves;
  }

  // A coin-sized box at the middle of `r`.
  function spot(r) {
    if (!r) return null;
    const x = r.left + r.width / 2 - COIN_PX / 2, y = r.top + r.height / 2 - COIN_PX / 2;
    return { left: x, top: y, width: COIN_PX, height: COIN_PX, right: x + COIN_PX, bottom: y + COIN_PX };
  }

  function flyCoins(board, moves, delay) {
    const bank = board.querySelector("[data-bank]") || board.querySelector("#mk-market h3") || board.querySelector(".mk-status");
    const where = function (seat) { return spot(Motion.box(seat === null ? bank : board.querySelector(inSeat(seat, "[data-coins]")))); };
    moves.forEach(function (move, m) {
      for (let i = 0; i < Math.min(move.amount, 4); i++) {
        const coin = document.createElement("span");
        coin.className = "coin motion-coin";
        Motion.fly(coin, where(move.from), where(move.to), { delay: delay + m * 90 + i * 70, duration: 600, arc: 40 });
      }
    });
  }

  // Cards a player now has more of: from the market, or from the player who gave them (a trade).
  function newCards(state, previous) {
    const found = [];
    state.players.forEach(function (player, seat) {
      const before = (previous.players[seat] || {}).cards || {};
      Object.keys(player.cards || {}).forEach(function (slug) {
        if ((player.cards[slug] || 0) <= (before[slug] || 0)) return;
        const giver = previous.players.findIndex(function (other, s) {
          return s !== seat && ((other.cards || {})[slug] || 0) > ((state.players[s].cards || {})[slug] || 0);
        });
        found.push({ seat: seat, slug: slug, giver: giver >= 0 ? giver : null });
      });
    });
    return found;
  }

  function flyCard(board, card) {
    const target = board.querySelector(inSeat(card.seat, '[data-card="' + q(card.slug) + '"]'));
    const source = card.giver !== null
      ? board.querySelector(inSeat(card.giver, '[data-card="' + q(card.slug) + '"]')) || board.querySelector('[data-seat="' + q(card.giver) + '"]')
      : board.querySelector('[data-market-card="' + q(card.slug) + '"]') || board.querySelector("#mk-market");
    if (!target) return;
    const flight = Motion.fly(Motion.ghostOf(target), Motion.box(source), Motion.box(target), { duration: 650, arc: 30 });
    if (flight) target.animate([{ opacity: 0 }, { opacity: 0, offset: 0.9 }, { opacity: 1 }], { duration: 650 });
  }

  function show(event) {
    const detail = event.detail || {};
    const state = detail.state, previous = detail.previous;
    const board = document.getElementById("board");
    if (!window.Motion || !board || !state || !previous || !state.players || !previous.players
      || state.players.length !== previous.players.length) return;
    const changed = [];
    const sounds = [];
    const roll = rolled(state, previous);
    if (roll) {
      changed.push("[data-dice]");
      board.querySelectorAll("[data-dice] [data-die]").forEach(Motion.tumble);
      sounds.push(["dice", 0]);
    }
    const moves = transfers(state, previous);
    flyCoins(board, moves, roll ? ROLL_MS - 100 : 0);
    state.players.forEach(function (player, seat) {
      const change = player.coins - previous.players[seat].coins;
      if (!change) return;
      changed.push(inSeat(seat, "[data-coins]"));
      // Found when it shows, and followed: the board may be drawn again meanwhile.
      const find = function () { return board.querySelector(inSeat(seat, "[data-coins]")); };
      setTimeout(function () { Motion.delta(find, change, seat); }, roll ? ROLL_MS : 0);
    });
    if (moves.length) sounds.push(["coin", roll ? ROLL_MS : 0]);
    const cards = newCards(state, previous);
    cards.forEach(function (card) {
      changed.push(inSeat(card.seat, '[data-card="' + q(card.slug) + '"]'));
      flyCard(board, card);
    });
    if (cards.length) sounds.push(["card", 0]);
    Object.keys(Object.assign({}, previous.market, state.market)).forEach(function (slug) {
      if ((state.market || {})[slug] !== (previous.market || {})[slug]) changed.push('[data-market-card="' + q(slug) + '"]');
    });
    state.players.forEach(function (player, seat) {
      (player.landmarks || []).forEach(function (slug) {
        if ((previous.players[seat].landmarks || []).indexOf(slug) >= 0) return;
        const selector = inSeat(seat, '[data-landmark="' + q(slug) + '"]');
        changed.push(selector);
        Motion.pop(board.querySelector(selector), { duration: 700 });
        sounds.push(["landmark", 0]);
      });
    });
    if (detail.me !== null && detail.me !== undefined && state.active === detail.me && previous.active !== detail.me
      && state.phase !== "over") sounds.push(["turn", roll ? ROLL_MS : 0]);
    Motion.highlight(board, changed);
    if (window.Sounds) {
      sounds.forEach(function (sound) { setTimeout(function () { Sounds.play(sound[0]); }, sound[1]); });
    }
  }

  document.addEventListener("game:rendered", show);
})();
