/* Aquarius board view (part of static/js/boards/aquarius.js): the table's pan and zoom as one transform of
   the grid's layer: fit the cards in sight, zoom about a point, apply. */
(function () {
  "use strict";
  const ui = Aquarius.state.ui;
  const STEP_X = Aquarius.cards.STEP_X, STEP_Y = Aquarius.cards.STEP_Y;

  function worldBounds(points) {
    const xs = points.map(function (p) { return p[0]; }), ys = points.map(function (p) { return p[1]; });
    return { x0: Math.min.apply(null, xs) * STEP_X, y0: Math.min.apply(null, ys) * STEP_Y,
      x1: (Math.max.apply(null, xs) + 1) * STEP_X, y1: (Math.max.apply(null, ys) + 1) * STEP_Y };
  }

  // The band at the top of the table under its zoom buttons (.aq-tools): fitting keeps the cards and spaces below
  // it, so no space offered is hidden under a button.
  const TOOLS = 46;

  function fit(svg, points) {
    if (!points.length) points = [[0, 0]];
    const b = worldBounds(points);
    const w = svg.clientWidth || 600, hgt = (svg.clientHeight || 400) - TOOLS;
    ui.scale = Math.max(0.25, Math.min(2, Math.min(w / (b.x1 - b.x0 + STEP_X), hgt / (b.y1 - b.y0 + STEP_Y))));
    ui.tx = w / 2 - ((b.x0 + b.x1) / 2) * ui.scale;
    ui.ty = TOOLS + hgt / 2 - ((b.y0 + b.y1) / 2) * ui.scale;
  }

  function applyTransform(layer) {
    layer.setAttribute("transform", "translate(" + ui.tx + "," + ui.ty + ") scale(" + ui.scale + ")");
  }

  function zoomAt(layer, factor, px, py) {
    const scale = Math.max(0.2, Math.min(3, ui.scale * factor));
    ui.tx = px - (px - ui.tx) * (scale / ui.scale);
    ui.ty = py - (py - ui.ty) * (scale / ui.scale);
    ui.scale = scale;
    ui.moved = true;
    applyTransform(layer);
  }

  window.Aquarius = Object.assign(window.Aquarius || {}, {
    view: { fit: fit, applyTransform: applyTransform, zoomAt: zoomAt },
  });
})();
