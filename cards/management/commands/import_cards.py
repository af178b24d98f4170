"""Import card files: Lorenzo's seed-000 JSON, our Lorenzo and Machi Koro documents, or a full export."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext, ngettext

from cards.lorenzo.importer import ADDED, CHANGED, KEPT, REFUSED, import_files, status_label
from cards.lorenzo.vocabulary import CARD_KINDS

MAX_LISTED_PROBLEMS = 50


def _pair(where, what):
    """"cards.json: 96 development cards" (French puts a space before the colon)."""
    return gettext("%(where)s: %(message)s") % {"where": where, "message": what}


class Command(BaseCommand):
    help = (
        "Import card files, all or nothing: one refused card and nothing is written. The format is "
        "detected: a seed-000 array of Lorenzo development cards, excommunications or leader cards, our "
        "Lorenzo document, our Machi Koro document, or a whole-database export. Importing the same file "
        "again changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", help="JSON files to import.")
        parser.add_argument("--dry-run", action="store_true", help="Check and report; write nothing.")
        parser.add_argument("--kind", choices=CARD_KINDS, help="The kind of Lorenzo cards, when a file can't tell.")
        parser.add_argument(
            "--keep-edits", action="store_true", help="Leave cards a designer edited since they were imported."
        )

    def handle(self, *args, files, dry_run, kind, keep_edits, **options):
        contents = []
        for name in files:
            try:
                contents.append((Path(name).name, Path(name).read_bytes()))
            except OSError as exc:
                raise CommandError(_pair(name, exc.strerror)) from exc
        report = import_files(contents, kind=kind, dry_run=dry_run, overwrite=not keep_edits, reason="Imported (command)")
        for name, holds in report.files:
            self.stdout.write(_pair(name, holds))
        listed_statuses = (ADDED, CHANGED, KEPT) if options["verbosity"] > 1 else (CHANGED, KEPT)
        for status in listed_statuses:
            for outcome in report.by_status(status):
                details = f" ({', '.join(outcome.changes)})" if outcome.changes else ""
                self.stdout.write("  " + _pair(status_label(status), f"{outcome.name}{details}"))
        for warning in report.warnings:
            self.stdout.write(self.style.WARNING(gettext("warning: %(problem)s") % {"problem": warning}))
        if report.errors:
            for outcome in report.by_status(REFUSED):
                self.stdout.write(self.style.ERROR("  " + gettext("refused: %(card)s (%(file)s)") % {
                    "card": outcome.name or outcome.path, "file": outcome.file}))
            listed = [str(problem) for problem in report.errors[:MAX_LISTED_PROBLEMS]]
            if len(report.errors) > MAX_LISTED_PROBLEMS:
                more = len(report.errors) - MAX_LISTED_PROBLEMS
                listed.append(ngettext("... and %(count)d more", "... and %(count)d more", more) % {"count": more})
            raise CommandError(gettext("Nothing was imported:") + "\n" + "\n".join(listed))
        style = self.style.SUCCESS if report.written or dry_run else self.style.NOTICE
        self.stdout.write(style(report.summary()))
