"""Check every card's effect string against the grammar; exit non-zero with a report if any is invalid."""
from django.core.management.base import BaseCommand, CommandError

from cards.machikoro.effects import effect_context, effect_errors
from cards.machikoro.models import Establishment, Landmark


class Command(BaseCommand):
    help = "Parse every Machi Koro card's effect string and report the invalid ones."

    def handle(self, *args, **options):
        context = effect_context()
        problems = []
        checked = 0
        for model in (Establishment, Landmark):
            for card in model.objects.select_related("extension").order_by("extension__order", "name"):
                checked += 1
                message = effect_errors(card.effect, context=context)
                if message:
                    problems.append(f"{model._meta.verbose_name} {card.slug} ({card.extension.slug}): "
                                    f"{card.effect!r}: {message}")  # fmt: skip
        for line in problems:
            self.stdout.write(line)
        if problems:
            raise CommandError(f"{len(problems)} of {checked} effect strings are invalid.")
        self.stdout.write(self.style.SUCCESS(f"All {checked} effect strings are valid."))
