/* Aquarius board panels (part of static/js/boards/aquarius.js): the measures of the elements, your goal, the
   players, the deck and discards, and the winners' line. */
(function () {
  "use strict";
  const h = Dom.h;
  const ELEMENTS = Aquarius.cards.ELEMENTS, ORDER = Aquarius.cards.ORDER;
  const WIN = 7;

  function nameOf(ctx, position) {
    const seat = (ctx.seats || []).find(function (x) { return x.position === position; });
    return seat ? seat.name : interpolate(gettext("Seat %s"), [position + 1]);
  }

  function measuresBar(view, winnerGoals) {
    const m = view.measures || {};
    return h("div", { class: "aq-measures", role: "list", "aria-label": gettext("Largest group of each element (7 wins)") },
      ORDER.map(function (el) {
        const info = ELEMENTS[el];
        const n = m[info.name] || 0;
        const goal = view.goal === el;
        const bar = h("span", { class: "aq-bar" }, [
          h("span", { class: "aq-fill", style: { width: Math.min(100, (n / WIN) * 100) + "%", background: info.colour } }),
          h("span", { class: "aq-seven", title: gettext("7 wins") }),
        ]);
        return h("span", { class: "aq-measure" + (goal ? " goal" : "") + (winnerGoals.indexOf(el) >= 0 ? " won" : ""),
          role: "listitem", "aria-label": interpolate(gettext("%(element)s: %(n)s of 7"), { element: info.label, n: n }, true) + (goal ? " " + gettext("(your goal)") : "") }, [
          h("span", { class: "aq-chip", style: { background: info.colour, color: info.ink }, text: info.letter }),
          h("span", { class: "aq-mname", text: info.label }), bar, h("span", { class: "aq-count", text: n + "/7" }),
        ]);
      }));
  }

  function goalBox(view, ctx) {
    const mine = ctx.you && ctx.you.position !== null && ctx.you.position !== undefined;
    if (!mine || view.over) return null;
    if (view.goal) {
      const info = ELEMENTS[view.goal];
      return h("div", { class: "aq-goal", id: "aq-goal" }, [
        h("span", { text: gettext("Your goal: ") }),
        h("span", { class: "aq-chip", style: { background: info.colour, color: info.ink }, text: info.letter }),
        h("strong", { text: " " + info.label }), h("span", { class: "muted", text: " " + interpolate(gettext("(7 connected %s panels)"), [info.label]) }),
      ]);
    }
    return h("div", { class: "aq-goal", id: "aq-goal" }, [
      h("span", { text: view.chicken ? gettext("Aqua-Chicken: you have not looked at your goal. ") : gettext("Your goal is hidden. ") }),
      ctx.progress && ctx.progress.status === "playing" ? h("button", {
        type: "button", class: "aq-see-goal", text: gettext("Look at your goal"),
        onclick: function () { ctx.act({ type: "see_goal" }); },
      }) : null,
    ]);
  }

  function playersBox(view, ctx) {
    const count = view.players || (view.hand_sizes || []).length;
    const items = [];
    for (let seat = 0; seat < count; seat++) {
      const you = ctx.you && ctx.you.position === seat;
      const goal = view.over && view.goals ? view.goals[seat] : null;
      const won = (view.winners || []).indexOf(seat) >= 0;
      items.push(h("li", { class: "aq-player" + (view.to_act === seat && !view.over ? " to-act" : "") + (won ? " winner" : ""), "data-seat": seat }, [
        h("span", { class: "name", text: nameOf(ctx, seat) + (you ? " " + gettext("(you)") : "") }),
        won ? h("span", { class: "tag aq-won", text: "★ " + gettext("winner") }) : null,
        h("span", { class: "aq-hand-size", text: handText((view.hand_sizes || [])[seat] || 0) }),
        view.chicken && !view.over ? h("span", { class: "tag" + ((view.knows_goal || [])[seat] ? " knows" : ""),
          text: (view.knows_goal || [])[seat] ? gettext("knows goal") : gettext("goal unseen") }) : null,
        view.over && view.chicken && view.chicken_last === seat ? h("span", { class: "tag", text: gettext("looked last: wins Aqua-Chicken") }) : null,
        goal ? h("span", { class: "aq-goal-reveal" }, [h("span", { class: "aq-chip", style: { background: ELEMENTS[goal].colour, color: ELEMENTS[goal].ink }, text: ELEMENTS[goal].letter }), " " + ELEMENTS[goal].label]) : null,
      ]));
    }
    return h("ul", { class: "aq-players" }, items);
  }

  function handText(n) { return interpolate(ngettext("%s card", "%s cards", n), [n]); }

  function statusLine(view) {
    const parts = [h("span", { text: interpolate(ngettext("Deck: %s card", "Deck: %s cards", view.deck), [view.deck]) })];
    parts.push(h("span", { text: interpolate(gettext("Discards: %s"), [(view.discard || []).length]) }));
    if (view.over && view.goals) {
      const unseated = view.goals.slice(view.players || 0);
      if (unseated.length) parts.push(h("span", { class: "muted", text: interpolate(gettext("Unused goals: %s"), [unseated.map(function (g) { return ELEMENTS[g].label; }).join(", ")]) }));
    }
    return h("div", { class: "aq-status" }, parts);
  }

  function winnerText(view, ctx) {
    const winners = view.winners || [];
    if (!winners.length) return gettext("Nobody won.");
    const names = winners.map(function (w) {
      const el = view.goals ? ELEMENTS[view.goals[w]] : null;
      return nameOf(ctx, w) + (el ? " (" + el.label + ")" : "");
    });
    return interpolate(ngettext("%s wins.", "%s win.", names.length), [names.join(gettext(" and "))]) + " " +
      gettext("The winning group is outlined.");
  }

  /* A row of the final table in the page's language: the goal (named by the rules data, "Goal: Fire"), the
     largest group of its element, and who looked last in Aqua-Chicken. Null for a row without them (a result
     stored before they were). */
  function resultDetails(row, rules) {
    if (!row.goal_element || !ELEMENTS[row.goal_element]) return null;
    const goal = (rules && rules.goal_names && rules.goal_names[row.goal_element]) || ELEMENTS[row.goal_element].label;
    let words = interpolate(gettext("%(goal)s, largest group %(n)s"), { goal: goal, n: row.score }, true);
    if (row.looked_last) words += ", " + gettext("looked last (Aqua-Chicken)");
    return words;
  }

  window.Aquarius = Object.assign(window.Aquarius || {}, {
    panels: { nameOf: nameOf, measuresBar: measuresBar, goalBox: goalBox, playersBox: playersBox,
      statusLine: statusLine, winnerText: winnerText, resultDetails: resultDetails },
  });
})();
