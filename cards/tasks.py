"""Background jobs of the card database."""
import json

from celery import shared_task
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from cards.export import export_document


@shared_task
def write_export_snapshot():
    """Store the whole card database as a JSON file in media storage and return its name."""
    document = export_document()
    stamp = document["exported_at"][:19].replace(":", "-")
    name = default_storage.save(
        f"exports/cards-{stamp}.json", ContentFile(json.dumps(document, ensure_ascii=False, indent=1).encode())
    )
    return name
