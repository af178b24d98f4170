"""Rebuild statistics: of given games, of every finished game, and/or the site-wide totals."""
from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from stats.kinds import supported_slugs
from stats.models import GameStatistics
from stats.services import (StatisticsUnavailable, compute_and_store, rebuild_site_statistics,
                            refresh_site_statistics, request_statistics)


class Command(BaseCommand):
    help = ("Compute the statistics of finished games again (by id or code, or --all), here or on the workers "
            "(--queue); --site rebuilds the site-wide totals from every computed game.")

    def add_arguments(self, parser):
        parser.add_argument("games", nargs="*", help="game ids or codes")
        parser.add_argument("--all", action="store_true", help="every finished game")
        parser.add_argument("--queue", action="store_true", help="queue Celery tasks instead of computing here")
        parser.add_argument("--site", action="store_true", help="rebuild the site-wide totals afterwards")

    def handle(self, *args, games, queue, site, **options):
        every = options["all"]
        if not games and not every and not site:
            raise CommandError("Name games (ids or codes), or use --all and/or --site.")
        selected = list(self._games(games, every))
        counts = {}
        for game in selected:
            status = self._one(game, queue)
            counts[status] = counts.get(status, 0) + 1
        if selected:
            self.stdout.write(", ".join(f"{n} {status}" for status, n in sorted(counts.items())))
        if site:
            added = rebuild_site_statistics()
            self.stdout.write(f"site totals rebuilt from {added} games")
        elif selected and not queue:
            refresh_site_statistics()

    def _games(self, names, every):
        if every:
            finished = Game.objects.filter(status=Game.Status.FINISHED, ruleset__in=supported_slugs())
            return finished.order_by("pk").only("pk", "code", "status", "ruleset")
        found = []
        for name in names:
            game = Game.objects.filter(pk=int(name)).first() if name.isdigit() else None
            game = game or Game.objects.filter(code=name).first()
            if game is None:
                raise CommandError(f"No game with id or code {name!r}.")
            found.append(game)
        return found

    def _one(self, game, queue):
        if queue:
            try:
                request_statistics(game)
            except StatisticsUnavailable as exc:
                self.stderr.write(f"game {game.pk} ({game.code}): {exc}")
                return "skipped"
            return "queued"
        statistics = compute_and_store(game.pk)
        if statistics.status == GameStatistics.Status.FAILED:
            self.stderr.write(f"game {game.pk} ({game.code}): {statistics.error}")
        return statistics.status
