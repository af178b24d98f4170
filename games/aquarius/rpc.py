"""Aquarius over JSON-RPC: seed 004's referee calls and notifications mapped to the engine's actions and events.

The platform's RPC socket (games/rpc/) is generic; this module is all it knows of Aquarius. Redaction is the
engine's (`Match.visible_events`); the filter below only refuses, as a second lock, to let a private event
through to a seat it does not name.
"""
from games.rpc.protocol import BAD_STATE, Call, Fault, RpcProtocol, notification

SEATS = ("seat1", "seat2", "seat3", "seat4", "seat5")
MEASURED = ("air", "earth", "fire", "water", "void")
PRIVATE = {"new_hand", "new_goal"}  # only ever told to the seat they name
STATE_REFUSALS = {"not_your_turn": "volity.not_your_turn", "game_over": "volity.game_over"}
# The engine's refusals the seed has no token for keep their engine code: `game.<code>` (see `refusal`);
# `bad_seat` (a trade with oneself or an empty seat) is not `volity.invalid_seat`, which names no seat at all.

CALLS = {c.method: c for c in (
    Call("game.set_chicken", (("flag", "bool"),), phase="config"),
    Call("game.play_card", (("card", "string"), ("x", "int"), ("y", "int"), ("upright", "bool"))),
    Call("game.play_shuffle_goals", (("card", "string"),)),
    Call("game.play_trade_goals", (("card", "string"), ("seat", "string"))),
    Call("game.play_trade_hands", (("card", "string"), ("seat", "string"))),
    Call("game.play_zap_card", (("card", "string"), ("target", "string"))),
    Call("game.play_move_card", (("card", "string"), ("target", "string"), ("x", "int"), ("y", "int"),
                                 ("upright", "bool"))),
    Call("game.pass"),
    Call("game.see_goal"),
)}


class AquariusProtocol(RpcProtocol):
    seat_ids = SEATS
    calls = CALLS
    docs = "aquarius-rpc"
    client_command = "aquarius_client"

    def config_option(self, method, params):
        return "chicken", params[0]

    def config_notifications(self, options, sender):
        return [notification("game.is_chicken", sender, bool(options.get("chicken")))]

    def too_few_players(self):
        return "game.two_seats_needed", "At least two players are needed to play."

    def refusal(self, code, message):
        """The seed's tokens as they are; the engine's few others (no seed token) in Volity's terms."""
        if code in STATE_REFUSALS:
            return Fault(BAD_STATE, message, [STATE_REFUSALS[code]])
        return super().refusal(code, message)

    def action(self, method, params):
        kind = method[len("game."):]
        if kind == "play_card":
            card, x, y, upright = params
            return {"type": "play_card", "card": card, "x": x, "y": y, "upright": upright}
        if kind == "play_shuffle_goals":
            return {"type": "shuffle_goals", "card": params[0]}
        if kind in ("play_trade_goals", "play_trade_hands"):
            return {"type": kind[len("play_"):], "card": params[0], "seat": self.seat_position(params[1])}
        if kind == "play_zap_card":
            return {"type": "zap_card", "card": params[0], "target": params[1]}
        if kind == "play_move_card":
            card, target, x, y, upright = params
            return {"type": "move_card", "card": card, "target": target, "x": x, "y": y, "upright": upright}
        return {"type": kind}  # pass, see_goal

    # ---- notifications -------------------------------------------------------------------------------

    def notifications(self, match, events, seat):
        notes = []
        for event in match.visible_events(events, seat):
            if event["type"] in PRIVATE and event.get("seat") != seat:
                continue
            note = self._note(event, seat)
            if note is not None:
                notes.append(note)
        return notes

    def _note(self, event, seat):
        kind = event["type"]
        if kind == "place_card":
            return notification("game.place_card", event["card"], event["x"], event["y"], event["upright"])
        if kind == "remove_card":
            return notification("game.remove_card", event["card"], event["x"], event["y"])
        if kind == "play_action":
            return notification("game.play_action", event["card"])
        if kind == "measures":
            return notification("game.measures", *(event[e] for e in MEASURED))
        if kind == "new_hand":
            return notification("game.new_hand", list(event["cards"]))
        if kind == "new_goal":
            return notification("game.new_goal", event["element"])
        if kind == "hand_size":
            return None if event["seat"] == seat else notification("game.hand_size", SEATS[event["seat"]],
                                                                     event["count"])
        if kind == "knows_goal":
            return notification("game.knows_goal", SEATS[event["seat"]], event["flag"])
        if kind == "turn":
            if event["seat"] == seat:
                return notification("game.your_turn", event["card"], event["canmove"])
            return notification("game.other_turn", SEATS[event["seat"]])
        if kind == "outcome":
            return notification("game.outcome", [SEATS[s] for s in event["winners"]], *event["goals"])
        return None  # passed, goals_traded, ...: for the log, no call of their own

    def start_notifications(self, match, seat):
        """The deal, from the engine's opening events (hands, goals, start card, measures, first turn)."""
        opening = getattr(match, "opening_events", None)
        if opening is None:
            return self._position(match, seat, opening=True)
        return self.notifications(match, opening(), seat)

    def state_notifications(self, match, seat):
        """On rejoining, your_turn names no card (seed: the drawn card is already in the hand)."""
        return self._position(match, seat, opening=False)

    def _position(self, match, seat, opening):
        """The position rebuilt from `Match.view(seat)`: board, measures, own hand and goal, others, turn."""
        view = match.view(seat)
        players = view["players"]
        notes = [notification("game.place_card", c["card"], c["x"], c["y"], c["upright"]) for c in view["board"]]
        notes.append(notification("game.measures", *(view["measures"][e] for e in MEASURED)))
        if seat is not None:
            notes.append(notification("game.new_hand", list(view["hand"])))
            if view.get("goal"):
                notes.append(notification("game.new_goal", view["goal"]))
        notes += [notification("game.hand_size", SEATS[s], view["hand_sizes"][s])
                  for s in range(players) if s != seat]
        if view["chicken"]:
            notes += [notification("game.knows_goal", SEATS[s], bool(view["knows_goal"][s])) for s in range(players)]
        if view["over"]:
            notes.append(notification("game.outcome", [SEATS[s] for s in view["winners"]], *view["goals"]))
        elif view["to_act"] is not None:
            if view["to_act"] == seat:
                card = (view.get("drawn") or "") if opening else ""
                notes.append(notification("game.your_turn", card, bool(view["canmove"])))
            else:
                notes.append(notification("game.other_turn", SEATS[view["to_act"]]))
        return notes


PROTOCOL = AquariusProtocol()
