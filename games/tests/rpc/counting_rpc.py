"""The counting test game with an RPC protocol: proof that the RPC socket is generic (no Aquarius in it).
It registers like any game: `register(COUNTING_RPC, rpc=PROTOCOL)`; servers the tests start add it with
GAMES_EXTRA=games.tests.rpc.counting_rpc.GAME."""
from config.registry import Game
from games.rpc.protocol import Call, RpcProtocol, notification

from games.tests.counting import CountingRuleset


class CountingProtocol(RpcProtocol):
    seat_ids = ("seat1", "seat2", "seat3", "seat4", "seat5", "seat6")
    calls = {c.method: c for c in (
        Call("game.add", (("amount", "int"),)),
        Call("game.set_target", (("target", "int"),), phase="config"),
    )}

    def config_option(self, method, params):
        return "target", params[0]

    def config_notifications(self, options, sender):
        return [notification("game.target", sender, options["target"])]

    def action(self, method, params):
        return {"type": "add", "amount": params[0]}

    def notifications(self, match, events, seat):
        notes = [notification("game.added", self.seat_ids[e["seat"]], e["amount"], e["count"])
                 for e in match.visible_events(events, seat) if e["type"] == "added"]
        if seat is not None and not match.progress().over and seat in match.progress().to_act:
            notes.append(notification("game.your_turn"))
        return notes

    def state_notifications(self, match, seat):
        view = match.view(seat)
        notes = [notification("game.count", view["count"])]
        if seat is not None:
            notes.append(notification("game.secret", view["players"][seat]["secret"]))
            if view["active"] == seat and view["winner"] is None:
                notes.append(notification("game.your_turn"))
        return notes


class CountingRpcRuleset(CountingRuleset):
    slug = "countrpc"
    name = "Counting race over RPC"


PROTOCOL = CountingProtocol()
COUNTING_RPC = CountingRpcRuleset()
GAME = Game(slug="countrpc", name="Counting race over RPC", ruleset="games.tests.rpc.counting_rpc.COUNTING_RPC",
            rpc="games.tests.rpc.counting_rpc.PROTOCOL")
