/* A game's page: lobby, seats, chat, log, actions and the board, kept in step with the server.

   Resume protocol: after every (re)connection the page sends {"type": "hello", "since": <last event>}
   and gets the entries it missed (or a full snapshot). Updates carry consecutive event numbers; a gap
   makes the page ask again. Every action carries the event number it was chosen at, so the server
   refuses a stale or repeated one. The page only shows what the server sends.
   Delivery is at most once (docs/live-games.md, "Delivery: at most once, then resync"): a "resync" frame
   (the server may have lost frames for this page) is answered with hello; and while a game is playing, a
   quiet page pings with its last event number, sooner after a frame, so a lost last update shows too. */
(function () {
  "use strict";
  const h = Dom.h;
  const root = document.getElementById("game");
  if (!root) return;
  const $ = function (id) { return document.getElementById(id); };
  const board = GameBoards.get(root.dataset.ruleset);
  // A game that ends while watched brings its result into view (a phone player may be far down the board).
  const openedFinished = $("status-badge").classList.contains("finished");
  let resultShown = false;

  const page = {
    synced: false,      // a snapshot arrived since the last "started"
    seq: 0,             // last event number shown
    status: null,
    you: null,
    seats: null,
    view: null,
    rules: null,
    actions: [],
    progress: null,
    entries: [],
    chat: [],
    pending: false,
    // The move sent last, until an answer: a socket that closes before answering loses it, and the page
    // sends it again once the next socket shows the same position with the same move offered.
    unanswered: null,   // { seq, action, ref, socket }
    resentRef: null,    // the move sent again: its "moved on" refusal (the first got through after all) is quiet
    leaving: false,
    nudged: null,       // the deadline we already reported as passed
    confirming: null,   // the seat whose handing over to a bot the page is asking to confirm
    shown: null,        // the view last announced with "game:rendered", and its event number
    shownSeq: null,
    // Turn-based games: the last event the player had seen before this visit (entries after it are
    // highlighted), null otherwise.
    seenSeq: root.dataset.seenSeq !== undefined ? parseInt(root.dataset.seenSeq, 10) : null,
  };
  const turnBased = root.dataset.pace === "turn_based";
  let refs = 0;
  let sockets = 0;   // sockets opened so far: which one a move went out on
  let handoverTimer = null;  // redraws the seats when the next seat may be handed to a bot

  const socket = new LiveSocket(root.dataset.socket, {
    open: function () { sockets += 1; setConnection(true); hello(); },
    close: function (event) {
      setConnection(false);
      if (event.code === 4404) gameGone();
    },
    frame: onFrame,
  });

  function send(message) {
    message.ref = "r" + (++refs);
    if (!socket.send(message)) Dom.toast(gettext("Not connected: reconnecting…"));
    return message.ref;
  }

  function hello() {
    socket.send({ type: "hello", since: page.synced ? page.seq : null });
  }

  // The server refused the socket: the game was deleted. The page stops reconnecting (live-socket.js) and
  // nothing on it can be used any more.
  function gameGone() {
    const node = $("connection");
    node.textContent = gettext("This game does not exist.");
    node.dataset.state = "gone";
    root.querySelectorAll("button, input, select, textarea").forEach(function (control) { control.disabled = true; });
  }

  function setConnection(up) {
    const node = $("connection");
    node.textContent = up ? gettext("Live") : gettext("Reconnecting…");
    node.classList.toggle("down", !up);
    node.dataset.state = up ? "live" : "down";  // for scripts and tests, whatever the language
  }

  // ---- frames from the server ---------------------------------------------------------------------------

  function onFrame(frame) {
    if (frame.type !== "pong") catchUp.heard();  // a pong says only that nothing was missed
    switch (frame.type) {
      case "resync":
        hello();
        break;
      case "snapshot":
      case "events":
        takeSnapshot(frame);
        break;
      case "update":
        takeUpdate(frame);
        break;
      case "seats":
        takeSeats(frame);
        break;
      case "chat":
        addChat(frame.message);
        document.dispatchEvent(new CustomEvent("game:chat", { detail: { message: frame.message } }));  // a new message (game-tabs.js)
        break;
      case "handover":
        Dom.toast(frame.handed ? gettext("A bot plays that seat now.")
          : interpolate(gettext("Vote counted: %(votes)s of %(needed)s needed."), frame, true));
        break;
      case "invited":
        $("invite-name").value = "";
        Dom.toast(interpolate(gettext("Invitation sent to %(name)s."), frame, true));
        break;
      case "started":
        page.synced = false;
        hello();
        break;
      case "closed": {
        page.status = frame.status;
        // The page keeps saying why (a toast goes away): the sweeper closed a lobby its host had left.
        const why = frame.reason === "host_away" ? gettext("The host was away for too long: this lobby is closed.")
          : frame.message ? gettext(frame.message) : gettext("This game is closed.");
        $("closed").textContent = why;
        Dom.toast(why);
        render();
        break;
      }
      case "error": {
        page.pending = false;
        if (page.unanswered && frame.ref === page.unanswered.ref) page.unanswered = null;
        restoreChat(frame);
        const quiet = frame.code === "stale_event" && frame.ref && frame.ref === page.resentRef;
        if (!quiet) Dom.toast(frame.message);
        if (frame.code === "stale_event") hello();
        renderPlay();  // the board offers its moves again
        break;
      }
      default:
        break;
    }
  }

  function takeSnapshot(frame) {
    page.you = frame.you;
    page.seats = frame.seats;
    page.status = frame.progress.status;
    page.progress = frame.progress;
    page.rules = frame.rules || page.rules;
    page.view = frame.view || null;
    page.actions = frame.actions || [];
    page.chat = [];
    $("chat-log").replaceChildren();
    frame.chat.forEach(addChat);
    if (frame.type === "snapshot" || !page.synced) {
      page.entries = frame.entries || [];
    } else {
      const last = page.entries.length ? page.entries[page.entries.length - 1].seq : 0;
      (frame.entries || []).forEach(function (entry) { if (entry.seq > last) page.entries.push(entry); });
    }
    page.seq = frame.seq;
    page.synced = true;
    page.pending = false;
    const again = moveToSendAgain();
    render();
    if (again) {
      act(again);
      page.resentRef = page.unanswered && page.unanswered.ref;
    }
  }

  // After a new socket's snapshot: the move a closed socket never answered, if the game still waits for it.
  function moveToSendAgain() {
    const move = page.unanswered;
    if (!move || move.socket === sockets) return null;   // none, or still on its way on this socket
    page.unanswered = null;
    if (move.seq !== page.seq) return null;   // the game moved on: it got through, or is no longer asked
    const key = JSON.stringify(move.action);
    const offered = page.actions.find(function (item) { return JSON.stringify(item.action) === key; });
    return offered ? offered.action : null;
  }

  function takeUpdate(frame) {
    if (!page.synced || frame.seq <= page.seq) return;
    if (frame.seq > page.seq + 1) { hello(); return; }  // we missed something: ask for it
    page.seq = frame.seq;
    if (page.unanswered && page.unanswered.seq !== page.seq) page.unanswered = null;
    page.entries.push(frame.entry);
    page.view = frame.view;
    page.actions = frame.actions;
    page.progress = frame.progress;
    page.status = frame.progress.status;
    page.pending = false;
    render();
  }

  function mySeat(seats) {
    if (!page.you || page.you.seat === null || !seats) return null;
    return seats.seats.find(function (s) { return s.id === page.you.seat; }) || null;
  }

  function takeSeats(frame) {
    const before = mySeat(page.seats);
    page.seats = frame;
    page.status = frame.status;
    const after = mySeat(frame);
    if (before && !after && frame.status === "lobby") {
      page.you.seat = null;
      if (page.leaving) { window.location.assign("/games/"); return; }
      Dom.toast(gettext("The host removed you from this game."));
    }
    if (after) page.you.host = after.host;
    if (before && after && before.autopilot && !after.autopilot) hello();  // our actions come with a resync
    render();
  }

  // ---- rendering --------------------------------------------------------------------------------------------

  function render() {
    if (!page.seats) return;
    root.dataset.seq = String(page.seq);  // lets tests and tools see which event the page shows
    const badge = $("status-badge");
    const labels = { lobby: gettext("Waiting for players"), playing: gettext("Playing"), finished: gettext("Finished"), abandoned: gettext("Abandoned") };
    badge.textContent = labels[page.status] || page.status;
    badge.className = "badge " + page.status;
    $("lobby").hidden = page.status !== "lobby";
    $("play").hidden = !(page.status === "playing" || page.status === "finished") || !page.view;
    $("after").hidden = page.status !== "finished";
    $("after-stats").hidden = page.status !== "finished";
    $("closed").hidden = page.status !== "abandoned";
    placeLog();
    const join = $("join-panel");
    if (join && page.status !== "lobby") join.hidden = true;
    renderSeats();
    renderLobby();
    renderPlay();
    renderSuspension();
    renderLog();
    renderAfter();
    refreshStatistics();
    announceRender();
  }

  // "game:rendered" (a new view drawn): motion, sounds and other page modules diff `previous` against `state`.
  function announceRender() {
    if (!page.view || page.view === page.shown) return;
    const since = page.shownSeq === null ? page.seq : page.shownSeq;
    const me = page.you && page.you.position !== null && page.you.position !== undefined ? page.you.position : null;
    const detail = { state: page.view, previous: page.shown, me: me,
      events: page.shown ? page.entries.filter(function (entry) { return entry.seq > since; }) : [] };
    page.shown = page.view;
    page.shownSeq = page.seq;
    document.dispatchEvent(new CustomEvent("game:rendered", { detail: detail }));
  }

  // At the end the log leaves the side column for the main one, where it is one of the statistics' tabs.
  function placeLog() {
    const finished = page.status === "finished";
    $("end-log").hidden = !finished;
    $("log-panel").hidden = finished;
    if (finished && $("game-log").parentNode !== $("end-log")) $("end-log").append($("game-log"));
    // On a phone the Log tab has nothing left to show: the log is one of the end's tabs.
    if (finished && $("tab-log").getAttribute("aria-selected") === "true") $("tab-board").click();
    $("tab-log").hidden = finished;
  }

  function nameOf(position) {
    const seat = page.seats.seats.find(function (s) { return s.position === position; });
    return seat ? seat.name : interpolate(gettext("seat %s"), [position]);
  }

  function renderSeats() {
    const mine = mySeat(page.seats);
    const lobby = page.status === "lobby";
    const suspended = page.status === "playing" && !!page.seats.suspended;
    const toAct = page.progress ? page.progress.to_act : [];
    const focused = keptFocus();
    $("seats").replaceChildren.apply($("seats"), page.seats.seats.map(function (seat) {
      const isMe = mine && seat.id === mine.id;
      const item = h("li", { class: !lobby && toAct.indexOf(seat.position) >= 0 ? "to-act" : "" }, [
        h("span", { class: "dot" + (seat.connected ? " on" : ""), title: seat.connected ? gettext("online") : gettext("offline") }),
        h("span", { class: "name", text: seat.name }),
        isMe ? h("span", { class: "muted", text: gettext("(you)") }) : null,
        seat.host ? h("span", { class: "tag", text: gettext("host") }) : null,
        seat.bot ? h("span", { class: "tag", text: interpolate(gettext("%s bot"), [botLabel(seat.bot)]) }) : null,
        (lobby || suspended) && seat.ready && !seat.autopilot ? h("span", { class: "tag ready", text: gettext("ready") }) : null,
        !lobby && seat.autopilot ? h("span", { class: "tag auto", text: autopilotTag(seat) }) : null,
        !lobby && turnBased && seat.timeouts && !seat.forfeited ? h("span", { class: "tag", text: interpolate(ngettext("out of time %s time", "out of time %s times", seat.timeouts), [seat.timeouts]) }) : null,
      ]);
      if (lobby && page.you && page.you.host && !isMe) {
        item.append(h("button", {
          class: "remove", type: "button", text: gettext("Remove"), "aria-label": interpolate(gettext("Remove %s"), [seat.name]),
          onclick: function () { send({ type: "kick", seat: seat.id }); },
        }));
      }
      const offer = turnBased ? mayVoteToRemove(seat, mine) : mayHandOver(seat, mine);
      if (offer) item.append(handoverControl(seat));
      return item;
    }));
    if (page.confirming !== null && !$("handover-confirm-" + page.confirming)) {
      page.confirming = null;  // the seat may no longer be handed over: the question went with the button
    }
    if (focused) focusHandover(focused.seat, focused.selector);
    scheduleHandoverRender();
  }

  // The seat's "Bot plays" (turn-based: "Vote to remove") button, or, once clicked, the question asked in the
  // page with Confirm and Cancel (page.confirming: the seat asked about).
  function handoverControl(seat) {
    const votes = seat.handover_votes ? " (" + interpolate(ngettext("%s vote", "%s votes", seat.handover_votes), [seat.handover_votes]) + ")" : "";
    if (page.confirming === seat.id) {
      const question = turnBased ? interpolate(gettext("Vote to remove %s? A bot will play their seat to the end."), [seat.name])
        : interpolate(gettext("Hand %s's seat to a bot?"), [seat.name]);
      const cancel = function () { page.confirming = null; renderSeats(); focusHandover(seat.id, ".handover"); };
      return h("span", { class: "handover-confirm", id: "handover-confirm-" + seat.id, role: "group", "aria-label": question }, [
        h("span", { class: "question", text: question }),
        h("button", {
          class: "confirm", type: "button", text: gettext("Confirm"), "data-seat": String(seat.id),
          onclick: function () { page.confirming = null; send({ type: "hand_to_bot", seat: seat.id }); renderSeats(); },
        }),
        h("button", { class: "cancel", type: "button", text: gettext("Cancel"), "data-seat": String(seat.id), onclick: cancel }),
      ]);
    }
    const ask = function () { page.confirming = seat.id; renderSeats(); focusHandover(seat.id, ".confirm"); };
    if (turnBased) {
      return h("button", {
        class: "remove handover", type: "button", text: gettext("Vote to remove") + votes,
        title: gettext("A bot plays this seat to the end of the game; the player cannot take it back"),
        "aria-label": interpolate(gettext("Vote to remove %s"), [seat.name]), "data-seat": String(seat.id), onclick: ask,
      });
    }
    return h("button", {
      class: "remove handover", type: "button", text: gettext("Bot plays") + votes,
      title: gettext("Let a bot play this seat until the player takes it back"),
      "aria-label": interpolate(gettext("Let a bot play for %s"), [seat.name]), "data-seat": String(seat.id), onclick: ask,
    });
  }

  // A seat list redrawn (a new one came) keeps the focus on the same seat's control.
  function keptFocus() {
    const node = document.activeElement;
    if (!node || !node.dataset || !node.dataset.seat || !$("seats").contains(node)) return null;
    return { seat: node.dataset.seat, selector: "." + node.className.trim().split(/\s+/).join(".") };
  }

  function focusHandover(seatId, selector) {
    const target = $("seats").querySelector("[data-seat='" + seatId + "']" + selector);
    if (target) target.focus();
  }

  // The server says from when each seat may be handed to a bot (seat.handover_from: its turn timer ran out, or
  // its player has been away past the grace time; docs/live-games.md). The page offers the control from that
  // moment, redrawing the seats once then, and never before.
  function handoverOpen(seat) {
    return !!seat.handover_from && Date.parse(seat.handover_from) <= Date.now();
  }

  function scheduleHandoverRender() {
    clearTimeout(handoverTimer);
    handoverTimer = null;
    if (page.status !== "playing" || !page.seats) return;
    const now = Date.now();
    const next = page.seats.seats.reduce(function (soonest, seat) {
      const at = seat.handover_from ? Date.parse(seat.handover_from) : NaN;
      return at > now && (soonest === null || at < soonest) ? at : soonest;
    }, null);
    // setTimeout's longest wait is about 24.8 days; a turn-based time per move is at most 3 days.
    if (next !== null) handoverTimer = setTimeout(renderSeats, Math.min(next - now + 50, 2147483000));
  }

  // A stalled seat (its turn timer ran out, or its player has been away past the grace time) may be handed
  // to a bot by the host, or by a vote of the players there when the host is not. The server decides; this
  // only offers the button.
  function mayHandOver(seat, mine) {
    if (page.status !== "playing" || !mine || mine.autopilot || seat.id === mine.id) return false;
    if (seat.bot || seat.autopilot || !handoverOpen(seat)) return false;
    const host = page.seats.seats.find(function (s) { return s.host; });
    return mine.host || !host || !host.connected || host.autopilot;
  }

  function autopilotTag(seat) {
    if (seat.forfeited) return gettext("lost by time · bot plays");
    if (seat.removed) return gettext("removed · bot plays");
    if (seat.bot_for_turn) return gettext("out of time · bot plays this turn");
    return seat.left ? gettext("left · bot plays") : gettext("bot plays");
  }

  // Turn-based games: a player whose time per move ran out may be removed by the others' vote (the host's
  // alone suffices); nobody's presence counts. The server decides; this only offers the button.
  function mayVoteToRemove(seat, mine) {
    if (page.status !== "playing" || !mine || seat.id === mine.id || mine.forfeited || mine.removed) return false;
    if (mine.autopilot && !mine.bot_for_turn) return false;
    return !seat.bot && !seat.forfeited && !seat.removed && handoverOpen(seat);
  }

  // A bot's name in the page's language: the host's picker lists every kind with its translated name.
  function botLabel(kind) {
    const option = Array.prototype.find.call($("bot-kind").options, function (o) { return o.value === kind; });
    return option ? option.textContent : kind;
  }

  function renderLobby() {
    if (page.status !== "lobby") return;
    const seats = page.seats.seats;
    const mine = mySeat(page.seats);
    $("seated-controls").hidden = !mine;
    $("host-controls").hidden = !(page.you && page.you.host) || seats.length >= page.seats.max_players;
    $("invite-form").hidden = !mine || seats.length >= page.seats.max_players;
    if (mine) $("ready-button").textContent = mine.ready ? gettext("Not ready after all") : gettext("I'm ready");
    const waiting = seats.filter(function (s) { return !s.ready; }).map(function (s) { return s.name; });
    let text = interpolate(ngettext("%(taken)s seat taken of %(max)s (at least %(min)s). ", "%(taken)s seats taken of %(max)s (at least %(min)s). ", seats.length),
      { taken: seats.length, max: page.seats.max_players, min: page.seats.min_players }, true);
    if (page.seats.rated) text = gettext("Rated game.") + " " + text;
    if (seats.length < page.seats.min_players) text += gettext("Waiting for more players.");
    else if (page.seats.rated_needs_players) text += gettext("A rated game needs two registered players, or a program account and a bot (guests are not rated).");
    else if (waiting.length) text += interpolate(gettext("Waiting for %s to be ready."), [waiting.join(", ")]);
    else text += gettext("Starting…");
    $("lobby-status").textContent = text;
  }

  function renderPlay() {
    if (!page.view || !page.progress) return;
    const mine = mySeat(page.seats);
    const toAct = page.progress.to_act || [];
    let info = "";
    const mineToAct = !!(mine && !mine.autopilot && page.status === "playing" && toAct.indexOf(mine.position) >= 0);
    if (page.status === "playing") {
      const names = toAct.map(nameOf).join(", ");
      info = interpolate(gettext("Turn %s"), [page.progress.turn]) + " · " + (mineToAct ? gettext("your turn") : interpolate(gettext("%s's turn"), [names]));
      if (page.seats.suspended) info += " · " + gettext("suspended");
    } else if (page.status === "finished") {
      info = gettext("Game over");
    }
    if (window.TurnAlerts) TurnAlerts.update(mineToAct && page.actions.length > 0, gettext("Your turn") + " · " + root.dataset.title);
    $("turn-info").textContent = info;
    const lost = !!(mine && (mine.forfeited || mine.removed));
    $("autopilot-bar").hidden = !(mine && mine.autopilot && !lost && page.status === "playing");
    $("lost-seat-bar").hidden = !lost;
    $("lost-seat-bar").textContent = !lost ? "" : mine.forfeited ? gettext("You lost this game by time: a bot plays your seat to the end.")
      : gettext("The other players removed you from this game: a bot plays your seat to the end.");
    $("leave-play").hidden = !(mine && !mine.autopilot && page.status === "playing");
    renderSinceVisit();
    renderActions();
    board.render($("board"), {
      view: page.view, rules: page.rules || {}, seats: page.seats.seats, you: page.you, progress: page.progress,
      actions: page.pending ? [] : page.actions, act: act,
    });
    if (page.pointed && board.highlight) board.highlight($("board"), page.pointed);  // still pointed at after a redraw
    // The moves and the board are new elements now, with or without a new view ("game:rendered"): say so to the
    // page modules that mark them (tutorial.js).
    document.dispatchEvent(new CustomEvent("game:redrawn"));
  }

  // A suspended game (Volity's suspension): play stops until every player playing their own seat is ready
  // again; "I'm ready" also takes a seat back from the bot playing it. The server decides when play resumes.
  function renderSuspension() {
    const mine = mySeat(page.seats);
    const suspended = page.status === "playing" ? page.seats.suspended : null;
    const lost = !!(mine && (mine.forfeited || mine.removed));
    $("suspended-bar").hidden = !suspended;
    $("suspend-game").hidden = !(mine && !lost && page.status === "playing" && !suspended);
    $("suspended-ready").hidden = !(suspended && mine && !lost);
    if (!suspended) return;
    const waiting = page.seats.seats.filter(function (s) { return !s.bot && !s.autopilot && !s.ready; })
      .map(function (s) { return s.name; });
    let text = interpolate(gettext("Game suspended by %s — play resumes when everyone is ready."), [suspended.by]);
    if (waiting.length) text += " " + interpolate(gettext("Waiting for %s to be ready."), [waiting.join(", ")]);
    $("suspended-text").textContent = text;
    if (mine) $("suspended-ready").textContent = mine.ready && !mine.autopilot ? gettext("Not ready after all") : gettext("I'm ready");
  }

  function renderActions() {
    const bar = $("actions");
    const buttons = page.actions
      .filter(function (item) { return !board.handles(item.action); })
      .map(function (item) {
        return h("button", { type: "button", text: item.label, disabled: page.pending, "data-action": item.action.type, onclick: function () { act(item.action); } });
      });
    const hinted = page.actions.some(function (item) { return board.handles(item.action); });
    if (hinted) buttons.push(h("span", { class: "hint", text: board.hint || "" }));
    if (!page.actions.length && page.status === "playing" && page.progress) {
      const waiting = (page.progress.to_act || []).map(nameOf).join(", ");
      if (waiting) buttons.push(h("span", { class: "hint", text: interpolate(gettext("Waiting for %s…"), [waiting]) }));
    }
    bar.replaceChildren.apply(bar, buttons);
  }

  function act(action) {
    if (page.pending) return;
    page.pending = true;
    renderPlay();  // the board too shows that the move is on its way (no move offered until the answer)
    const message = { type: "act", seq: page.seq, action: action };
    page.unanswered = { seq: page.seq, action: action, ref: send(message), socket: sockets };
  }

  function isNew(entry) {
    return page.seenSeq !== null && entry.seq > page.seenSeq;
  }

  function renderLog() {
    const log = $("game-log");
    const shown = page.entries.slice(-400);
    log.replaceChildren.apply(log, shown.map(function (entry) {
      const who = entry.by === "autopilot" ? interpolate(gettext("bot for %s"), [nameOf(entry.seat)]) : entry.by === "bot" ? gettext("bot") : null;
      return h("li", isNew(entry) ? { class: "new-since-visit", title: gettext("Since your last visit") } : null,
        [h("span", { class: "seq", text: "#" + entry.seq }), who ? h("span", { class: "tag", text: who }) : null]
        .concat(entry.lines.map(function (line, i) { return logLine(line, (entry.cells || [])[i]); })));
    }));
    const first = log.querySelector(".new-since-visit");
    if (first && !page.scrolledToNew) {  // once: the first move the player has not seen, at the top of the log
      page.scrolledToNew = true;
      log.scrollTop = first.offsetTop - log.offsetTop;
    } else {
      log.scrollTop = log.scrollHeight;
    }
  }

  /* A log line; one about board cells (a card placed, picked up) carries them in data-cells ("x,y;x,y") and
     takes the keyboard, so pointing at it or focusing it shows them on the board (board.highlight). */
  function logLine(line, cells) {
    if (!cells || !cells.length || !board.highlight) return h("span", { class: "line", text: line });
    return h("span", { class: "line marks", tabindex: "0", text: line,
      "data-cells": cells.map(function (c) { return c[0] + "," + c[1]; }).join(";") });
  }

  function cellsOf(node) {
    const line = node && node.closest ? node.closest("#game-log .line[data-cells]") : null;  // null: none
    return line ? line.dataset.cells.split(";").map(function (c) { return c.split(",").map(Number); }) : null;
  }

  function pointAt(cells) {
    page.pointed = cells;
    if (board.highlight) board.highlight($("board"), cells || []);
  }

  // A mouse points at a line; a finger taps it (which focuses it): a touch's own pointer events are left out, so a
  // page scrolled under a finger's last place does not point at whatever line comes under it.
  $("game-log").addEventListener("pointerover", function (event) {
    const c = event.pointerType !== "touch" && cellsOf(event.target);
    if (c) pointAt(c);
  });
  $("game-log").addEventListener("pointerout", function (event) {
    if (event.pointerType === "touch" || !cellsOf(event.target) || cellsOf(event.relatedTarget)) return;
    pointAt(cellsOf(document.activeElement));
  });
  $("game-log").addEventListener("focusin", function (event) { const c = cellsOf(event.target); if (c) pointAt(c); });
  $("game-log").addEventListener("focusout", function (event) {
    // A line hidden by the phone's tabs (game-tabs.js: a tapped line opens the board) keeps showing its cells.
    if (cellsOf(event.target) && !cellsOf(event.relatedTarget) && event.target.offsetParent) pointAt(null);
  });
  document.addEventListener("game:tab", function (event) {
    if (event.detail.tab === "log") pointAt(null);  // the log opened again: the board shows no line's cells
  });

  // The bar of moves sticks to the top of the screen: its height, kept in --sticky-top, keeps what the page
  // scrolls to (a board's targets, the table) out from under it (static/css/games.css, the boards' CSS).
  const stickyBar = document.querySelector("#play .play-controls");
  if (stickyBar && window.ResizeObserver) {
    new ResizeObserver(function () {
      document.documentElement.style.setProperty("--sticky-top", Math.ceil(stickyBar.getBoundingClientRect().height) + "px");
    }).observe(stickyBar);
  }

  // Turn-based games: "N moves since your last visit", counted from the entries highlighted in the log.
  function renderSinceVisit() {
    const note = $("since-visit");
    const moves = page.seenSeq === null ? 0 : page.seq - page.seenSeq;
    note.hidden = moves <= 0;
    note.textContent = moves > 0 ? interpolate(ngettext("%s move since your last visit", "%s moves since your last visit", moves), [moves]) : "";
  }

  // What the player has seen is kept when the page is hidden or closed (one message, not one per update).
  document.addEventListener("visibilitychange", function () {
    if (turnBased && document.visibilityState === "hidden" && page.synced && page.you && page.you.seat !== null) {
      socket.send({ type: "seen", seq: page.seq });
    }
  });

  // A chat message the server refused (too fast, too long) comes back to the input so it is not lost.
  function restoreChat(frame) {
    const sent = page.sentChat;
    const input = $("chat-input");
    if (!sent || !input) return;
    if (frame.ref === sent.ref || /rate_limited|chat/.test(frame.code || "")) {
      if (!input.value) input.value = sent.text;
      page.sentChat = null;
    }
  }

  function addChat(message) {
    if (page.sentChat && message.text === page.sentChat.text) page.sentChat = null;
    if (page.chat.some(function (m) { return m.id === message.id; })) return;
    page.chat.push(message);
    const list = $("chat-log");
    list.append(h("li", null, [h("span", { class: "author", text: message.name + ":" }), h("span", { text: message.text })]));
    while (list.children.length > 200) list.removeChild(list.firstChild);
    list.scrollTop = list.scrollHeight;
  }

  // The statistics panel was rendered with the page; when the game ends under our eyes, fetch it again so it
  // shows the computation's progress and then the charts (stats.js polls while the task runs).
  function refreshStatistics() {
    const finished = page.status === "finished";
    if (finished && page.shownStatus && page.shownStatus !== "finished" && window.StatsPanels) {
      const panel = document.querySelector("#after-stats [data-stats-panel]");
      if (panel) window.StatsPanels.reload(panel);
    }
    page.shownStatus = page.status;
  }

  function renderRematch() {
    const mine = mySeat(page.seats);
    const code = page.seats.rematch;
    $("rematch").hidden = !(mine && page.status === "finished");
    $("rematch-form").hidden = !!code;
    $("rematch-join-form").hidden = !code;
    if (code) {
      $("rematch-join-form").action = "/games/" + encodeURIComponent(code) + "/join/";
      $("rematch-info").textContent = gettext("A rematch is waiting: same options, same bots.");
    }
  }

  function renderAfter() {
    if (page.status !== "finished" || !page.progress || !page.progress.result) return;
    if (!resultShown && !openedFinished) {
      const top = $("after").getBoundingClientRect().top;
      const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      if (top < 0 || top > window.innerHeight * 0.5) $("after").scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
    }
    resultShown = true;
    renderRematch();
    const result = page.progress.result;
    const winners = result.winners.map(nameOf);
    $("winner").textContent = winners.length
      ? interpolate(ngettext("%s won!", "%s won!", winners.length), [winners.join(gettext(" and "))]) : gettext("Nobody won.");
    const body = $("final-table");
    body.replaceChildren.apply(body, result.table.map(function (row) {
      return h("tr", null, [h("td", { text: row.rank }), h("td", { text: row.name }), h("td", { text: resultDetails(row) })]);
    }));
  }

  // A Machi Koro row carries its numbers: worded here in the page's language; a board may word its game's rows
  // (board.resultDetails: Aquarius); other games send words.
  function resultDetails(row) {
    if (row.by_time === "won") return gettext("won by time");
    if (row.by_time === "lost" || row.forfeited) return gettext("lost by time");
    if (board.resultDetails) { const words = board.resultDetails(row, page.rules || {}); if (words) return words; }
    if (!row.landmarks) return row.details || row.score;
    return [interpolate(gettext("%(built)s/%(total)s landmarks"), { built: row.landmarks[0], total: row.landmarks[1] }, true),
      interpolate(ngettext("%s coin", "%s coins", row.coins), [row.coins]),
      interpolate(ngettext("%s establishment", "%s establishments", row.establishments), [row.establishments])].join(", ");
  }

  // ---- catching up after a lost last update ---------------------------------------------------------------
  // The first check comes CATCH_UP_FIRST_MS after the last frame, each next one twice as late (at most
  // CATCH_UP_MAX_MS): a busy game is checked often, a quiet one rarely. The server answers a ping whose
  // `since` is behind with the missed events.
  const CATCH_UP_FIRST_MS = 500;
  const CATCH_UP_MAX_MS = 8000;
  const catchUp = {
    wait: CATCH_UP_FIRST_MS,
    due: Date.now() + CATCH_UP_FIRST_MS,
    heard: function () { this.wait = CATCH_UP_FIRST_MS; this.due = Date.now() + this.wait; },
  };
  setInterval(function () {
    if (page.status !== "playing" || !page.synced || Date.now() < catchUp.due) return;
    catchUp.wait = Math.min(CATCH_UP_MAX_MS, catchUp.wait * 2);
    catchUp.due = Date.now() + catchUp.wait;
    socket.send({ type: "ping", since: page.seq });
  }, 250);

  // ---- the turn timer ------------------------------------------------------------------------------------

  // Seconds left as m:ss, h:mm:ss past an hour, and in days and hours past a day (turn-based games).
  function clock(left) {
    const pad = function (n) { return String(n).padStart(2, "0"); };
    if (left >= 86400) {
      return interpolate(gettext("%(days)s d %(hours)s h"), { days: Math.floor(left / 86400), hours: Math.floor(left % 86400 / 3600) }, true);
    }
    if (left >= 3600) return Math.floor(left / 3600) + ":" + pad(Math.floor(left % 3600 / 60)) + ":" + pad(left % 60);
    return Math.floor(left / 60) + ":" + pad(left % 60);
  }

  setInterval(function () {
    const timer = $("timer");
    const progress = page.progress;
    if (!progress || page.status !== "playing" || !progress.deadline) { timer.textContent = ""; return; }
    const left = Math.max(0, Math.round((Date.parse(progress.deadline) - Date.now()) / 1000));
    timer.textContent = interpolate(gettext("%s left"), [clock(left)]);
    timer.classList.toggle("low", left <= (turnBased ? 3600 : Math.max(10, (progress.turn_seconds || 0) / 5)));
    if (left === 0 && page.nudged !== progress.deadline) {
      // Tell the server the time is up; it checks the deadline itself before a bot takes over.
      page.nudged = progress.deadline;
      setTimeout(function () { socket.send({ type: "timeout" }); }, 300 + Math.random() * 1200);
    }
  }, 250);

  // ---- controls ------------------------------------------------------------------------------------------------

  $("ready-button").addEventListener("click", function () {
    const mine = mySeat(page.seats);
    send({ type: "ready", ready: !(mine && mine.ready) });
  });
  $("leave-button").addEventListener("click", function () { page.leaving = true; send({ type: "leave" }); });
  $("add-bot").addEventListener("click", function () { send({ type: "add_bot", kind: $("bot-kind").value }); });
  $("invite-form").addEventListener("submit", function (event) {
    event.preventDefault();
    const name = $("invite-name").value.trim();
    if (name) send({ type: "invite", name: name });
  });
  $("take-seat").addEventListener("click", function () { send({ type: "take_seat" }); });
  $("leave-play").addEventListener("click", function () { send({ type: "leave" }); });
  $("suspend-game").addEventListener("click", function () { send({ type: "suspend" }); });
  $("suspended-ready").addEventListener("click", function () {
    const mine = mySeat(page.seats);
    send({ type: "ready", ready: !(mine && mine.ready && !mine.autopilot) });
  });
  $("copy-link").addEventListener("click", function () {
    const input = $("join-link");
    input.select();
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(function () { Dom.toast(gettext("Link copied.")); });
  });
  const chatForm = $("chat-form");
  if (chatForm) {
    chatForm.addEventListener("submit", function (event) {
      event.preventDefault();
      const input = $("chat-input");
      const text = input.value.trim();
      if (!text) return;
      page.sentChat = { ref: send({ type: "chat", text: text }), text: text };
      input.value = "";
    });
  }
})();
