"""Machi Koro in words: log lines for engine events and button labels for legal actions.

Only presentation: every number comes from the engine's events and state. The words are in the active
language (games.selectors.frames builds each update once per site language).
"""
from django.utils.translation import gettext as _, gettext_lazy, ngettext

from cards.language import localized_name


# The engine's option codes (engine.OptionsError) -> what the options form says.
OPTION_PROBLEMS = {
    "neighbours_only_needs_five_six": gettext_lazy("Neighbours-only payments come with the 5–6 player box: add it, "
                                                   "or untick this option."),
}

# The engine's refusal codes (IllegalActionError.code) -> one sentence each: the RPC API's refusal messages
# (docs/machikoro-rpc.md lists them, in English and French).
REFUSALS = {
    "must_roll": gettext_lazy("Roll the dice first."),
    "wrong_dice_count": gettext_lazy("You may not roll that many dice."),
    "keep_or_reroll": gettext_lazy("Keep the roll or roll again."),
    "must_adjust": gettext_lazy("Say whether to add to the roll."),
    "not_an_option": gettext_lazy("That is not one of the choices the card offers."),
    "unknown_card": gettext_lazy("There is no such card in this game."),
    "not_in_market": gettext_lazy("That establishment is not in the market."),
    "cannot_afford": gettext_lazy("You do not have enough coins."),
    "major_owned": gettext_lazy("You already own that major establishment."),
    "already_built": gettext_lazy("That landmark is already built."),
    "build_or_pass": gettext_lazy("Buy one establishment, build one landmark, or build nothing."),
    "invest_amount": gettext_lazy("Invest nothing or the card's amount."),
    "unknown_action": gettext_lazy("Unknown or malformed action."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "game_over": gettext_lazy("The game is over."),
}


def option_problem(error):
    """An engine.OptionsError in the active language (its English when the engine's code is not worded here)."""
    return str(OPTION_PROBLEMS.get(error.code, error))


def _card_name(state, slug):
    """The card's name in the active language (its French name when the frozen card set has one)."""
    if slug is None:
        return ""
    index = state.card_set.establishment_index.get(slug)
    if index is not None:
        return localized_name(state.card_set.establishments[index])
    index = state.card_set.landmark_index.get(slug)
    return localized_name(state.card_set.landmarks[index]) if index is not None else slug


def _who(state, seat):
    if seat is None:
        return _("the bank")
    if 0 <= seat < len(state.players):
        return state.players[seat].name
    return _("seat %(n)s") % {"n": seat}


def _coins(n):
    return ngettext("%(n)s coin", "%(n)s coins", n) % {"n": n}


def _transfer(state, e):
    card = _card_name(state, e.get("card"))
    payer, payee, amount, owed = e["payer"], e["payee"], e["amount"], e["owed"]
    short = " " + _("(owed %(owed)s)") % {"owed": owed} if amount < owed else ""
    # Translators: the card that caused a payment, before the payment ("Bakery: the bank pays ann 1 coin.").
    prefix = _("%(card)s: ") % {"card": card} if card else ""
    if payer is None:
        return prefix + _("the bank pays %(payee)s %(coins)s.") % {"payee": _who(state, payee), "coins": _coins(amount)}
    if payee is None:
        return prefix + _("%(payer)s pays the bank %(coins)s%(short)s.") % {
            "payer": _who(state, payer), "coins": _coins(amount), "short": short}
    return prefix + _("%(payer)s pays %(payee)s %(coins)s%(short)s.") % {
        "payer": _who(state, payer), "payee": _who(state, payee), "coins": _coins(amount), "short": short}


def _count(n):
    return n if isinstance(n, int) and not isinstance(n, bool) else 2


def _dice(e):
    dice = e["dice"]
    shown = " + ".join(map(str, dice))
    return f"{shown} = {sum(dice)}" if len(dice) > 1 else shown


def _line(state, e):
    kind = e["type"]
    name = lambda key: _who(state, e.get(key))  # noqa: E731
    card = lambda key="card": _card_name(state, e.get(key))  # noqa: E731
    if kind == "turn_started":
        if e.get("extra"):
            return _("Turn %(turn)s: %(player)s (extra turn).") % {"turn": e["turn"], "player": name("player")}
        return _("Turn %(turn)s: %(player)s.") % {"turn": e["turn"], "player": name("player")}
    if kind == "dice_rolled":
        what = {"reroll": _("%(player)s rolls again: %(dice)s."),
                "shared": _("%(player)s rolls for the boats: %(dice)s.")}.get(e["purpose"], _("%(player)s rolls: %(dice)s."))
        return what % {"player": name("player"), "dice": _dice(e)}
    if kind == "roll_adjusted":
        return _("%(landmark)s: %(player)s adds %(n)s to the roll.") % {
            "landmark": card("landmark"), "player": name("player"), "n": e["amount"]}
    if kind == "transfer":
        return _transfer(state, e)
    if kind == "bought":
        return _("%(player)s buys %(card)s for %(coins)s.") % {"player": name("player"), "card": card(), "coins": _coins(e["cost"])}
    if kind == "landmark_built":
        return _("%(player)s builds %(landmark)s for %(coins)s.") % {
            "player": name("player"), "landmark": card("landmark"), "coins": _coins(e["cost"])}
    if kind == "landmark_demolished":
        return _("%(card)s: %(player)s's %(landmark)s is demolished.") % {
            "card": card(), "player": name("player"), "landmark": card("landmark")}
    if kind == "cards_closed":
        return _("%(player)s closes %(n)s × %(card)s for renovation.") % {"player": name("player"), "n": e["count"], "card": card()}
    if kind == "cards_reopened":
        return _("%(player)s's %(n)s × %(card)s reopen instead of paying.") % {"player": name("player"), "n": e["count"], "card": card()}
    if kind == "card_given":
        return _("%(giver)s gives a %(card)s to %(receiver)s.") % {"giver": name("giver"), "card": card(), "receiver": name("receiver")}
    if kind == "card_returned":
        return _("%(player)s returns %(card)s to the market.") % {"player": name("player"), "card": card()}
    if kind == "market_drawn":
        return _("The market shows a new stack: %(card)s.") % {"card": card()}
    if kind == "market_removed":
        return _("%(card)s leaves the market: everyone owns one.") % {"card": card()}
    if kind == "invested":
        return _("%(player)s invests %(coins)s in %(card)s.") % {"player": name("player"), "coins": _coins(e["amount"]), "card": card()}
    if kind == "redistributed":
        return _("%(card)s: everyone now has %(coins)s (the bank adds %(topup)s).") % {
            "card": card(), "coins": _coins(e["share"]), "topup": e["topup"]}
    if kind == "activated":
        return _("%(by)s: %(player)s activates %(card)s.") % {"by": card("by"), "player": name("player"), "card": card()}
    if kind == "game_over":
        if e.get("winner") is None:
            return _("The game stops at the turn limit: nobody wins.")
        return _("%(player)s has built every landmark and wins!") % {"player": name("winner")}
    return None


def narrate(state, events):
    lines = []
    for event in events:
        line = _line(state, event)
        if line:
            lines.append(line)
    return lines


def action_label(state, action):
    kind = action.get("type")
    card = _card_name(state, action.get("card")) if isinstance(action.get("card"), str) else ""
    opponent = action.get("opponent")
    who = _who(state, opponent) if isinstance(opponent, int) and not isinstance(opponent, bool) else ""
    if kind == "roll":
        return ngettext("Roll %(n)s die", "Roll %(n)s dice", _count(action.get("dice"))) % {"n": action.get("dice")}
    if kind == "reroll":
        return ngettext("Roll again (%(n)s die)", "Roll again (%(n)s dice)", _count(action.get("dice"))) % {"n": action.get("dice")}
    if kind == "keep_roll":
        return _("Keep the roll")
    if kind == "adjust_roll":
        return _("Add to the roll") if action.get("add") else _("Keep the total")
    if kind == "choose_opponent":
        return _("Take from %(player)s") % {"player": who}
    if kind == "trade":
        return _("Give %(give)s, take %(player)s's %(take)s") % {
            "give": _card_name(state, action.get("give")), "player": who, "take": _card_name(state, action.get("take"))}
    if kind == "decline":
        return _("Decline")
    if kind == "renovate":
        return _("Close every %(card)s") % {"card": card}
    if kind == "move":
        return _("Give %(card)s to %(player)s") % {"card": card, "player": who}
    if kind == "demolish":
        return _("Demolish %(landmark)s") % {"landmark": _card_name(state, action.get("landmark"))}
    if kind == "activate":
        return _("Activate %(card)s") % {"card": card}
    if kind == "buy":
        index = state.card_set.establishment_index.get(action.get("card"))
        cost = state.card_set.establishments[index].cost if index is not None else "?"
        return _("Buy %(card)s (%(cost)s)") % {"card": card, "cost": cost}
    if kind == "build":
        index = state.card_set.landmark_index.get(action.get("landmark"))
        landmark = state.card_set.landmarks[index] if index is not None else None
        return _("Build %(landmark)s (%(cost)s)") % {"landmark": localized_name(landmark), "cost": landmark.cost} if landmark else _("Build")
    if kind == "pass":
        return _("Build nothing")
    if kind == "invest":
        coins = action.get("coins")
        return _("Do not invest") if not coins else _("Invest %(coins)s") % {"coins": _coins(coins)}
    return str(kind)
