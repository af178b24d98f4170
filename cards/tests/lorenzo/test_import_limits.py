"""The importer's work is bounded (issue 31): entries per file and per import, files per import, values per card,
problems per card and per file; and grouping a file's problems by card is one pass, not one pass per card."""
import json
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from cards.lorenzo import importer, reading, schema
from cards.lorenzo.reading import MAX_ENTRIES_PER_FILE, MAX_ENTRIES_PER_IMPORT, MAX_PROBLEMS_PER_FILE, read_file
from cards.tests.snapshot import card_tables_snapshot

pytestmark = pytest.mark.django_db


def invalid_entries(count, start=0):
    return [{"name": f"card {i}", "cardType": "TERRITORYCARD", "period": 9} for i in range(start, start + count)]


@pytest.fixture
def designer_http(designer):
    browser = Client(raise_request_exception=False)
    browser.force_login(designer)
    return browser


def error_of(response):
    assert response.status_code == 400, response.content[:500]
    assert response["Content-Type"].startswith("application/json")
    return response.json()["error"]


class CountingList(list):
    """A list that counts the passes made over it."""

    passes = 0

    def __iter__(self):
        self.passes += 1
        return super().__iter__()


def test_problems_are_given_to_their_cards_in_one_pass():
    read = read_file(json.dumps(invalid_entries(200)), "cards.json")
    assert len(read.refused) == 200
    read.errors = CountingList(read.errors)
    report = importer.import_read_files([read], dry_run=True)
    assert read.errors.passes <= 3  # the quadratic version made a pass per refused card (200)
    refused = report.by_status(importer.REFUSED)
    assert len(refused) == 200
    assert all(len(outcome.problems) == 1 and outcome.problems[0].startswith("period:") for outcome in refused)


def test_a_problem_goes_to_its_own_card_only():
    cards = invalid_entries(12)
    cards[1]["cost"] = "cheap"
    read = read_file(json.dumps(cards), "cards.json")
    outcomes = {o.path: o.problems for o in importer.import_read_files([read], dry_run=True).outcomes}
    assert len(outcomes["cards[1]"]) == 2 and len(outcomes["cards[10]"]) == 1 and len(outcomes["cards[11]"]) == 1


def test_a_file_over_the_entry_limit_is_refused_unread(designer_http):
    before = card_tables_snapshot()
    body = json.dumps(invalid_entries(MAX_ENTRIES_PER_FILE + 1))
    with mock.patch.object(reading, "card_schema_problems", side_effect=AssertionError("a card was checked")):
        error = error_of(designer_http.post("/api/import/?name=big.json", body, content_type="application/json"))
    assert error["code"] == "too_many_entries"
    assert str(MAX_ENTRIES_PER_FILE) in error["message"] and "MAX_ENTRIES_PER_FILE" in error["message"]
    assert error["fields"]["big.json"][0]["code"] == "too_many_entries"
    assert card_tables_snapshot() == before


def test_an_import_over_the_total_entry_limit_is_refused(designer_http):
    per_file = MAX_ENTRIES_PER_IMPORT // 2 - 1
    uploads = [SimpleUploadedFile(f"part{n}.json", json.dumps(invalid_entries(per_file, n * per_file)).encode())
               for n in range(3)]
    error = error_of(designer_http.post("/api/import/", {"files": uploads}))
    assert error["code"] == "too_many_entries"
    assert "MAX_ENTRIES_PER_IMPORT" in error["message"] and str(MAX_ENTRIES_PER_IMPORT) in error["message"]
    assert "part2.json" in error["message"]


def test_too_many_files_are_refused_before_reading(designer_http):
    uploads = [SimpleUploadedFile(f"f{n}.json", b"[]") for n in range(importer.MAX_FILES_PER_IMPORT + 1)]
    with mock.patch.object(importer, "read_file", side_effect=AssertionError("a file was read")):
        error = error_of(designer_http.post("/api/import/", {"files": uploads}))
    assert error["code"] == "too_many_files"
    assert f"{importer.MAX_FILES_PER_IMPORT + 1} files" in error["message"]
    assert "MAX_FILES_PER_IMPORT" in error["message"]


def test_an_oversized_card_is_refused_whole():
    card = {"name": "Huge", "cardType": "TERRITORYCARD", "period": 1, "instantEffect": ["BOGUS"] * 5000}
    read = read_file(json.dumps([card]), "cards.json")
    assert len(read.errors) == 1 and "MAX_VALUES_PER_CARD" in read.errors[0].message


def test_a_card_reports_its_first_problems_only():
    card = {"name": "Many", "cardType": "TERRITORYCARD", "period": 1, "instantEffect": ["BOGUS"] * 100,
            "instantPayload": [{"X": 1}] * 100}
    read = read_file(json.dumps([card]), "cards.json")
    assert 0 < len(read.errors) <= schema.MAX_PROBLEMS_PER_CARD


def test_checking_a_file_stops_after_its_problem_limit():
    read = read_file(json.dumps(invalid_entries(MAX_PROBLEMS_PER_FILE + 100)), "cards.json")
    assert len(read.errors) == MAX_PROBLEMS_PER_FILE + 1
    assert "MAX_PROBLEMS_PER_FILE" in read.errors[-1].message
    assert not any(card_set.cards for card_set in read.card_sets)


def test_the_official_files_are_within_every_limit(reference_files):
    report = importer.import_files(reference_files, dry_run=True)
    assert report.ok, report.errors
