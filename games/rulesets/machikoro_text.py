"""Machi Koro in words: log lines for engine events and button labels for legal actions.

Only presentation: every number comes from the engine's events and state.
"""


from cards.language import localized_name


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
        return "the bank"
    if 0 <= seat < len(state.players):
        return state.players[seat].name
    return f"seat {seat}"


def _coins(n):
    return f"{n} coin" if n == 1 else f"{n} coins"


def _transfer(state, e):
    card = _card_name(state, e.get("card"))
    payer, payee, amount, owed = e["payer"], e["payee"], e["amount"], e["owed"]
    short = f" (owed {owed})" if amount < owed else ""
    prefix = f"{card}: " if card else ""
    if payer is None:
        return f"{prefix}the bank pays {_who(state, payee)} {_coins(amount)}."
    if payee is None:
        return f"{prefix}{_who(state, payer)} pays the bank {_coins(amount)}{short}."
    return f"{prefix}{_who(state, payer)} pays {_who(state, payee)} {_coins(amount)}{short}."


def _dice(e):
    dice = e["dice"]
    shown = " + ".join(map(str, dice))
    return f"{shown} = {sum(dice)}" if len(dice) > 1 else shown


def _line(state, e):
    kind = e["type"]
    name = lambda key: _who(state, e.get(key))  # noqa: E731
    card = lambda key="card": _card_name(state, e.get(key))  # noqa: E731
    if kind == "turn_started":
        extra = " (extra turn)" if e.get("extra") else ""
        return f"Turn {e['turn']}: {name('player')}{extra}."
    if kind == "dice_rolled":
        what = {"reroll": "rolls again", "shared": "rolls for the boats"}.get(e["purpose"], "rolls")
        return f"{name('player')} {what}: {_dice(e)}."
    if kind == "roll_adjusted":
        return f"{card('landmark')}: {name('player')} adds {e['amount']} to the roll."
    if kind == "transfer":
        return _transfer(state, e)
    if kind == "bought":
        return f"{name('player')} buys {card()} for {_coins(e['cost'])}."
    if kind == "landmark_built":
        return f"{name('player')} builds {card('landmark')} for {_coins(e['cost'])}."
    if kind == "landmark_demolished":
        return f"{card()}: {name('player')}'s {card('landmark')} is demolished."
    if kind == "cards_closed":
        return f"{name('player')} closes {e['count']} × {card()} for renovation."
    if kind == "cards_reopened":
        return f"{name('player')}'s {e['count']} × {card()} reopen instead of paying."
    if kind == "card_given":
        return f"{name('giver')} gives a {card()} to {name('receiver')}."
    if kind == "card_returned":
        return f"{name('player')} returns {card()} to the market."
    if kind == "market_drawn":
        return f"The market shows a new stack: {card()}."
    if kind == "market_removed":
        return f"{card()} leaves the market: everyone owns one."
    if kind == "invested":
        return f"{name('player')} invests {_coins(e['amount'])} in {card()}."
    if kind == "redistributed":
        return f"{card()}: everyone now has {_coins(e['share'])} (the bank adds {e['topup']})."
    if kind == "activated":
        return f"{card('by')}: {name('player')} activates {card()}."
    if kind == "game_over":
        if e.get("winner") is None:
            return "The game stops at the turn limit: nobody wins."
        return f"{name('winner')} has built every landmark and wins!"
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
        return "Roll 1 die" if action.get("dice") == 1 else f"Roll {action.get('dice')} dice"
    if kind == "reroll":
        return "Roll again (1 die)" if action.get("dice") == 1 else f"Roll again ({action.get('dice')} dice)"
    if kind == "keep_roll":
        return "Keep the roll"
    if kind == "adjust_roll":
        return "Add to the roll" if action.get("add") else "Keep the total"
    if kind == "choose_opponent":
        return f"Take from {who}"
    if kind == "trade":
        return f"Give {_card_name(state, action.get('give'))}, take {who}'s {_card_name(state, action.get('take'))}"
    if kind == "decline":
        return "Decline"
    if kind == "renovate":
        return f"Close every {card}"
    if kind == "move":
        return f"Give {card} to {who}"
    if kind == "demolish":
        return f"Demolish {_card_name(state, action.get('landmark'))}"
    if kind == "activate":
        return f"Activate {card}"
    if kind == "buy":
        index = state.card_set.establishment_index.get(action.get("card"))
        cost = state.card_set.establishments[index].cost if index is not None else "?"
        return f"Buy {card} ({cost})"
    if kind == "build":
        index = state.card_set.landmark_index.get(action.get("landmark"))
        landmark = state.card_set.landmarks[index] if index is not None else None
        return f"Build {localized_name(landmark)} ({landmark.cost})" if landmark else "Build"
    if kind == "pass":
        return "Build nothing"
    if kind == "invest":
        coins = action.get("coins")
        return "Do not invest" if not coins else f"Invest {_coins(coins)}"
    return str(kind)
