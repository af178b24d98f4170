"""A complete Machi Koro bot (docs/write-a-bot.md): finds or creates a game over the REST API, sits, plays to the end
over the referee's JSON-RPC socket and prints the result. Run: python machikoro_bot.py https://host [API token]
(with a program account's token: a rated four-seat table against three of the site's bots, for the bot ladder)"""
import json
import random
import sys
import time
import urllib.request

from websockets.sync.client import connect

SITE, TOKEN = sys.argv[1].rstrip("/"), (sys.argv[2:] or [None])[0]
LIKES = {"game.build": 4, "game.buy": 3, "game.roll": 2, "game.keep_roll": 1, "game.pass": -1}  # unlisted: 0


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


RATED = TOKEN is not None  # a program account's token: a rated table of its own against the site's bots
if not RATED:  # no personal token: play as a guest, unrated
    TOKEN = api("POST", "/api/guests/", {"nickname": "Example bot"})["token"]
lobbies = [] if RATED else api("GET", "/api/games/?ruleset=machikoro&status=lobby&seats_free=true")["results"]
if lobbies:
    code = lobbies[0]["code"]
    api("POST", f"/api/games/{code}/join/")
else:
    bots = ("random", "greedy", "income") if RATED else ("random",)
    game = {"ruleset": "machikoro", "max_players": len(bots) + 1, "turn_seconds": 0, "rated": RATED}
    code = api("POST", "/api/games/", game)["code"]
    for kind in bots:
        api("POST", f"/api/games/{code}/bots/", {"kind": kind})
if api("POST", f"/api/games/{code}/ready/", {"ready": True})["status"] == "lobby" and RATED:
    api("POST", f"/api/games/{code}/leave/")  # leave no table behind that can never start
    sys.exit("A rated table against bots alone needs a program account (docs/write-a-bot.md).")
with connect(api("GET", f"/api/games/{code}/seat/")["rpc_url"], origin=SITE) as socket:  # closed at the end
    ids, inbox = iter(range(1, 10**9)), []
    call("volity.send_state")
    while True:
        note = inbox.pop(0) if inbox else json.loads(socket.recv())
        method, params = note.get("method"), note.get("params")
        if method == "game.your_move":  # params: what is asked, and every call we may make now, ready to send
            calls = random.sample(params[1], len(params[1]))  # a landmark first, else a card, else any other call
            call(*max(calls, key=lambda offered: LIKES.get(offered[0], 0)))  # refused if stale: the next prompt comes
        elif method == "volity.end_game":
            result, seat = api("GET", f"/api/games/{code}/result/"), api("GET", f"/api/games/{code}/")["your_seat"]
            mine = [change for change in result["rating_changes"] if change["position"] == seat] or [None]
            print(json.dumps({"game": code, "seat": seat, "table": result["result"]["table"], "rating": mine[0]}))
            break
