/* The games page: the lists of open and running public games, pushed by the server whenever they change.
   Each open game says how long ago it was created and whether its host is there; those words are kept
   current every half minute (the same words as games/selectors/lists.py's ago_text and host_text). */
(function () {
  "use strict";
  const h = Dom.h;
  const lobbyList = document.getElementById("open-games");
  let clockOffset = 0;   // the server's clock minus this browser's, in milliseconds

  function setServerNow(iso) {
    const server = Date.parse(iso || "");
    if (!Number.isNaN(server)) clockOffset = server - Date.now();
  }

  function agoText(iso) {
    const seconds = Math.max(0, Math.floor((Date.now() + clockOffset - Date.parse(iso)) / 1000));
    if (seconds < 60) return gettext("just now");
    if (seconds < 3600) {
      const minutes = Math.floor(seconds / 60);
      return interpolate(ngettext("%(count)s minute ago", "%(count)s minutes ago", minutes), { count: minutes }, true);
    }
    if (seconds < 86400) {
      const hours = Math.floor(seconds / 3600);
      return interpolate(ngettext("%(count)s hour ago", "%(count)s hours ago", hours), { count: hours }, true);
    }
    const days = Math.floor(seconds / 86400);
    return interpolate(ngettext("%(count)s day ago", "%(count)s days ago", days), { count: days }, true);
  }

  function hostText(here, seen) {
    if (here) return gettext("Host here");
    if (!seen) return gettext("Host away");
    return interpolate(gettext("Host away · seen %(ago)s"), { ago: agoText(seen) }, true);
  }

  function ageText(created) {
    return interpolate(gettext("Created %(ago)s"), { ago: agoText(created) }, true);
  }

  function lobbyMeta(game) {
    return h("p", { class: "lobby-meta" }, [
      h("time", { class: "lobby-age", datetime: game.created_at, text: ageText(game.created_at) }),
      " · ",
      h("span", { class: "host-presence" + (game.host_here ? " here" : ""), dataset: game.host_seen_at ? { seen: game.host_seen_at } : {} }, [
        h("span", { class: "dot" + (game.host_here ? " on" : ""), "aria-hidden": "true" }),
        " ",
        h("span", { class: "host-text", text: hostText(game.host_here, game.host_seen_at) }),
      ]),
    ]);
  }

  function card(game, link, label, lobby) {
    return h("li", { class: "game-card" }, [
      h("h3", { text: game.game + (lobby ? " · " + game.players + "/" + game.max_players : "") }),
      h("p", { text: game.names.join(", ") }),
      lobby ? lobbyMeta(game) : null,
      game.pace_text ? h("p", null, [h("span", { class: "tag pace", text: game.pace_text })]) : null,
      game.pace_text && game.to_act && game.to_act.length && !lobby
        ? h("p", { class: "turn", text: interpolate(gettext("%(names)s to play"), { names: game.to_act.join(", ") }, true) }) : null,
    ].filter(Boolean).concat(game.options.map(function (line) { return h("p", { class: "muted", text: line }); }))
      .concat([h("a", { class: "button", href: link, text: label })]));
  }

  function fill(list, games, link, label, lobby) {
    const items = games.map(function (game) { return card(game, link(game.code), label, lobby); });
    if (!items.length) items.push(h("li", { class: "muted", text: list.dataset.empty }));
    list.replaceChildren.apply(list, items);
  }

  /* The ages and last-seen times move on while nothing else changes. */
  function refreshTimes() {
    lobbyList.querySelectorAll("time.lobby-age").forEach(function (node) {
      node.textContent = ageText(node.getAttribute("datetime"));
    });
    lobbyList.querySelectorAll(".host-presence").forEach(function (node) {
      const text = node.querySelector(".host-text");
      if (text) text.textContent = hostText(node.classList.contains("here"), node.dataset.seen);
    });
  }

  setServerNow(lobbyList.dataset.now);
  setInterval(refreshTimes, 30000);

  new LiveSocket("/ws/games/", {
    open: function () { document.getElementById("live-state").textContent = "(live)"; },
    close: function () { document.getElementById("live-state").textContent = "(reconnecting…)"; },
    frame: function (frame) {
      if (frame.type !== "games") return;
      setServerNow(frame.now);
      fill(lobbyList, frame.lobbies, function (code) { return "/games/" + code + "/join/"; }, gettext("Join"), true);
      fill(document.getElementById("playing-games"), frame.playing, function (code) { return "/games/" + code + "/"; }, gettext("Watch"), false);
    },
  });
})();
