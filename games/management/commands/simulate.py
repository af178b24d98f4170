"""python manage.py simulate [--game SLUG] --games N --players P --bots random,greedy --seed S ...

Each game's ruleset plays its bot games (`Ruleset.simulate`), found through the registry. Machi Koro:
--extensions base,harbor [--jobs K] [--market N] [--neighbours-only]. Aquarius: [--chicken].
"""

import json

from django.core.management.base import BaseCommand, CommandError

from config.registry import get_game, live_games
from games.rulesets import OptionsInvalid


def _simulating():
    """The games whose ruleset has a simulator, in the site's order."""
    return [game for game in live_games() if game.ruleset_object.simulator]


class Command(BaseCommand):
    help = "Play bot games with the rules engine and print a JSON summary."

    def add_arguments(self, parser):
        games = _simulating()
        bots = "; ".join(f"{game.slug}: {', '.join(game.ruleset_object.bot_kinds)}" for game in games)
        parser.add_argument("--game", default=games[0].slug if games else None, choices=[g.slug for g in games])
        parser.add_argument("--chicken", action="store_true", help="Aquarius: play Aqua-Chicken")
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--extensions", default="base", help="comma-separated extension slugs")
        parser.add_argument("--bots", default="random", help=f"comma-separated, seat by seat ({bots})")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--jobs", type=int, default=1, help="worker processes")
        parser.add_argument("--market", default="all", help="'all' or a number of stacks (10-15)")
        parser.add_argument("--neighbours-only", action="store_true", help="the 5-6 box's MGA payment variant")

    def handle(self, *args, **options):
        if options["games"] < 1:
            raise CommandError("--games must be at least 1")
        if options["jobs"] < 1:
            raise CommandError("--jobs must be at least 1")
        bots = [b.strip() for b in options["bots"].split(",") if b.strip()]
        ruleset = get_game(options["game"]).ruleset_object
        flags = {name: options[name] for name in ("chicken", "extensions", "jobs", "market", "neighbours_only")}
        try:
            summary = ruleset.simulate(options["games"], options["players"], bots, options["seed"], flags)
        except OptionsInvalid as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(json.dumps(summary))
