"""Statistics speed: one game's statistics from its stored event log, and the incremental site refresh.

    python bench/stats.py [GAMES] [--jobs N] [--no-db]

1. Plays GAMES bot games with the engine (random, greedy and income bots; 2 to 6 players; several
   extension mixes) and keeps each event log as the JSON text the database stores.
2. Times, per game, what the Celery task does apart from the database: decode the log, fold it into the
   statistics (stats.machikoro.compute), derive its site contribution. Target: under 20 ms for a 200-turn game.
3. Times the whole task (database reads and writes included) on TASK_SAMPLE of them, on SQLite.
4. Times the site totals' refresh (stats.services.refresh_site_statistics, on a temporary SQLite database)
   adding the same number of new games onto empty totals and onto totals that already hold many games,
   then once more with no new game. The refresh reads only the new games: its cost is a fixed part
   (reading and writing the totals, bounded by the catalogue, not by the games) plus a part per new game.

Prints one JSON object on its last line.
"""

import argparse
import json
import os
import statistics as stats_math
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from games.machikoro import engine  # noqa: E402
from games.machikoro.engine.state import OVER  # noqa: E402
from stats.machikoro.aggregate import site_contribution  # noqa: E402
from stats.machikoro.compute import compute_statistics  # noqa: E402

ALL = ("base", "harbor", "millionaires-row", "five-six", "promo")
MIXES = (("base",), ("base", "harbor"), ("base", "harbor", "millionaires-row"), ALL)
MAX_PLAYERS = {("base",): 4, ("base", "harbor"): 5, ("base", "harbor", "millionaires-row"): 5, ALL: 6}
BOTS = ("random", "greedy", "random", "greedy", "income")
TASK_SAMPLE = 100   # games stored in the database to time the whole task


def game_plan(index):
    """(seed, players, bot, extensions) of game `index`: a fixed, varied mix."""
    extensions = MIXES[index % len(MIXES)]
    bot = BOTS[index % len(BOTS)]
    if bot == "income":
        extensions = ("base",)   # the income bot is slow to simulate; its games are short anyway
    players = 2 + index % (MAX_PLAYERS[extensions] - 1)
    return 1000 + index, players, bot, extensions


def record_games(indexes):
    """Play the games; return [(starting coins, names, first player, stored JSON text, extensions, turns)]."""
    card_set = engine.load_card_set()
    recorded = []
    for index in indexes:
        seed, players, bot, extensions = game_plan(index)
        state = engine.new_game(card_set, engine.GameOptions(extensions=extensions), seed, players)
        start = ([p.coins for p in state.players], [p.name for p in state.players], state.first_player)
        bots = [engine.make_bot(bot, seed * 10 + seat) for seat in range(players)]
        log = []
        while state.phase != OVER:
            action = bots[state.active].choose(state, engine.legal_actions(state))
            log.append([e.to_json() for e in engine.apply_in_place(state, action)])
        stored = json.dumps(log)  # one list per GameEvent row, as the database holds them
        recorded.append((*start, stored, list(extensions), state.turn, [p.coins for p in state.players]))
    return recorded


def record_all(games, jobs):
    chunks = [list(range(start, games, jobs)) for start in range(jobs)]
    if jobs <= 1:
        return record_games(range(games))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return [game for chunk in pool.map(record_games, chunks) for game in chunk]


def time_compute(recorded):
    """Per game: (seconds, turns, events); and what the site refresh needs: (turns, contribution, extensions).

    Only the small contributions are kept, not the results, as a worker keeps one game at a time.
    """
    timings = []
    kept = []
    sizes = []
    for starting, names, first, stored, extensions, turns, final in recorded:
        began = time.perf_counter()
        events = [event for batch in json.loads(stored) for event in batch]
        result = compute_statistics(events, starting, names, first)
        contribution = {"machikoro": site_contribution(result, extensions)}  # filed per game, as stats.services does
        timings.append((time.perf_counter() - began, turns, len(events)))
        if result["turns"][-1]["coins"] != final:
            raise SystemExit(f"statistics disagree with the engine for a game of {turns} turns")
        sizes.append(len(json.dumps(result)))
        kept.append((result["turn_count"], contribution, extensions))
    return timings, kept, sizes


