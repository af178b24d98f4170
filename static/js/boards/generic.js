/* Board registry, and the generic board any ruleset gets when it ships no script of its own: the view as
   readable JSON. Boards draw what the server sent; they decide nothing. */
(function () {
  "use strict";
  const boards = {};

  window.GameBoards = {
    register: function (slug, board) { boards[slug] = board; },
    get: function (slug) { return boards[slug] || boards.generic; },
  };

  window.GameBoards.register("generic", {
    handles: function () { return false; },
    render: function (container, ctx) {
      container.replaceChildren(Dom.h("div", { class: "generic-view" }, [
        Dom.h("pre", { text: JSON.stringify(ctx.view, null, 2) }),
      ]));
    },
  });
})();
