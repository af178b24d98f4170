"""Machi Koro over JSON-RPC: the referee's calls and notifications (docs/machikoro-rpc.md) mapped to the engine's
actions and events, with the Volity conventions of the Aquarius API.

The platform's RPC socket (games/rpc/) is generic; this module is all it knows of Machi Koro. Everything in
Machi Koro is public except the future: the notifications are built from the engine's events and from
`engine.view_for`, which leaves out the random state, the seed and the order of the market deck (only its size).
"""
import re

from django.utils import translation

from games.machikoro.engine import view_for
from games.machikoro.engine.state import OVER
from games.machikoro.text import REFUSALS
from games.rpc.protocol import BAD_STATE, Call, Fault, REFUSED, RpcProtocol, notification

SEATS = ("seat1", "seat2", "seat3", "seat4", "seat5", "seat6")
SEAT_NAME = re.compile(r"^seat([1-6])$")
BANK = "bank"  # the payer or payee of a payment that is not a seat
EVERY_STACK = 0  # game.set_market_stacks(0): every stack shows (the base rule)
EXTENSIONS = ("harbor", "millionaires-row", "five-six", "promo")  # the boxes a table may add to the base game
STATE_REFUSALS = {"not_your_turn": "volity.not_your_turn", "game_over": "volity.game_over"}

CALLS = {c.method: c for c in (
    Call("game.set_extensions", (("extensions", "array"),), phase="config"),
    Call("game.set_market_stacks", (("stacks", "int"),), phase="config"),
    Call("game.set_neighbours_only", (("flag", "bool"),), phase="config"),
    Call("game.roll", (("dice", "int"),)),
    Call("game.reroll", (("dice", "int"),)),
    Call("game.keep_roll"),
    Call("game.adjust_roll", (("add", "bool"),)),
    Call("game.choose_opponent", (("seat", "string"),)),
    Call("game.trade", (("give", "string"), ("seat", "string"), ("take", "string"))),
    Call("game.decline"),
    Call("game.renovate", (("card", "string"),)),
    Call("game.move", (("card", "string"), ("seat", "string"))),
    Call("game.demolish", (("landmark", "string"),)),
    Call("game.activate", (("card", "string"),)),
    Call("game.buy", (("card", "string"),)),
    Call("game.build", (("landmark", "string"),)),
    Call("game.invest", (("coins", "int"),)),
    Call("game.pass"),
)}

# An engine action's fields as the call's parameters, in order ("opponent" is a seat name over RPC).
ACTION_PARAMS = {"roll": ("dice",), "reroll": ("dice",), "keep_roll": (), "adjust_roll": ("add",),
                 "choose_opponent": ("opponent",), "trade": ("give", "opponent", "take"), "decline": (),
                 "renovate": ("card",), "move": ("card", "opponent"), "demolish": ("landmark",),
                 "activate": ("card",), "buy": ("card",), "build": ("landmark",), "invest": ("coins",), "pass": ()}


def seat_position(name):
    match = SEAT_NAME.match(name)
    if match is None:
        raise Fault(REFUSED, f"There is no seat called {name[:20]!r}: seats are seat1 to seat6.",
                    ["volity.invalid_seat"])
    return int(match.group(1)) - 1


def _seat(position):
    return BANK if position is None else SEATS[position]


def as_call(action):
    """An engine action (JSON) as the call that makes it: ["game.buy", "cafe"]."""
    kind = action["type"]
    params = [SEATS[action[f]] if f == "opponent" else action[f] for f in ACTION_PARAMS[kind]]
    return [f"game.{kind}", *params]


def english_refusal(code):
    with translation.override("en"):
        return str(REFUSALS[code])


