"""Loading or importing card files that change nothing keeps the card data version, so caches and ETags hold."""
import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from cards import caching
from cards.loading import load_card_file, load_official_cards
from cards.lorenzo.importer import import_files
from cards.machikoro.export import document as machikoro_document
from cards.lorenzo.loading import FILES as LORENZO_FILES

pytestmark = pytest.mark.django_db


def state(client):
    """The version and the ETags a client holds: the export's and a list page's."""
    return (caching.current_version(), client.get("/api/export/")["ETag"],
            client.get("/api/establishments/")["ETag"])


@pytest.fixture
def everything_loaded(official_cards):
    call_command("load_cards", stdout=StringIO())  # the games loaded apart too (Valeria, Progress)


def lorenzo_files():
    return [(path.name, path.read_text(encoding="utf-8")) for path in LORENZO_FILES]


def test_load_cards_again_keeps_version_and_etags(everything_loaded):
    client = APIClient()
    before = state(client)
    call_command("load_cards", stdout=StringIO())
    load_official_cards()
    assert state(client) == before


def test_reimporting_unchanged_lorenzo_files_keeps_version_and_etags(everything_loaded):
    client = APIClient()
    before = state(client)
    report = import_files(lorenzo_files())
    assert report.ok and report.written and report.counts()["unchanged"] == 137
    assert state(client) == before


def test_reloading_an_exported_document_keeps_the_version(everything_loaded):
    client = APIClient()
    before = state(client)
    report = load_card_file(machikoro_document())
    assert not (report.created or report.updated)
    assert state(client) == before


def test_importing_one_changed_lorenzo_card_raises_the_version(everything_loaded):
    client = APIClient()
    before = state(client)
    files = lorenzo_files()
    leaders = json.loads(files[2][1])
    leaders[0]["name"] += " Secondo"  # a new card (the name is the slug)
    report = import_files([(files[2][0], json.dumps(leaders))])
    assert report.ok and report.counts()["added"] == 1
    after = state(client)
    assert after[0] != before[0] and after[1] != before[1] and after[2] != before[2]


def test_loading_one_changed_machi_koro_card_raises_the_version(everything_loaded):
    client = APIClient()
    before = state(client)
    document = machikoro_document()
    document["establishments"][0]["cost"] += 1
    assert load_card_file(document, overwrite=True).updated
    assert state(client)[0] != before[0]


def test_the_export_names_its_card_data_version_and_date(everything_loaded):
    client = APIClient()
    number = caching.version_number()
    assert caching.current_version().startswith(f"{number}-")
    whole = client.get("/api/export/").json()
    assert whole["card_data_version"] == number and whole["exported_at"]
    for slug, document in whole["games"].items():
        assert document["card_data_version"] == number and document["exported_at"], slug
    for path in ("/api/export/lorenzo/", "/api/export/machi-koro/", "/api/export/aquarius/"):
        document = client.get(path).json()
        assert document["card_data_version"] == number and document["exported_at"], path


def test_a_stamped_machi_koro_file_loads_back_unchanged(everything_loaded):
    client = APIClient()
    before = state(client)
    report = load_card_file(client.get("/api/export/machi-koro/").json())
    assert not (report.created or report.updated)
    assert state(client) == before


def test_an_exported_document_with_its_stamp_imports_back_unchanged(everything_loaded):
    client = APIClient()
    before = state(client)
    for path in ("/api/export/lorenzo/", "/api/export/"):
        text = client.get(path).content.decode()
        report = import_files([("export.json", text)])
        assert report.ok, report.as_dict()["errors"]
        assert not report.by_status("added") and not report.by_status("changed")
    assert state(client) == before


def test_export_cards_writes_the_card_data_version(everything_loaded, tmp_path):
    call_command("export_cards", "lorenzo", "-o", str(tmp_path / "l.json"), stdout=StringIO())
    document = json.loads((tmp_path / "l.json").read_text())
    assert document["card_data_version"] == caching.version_number() and document["exported_at"]


def test_valerias_own_export_names_its_card_data_version(everything_loaded):
    document = APIClient().get("/api/export/valeria/").json()
    assert document["card_data_version"] == caching.version_number() and document["exported_at"]
