"""python manage.py simulate [--game machikoro|aquarius] --games N --players P --bots random,greedy --seed S ...

Machi Koro: --extensions base,harbor [--jobs K] [--market N] [--neighbours-only]. Aquarius: [--chicken].
"""

import json

from django.core.management.base import BaseCommand, CommandError

from games.machikoro import BOTS, EngineError, load_card_set, simulate
from games.machikoro.options import ALL_STACKS, MAX_STACKS, MIN_STACKS


def _market(value):
    if value == ALL_STACKS:
        return ALL_STACKS
    try:
        stacks = int(value)
    except ValueError:
        raise CommandError(f"--market must be 'all' or a number from {MIN_STACKS} to {MAX_STACKS}") from None
    return stacks


def simulate_aquarius(options, bots):
    from games import aquarius

    unknown = [b for b in bots if b not in aquarius.BOTS]
    if not bots or unknown:
        raise CommandError(f"unknown bot(s) {', '.join(unknown)}; choose from {', '.join(aquarius.BOTS)}")
    if not aquarius.MIN_PLAYERS <= options["players"] <= aquarius.MAX_PLAYERS:
        raise CommandError(f"Aquarius is played by {aquarius.MIN_PLAYERS} to {aquarius.MAX_PLAYERS} players")
    return aquarius.simulate(aquarius.load_deck(), options["games"], options["players"], bots,
                             seed=options["seed"], chicken=options["chicken"])


class Command(BaseCommand):
    help = "Play bot games with the rules engine and print a JSON summary."

    def add_arguments(self, parser):
        parser.add_argument("--game", default="machikoro", choices=["machikoro", "aquarius"])
        parser.add_argument("--chicken", action="store_true", help="Aquarius: play Aqua-Chicken")
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--extensions", default="base", help="comma-separated extension slugs")
        parser.add_argument("--bots", default="random", help=f"comma-separated, seat by seat ({', '.join(BOTS)})")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--jobs", type=int, default=1, help="worker processes")
        parser.add_argument("--market", default=ALL_STACKS, help="'all' or a number of stacks (10-15)")
        parser.add_argument("--neighbours-only", action="store_true", help="the 5-6 box's MGA payment variant")

    def handle(self, *args, **options):
        if options["games"] < 1:
            raise CommandError("--games must be at least 1")
        if options["jobs"] < 1:
            raise CommandError("--jobs must be at least 1")
        bots = [b.strip() for b in options["bots"].split(",") if b.strip()]
        if options["game"] == "aquarius":
            return self.stdout.write(json.dumps(simulate_aquarius(options, bots)))
        extensions = [e.strip() for e in options["extensions"].split(",") if e.strip()]
        unknown = [b for b in bots if b not in BOTS]
        if not bots or unknown:
            raise CommandError(f"unknown bot(s) {', '.join(unknown)}; choose from {', '.join(BOTS)}")
        try:
            card_set = load_card_set(extensions)
            summary = simulate(card_set, options["games"], options["players"], bots, seed=options["seed"],
                               extensions=extensions, market=_market(options["market"]),
                               neighbours_only=options["neighbours_only"], jobs=options["jobs"])
        except EngineError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(json.dumps(summary))
