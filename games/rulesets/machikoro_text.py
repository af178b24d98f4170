"""Machi Koro in words: log lines for engine events and button labels for legal actions, in English or French.

Only presentation: every number comes from the engine's events and state. The language is the active one
(cards.language.current_language: the page's, or the game socket's); cards are named in it (their `name_fr`
from the frozen card set, English when a set frozen long ago has none). Each sentence is a phrase keyed by the
event or action type, in both languages (WORDS), so the walk over the events is written once.
"""
from cards.language import current_language, localized_name

WORDS = {
    "en": {
        "bank": "the bank", "seat": "seat {n}", "coin": "{n} coin", "coins": "{n} coins", "owed": " (owed {n})",
        "bank_pays": "{prefix}the bank pays {payee} {amount}.", "pays_bank": "{prefix}{payer} pays the bank {amount}{short}.",
        "pays": "{prefix}{payer} pays {payee} {amount}{short}.", "prefix": "{card}: ",
        "turn_started": "Turn {turn}: {player}{extra}.", "extra_turn": " (extra turn)",
        "rolls": "{player} rolls: {dice}.", "rolls_again": "{player} rolls again: {dice}.",
        "rolls_boats": "{player} rolls for the boats: {dice}.",
        "roll_adjusted": "{landmark}: {player} adds {amount} to the roll.",
        "bought": "{player} buys {card} for {cost}.", "landmark_built": "{player} builds {landmark} for {cost}.",
        "landmark_demolished": "{card}: {player}'s {landmark} is demolished.",
        "cards_closed": "{player} closes {count} × {card} for renovation.",
        "cards_reopened": "{player}'s {count} × {card} reopen instead of paying.",
        "card_given": "{giver} gives a {card} to {receiver}.", "card_returned": "{player} returns {card} to the market.",
        "market_drawn": "The market shows a new stack: {card}.",
        "market_removed": "{card} leaves the market: everyone owns one.",
        "invested": "{player} invests {amount} in {card}.",
        "redistributed": "{card}: everyone now has {share} (the bank adds {topup}).",
        "activated": "{by}: {player} activates {card}.",
        "stalemate": "The game stops at the turn limit: nobody wins.",
        "winner": "{winner} has built every landmark and wins!", "builds_nothing": "{player} builds nothing.",
        # button labels
        "roll_1": "Roll 1 die", "roll_n": "Roll {n} dice", "reroll_1": "Roll again (1 die)",
        "reroll_n": "Roll again ({n} dice)", "keep_roll": "Keep the roll", "add": "Add to the roll",
        "keep_total": "Keep the total", "choose_opponent": "Take from {who}",
        "trade": "Give {give}, take {who}'s {take}", "decline": "Decline", "renovate": "Close every {card}",
        "move": "Give {card} to {who}", "demolish": "Demolish {landmark}", "activate": "Activate {card}",
        "buy": "Buy {card} ({cost})", "build": "Build {landmark} ({cost})", "build_unknown": "Build",
        "pass": "Build nothing", "no_invest": "Do not invest", "invest": "Invest {amount}",
    },
    "fr": {
        "bank": "la banque", "seat": "place {n}", "coin": "{n} pièce", "coins": "{n} pièces", "owed": " (sur {n} dues)",
        "bank_pays": "{prefix}la banque paie {amount} à {payee}.", "pays_bank": "{prefix}{payer} paie {amount} à la banque{short}.",
        "pays": "{prefix}{payer} paie {amount} à {payee}{short}.", "prefix": "{card} : ",
        "turn_started": "Tour {turn} : {player}{extra}.", "extra_turn": " (tour supplémentaire)",
        "rolls": "{player} lance les dés : {dice}.", "rolls_again": "{player} relance les dés : {dice}.",
        "rolls_boats": "{player} lance les dés pour les bateaux : {dice}.",
        "roll_adjusted": "{landmark} : {player} ajoute {amount} au lancer.",
        "bought": "{player} achète {card} pour {cost}.", "landmark_built": "{player} construit {landmark} pour {cost}.",
        "landmark_demolished": "{card} : le monument {landmark} de {player} est démoli.",
        "cards_closed": "{player} ferme {count} × {card} pour travaux.",
        "cards_reopened": "{count} × {card} de {player} rouvrent au lieu de payer.",
        "card_given": "{giver} donne {card} à {receiver}.", "card_returned": "{player} remet {card} au marché.",
        "market_drawn": "Le marché montre une nouvelle pile : {card}.",
        "market_removed": "{card} quitte le marché : chacun en possède un exemplaire.",
        "invested": "{player} investit {amount} dans {card}.",
        "redistributed": "{card} : chacun a maintenant {share} (la banque ajoute {topup}).",
        "activated": "{by} : {player} active {card}.",
        "stalemate": "La partie s'arrête à la limite de tours : personne ne gagne.",
        "winner": "{winner} a construit tous ses monuments et gagne !", "builds_nothing": "{player} ne construit rien.",
        "roll_1": "Lancer 1 dé", "roll_n": "Lancer {n} dés", "reroll_1": "Relancer (1 dé)",
        "reroll_n": "Relancer ({n} dés)", "keep_roll": "Garder le lancer", "add": "Ajouter au lancer",
        "keep_total": "Garder le total", "choose_opponent": "Prendre à {who}",
        "trade": "Donner {give}, prendre {take} à {who}", "decline": "Refuser", "renovate": "Fermer tous les {card}",
        "move": "Donner {card} à {who}", "demolish": "Démolir {landmark}", "activate": "Activer {card}",
        "buy": "Acheter {card} ({cost})", "build": "Construire {landmark} ({cost})", "build_unknown": "Construire",
        "pass": "Ne rien construire", "no_invest": "Ne pas investir", "invest": "Investir {amount}",
    },
}
# Events said by one phrase of WORDS from the names of players and cards and the amounts they carry.
PLAIN_EVENTS = ("roll_adjusted", "bought", "landmark_built", "landmark_demolished", "cards_closed", "cards_reopened",
                "card_given", "card_returned", "market_drawn", "market_removed", "invested", "redistributed",
                "activated")
