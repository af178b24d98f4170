/* The games page: the lists of open and running public games, pushed by the server whenever they change. */
(function () {
  "use strict";
  const h = Dom.h;

  function card(game, link, label) {
    return h("li", { class: "game-card" }, [
      h("h3", { text: game.game + (label === gettext("Join") ? " · " + game.players + "/" + game.max_players : "") }),
      h("p", { text: game.names.join(", ") }),
    ].concat(game.options.map(function (line) { return h("p", { class: "muted", text: line }); }))
      .concat([h("a", { class: "button", href: link, text: label })]));
  }

  function fill(list, games, link, label) {
    const items = games.map(function (game) { return card(game, link(game.code), label); });
    if (!items.length) items.push(h("li", { class: "muted", text: list.dataset.empty }));
    list.replaceChildren.apply(list, items);
  }

  new LiveSocket("/ws/games/", {
    open: function () { document.getElementById("live-state").textContent = "(live)"; },
    close: function () { document.getElementById("live-state").textContent = "(reconnecting…)"; },
    frame: function (frame) {
      if (frame.type !== "games") return;
      fill(document.getElementById("open-games"), frame.lobbies, function (code) { return "/games/" + code + "/join/"; }, gettext("Join"));
      fill(document.getElementById("playing-games"), frame.playing, function (code) { return "/games/" + code + "/"; }, gettext("Watch"));
    },
  });
})();
