"""Load the Progress technology sample set (cards/data/progress/), idempotent, keeping designers' edits."""
import json
from pathlib import Path

from django.db import transaction

from cards.loading import CardDataError, LoadReport, read_json
from cards.models import CardGame, Extension

from cards.progress.costs import KnowledgeError, check_type
from cards.progress.models import Technology, TechnologyCost

SAMPLE_FILE = Path(__file__).resolve().parent.parent / "data" / "progress" / "sample_technologies.json"
GAME = {"slug": CardGame.PROGRESS, "name": "Progress: Evolution of Technology"}


def _edited_by_designer(card):
    latest = card.history.order_by("-history_date", "-history_id").first()
    return latest is not None and latest.history_user_id is not None


def _parts_of(card):
    return [{"knowledge": p.knowledge, "amount": p.amount, **({"waived_by": p.waived_by.slug} if p.waived_by_id else {})}
            for p in card.costs.select_related("waived_by").order_by("position")]


def load_progress(path=SAMPLE_FILE, *, overwrite=False):
    """Load a technology file (the format of sample_technologies.json). Returns a LoadReport."""
    document = read_json(path)
    report = LoadReport()
    with transaction.atomic():
        game, _ = CardGame.objects.get_or_create(slug=GAME["slug"], defaults={"name": GAME["name"]})
        ext = document["extension"]
        extension, _ = Extension.objects.get_or_create(game=game, slug=ext["slug"], defaults={"name": ext["name"]})
        cards = {card.slug: card for card in Technology.objects.all()}
        wanted = []
        for item in document["technologies"]:
            values = {"name": item["name"], "age": item["age"], "knowledge": item["knowledge"],
                      "description": item.get("description", ""), "extension": extension}
            card = cards.get(item["slug"])
            label = f"technology {item['slug']}"
            try:
                check_type(item["knowledge"])
                for part in item["costs"]:
                    check_type(part["knowledge"])
            except KnowledgeError as error:
                raise CardDataError(f"{label}: {error}") from None
            if card is not None and all(getattr(card, k) == v for k, v in values.items()) \
                    and _parts_of(card) == item["costs"]:
                report.unchanged += 1
                continue
            if card is not None and not overwrite and _edited_by_designer(card):
                report.kept.append(label)
                continue
            created = card is None
            card = card or Technology(slug=item["slug"])
            for key, value in values.items():
                setattr(card, key, value)
            card.save()
            cards[card.slug] = card
            wanted.append((card, item["costs"]))
            (report.created if created else report.updated).append(label)
        for card, parts in wanted:  # after every card exists, so waivers may name any of them
            card.costs.all().delete()
            for position, part in enumerate(parts, start=1):
                waiver = part.get("waived_by")
                if waiver is not None and waiver not in cards:
                    raise CardDataError(f"technology {card.slug}: unknown waiver {waiver!r}")
                TechnologyCost.objects.create(technology=card, position=position, knowledge=part["knowledge"],
                                              amount=part["amount"], waived_by=cards.get(waiver))
    return report


def load_official_cards(*, overwrite=False):
    """The Progress sample set (cards/data/progress/sample_technologies.json)."""
    return load_progress(overwrite=overwrite)
