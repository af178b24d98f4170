"""Report (and apply) the rewrite of legacy effect strings to the unified grammar, as seed 001's table."""
from django.core.management.base import BaseCommand, CommandError

from cards.valeria.rewrites import ARROW, format_table, rewrite_database, rewrite_table

GAMES = ("valeria",)


class Command(BaseCommand):
    help = (
        "List every effect string of a game's card data as `before → after` (seed 001's rewrite table), then "
        "rewrite the strings stored in the database that are not in the unified grammar yet. --dry-run changes "
        "nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, choices=GAMES, help="The game whose effects to rewrite.")
        parser.add_argument("--dry-run", action="store_true", help="Report only; write nothing.")
        parser.add_argument("--changed-only", action="store_true", help="Leave out the strings that do not change.")

    def handle(self, *args, game, dry_run, changed_only, **options):
        rewrites = rewrite_table()
        for line in format_table(rewrites, changed_only=changed_only):
            self.stdout.write(line)
        changes = rewrite_database(dry_run=dry_run)
        verb = "would be rewritten" if dry_run else "rewritten"
        self.stdout.write(f"Database: {len(changes)} stored effect string{'s' if len(changes) != 1 else ''} {verb}.")
        for table, card, column, before, after in changes:
            self.stdout.write(f"  {table} {card} {column}: {before} {ARROW} {after}")
        if any(entry.error for entry in rewrites):
            raise CommandError("Some strings have no unified form (see above).")