PLAYER_KEYS = ("player", "giver", "receiver", "winner")
CARD_KEYS = {"card": "card", "landmark": "landmark", "by": "by"}


def _words():
    return WORDS[current_language()]


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
        return _words()["bank"]
    if 0 <= seat < len(state.players):
        return state.players[seat].name
    return _words()["seat"].format(n=seat)


def _coins(n):
    return _words()["coin" if n == 1 else "coins"].format(n=n)


def _transfer(state, e):
    words = _words()
    card = _card_name(state, e.get("card"))
    payer, payee, amount, owed = e["payer"], e["payee"], e["amount"], e["owed"]
    fields = {"prefix": words["prefix"].format(card=card) if card else "", "amount": _coins(amount),
              "short": words["owed"].format(n=owed) if amount < owed else "",
              "payer": _who(state, payer), "payee": _who(state, payee)}
    phrase = "bank_pays" if payer is None else ("pays_bank" if payee is None else "pays")
    return words[phrase].format(**fields)


def _dice(e):
    dice = e["dice"]
    shown = " + ".join(map(str, dice))
    return f"{shown} = {sum(dice)}" if len(dice) > 1 else shown


def _line(state, e):
    kind, words = e["type"], _words()
    if kind == "transfer":
        return _transfer(state, e)
    fields = {key: _who(state, e.get(key)) for key in PLAYER_KEYS if key in e}
    fields.update({name: _card_name(state, e.get(key)) for name, key in CARD_KEYS.items() if key in e})
    if kind == "turn_started":
        return words[kind].format(turn=e["turn"], extra=words["extra_turn"] if e.get("extra") else "", **fields)
    if kind == "dice_rolled":
        phrase = {"reroll": "rolls_again", "shared": "rolls_boats"}.get(e["purpose"], "rolls")
        return words[phrase].format(dice=_dice(e), **fields)
    if kind == "game_over":
        return words["stalemate"] if e.get("winner") is None else words["winner"].format(**fields)
    if kind not in PLAIN_EVENTS:
        return None
    amounts = {"cost": _coins(e["cost"]) if "cost" in e else "", "amount": e.get("amount", ""),
               "count": e.get("count", ""), "share": _coins(e["share"]) if "share" in e else "",
               "topup": e.get("topup", "")}
    if kind == "invested":
        amounts["amount"] = _coins(e["amount"])
    return words[kind].format(**fields, **amounts)


def narrate(state, events):
    return [line for line in (_line(state, event) for event in events) if line]


def builds_nothing(state, seat):
    """The log line of a pass (a move without events)."""
    return _words()["builds_nothing"].format(player=state.players[seat].name)


def action_label(state, action):  # noqa: C901 - one branch per action type
    kind, words = action.get("type"), _words()
    card = _card_name(state, action.get("card")) if isinstance(action.get("card"), str) else ""
    opponent = action.get("opponent")
    who = _who(state, opponent) if isinstance(opponent, int) and not isinstance(opponent, bool) else ""
    if kind in ("roll", "reroll"):
        return words[f"{kind}_1"] if action.get("dice") == 1 else words[f"{kind}_n"].format(n=action.get("dice"))
    if kind in ("keep_roll", "decline", "pass"):
        return words[kind]
    if kind == "adjust_roll":
        return words["add" if action.get("add") else "keep_total"]
    if kind == "choose_opponent":
        return words[kind].format(who=who)
    if kind == "trade":
        return words[kind].format(give=_card_name(state, action.get("give")), who=who,
                                  take=_card_name(state, action.get("take")))
    if kind in ("renovate", "move", "activate"):
        return words[kind].format(card=card, who=who)
    if kind == "demolish":
        return words[kind].format(landmark=_card_name(state, action.get("landmark")))
    if kind == "buy":
        index = state.card_set.establishment_index.get(action.get("card"))
        cost = state.card_set.establishments[index].cost if index is not None else "?"
        return words[kind].format(card=card, cost=cost)
    if kind == "build":
        index = state.card_set.landmark_index.get(action.get("landmark"))
        landmark = state.card_set.landmarks[index] if index is not None else None
        if landmark is None:
            return words["build_unknown"]
        return words[kind].format(landmark=localized_name(landmark), cost=landmark.cost)
    if kind == "invest":
        coins = action.get("coins")
        return words["no_invest"] if not coins else words[kind].format(amount=_coins(coins))
    return str(kind)
