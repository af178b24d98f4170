import json

import pytest
from django.core.files.storage import default_storage

from cards.tasks import write_export_snapshot

pytestmark = pytest.mark.django_db


def test_export_snapshot_task_writes_the_database(official_cards):
    name = write_export_snapshot.delay().get()
    with default_storage.open(name) as handle:
        document = json.load(handle)
    assert len(document["games"]["machi-koro"]["establishments"]) == 40
