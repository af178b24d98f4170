"""Does the hand-written core layer (config/channel_layer.py, `REDIS_CHANNEL_LAYER=lean`) still earn its place
beside the site's default, channels-redis' pub/sub layer with resync (config/pubsub_layer.py)?

Two sites on the same stack (uvicorn through `python -m config.serve`), two server processes each, one per layer,
all running at once; rooms of four echo sockets (`/ws/echo/<room>/`, two on each process of a site). An echo
round: one member sends, every member gets it. Slices alternate between the layers (A B B A ...), each slice
playing `--rounds` rounds in every room at once; the servers' CPU (from /proc) is read per slice, beside the
wall time and the bench's own CPU. Prints one JSON object on its last line: CPU µs per echo round per layer
(each slice, and the median; Redis' CPU beside it when /proc shows the server, shared with anything else using
it), and `pubsub_over_lean`, the ratio of the medians.

Every process it starts is stopped when it ends, however it ends (Ctrl-C, SIGTERM, an error).

    REDIS_URL=redis://127.0.0.1:6379/12 python bench/channel_layers.py [--rooms 25] [--rounds 40] [--pairs 3]
"""
import argparse
import asyncio
import atexit
import json
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.live_host import cpu_seconds, pids_named  # noqa: E402  (after the path: run as a script)
from tests.browser.live_site import LiveSite  # noqa: E402

LAYERS = {"pubsub": None, "lean": "lean"}   # name -> REDIS_CHANNEL_LAYER (None: the site's default)
ROUND_TIMEOUT = 10.0   # seconds: a round not echoed to every member by then fails the bench (nothing is dropped)
_sites = []


def start_site(workdir, layer):
    site = LiveSite(workdir, servers=2, worker=False, load_cards=False,
                    extra_env={"GAMES_ECHO_SOCKET": "1", "GAMES_SCHEDULER": "0"})
    if LAYERS[layer] is None:
        site.env.pop("REDIS_CHANNEL_LAYER", None)
    else:
        site.env["REDIS_CHANNEL_LAYER"] = LAYERS[layer]
    _sites.append(site)
    site.start()
    return site


def stop_sites():
    while _sites:
        site = _sites.pop()
        try:
            site.stop()
        except Exception as exc:   # the next site must still be stopped
            print(f"stopping a site failed: {exc!r}", file=sys.stderr)


def _interrupted(signum, frame):
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise KeyboardInterrupt(f"signal {signum}")


class Room:
    """Four echo sockets, two on each of a site's processes."""

    def __init__(self, sockets):
        self.sockets = sockets

    async def round(self, number):
        text = f"round {number}"
        await self.sockets[number % 4].send(text)
        for socket in self.sockets:
            while await asyncio.wait_for(socket.recv(), ROUND_TIMEOUT) != text:
                pass

    async def close(self):
        for socket in self.sockets:
            await socket.close()


async def open_rooms(site, layer, count):
    import websockets

    rooms = []
    for index in range(count):
        sockets = [await websockets.connect(f"ws://127.0.0.1:{site.ports[member % 2]}/ws/echo/{layer}{index}/",
                                            origin=f"http://127.0.0.1:{site.ports[member % 2]}")
                   for member in range(4)]
        rooms.append(Room(sockets))
    return rooms


async def play_slice(rooms, rounds, start):
    async def play(room):
        for number in range(start, start + rounds):
            await room.round(number)

    await asyncio.gather(*(play(room) for room in rooms))


async def measure(sites, args):
    rooms = {layer: await open_rooms(site, layer, args.rooms) for layer, site in sites.items()}
    slices = {layer: [] for layer in sites}
    order = list(sites)
    try:
        for layer in order:   # a warm-up slice each, not counted
            await play_slice(rooms[layer], args.rounds, 0)
        number = args.rounds
        for pair in range(args.pairs):
            for layer in (order if pair % 2 == 0 else order[::-1]):
                pids = [p.pid for p in sites[layer].processes[:2]]
                redis = pids_named("redis-server")   # shared with whatever else uses it: read, not counted
                cpu_before, own_before, wall_before = cpu_seconds(pids), time.process_time(), time.monotonic()
                redis_before = cpu_seconds(redis)
                await play_slice(rooms[layer], args.rounds, number)
                wall = time.monotonic() - wall_before
                server_cpu = cpu_seconds(pids) - cpu_before
                own_cpu = time.process_time() - own_before
                redis_cpu = cpu_seconds(redis) - redis_before
                done = args.rooms * args.rounds
                slices[layer].append({"server_cpu_us_per_round": round(server_cpu / done * 1e6),
                                      "redis_cpu_us_per_round": round(redis_cpu / done * 1e6) if redis else None,
                                      "wall_us_per_round": round(wall / done * 1e6),
                                      "bench_cpu_us_per_round": round(own_cpu / done * 1e6)})
                number += args.rounds
                print(layer, slices[layer][-1], flush=True)
    finally:
        for layer_rooms in rooms.values():
            for room in layer_rooms:
                await room.close()
    return slices


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=25, help="rooms of four echo sockets per layer")
    parser.add_argument("--rounds", type=int, default=40, help="echo rounds per room in each slice")
    parser.add_argument("--pairs", type=int, default=3, help="slices per layer (alternating)")
    args = parser.parse_args()
    if not os.environ.get("REDIS_URL"):
        sys.exit("Set REDIS_URL (a Redis database of your own): the layers under test are Redis layers.")
    atexit.register(stop_sites)
    signal.signal(signal.SIGINT, _interrupted)
    signal.signal(signal.SIGTERM, _interrupted)
    with tempfile.TemporaryDirectory(prefix="bench-layers-") as workdir:
        try:
            sites = {}
            for layer in LAYERS:
                folder = Path(workdir) / layer
                folder.mkdir()
                sites[layer] = start_site(folder, layer)
            slices = asyncio.run(measure(sites, args))
        finally:
            stop_sites()
    medians = {layer: statistics.median(s["server_cpu_us_per_round"] for s in runs) for layer, runs in slices.items()}
    print(json.dumps({"rooms": args.rooms, "rounds_per_slice": args.rounds, "slices": slices,
                      "server_cpu_us_per_round": medians,
                      "pubsub_over_lean": round(medians["pubsub"] / medians["lean"], 3)}))


if __name__ == "__main__":
    main()
