"""Card API speed: the establishment list against a trivial Django view, on the same server, interleaved.

    python bench/api.py [--rounds 6] [--seconds 2] [--clients 4]

Starts one server process (uvicorn) on a fresh database with the cards loaded (SQLite, or PostgreSQL when
DATABASE_URL names one), then alternates rounds of requests to `/health/live/` (a trivial Django view:
the baseline) and to `/api/establishments/` (a full page of cards with their effects explained), each
round `--seconds` long with `--clients` keep-alive connections. For each it reports requests per
second (wall) and the server's CPU milliseconds per request (steadier when the machine is shared),
and the list's share of the baseline's throughput by both measures; the target is 0.5. It also checks
that the bulk export answers a repeated request with its ETag by 304. The last line is one JSON object.
"""
import argparse
import http.client
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.live_host import cpu_seconds  # noqa: E402

TARGET_RATIO = 0.5
ENDPOINTS = {"trivial": "/health/live/", "card_list": "/api/establishments/"}


def hammer(port, path, seconds, clients):
    """`clients` keep-alive connections request `path` for `seconds`; returns (requests, errors)."""
    counts = [[0, 0] for _ in range(clients)]
    stop_at = time.perf_counter() + seconds

    def client(slot):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        while time.perf_counter() < stop_at:
            try:
                connection.request("GET", path, headers={"Accept": "application/json"})
                response = connection.getresponse()
                response.read()
                counts[slot][0 if response.status == 200 else 1] += 1
            except (OSError, http.client.HTTPException):
                counts[slot][1] += 1
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(c[0] for c in counts), sum(c[1] for c in counts)


def export_answers_304(port):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/api/export/")
    first = connection.getresponse()
    first.read()
    etag = first.getheader("ETag")
    if not etag:
        return False
    connection.request("GET", "/api/export/", headers={"If-None-Match": etag})
    again = connection.getresponse()
    again.read()
    return again.status == 304


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--clients", type=int, default=4)
    args = parser.parse_args()
    from tests.browser.live_site import LiveSite

    extra = {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "bench-api-secret-key", "DJANGO_LOG_LEVEL": "ERROR",
             "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost", "DATABASE_CONN_MAX_AGE": "600"}
    os.environ.pop("REDIS_URL", None)
    site = LiveSite(tempfile.mkdtemp(prefix="bench-api-"), servers=1, worker=False, extra_env=extra)
    print("starting a server on a fresh database ...", file=sys.stderr)
    site.start()
    try:
        port, server = site.ports[0], [site.processes[0].pid]
        for path in ENDPOINTS.values():      # warm up: imports, first queries, caches
            hammer(port, path, 0.5, 1)
        totals = {name: {"requests": 0, "errors": 0, "wall": 0.0, "cpu": 0.0} for name in ENDPOINTS}
        for round_ in range(args.rounds):
            order = list(ENDPOINTS.items()) if round_ % 2 == 0 else list(reversed(ENDPOINTS.items()))
            for name, path in order:
                cpu_before, started = cpu_seconds(server), time.perf_counter()
                done, errors = hammer(port, path, args.seconds, args.clients)
                totals[name]["wall"] += time.perf_counter() - started
                totals[name]["cpu"] += cpu_seconds(server) - cpu_before
                totals[name]["requests"] += done
                totals[name]["errors"] += errors
        conditional = export_answers_304(port)
    finally:
        site.stop()
    figures = {"benchmark": "api", "clients": args.clients, "rounds": args.rounds}
    for name, t in totals.items():
        figures[f"{name}_requests_per_second"] = round(t["requests"] / t["wall"], 1)
        figures[f"{name}_server_cpu_ms_per_request"] = round(t["cpu"] * 1000 / max(1, t["requests"]), 3)
        figures[f"{name}_errors"] = t["errors"]
        print(f"{name} ({ENDPOINTS[name]}): {figures[f'{name}_requests_per_second']} requests/s, "
              f"{figures[f'{name}_server_cpu_ms_per_request']} ms server CPU per request", file=sys.stderr)
    figures["ratio_requests_per_second"] = round(
        figures["card_list_requests_per_second"] / figures["trivial_requests_per_second"], 3)
    figures["ratio_server_cpu"] = round(
        figures["trivial_server_cpu_ms_per_request"] / figures["card_list_server_cpu_ms_per_request"], 3)
    figures["target_ratio"] = TARGET_RATIO
    figures["meets_target"] = min(figures["ratio_requests_per_second"], figures["ratio_server_cpu"]) >= TARGET_RATIO
    figures["export_answers_304"] = conditional
    figures["machine_load_average"] = round(os.getloadavg()[0], 2)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
