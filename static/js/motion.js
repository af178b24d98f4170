/* Motion helpers for the game boards (Web Animations API): a ghost flying from one box to another, a floating
   "+3" / "−2", a pop, and a highlight of what the last move changed that fades. Everything is drawn in an overlay
   (position fixed, pointer-events none) and removed when done: the page's state and its buttons never wait for
   an animation. Nothing moves under prefers-reduced-motion, or once Motion.enabled is false. */
(function () {
  "use strict";
  const reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const HIGHLIGHT_MS = 2200;
  let layer = null;
  let marks = null;  // { container, selectors, since, observer, timer }: the last move's highlight

  function on() {
    return Motion.enabled && !(reduce && reduce.matches) && typeof Element.prototype.animate === "function";
  }

  function overlay() {
    if (!layer || !layer.isConnected) {
      layer = document.createElement("div");
      layer.className = "motion-layer";
      layer.setAttribute("aria-hidden", "true");
      document.body.append(layer);
    }
    return layer;
  }

  // A box worth animating from or to: laid out, and at least partly on the screen.
  function box(node) {
    if (!node || !node.getBoundingClientRect) return null;
    const r = node.getBoundingClientRect();
    if (!r.width && !r.height) return null;
    return r;
  }

  function visible(r) {
    return r && r.bottom > 0 && r.right > 0 && r.top < window.innerHeight && r.left < window.innerWidth;
  }

  // A copy of `node` to fly around: no ids, no data attributes (nothing may take it for the real one).
  function ghostOf(node) {
    const copy = node.cloneNode(true);
    [copy].concat(Array.prototype.slice.call(copy.querySelectorAll("*"))).forEach(function (n) {
      n.removeAttribute("id");
      Array.prototype.slice.call(n.attributes).forEach(function (a) {
        if (a.name.indexOf("data-") === 0 || a.name === "tabindex") n.removeAttribute(a.name);
      });
    });
    return copy;
  }

  function place(node, r) {
    node.style.setProperty("--motion-w", r.width + "px");
    node.style.setProperty("--motion-h", r.height + "px");
  }

  function later(animation, node) {
    const gone = function () { node.remove(); };
    animation.onfinish = gone;
    animation.oncancel = gone;
    return animation;
  }

  /* Fly `node` (a ghost: appended to the overlay here) from box `from` to box `to`, scaling it to fit.
     options: duration (ms), delay (ms), arc (px the path rises in its middle), fade (ends transparent). */
  function fly(node, from, to, options) {
    const o = options || {};
    if (!on() || !from || !to || !(visible(from) || visible(to))) return null;
    node.classList.add("motion-ghost");
    place(node, from);
    overlay().append(node);
    const sx = to.width / from.width || 1, sy = to.height / from.height || 1;
    const mid = { x: (from.left + to.left) / 2, y: (from.top + to.top) / 2 - (o.arc || 0) };
    const at = function (x, y, s1, s2) { return "translate(" + x + "px," + y + "px) scale(" + s1 + "," + s2 + ")"; };
    const frames = [
      { transform: at(from.left, from.top, 1, 1), opacity: 1 },
      { transform: at(mid.x, mid.y, (1 + sx) / 2, (1 + sy) / 2), opacity: 1, offset: 0.5 },
      { transform: at(to.left, to.top, sx, sy), opacity: o.fade ? 0 : 1 },
    ];
    return later(node.animate(frames, { duration: o.duration || 550, delay: o.delay || 0, easing: "ease-in-out" }), node);
  }

  /* A "+3" (gain) or "−2" (loss) rising from a node and fading; `seat` tags it for scripts and tests. `find`
     returns the node (a function: found again every frame, so the number follows it when the board is redrawn or
     laid out anew while it shows). */
  function delta(find, amount, seat) {
    const locate = typeof find === "function" ? find : function () { return find; };
    const r = box(locate());
    if (!on() || !amount || !visible(r)) return null;
    const node = document.createElement("span");
    node.className = "motion-delta " + (amount > 0 ? "gain" : "loss");
    node.textContent = (amount > 0 ? "+" : "\u2212") + Math.abs(amount);
    if (seat !== undefined && seat !== null) node.dataset.seat = String(seat);
    const follow = function (at) {
      if (!at) return;
      node.style.setProperty("--motion-x", at.left + at.width / 2 + "px");
      node.style.setProperty("--motion-y", at.top + "px");
    };
    follow(r);
    overlay().append(node);
    const animation = later(node.animate([
      { transform: "translate(-50%, 0)", opacity: 0 },
      { transform: "translate(-50%, -12px)", opacity: 1, offset: 0.2 },
      { transform: "translate(-50%, -42px)", opacity: 0 },
    ], { duration: 1400, easing: "ease-out" }), node);
    const tick = function () {
      if (!node.isConnected) return;
      follow(box(locate()));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return animation;
  }

  // The real element swells and settles (a landmark built, a die landing).
  function pop(node, options) {
    if (!on() || !node) return null;
    return node.animate([{ transform: "scale(1)" }, { transform: "scale(1.18)", offset: 0.4 }, { transform: "scale(1)" }],
      Object.assign({ duration: 500, easing: "ease-out" }, options || {}));
  }

  // Dice rolling on the spot before they settle on their (already shown) values.
  function tumble(node, index) {
    if (!on() || !node) return null;
    const turn = index % 2 ? -1 : 1;
    return node.animate([
      { transform: "translateY(-10px) rotate(0deg)" },
      { transform: "translateY(2px) rotate(" + 200 * turn + "deg)", offset: 0.45 },
      { transform: "translateY(-4px) rotate(" + 320 * turn + "deg)", offset: 0.7 },
      { transform: "translateY(0) rotate(" + 360 * turn + "deg)" },
    ], { duration: 650, easing: "ease-out" });
  }

  function apply(state) {
    const elapsed = Date.now() - state.since;
    state.selectors.forEach(function (selector) {
      state.container.querySelectorAll(selector).forEach(function (n) {
        if (n.classList.contains("motion-changed")) return;
        n.style.setProperty("--motion-elapsed", -elapsed + "ms");  // a redrawn node goes on fading where it was
        n.classList.add("motion-changed");
      });
    });
  }

  function unmark() {
    if (!marks) return;
    marks.observer.disconnect();
    clearTimeout(marks.timer);
    marks.container.querySelectorAll(".motion-changed").forEach(function (n) { n.classList.remove("motion-changed"); });
    marks = null;
  }

  /* Highlight what the last move changed: the nodes of `container` matching `selectors`, for about two seconds,
     kept across redraws of the board in that time. A new call replaces the last one. Under reduced motion the
     highlight stays still (no fade) and goes at the end. */
  function highlight(container, selectors) {
    unmark();
    if (!Motion.enabled || !container || !selectors.length) return;
    const state = { container: container, selectors: selectors, since: Date.now() };
    state.observer = new MutationObserver(function () { apply(state); });
    state.observer.observe(container, { childList: true, subtree: true });
    state.timer = setTimeout(unmark, HIGHLIGHT_MS);
    marks = state;
    apply(state);
  }

  window.Motion = { enabled: true, on: on, box: box, visible: visible, ghostOf: ghostOf, fly: fly, delta: delta,
    pop: pop, tumble: tumble, highlight: highlight };
})();
