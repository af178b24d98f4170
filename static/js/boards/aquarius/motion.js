/* Aquarius motion (part of static/js/boards/aquarius.js): after each drawing ("game:rendered", game-page.js) a card
   just placed slides onto its cell from your hand (your move) or from its player's place in the list of players,
   a moved card slides from its old cell to its new one, a zapped card shrinks away, and the cells the move
   changed are highlighted for a moment. Ghosts fly in an overlay (static/js/motion.js): the table is already
   drawn and usable when this runs. */
(function () {
  "use strict";
  const cards = Aquarius.cards;
  const CW = cards.CW, CH = cards.CH, STEP_X = cards.STEP_X, STEP_Y = cards.STEP_Y;
  let drawnCards = new Map();  // card id -> a copy of its drawing on the table, for the cards zapped next
  let ghosts = 0;

  function q(value) { return window.CSS && CSS.escape ? CSS.escape(String(value)) : String(value); }

  // Where a cell of the grid is on the screen, with the table's pan and zoom.
  function cellBox(layer, x, y) {
    const m = layer.getScreenCTM && layer.getScreenCTM();
    if (!m) return null;
    const px = x * STEP_X, py = y * STEP_Y;
    const left = m.a * px + m.c * py + m.e, top = m.b * px + m.d * py + m.f;
    const width = m.a * CW, height = m.d * CH;
    return { left: left, top: top, width: width, height: height, right: left + width, bottom: top + height };
  }

  // A box of the size of `size` in the middle of `r`: a card leaving the hand or a player's place keeps its shape.
  function centred(r, size) {
    if (!r || !size) return null;
    const left = r.left + (r.width - size.width) / 2, top = r.top + (r.height - size.height) / 2;
    return { left: left, top: top, width: size.width, height: size.height, right: left + size.width, bottom: top + size.height };
  }

  // A card's drawing as a ghost of its own: an svg of one card.
  function ghost(g) {
    const copy = Motion.ghostOf(g);
    copy.removeAttribute("transform");
    // Its own clip (the copy lost the id): the card on the table, and its clip, may be gone while it flies.
    const clip = copy.querySelector("clipPath"), clipped = copy.querySelector("[clip-path]");
    if (clip && clipped) {
      clip.setAttribute("id", "aq-ghost-clip-" + (++ghosts));
      clipped.setAttribute("clip-path", "url(#aq-ghost-clip-" + ghosts + ")");
    }
    const svg = cards.svg("svg", { viewBox: "0 0 " + CW + " " + CH, "aria-hidden": "true" });
    svg.append(copy);
    return svg;
  }

  function byCard(board) {
    const found = new Map();
    (board || []).forEach(function (c) { found.set(c.card, c); });
    return found;
  }

  function show(event) {
    const detail = event.detail || {};
    const state = detail.state, previous = detail.previous;
    const layer = document.querySelector("#board g.aq-layer");
    if (!window.Motion || !layer || !state || !state.board) return;
    const before = previous ? byCard(previous.board) : null;
    const after = byCard(state.board);
    const changed = [];
    let moved = false;
    if (before) {
      const mine = previous.to_act === detail.me && detail.me !== null && detail.me !== undefined;
      const from = mine ? document.querySelector("#board .aq-hand")
        : document.querySelector('#board .aq-player[data-seat="' + q(previous.to_act) + '"]');
      after.forEach(function (c, id) {
        const old = before.get(id);
        if (old && old.x === c.x && old.y === c.y && old.upright === c.upright) return;
        const node = layer.querySelector('g.aq-card[data-card="' + q(id) + '"]');
        if (!node) return;
        changed.push('g.aq-card[data-card="' + q(id) + '"]');
        moved = true;
        const target = cellBox(layer, c.x, c.y);
        const source = old ? cellBox(layer, old.x, old.y) : centred(Motion.box(from), target);
        const flight = Motion.fly(ghost(node), source, target, { duration: 600, arc: old ? 20 : 50 });
        if (flight) node.animate([{ opacity: 0 }, { opacity: 0, offset: 0.92 }, { opacity: 1 }], { duration: 600 });
      });
      before.forEach(function (c, id) {
        if (after.has(id)) return;
        moved = true;
        if (!drawnCards.has(id)) return;
        const at = cellBox(layer, c.x, c.y);
        const end = at && { left: at.left + at.width / 2, top: at.top + at.height / 2, width: 1, height: 1,
          right: at.right, bottom: at.bottom };
        Motion.fly(ghost(drawnCards.get(id)), at, end, { duration: 550, fade: true });
      });
    }
    drawnCards = new Map();
    layer.querySelectorAll("g.aq-card[data-card]").forEach(function (g) { drawnCards.set(g.dataset.card, g.cloneNode(true)); });
    if (!before) return;
    Motion.highlight(document.getElementById("board"), changed);
    if (!window.Sounds) return;
    if (moved) Sounds.play("card");
    if (state.to_act === detail.me && previous.to_act !== detail.me && detail.me !== null && !state.over) {
      setTimeout(function () { Sounds.play("turn"); }, 300);
    }
  }

  document.addEventListener("game:rendered", show);

  window.Aquarius = Object.assign(window.Aquarius || {}, { motion: { cellBox: cellBox } });
})();
