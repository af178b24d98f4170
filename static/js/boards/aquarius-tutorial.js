/* Hints of the guided first Aquarius game (static/js/tutorial.js runs them): your secret goal, how to place a
   card next to a matching element, what an action card in your hand does, and how to win. */
(function () {
  "use strict";
  if (!window.Tutorial || !window.Aquarius) return;
  const cards = Aquarius.cards;

  function goalName(letter) {
    return (cards.ELEMENTS[letter] || {}).label || letter;
  }

  function hints(detail, ctx) {
    const view = detail.state, rules = ctx.rules, me = ctx.me;
    if (!view || !view.board) return [];
    if (view.over) {
      return [{ id: "over", final: true, title: gettext("Game over"), target: ["#after", "#board"],
        text: gettext("That is a whole game of Aquarius. Rematch, or create a game with friends from the Play page.") }];
    }
    const list = [];
    const mine = view.to_act === me;
    if (view.goal) {
      list.push({ id: "goal", title: gettext("Your secret goal"), target: "#aq-goal",
        text: interpolate(gettext("Your goal is %(element)s. Nobody else sees it: the first player with a group of 7 connected %(element)s panels on the table wins."),
          { element: goalName(view.goal) }, true) });
    } else {
      list.push({ id: "goal", title: gettext("Your secret goal"), target: "#aq-goal",
        text: gettext("Your goal is an element, secret until you look at it: the first player with a group of 7 connected panels of their goal's element wins.") });
    }
    if (mine) {
      list.push({ id: "place", urgent: true, title: gettext("Your turn: play a card"), target: ".aq-hand-box",
        text: (ctx.touch ? gettext("Tap a card in your hand, then a highlighted space on the table.") : gettext("Click a card in your hand, then a highlighted space on the table.")) +
          " " + gettext("A card goes next to a card it matches: at least one touching side must show the same element. Turn it with R to fit.") });
      const action = (view.hand || []).find(function (id) { return cards.cardInfo(id, cards.normaliseRules(rules)).action; });
      if (action) {
        const info = cards.cardInfo(action, cards.normaliseRules(rules));
        list.push({ id: "action", title: gettext("An action card"), target: ".aq-hand-card[data-card='" + action + "']",
          text: interpolate(gettext("%(card)s is an action: instead of placing a card you may play it. %(effect)s"),
            { card: cards.cardName(action, cards.normaliseRules(rules)), effect: (cards.ACTIONS[info.action] || {}).hint || "" }, true) +
            " " + gettext("Swapping goals or hands can steal a lead; use them when someone is close to 7.") });
      }
    }
    list.push({ id: "measures", title: gettext("Who is close to winning"), target: ".aq-measures",
      text: gettext("These bars show the largest group of each element on the table: 7 wins. Grow your goal's group and keep the others' small.") });
    return list;
  }

  Tutorial.register("aquarius", { lessons: ["goal", "place", "measures"], hints: hints });
})();
