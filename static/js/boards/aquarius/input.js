/* Aquarius board input (part of static/js/boards/aquarius.js): clicks and keys on the board's targets,
   pan and zoom by mouse, finger, wheel and keys, and the board's own keys.

   Keys on the table: arrows pan, + and − zoom, 0 fits. On a target: Enter or Space picks it. Anywhere on the
   board: R turns the selected card 180°, Escape cancels (back to the card in the hand). */
(function () {
  "use strict";
  const ui = Aquarius.state.ui;
  const fit = Aquarius.view.fit, applyTransform = Aquarius.view.applyTransform, zoomAt = Aquarius.view.zoomAt;

  function onActivate(node, fn) {
    node.addEventListener("click", function (event) {
      if (node.closest(".aq-grid") && node.closest(".aq-grid").dataset.dragged === "1") return;
      event.stopPropagation();
      fn();
    });
    node.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault(); event.stopPropagation();
        // From the keyboard the target goes away with the move: keep the focus on the table it changed.
        ui.focusAfter = "grid";
        fn();
      }
    });
  }

  /* A target that takes the keyboard is brought into sight: the whole table on the page (below the sticky bar
     of moves: the page's scroll-padding-top, --sticky-top), and the target inside the table, panned to its centre if the view
     was moved away from it. */
  function showFocused(svg, layer, node) {
    svg.scrollIntoView({ block: "nearest", inline: "nearest" });
    const view = svg.getBoundingClientRect(), box = node.getBoundingClientRect();
    if (box.left >= view.left && box.right <= view.right && box.top >= view.top && box.bottom <= view.bottom) return;
    ui.tx += (view.left + view.right - box.left - box.right) / 2;
    ui.ty += (view.top + view.bottom - box.top - box.bottom) / 2;
    ui.moved = true;
    applyTransform(layer);
  }

  /* Pan with a mouse drag or one finger, zoom with the wheel or two fingers, keys when focused. */
  function interactive(svg, layer, points) {
    const pointers = new Map();
    let start = null, pinch = null;
    svg.addEventListener("focusin", function (event) {
      if (event.target !== svg && event.target.matches(":focus-visible")) showFocused(svg, layer, event.target);
    });
    svg.addEventListener("pointerdown", function (event) {
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      svg.dataset.dragged = "0";
      if (pointers.size === 1) start = { x: event.clientX, y: event.clientY, tx: ui.tx, ty: ui.ty };
      if (pointers.size === 2) {
        const [p, q] = Array.from(pointers.values());
        pinch = { d: Math.hypot(p.x - q.x, p.y - q.y), scale: ui.scale };
      }
    });
    svg.addEventListener("pointermove", function (event) {
      if (!pointers.has(event.pointerId)) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const rect = svg.getBoundingClientRect();
      if (pointers.size >= 2 && pinch) {
        const [p, q] = Array.from(pointers.values());
        const d = Math.hypot(p.x - q.x, p.y - q.y);
        zoomAt(layer, (pinch.scale * d / pinch.d) / ui.scale, (p.x + q.x) / 2 - rect.left, (p.y + q.y) / 2 - rect.top);
        svg.dataset.dragged = "1";
      } else if (start) {
        const dx = event.clientX - start.x, dy = event.clientY - start.y;
        if (Math.abs(dx) + Math.abs(dy) > 6) {
          if (svg.dataset.dragged !== "1") svg.setPointerCapture(event.pointerId);
          svg.dataset.dragged = "1";
          ui.tx = start.tx + dx; ui.ty = start.ty + dy; ui.moved = true;
          applyTransform(layer);
        }
      }
    });
    const end = function (event) {
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinch = null;
      if (!pointers.size) start = null;
      setTimeout(function () { svg.dataset.dragged = "0"; }, 0);
    };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);
    svg.addEventListener("wheel", function (event) {
      event.preventDefault();
      const rect = svg.getBoundingClientRect();
      zoomAt(layer, event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - rect.left, event.clientY - rect.top);
    }, { passive: false });
    svg.addEventListener("keydown", function (event) {
      const step = 40;
      const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
      if (moves[event.key]) {
        event.preventDefault();
        ui.tx += moves[event.key][0]; ui.ty += moves[event.key][1]; ui.moved = true;
        applyTransform(layer);
      } else if (event.key === "+" || event.key === "=") {
        zoomAt(layer, 1.2, svg.clientWidth / 2, svg.clientHeight / 2);
      } else if (event.key === "-") {
        zoomAt(layer, 1 / 1.2, svg.clientWidth / 2, svg.clientHeight / 2);
      } else if (event.key === "0") {
        ui.moved = false; fit(svg, points); applyTransform(layer);
      }
    });
  }

  /* Drop the choice in progress; the keyboard goes back to the card that was chosen. */
  function cancel() {
    if (ui.selected) ui.focusAfter = "hand:" + ui.selected;
    ui.selected = null; ui.target = null;
  }

  /* The board's keys, wherever the focus is inside it (not in a text field). */
  function choiceKeys(container, rerender) {
    container.onkeydown = function (event) {
      if (event.target.closest("input, textarea")) return;
      if ((event.key === "r" || event.key === "R") && ui.selected) { ui.upright = !ui.upright; ui.focusTarget = true; rerender(); }
      else if (event.key === "Escape" && ui.selected) { cancel(); rerender(); }
    };
  }

  window.Aquarius = Object.assign(window.Aquarius || {}, {
    input: { onActivate: onActivate, interactive: interactive, choiceKeys: choiceKeys, cancel: cancel },
  });
})();
