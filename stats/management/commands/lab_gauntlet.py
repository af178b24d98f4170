"""Play a gauntlet here (every bot against every other at 2, 3, 4... players) and print its win-rate matrices.

The games are the balance lab's (the ruleset's `lab_play` on a gauntlet's settings, with the published cards),
so the same seed and settings give the same figures as a gauntlet run started from the lab's page.
"""
import json
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor

from django.core.management.base import BaseCommand, CommandError

from games.rulesets import OptionsInvalid, RulesUnavailable, get_ruleset
from stats.lab.gauntlet_selectors import gauntlet_games, matrices
from stats.lab.summary import merge_tallies

CHUNK = 250     # games per task: the tallies of any split add up to the same figures


def _play(slug, rules, settings, seed, start, stop):
    return get_ruleset(slug).lab_play(rules, settings, seed, start, stop)


class Command(BaseCommand):
    help = ("Play a gauntlet of bots (each against every other, A in one seat and B in the others, A's seat "
            "rotated) and print A's win rate against B with its 95 % Wilson interval, one matrix per player count.")

    def add_arguments(self, parser):
        parser.add_argument("--game", default=None, help="the game (default: the first with gauntlets)")
        parser.add_argument("--games-per-pairing", type=int, default=120)
        parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
        parser.add_argument("--bots", nargs="+", default=None, help="the bots to enter (default: the strategies)")
        parser.add_argument("--extensions", nargs="*", default=[], help="extensions besides the base game")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--jobs", type=int, default=1, help="worker processes")
        parser.add_argument("--json", dest="json_path", default=None, help="also write the figures to this file")

    def handle(self, *args, game, games_per_pairing, players, bots, extensions, seed, jobs, json_path, **options):
        found = [r for r in gauntlet_games() if game in (None, r.slug)]
        if not found:
            raise CommandError(f"No game with gauntlets called {game!r}.")
        ruleset = found[0]
        bots = list(bots or ruleset.lab_gauntlet_default)
        unknown = [b for b in bots if b not in ruleset.lab_gauntlet_bots]
        if len(set(bots)) < 2 or unknown:
            raise CommandError(f"Name at least two different bots among {', '.join(ruleset.lab_gauntlet_bots)}.")
        gauntlet = {"players": players, "games_per_pairing": games_per_pairing}
        try:
            game_options, settings = ruleset.lab_clean_options(
                {**ruleset.lab_form_options({"extensions": extensions, "market": "all"}), "gauntlet": gauntlet})
            rules = ruleset.freeze_rules(game_options)
        except OptionsInvalid as exc:
            raise CommandError("; ".join(str(m) for ms in exc.errors.values() for m in ms)) from None
        except RulesUnavailable as exc:
            raise CommandError(str(exc)) from None
        settings = {"players": max(settings["gauntlet"]["players"]), **settings, "bots": bots}
        total = ruleset.lab_gauntlet_games(bots, settings["gauntlet"]["players"], games_per_pairing)
        started, cpu = time.perf_counter(), time.process_time()
        bounds = [(start, min(start + CHUNK, total)) for start in range(0, total, CHUNK)]
        if jobs > 1:
            with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
                tallies = list(pool.map(_play, *zip(*[(ruleset.slug, rules, settings, seed, a, b) for a, b in bounds])))
        else:
            tallies = [_play(ruleset.slug, rules, settings, seed, a, b) for a, b in bounds]
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        tally = merge_tallies(tallies)
        found = matrices(tally.get("gauntlet", {}), bots, settings["gauntlet"]["players"])
        self._print(found, bots, total, seconds)
        if json_path:
            document = {"game": ruleset.slug, "seed": seed, "games": total, "settings": settings,
                        "unfinished": tally["unfinished"], "mean_turns": tally["turns_sum"] / max(1, tally["games"]),
                        "seconds": round(seconds, 1), "games_per_second": round(total / seconds, 1) if seconds else None,
                        "wins_by_bot": tally["wins_by_bot"], "seats_by_bot": tally["seats_by_bot"],
                        "matrices": found}
            with open(json_path, "w", encoding="utf-8") as out:
                json.dump(document, out, indent=1)

    def _print(self, found, bots, total, seconds):
        width = max(len(b) for b in bots)
        for matrix in found:
            self.stdout.write(f"\n{matrix['players']} players (fair share {matrix['fair']:.1%}): "
                              "row A's win rate in one seat against the column's bot in the others")
            self.stdout.write(" " * (width + 2) + "".join(f"{b[:16]:>18}" for b in bots) + f"{'overall':>18}")
            for row in matrix["rows"]:
                cells = "".join(f"{_cell(c['rate']):>18}" for c in row["cells"])
                self.stdout.write(f"{row['bot']:<{width + 2}}{cells}{_cell(row['overall']):>18}")
        self.stdout.write(f"\n{total} games in {seconds:.1f} s ({total / seconds if seconds else 0:.0f} games/s)")


def _cell(rate):
    if rate is None:
        return "-"
    return f"{rate['rate']:.1%} [{rate['low']:.0%}-{rate['high']:.0%}]"
