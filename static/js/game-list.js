/* The games page: the lists of open and running public games, pushed by the server whenever they change. */
(function () {
  "use strict";
  const h = Dom.h;

  function card(game, link, label) {
    return h("li", { class: "game-card" }, [
      h("h3", { text: game.game + (label === gettext("Join") ? " · " + game.players + "/" + game.max_players : "") }),
      h("p", { text: game.names.join(", ") }),
      game.pace_text ? h("p", null, [h("span", { class: "tag pace", text: game.pace_text })]) : null,
      game.pace_text && game.to_act && game.to_act.length && label !== gettext("Join")
        ? h("p", { class: "turn", text: interpolate(gettext("%(names)s to play"), { names: game.to_act.join(", ") }, true) }) : null,
    ].filter(Boolean).concat(game.options.map(function (line) { return h("p", { class: "muted", text: line }); }))
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