class MachiKoroProtocol(RpcProtocol):
    seat_ids = SEATS
    calls = CALLS
    docs = "machikoro-rpc"
    client_command = "rpc_client"

    # ---- the lobby -----------------------------------------------------------------------------------

    def config_option(self, method, params):
        value = params[0]
        if method == "game.set_extensions":
            unknown = [e for e in value if e not in EXTENSIONS and e != "base"]
            if unknown:
                raise Fault(REFUSED, f"There is no extension called {unknown[0][:40]!r}: choose among "
                                     f"{', '.join(EXTENSIONS)}.", ["volity.bad_config"])
            return "extensions", list(dict.fromkeys(value))
        if method == "game.set_market_stacks":
            return "market", "all" if value == EVERY_STACK else value
        return "neighbours_only", value

    def config_notifications(self, options, sender):
        market = options.get("market", "all")
        return [
            notification("game.extensions", sender, [e for e in options.get("extensions", []) if e != "base"]),
            notification("game.market_stacks", sender, EVERY_STACK if market == "all" else market),
            notification("game.neighbours_only", sender, bool(options.get("neighbours_only"))),
        ]

    # ---- calls ---------------------------------------------------------------------------------------

    def action(self, method, params):
        kind = method[len("game."):]
        action = {"type": kind}
        for field, value in zip(ACTION_PARAMS[kind], params):
            action[field] = seat_position(value) if field == "opponent" else value
        return action

    def refusal(self, code, message):
        """The engine's refusal code as the token game.<code> with its one English sentence; turns and the
        end in Volity's terms (609)."""
        if code in STATE_REFUSALS:
            return Fault(BAD_STATE, english_refusal(code), [STATE_REFUSALS[code]])
        if code in REFUSALS:
            return Fault(REFUSED, english_refusal(code), [f"game.{code}"])
        return super().refusal(code, message)

    # ---- notifications -------------------------------------------------------------------------------

    def notifications(self, match, events, seat):
        notes = [note for event in match.visible_events(events, seat) if (note := self._note(event)) is not None]
        if not match.state.over:  # every recorded move moves the position on, even one with no event to tell
            notes.append(self._prompt(match.state, seat))
        return notes

    def _note(self, e):
        kind = e["type"]
        if kind == "turn_started":
            return notification("game.turn_started", SEATS[e["player"]], e["turn"], e["extra"])
        if kind == "dice_rolled":
            return notification("game.dice_rolled", SEATS[e["player"]], list(e["dice"]), e["purpose"])
        if kind == "roll_adjusted":
            return notification("game.roll_adjusted", SEATS[e["player"]], e["landmark"], e["amount"])
        if kind == "transfer":
            return notification("game.payment", _seat(e["payer"]), _seat(e["payee"]), e["amount"], e["owed"],
                                e["card"])
        if kind == "bought":
            return notification("game.bought", SEATS[e["player"]], e["card"], e["cost"])
        if kind == "landmark_built":
            return notification("game.built", SEATS[e["player"]], e["landmark"], e["cost"])
        if kind == "landmark_demolished":
            return notification("game.demolished", SEATS[e["player"]], e["landmark"], e["card"])
        if kind in ("cards_closed", "cards_reopened"):
            return notification(f"game.{kind}", SEATS[e["player"]], e["card"], e["count"])
        if kind == "card_given":
            return notification("game.card_given", SEATS[e["giver"]], SEATS[e["receiver"]], e["card"], e["closed"])
        if kind == "card_returned":
            return notification("game.card_returned", SEATS[e["player"]], e["card"], e["to_deck"])
        if kind == "market_drawn":
            return notification("game.market_drawn", e["card"])
        if kind == "market_removed":
            return notification("game.market_removed", e["card"], e["count"])
        if kind == "invested":
            return notification("game.invested", SEATS[e["player"]], e["card"], e["amount"])
        if kind == "redistributed":
            return notification("game.redistributed", SEATS[e["player"]], e["card"], list(e["before"]), e["share"],
                                e["topup"])
        if kind == "activated":
            return notification("game.activated", SEATS[e["player"]], e["card"], e["by"])
        if kind == "game_over":
            return self._outcome(e["winner"], e["reason"])
        return None

    @staticmethod
    def _outcome(winner, reason):
        return notification("game.outcome", [] if winner is None else [SEATS[winner]], reason)

    @staticmethod
    def _prompt(state, seat):
        """game.your_move(ask, calls) to the seat to act, with every call it may make now; game.other_move to
        everyone else."""
        view = view_for(state, seat)
        choice = view["choice"]
        ask = {"phase": choice["phase"], "card": choice.get("card"), "verb": choice.get("verb")}
        if seat is not None and seat == state.to_act:
            return notification("game.your_move", ask, [as_call(a) for a in view["legal_actions"]])
        return notification("game.other_move", SEATS[state.to_act], ask)

    def state_notifications(self, match, seat):
        """The table rebuilt from `engine.view_for` (no random state, no seed, the deck's size only): the cards in
        play, every seat's holdings, the market, the turn, then whose move it is or the outcome."""
        state = match.state
        view = view_for(state, seat)
        cards = state.card_set
        notes = [notification("game.cards", [
            {"slug": c.slug, "name": c.name, "cost": c.cost, "colour": c.colour, "icon": c.icon,
             "activation": [c.activation_min, c.activation_max], "major": c.major, "effect": c.effect}
            for c in cards.establishments], [
            {"slug": c.slug, "name": c.name, "cost": c.cost, "counts_toward_win": c.counts_toward_win,
             "effect": c.effect} for c in cards.landmarks])]
        for position, player in enumerate(view["players"]):
            notes.append(notification("game.holdings", SEATS[position], {
                "coins": player["coins"], "cards": player["cards"], "closed": player["closed"],
                "landmarks": player["landmarks"], "invested": player["invested"]}))
        notes.append(notification("game.market", view["market"], view["deck"]))
        notes.append(notification("game.turn_state", SEATS[view["active"]], view["turn"], view["dice"], view["total"]))
        if view["phase"] == OVER:
            notes.append(self._outcome(view["winner"], "landmarks" if view["winner"] is not None else "turn limit"))
        else:
            notes.append(self._prompt(state, seat))
        return notes


PROTOCOL = MachiKoroProtocol()