def summarise_compute(timings, sizes):
    seconds = [t for t, _, _ in timings]
    turns = [n for _, n, _ in timings]
    long_games = [t for t, n, _ in timings if n >= 200]
    ordered = sorted(seconds)
    return {
        "games": len(timings),
        "turns_mean": round(stats_math.mean(turns), 1),
        "turns_max": max(turns),
        "events_mean": round(stats_math.mean(e for _, _, e in timings), 1),
        "ms_per_game_mean": round(1000 * stats_math.mean(seconds), 3),
        "ms_per_game_p50": round(1000 * ordered[len(ordered) // 2], 3),
        "ms_per_game_p95": round(1000 * ordered[int(len(ordered) * 0.95)], 3),
        "ms_per_game_max": round(1000 * ordered[-1], 3),
        "ms_per_200_turns": round(1000 * sum(seconds) / sum(turns) * 200, 3),
        "games_of_200_turns_or_more": len(long_games),
        "ms_per_game_of_200_turns_or_more": round(1000 * stats_math.mean(long_games), 3) if long_games else None,
        "target_ms_per_200_turn_game": 20,
        "result_kb_mean": round(stats_math.mean(sizes) / 1024, 1),
    }


def setup_django():
    """A throwaway SQLite database with every migration applied."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings_test"
    directory = tempfile.mkdtemp(prefix="stats-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{directory}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def time_whole_task(recorded):
    """The whole Celery task per game (read the rows, rebuild the start, fold, store) on SQLite."""
    from django.utils import timezone

    from games.models import Game, GameEvent, Seat
    from stats import services
    from stats.tests.factories import frozen_rules

    rules = {}
    games = []
    for starting, names, first, stored, extensions, turns, final in recorded:
        key = tuple(extensions)
        rules.setdefault(key, frozen_rules(list(extensions)))
        options = engine.GameOptions(extensions=key).to_json()
        seed = 1000 + len(games)
        now = timezone.now()
        game = Game.objects.create(ruleset="machikoro", status=Game.Status.FINISHED, options=options, seed=seed,
                                   rules=rules[key], table=names, min_players=2, max_players=len(names),
                                   state={"players": [{"coins": c} for c in final]}, started_at=now, finished_at=now)
        Seat.objects.bulk_create([Seat(game=game, position=i, name=n, bot_kind="random") for i, n in enumerate(names)])
        GameEvent.objects.bulk_create([GameEvent(game=game, seq=i + 1, seat=0, by="bot", action={}, events=batch)
                                       for i, batch in enumerate(json.loads(stored))])
        games.append((game.pk, turns))
    seconds = []
    for game_id, turns in games:
        began = time.perf_counter()
        statistics = services.compute_and_store(game_id)
        seconds.append(time.perf_counter() - began)
        if statistics.status != "done":
            raise SystemExit(f"the task failed on a benchmark game: {statistics.error}")
    return {
        "task_games": len(games),
        "task_ms_per_game_mean": round(1000 * stats_math.mean(seconds), 2),
        "task_ms_per_200_turns": round(1000 * sum(seconds) / sum(t for _, t in games) * 200, 2),
    }


def time_site_refresh(results, batch):
    """Refresh time for `batch` new games onto empty totals, then onto totals holding the other games."""
    from django.utils import timezone

    from games.models import Game
    from stats import services
    from stats.models import GameStatistics, SiteStatistics

    Game.objects.all().delete()  # the whole-task games (and their statistics) must not count here
    SiteStatistics.objects.all().delete()
    now = timezone.now()
    games = Game.objects.bulk_create([
        Game(ruleset="machikoro", status=Game.Status.FINISHED, min_players=2, max_players=6, finished_at=now,
             options={"extensions": extensions}) for _, _, extensions in results])
    rows = [GameStatistics(game=game, status=GameStatistics.Status.DONE, result={"turn_count": turns},
                           site_contribution=contribution, computed_at=now)
            for game, (turns, contribution, _) in zip(games, results)]
    GameStatistics.objects.bulk_create(rows)
    ids = list(GameStatistics.objects.order_by("pk").values_list("pk", flat=True))
    later = ids[batch:len(ids) - batch]

    def refresh_new(count_before):
        began = time.perf_counter()
        added = services.refresh_site_statistics()
        return time.perf_counter() - began, added, count_before

    # Hide all but the first batch, time it; then add the middle games untimed; then time the last batch.
    GameStatistics.objects.filter(pk__in=ids[batch:]).update(status=GameStatistics.Status.PENDING)
    first = refresh_new(0)
    GameStatistics.objects.filter(pk__in=later).update(status=GameStatistics.Status.DONE)
    services.refresh_site_statistics()
    before = SiteStatistics.objects.get().games
    GameStatistics.objects.filter(pk__in=ids[len(ids) - batch:]).update(status=GameStatistics.Status.DONE)
    last = refresh_new(before)
    # The same refresh with nothing new: the fixed cost of reading and writing the totals, whose size is
    # bounded by the card catalogue and the option mixes, not by the number of games.
    idle = refresh_new(before + batch)
    site = SiteStatistics.objects.get()
    return {
        "refresh_new_games": batch,
        "refresh_ms_onto_empty_totals": round(1000 * first[0], 1),
        "refresh_totals_games_before": before,
        "refresh_ms_onto_full_totals": round(1000 * last[0], 1),
        "refresh_ms_with_no_new_games": round(1000 * idle[0], 1),
        "refresh_ms_per_new_game": round(1000 * (last[0] - idle[0]) / batch, 3),
        "site_totals_kb": round(len(json.dumps(site.totals)) / 1024, 1),
        "site_games_after": site.games,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-db", action="store_true", help="skip the site refresh (no Django database)")
    args = parser.parse_args()

    began = time.perf_counter()
    recorded = record_all(args.games, max(1, args.jobs))
    simulate_seconds = time.perf_counter() - began
    timings, results, sizes = time_compute(recorded)
    sample = recorded[:TASK_SAMPLE]
    del recorded
    figures = {"simulate_seconds": round(simulate_seconds, 1), **summarise_compute(timings, sizes)}
    if not args.no_db:
        setup_django()
        figures.update(time_whole_task(sample))
        figures.update(time_site_refresh(results, batch=max(1, min(100, args.games // 10))))
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
