"""bench/live.py's figures: a step's percentiles and CPU per move net of the idle slices, the CPU each part of
the machine spends per move, the ceiling that implies, and the capacity found by the steps."""
import os

from bench.live_host import SERVER_COLLECTOR, SERVER_DATABASE_THREADS, SERVER_EVENT_LOOPS, SERVER_THREAD_PARTS

CAPACITY_P99_MS = 100.0   # a capacity step passes with its moves' p99 at most this


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def ms(value):
    return round(value * 1000, 2) if value is not None else None


def summarise(step, slice_seconds):
    out = {"label": step["label"], "think_s": round(step["think"], 3)}
    idle = [s for s in step["slices"] if s.kind == "idle"]
    idle_rate = sum(s.cpu for s in idle) / sum(s.wall for s in idle) if idle else 0.0
    out["idle_server_cpu_share"] = round(idle_rate, 3)
    for kind in ("game", "echo"):
        slices = [s for s in step["slices"] if s.kind == kind]
        samples = [x for s in slices for x in s.samples]
        sent = sum(s.sent for s in slices)
        open_seconds = slice_seconds * len(slices)
        net_cpu = sum(s.cpu - idle_rate * s.wall for s in slices)
        out[kind] = {
            "sent": sent,
            "per_s": round(sent / open_seconds, 1) if open_seconds else 0.0,
            "p50_ms": ms(percentile(samples, 0.5)),
            "p99_ms": ms(percentile(samples, 0.99)),
            "max_ms": ms(max(samples)) if samples else None,
            "errors": [e for s in slices for e in s.errors],
            "lost": sum(s.lost for s in slices),
            "server_cpu_s": round(sum(s.cpu for s in slices), 3),
            "server_cpu_net_s": round(net_cpu, 3),
            "cpu_ms_each": round(net_cpu * 1000 / sent, 3) if sent else None,
            "cpu_ms_each_with_idle": round(sum(s.cpu for s in slices) * 1000 / sent, 3) if sent else None,
        }
        idle_parts = {part: sum(s.parts[part] for s in idle) / sum(s.wall for s in idle) if idle else 0.0
                      for part in slices[0].parts} if slices else {}
        out[kind]["host_cpu_s"] = {part: round(sum(s.parts[part] - rate * s.wall for s in slices), 3)
                                   for part, rate in idle_parts.items()}
        replies = [x for s in slices for x in s.replies]
        if replies:
            out[kind].update(reply_p50_ms=ms(percentile(replies, 0.5)), reply_p99_ms=ms(percentile(replies, 0.99)))
    game = out["game"]
    out["passed"] = bool(game["p99_ms"] is not None and game["p99_ms"] <= CAPACITY_P99_MS and not game["errors"]
                         and not game["lost"])
    return out


def per_part(seconds_by_part, count):
    """{part: ms per move (or echo message)}, and "other": what the machine spent beyond the parts named."""
    if not count or not seconds_by_part:
        return {}
    out = {part: round(seconds * 1000 / count, 3) for part, seconds in seconds_by_part.items()}
    named = sum(v for part, v in out.items() if part not in ("machine", *SERVER_THREAD_PARTS))
    out["other"] = round(out.pop("machine") - named, 3)
    return out


def move_split(ms_by_part, echo_ms_by_part):
    """A move's CPU by where it is spent (ms): the servers' event loops (the ASGI server, the channel layer and
    the consumers: /proc cannot part them, the echo's figure beside it says what serving and fanning out a
    message costs alone), their database threads (the play service: lock, engine, event row, words, frames,
    commit), their collector's thread (full passes on a clock, config/collector.py) and other threads, told
    apart by the threads' names; Redis and PostgreSQL (their server processes' CPU, when /proc shows them; on a
    shared host they include others')."""
    if not ms_by_part:
        return {}
    loops = ms_by_part.get(SERVER_EVENT_LOOPS)
    threads = [ms_by_part.get(part) for part in SERVER_THREAD_PARTS]
    split = {
        "asgi_and_channel_layer": loops,
        "asgi_and_channel_layer_of_an_echo": echo_ms_by_part.get(SERVER_EVENT_LOOPS),
        "database_threads": ms_by_part.get(SERVER_DATABASE_THREADS),
        "database_threads_of_an_echo": echo_ms_by_part.get(SERVER_DATABASE_THREADS),
        "collector_thread": ms_by_part.get(SERVER_COLLECTOR),
        "other_threads": (round(ms_by_part["servers"] - sum(threads), 3)
                          if None not in threads else None),
        "redis": ms_by_part.get("redis", "unavailable"),
        "postgresql": ms_by_part.get("postgres", "unavailable"),
    }
    return {part: ("unavailable" if value is None else value) for part, value in split.items()}


def cores_used(result):
    """The CPU cores the servers used during a step's game slices (their CPU seconds over the slices' time)."""
    game = result["game"]
    seconds = game["sent"] / game["per_s"] if game["per_s"] else 0.0
    return game["server_cpu_s"] / seconds if seconds else None


def capacity_per_core(results, steps):
    """(moves/s per server core at the capacity found, the cores the servers used then), from judge_capacity's
    verdicts: the best passing step's rate over the cores its servers used."""
    best = None
    for result, _rate in zip(results, steps):
        if not result.get("passed"):
            break
        if best is None or result["game"]["per_s"] > best["game"]["per_s"]:
            best = result
    if best is None:
        return None, None
    cores = cores_used(best)
    return (round(best["game"]["per_s"] / cores, 1) if cores else None), (round(cores, 3) if cores else None)


def ceiling(ms_by_part):
    """Moves per second the machine could make if its every core did nothing but moves (servers, clients,
    worker, PostgreSQL and Redis, at their measured CPU per move): the most any capacity step could find."""
    spent = sum(v for part, v in ms_by_part.items() if part != "other")
    return round(os.cpu_count() * 1000 / spent, 1) if spent > 0 else None


def capacity_plan(games, steps, pairs):
    return [(f"capacity {rate}/s", games / rate, pairs) for rate in steps]


def judge_capacity(results, steps):
    """(the highest move rate made in a passing step that made at least 90 % of what it offered, whether the
    step that ended the search also had the echo's p99 over the limit: the host, not the game path, ran out)."""
    best, host_limited = 0.0, False
    for result, rate in zip(results, steps):
        made = result["game"]["per_s"]
        result["offered_per_s"] = rate
        result["passed"] = result["passed"] and made >= 0.9 * rate
        if not result["passed"]:
            echo_p99 = result["echo"]["p99_ms"]
            host_limited = echo_p99 is not None and echo_p99 > CAPACITY_P99_MS
            break
        best = max(best, made)
    return best, host_limited
