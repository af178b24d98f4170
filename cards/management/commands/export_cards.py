"""Export card sets in the formats import_cards reads, to standard output, a file or a folder."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.export import export_document, stamped
from cards.machikoro.export import document as machikoro_document
from cards.lorenzo import exporter
from cards.lorenzo.vocabulary import DEVELOPMENT, EXCOMMUNICATION, LEADER
from cards.models import CardGame

# Set name -> (file name under --output-dir, what builds it).
SETS = {
    "development-cards": ("lorenzo/cards.json", lambda: exporter.card_list(DEVELOPMENT)),
    "excommunications": ("lorenzo/excom_cards.json", lambda: exporter.card_list(EXCOMMUNICATION)),
    "leader-cards": ("lorenzo/leader_cards.json", lambda: exporter.card_list(LEADER)),
    "lorenzo": ("lorenzo.json", exporter.lorenzo_document),
    "machi-koro": ("machikoro.json", machikoro_document),
    "all": ("cards-export.json", export_document),
}
# What --output-dir writes when no set is named: every set once, in the reference files' layout.
FOLDER_SETS = ["machi-koro", "development-cards", "excommunications", "leader-cards"]


class Command(BaseCommand):
    help = (
        "Export cards as JSON that import_cards reads back. development-cards, excommunications and "
        "leader-cards write seed 000's arrays (like cards/data/lorenzo/*.json); lorenzo writes the three in one "
        "document; machi-koro writes cards/data/machikoro.json's format; all writes the whole database "
        "(like GET /api/export/). With --output-dir, every set goes to its own file."
    )

    def add_arguments(self, parser):
        parser.add_argument("sets", nargs="*", metavar="SET", help=f"One or more of: {', '.join(SETS)}.")
        parser.add_argument("-o", "--output", help="Write to this file instead of standard output (one set).")
        parser.add_argument("--output-dir", help="Write each set to its own file in this folder.")

    def handle(self, *args, sets, output, output_dir, **options):
        if output and output_dir:
            raise CommandError("Give --output or --output-dir, not both.")
        unknown = [name for name in sets if name not in SETS]
        if unknown:
            raise CommandError(f"Unknown set {', '.join(unknown)}; choose from {', '.join(SETS)}.")
        if not sets and output_dir:
            present = set(CardGame.objects.values_list("slug", flat=True))
            sets = [name for name in FOLDER_SETS if self.game_of(name) in present]
        sets = sets or ["all"]
        if not output_dir and len(sets) > 1:
            raise CommandError("Name one set, or use --output-dir for several.")
        for name in sets:
            text = exporter.dumps(self.build(name))
            if output_dir:
                path = Path(output_dir) / SETS[name][0]
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                self.stdout.write(f"{name}: {path}")
            elif output:
                Path(output).write_text(text, encoding="utf-8")
                self.stdout.write(f"{name}: {output}")
            else:
                self.stdout.write(text)

    @staticmethod
    def game_of(name):
        return CardGame.MACHI_KORO if name == "machi-koro" else CardGame.LORENZO

    def build(self, name):
        game = self.game_of(name)
        if name != "all" and not CardGame.objects.filter(slug=game).exists():
            raise CommandError(f"No {game} cards in the database; load or import some first.")
        return stamped(SETS[name][1]())
