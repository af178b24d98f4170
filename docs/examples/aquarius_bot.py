"""A complete Aquarius bot (docs/write-a-bot.md): finds or creates a game over the REST API, sits, plays to the end
over the referee's JSON-RPC socket and prints the result. Run: python aquarius_bot.py https://host [API token]
(with a program account's token: a rated five-seat table against four of the site's bots, for the bot ladder)"""
import json
import sys
import time
import urllib.request

from websockets.sync.client import connect

SITE, TOKEN = sys.argv[1].rstrip("/"), (sys.argv[2:] or [None])[0]


def api(method, path, body=None):
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {TOKEN}"} if TOKEN else {})}
    request = urllib.request.Request(SITE + path, method=method, data=json.dumps(body).encode() if body else None,
                                     headers=headers)
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read() or "null")


def call(method, *params):
    """True if the referee accepts the call; the notifications that arrive before its reply wait in `inbox`."""
    socket.send(json.dumps({"jsonrpc": "2.0", "id": (n := next(ids)), "method": method, "params": params}))
    while (frame := json.loads(socket.recv())).get("id") != n:
        inbox.append(frame)
    if "volity.rate_limited" in json.dumps(frame.get("error")):  # 8 calls a second at most: wait, try again
        return time.sleep(0.2) or call(method, *params)
    return "result" in frame


def moves():
    """Every move worth trying this turn: the referee refuses the illegal ones, and a refusal changes nothing."""
    free = {(x + dx, y + dy) for x, y in board for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))} - set(board)
    for card in sorted(hand, key=lambda card: card.startswith("act_")):  # element cards first, either way up
        yield from (("game.play_card", card, x, y, up) for x, y in free for up in (True, False))
    for card in hand:  # then the action cards, each call in turn (the referee refuses the wrong kind)
        yield "game.play_shuffle_goals", card
        yield from ((trade, card, seat) for trade in ("game.play_trade_goals", "game.play_trade_hands") for seat in seats)
        yield from (("game.play_zap_card", card, target) for target in board.values())
        yield from (("game.play_move_card", card, target, x, y, True) for target in board.values() for x, y in free)


RATED = TOKEN is not None  # a program account's token: a rated table of its own against the site's bots
if not RATED:  # no personal token: play as a guest, unrated
    TOKEN = api("POST", "/api/guests/", {"nickname": "Example bot"})["token"]
lobbies = [] if RATED else api("GET", "/api/games/?ruleset=aquarius&status=lobby&seats_free=true")["results"]
if lobbies:
    code = lobbies[0]["code"]
    api("POST", f"/api/games/{code}/join/")
else:
    bots = ("random", "greedy", "strong", "strong") if RATED else ("random", "random")
    game = {"ruleset": "aquarius", "max_players": len(bots) + 1, "turn_seconds": 0, "rated": RATED}
    code = api("POST", "/api/games/", game)["code"]
    for kind in bots:
        api("POST", f"/api/games/{code}/bots/", {"kind": kind})
if api("POST", f"/api/games/{code}/ready/", {"ready": True})["status"] == "lobby" and RATED:
    api("POST", f"/api/games/{code}/leave/")  # leave no table behind that can never start
    sys.exit("A rated table against bots alone needs a program account (docs/write-a-bot.md).")
with connect(api("GET", f"/api/games/{code}/seat/")["rpc_url"], origin=SITE) as socket:  # closed at the end
    ids, inbox, board, hand, seats = iter(range(1, 10**9)), [], {}, [], set()  # board: {(x, y): card}
    call("volity.send_state")
    while True:
        note = inbox.pop(0) if inbox else json.loads(socket.recv())
        method, params = note.get("method"), note.get("params")
        if method == "volity.receive_state":  # a state burst follows: start again from nothing
            board.clear(), seats.clear()
        elif method == "volity.player_sat" and params[1]:
            seats.add(params[1])
        elif method == "game.new_hand":
            hand[:] = params[0]
        elif method == "game.place_card":
            board[params[1], params[2]] = params[0]
            hand[:] = [card for card in hand if card != params[0]]
        elif method == "game.remove_card":
            del board[params[1], params[2]]
        elif method == "game.play_action":
            hand.remove(params[0]) if params[0] in hand else None
        elif method == "game.your_turn":
            hand += [params[0]] if params[0] and params[0] not in hand else []
            if not (params[1] and any(call(*move) for move in moves())):
                call("game.pass")
        elif method == "volity.end_game":
            result, seat = api("GET", f"/api/games/{code}/result/"), api("GET", f"/api/games/{code}/")["your_seat"]
            mine = [change for change in result["rating_changes"] if change["position"] == seat] or [None]
            print(json.dumps({"game": code, "seat": seat, "table": result["result"]["table"], "rating": mine[0]}))
            break
