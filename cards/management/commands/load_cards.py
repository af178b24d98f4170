"""Load the official cards (idempotent), or a card file of ours."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from config.registry import all_games

from cards.loading import CardDataError, load_card_file, load_official_cards, read_json


class Command(BaseCommand):
    help = (
        "Load every official card (Machi Koro, all boxes, Lorenzo il Magnifico's 137 cards, Aquarius' 55, "
        "Valeria's tables) and the Progress sample set. Running it again "
        "changes nothing; cards a designer edited are kept unless --overwrite is given."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="*", help="Machi Koro or Aquarius card files in our formats (default: the official set).")
        parser.add_argument("--overwrite", action="store_true", help="Replace designers' edits with the file's data.")

    def handle(self, *args, files, overwrite, **options):
        try:
            if files:
                for path in files:
                    try:
                        report = load_card_file(read_json(path), overwrite=overwrite)
                    except CardDataError as exc:  # name the file when the problem is inside it
                        message = str(exc)
                        raise CardDataError(message if message.startswith(Path(path).name) else f"{path}: {message}") from exc
                    self.stdout.write(f"{path}: {report.summary()}")
            else:
                report = load_official_cards(overwrite=overwrite)
                self.stdout.write(f"Official cards: {report.summary()}")
                for game in all_games():  # the games whose cards load apart, each reported on its own line
                    if not (game.loader and game.loaded_apart):
                        continue
                    more = game.part("loader")(overwrite=overwrite)
                    self.stdout.write(f"{game.loaded_apart}: {more.summary()}")
                    report.merge(more)
        except (CardDataError, OSError) as exc:
            raise CommandError(str(exc)) from exc
        if report.kept:
            self.stdout.write(self.style.WARNING("Use --overwrite to replace the kept cards with the official data."))
