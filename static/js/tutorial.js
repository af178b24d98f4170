/* The guided first game ("Learn to play", games/services/tutorial.py): one short hint at a time in a bubble
   beside the control it speaks of, after every render of the game ("game:rendered", from game-page.js).

   Each game's hint table (static/js/boards/<game>-tutorial.js) registers with Tutorial.register(slug, table):
   table.lessons lists the hint ids the player must have seen for the tutorial to be done; table.hints(detail,
   ctx) returns the hints that fit the position, most urgent first: {id, lesson?, title, text, target} where
   `target` is a CSS selector (or a list, the first present wins), and `final` ends the tutorial once read, `urgent` puts it before the hint shown. "Next" / "Got it" dismisses the shown hint's
   lesson; "Skip tutorial" ends it. Done or skipped is kept in localStorage per game (key "tutorial:<code>") and
   the latest state per game kind ("tutorial:<slug>"). The bubble never covers the page: no overlay, the page
   stays usable, the buttons are in the Tab order, and the text is read politely (aria-live). */
(function () {
  "use strict";
  const h = Dom.h;
  const root = document.getElementById("game");
  if (!root || !root.dataset.tutorial) return;
  const slug = root.dataset.tutorial;
  const code = root.dataset.code;
  const tables = {};
  const rulesNode = document.getElementById("tutorial-rules");
  const rules = rulesNode ? JSON.parse(rulesNode.textContent) : {};
  const reduced = !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

  function load(key) {
    try { return JSON.parse(window.localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }
  function save(key, value) {
    try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* storage off: this page only */ }
  }

  const GAME_KEY = "tutorial:" + code;
  const memory = load(GAME_KEY) || { seen: [], state: "open" };  // state: "open", "done" or "skipped"
  let last = null;      // the latest "game:rendered" detail
  let shown = null;     // the hint in the bubble
  let pending = [];     // the hints that fit the position, the shown one first
  let bubble = null;
  let target = null;

  function finish(state) {
    memory.state = state;
    save(GAME_KEY, memory);
    save("tutorial:" + slug, { state: state, code: code });
    hide();
  }

  function lessonOf(hint) { return hint.lesson || hint.id; }

  function dismiss() {
    if (!shown) return;
    if (memory.seen.indexOf(lessonOf(shown)) < 0) memory.seen.push(lessonOf(shown));
    save(GAME_KEY, memory);
    const table = tables[slug];
    if (shown.final || table.lessons.every(function (id) { return memory.seen.indexOf(id) >= 0; })) { finish("done"); return; }
    update(true);
  }

  function hide() {
    shown = null;
    if (bubble) bubble.hidden = true;
    mark(null);
  }

  function mark(node) {
    if (target === node) return;
    if (target) target.classList.remove("tutorial-target");
    target = node;
    if (target) target.classList.add("tutorial-target");
  }

  function find(selectors) {
    for (const selector of [].concat(selectors || [])) {
      const node = document.querySelector(selector);
      if (node && node.getClientRects().length) return node;
    }
    return null;
  }

  function build() {
    bubble = h("div", { class: "tutorial-hint", id: "tutorial-hint", role: "region", "aria-label": gettext("Hint"), hidden: true }, [
      h("div", { class: "tutorial-arrow", "aria-hidden": "true" }),
      h("div", { "aria-live": "polite", "aria-atomic": "true", class: "tutorial-words" }, [
        h("p", { class: "tutorial-title", id: "tutorial-title" }),
        h("p", { class: "tutorial-text", id: "tutorial-text" }),
      ]),
      h("div", { class: "tutorial-buttons" }, [
        h("button", { type: "button", class: "button primary tutorial-next", id: "tutorial-next", onclick: dismiss }),
        h("button", { type: "button", class: "button tutorial-skip", id: "tutorial-skip", text: gettext("Skip tutorial"),
          onclick: function () { finish("skipped"); } }),
      ]),
    ]);
    // In the page's order just after the bar of moves, so Tab reaches it from the control it speaks of.
    const bar = document.querySelector("#play .play-controls");
    if (bar) bar.after(bubble);
    else document.body.append(bubble);
  }

  // The hints that fit now and are not dismissed; the shown one stays first while it still fits, so a redraw
  // (a bot's move) does not swap the text under the reader's eyes.
  function update(moveOn) {
    if (memory.state !== "open" || !last || last.me === null || last.me === undefined) { hide(); return; }
    const table = tables[slug];
    if (!table) return;
    const fresh = table.hints(last, { rules: rules, me: last.me, touch: Dom.touch }).filter(function (hint) {
      return memory.seen.indexOf(lessonOf(hint)) < 0 && find(hint.target);
    });
    const urgent = fresh.length && fresh[0].urgent;  // "your turn" comes first, whatever was shown
    const same = !moveOn && !urgent && shown && fresh.find(function (hint) { return hint.id === shown.id; });
    pending = same ? [same].concat(fresh.filter(function (hint) { return hint !== same; })) : fresh;
    if (!pending.length) { hide(); return; }
    const before = shown && shown.id;
    show(pending[0]);
    // A hint the player asked for (Next) or their turn's: its target comes into sight if it is out of it.
    if (shown.id !== before && (moveOn || shown.urgent)) reveal(find(shown.target));
  }

  function reveal(node) {
    if (!node) return;
    const box = node.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    node.scrollIntoView({ block: "center", behavior: reduced ? "auto" : "smooth" });
  }

  function show(hint) {
    if (!bubble) build();
    const changed = !shown || shown.id !== hint.id || shown.text !== hint.text;
    shown = hint;
    bubble.dataset.hint = hint.id;
    if (changed) {
      bubble.querySelector(".tutorial-title").textContent = hint.title || "";
      bubble.querySelector(".tutorial-text").textContent = hint.text;
      if (!reduced) { bubble.classList.remove("tutorial-appear"); void bubble.offsetWidth; bubble.classList.add("tutorial-appear"); }
    }
    const next = bubble.querySelector(".tutorial-next");
    next.textContent = pending.length > 1 ? pgettext("tutorial", "Next") : gettext("Got it");
    bubble.hidden = false;
    mark(find(hint.target));
    place();
  }

  // Beside the target, below it when there is room and above otherwise, inside the window; the arrow points
  // at the target's middle. Fixed to the window, placed again on scroll and resize.
  function place() {
    if (!bubble || bubble.hidden || !shown) return;
    const node = find(shown.target);
    if (node !== target) mark(node);
    if (!node) { bubble.hidden = true; return; }
    const box = node.getBoundingClientRect();
    const width = bubble.offsetWidth, height = bubble.offsetHeight;
    // On a phone the Board / Chat / Log tabs are fixed at the bottom: the bubble stays above them.
    const tabs = document.getElementById("game-tabs");
    const bar = tabs && tabs.getClientRects().length ? tabs.getBoundingClientRect().height : 0;
    const view = document.documentElement.clientWidth, tall = window.innerHeight - bar;
    const margin = 8, gap = 12;
    const below = box.bottom + gap + height <= tall - margin || box.top - gap - height < margin;
    let top = below ? box.bottom + gap : box.top - gap - height;
    top = Math.max(margin, Math.min(top, tall - height - margin));
    const middle = box.left + box.width / 2;
    const left = Math.max(margin, Math.min(middle - width / 2, view - width - margin));
    bubble.classList.toggle("above", !below);
    bubble.style.setProperty("--tutorial-x", Math.round(left) + "px");
    bubble.style.setProperty("--tutorial-y", Math.round(top) + "px");
    bubble.style.setProperty("--tutorial-arrow", Math.round(Math.max(16, Math.min(middle - left, width - 16))) + "px");
  }

  let queued = false;
  function placeSoon() {
    if (queued) return;
    queued = true;
    window.requestAnimationFrame(function () { queued = false; place(); });
  }
  window.addEventListener("scroll", placeSoon, { passive: true });
  window.addEventListener("resize", placeSoon);
  // A board redraws itself on a click (a card picked): the target is a new element then.
  document.addEventListener("click", function () { window.setTimeout(placeSoon, 0); });

  // The bar of moves is drawn again without a new view too (a seats frame, a move's answer): the shown hint's
  // control is a new element then, marked again.
  document.addEventListener("game:redrawn", function () {
    if (!shown) return;
    mark(find(shown.target));
    placeSoon();
  });

  document.addEventListener("game:rendered", function (event) {
    last = event.detail;
    update(false);
  });

  window.Tutorial = {
    register: function (name, table) { tables[name] = table; },
    rules: rules,
  };
})();
