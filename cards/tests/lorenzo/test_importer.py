"""Importing into the database: exact counts, round trips, atomicity, idempotence, identity and history."""
import json

import pytest

from cards.export import export_document
from cards.machikoro.loading import MACHIKORO_FILE
from cards.loading import CardDataError, load_official_cards
from cards.lorenzo.loading import load_excommunications
from cards.lorenzo import exporter
from cards.lorenzo.importer import import_documents, import_files
from cards.models import CardGame
from cards.lorenzo.models import Excommunication
from cards.machikoro.models import Establishment
from cards.lorenzo.models import DevelopmentCard, DevelopmentCardEffect, LeaderCard, LeaderCardEffect

from cards.tests.lorenzo.conftest import SEED_EXAMPLES, card_named, reference_cards, reference_text

pytestmark = pytest.mark.django_db

SETS = [("development", "cards.json"), ("excommunication", "excom_cards.json"), ("leader", "leader_cards.json")]


def card_counts():
    return (DevelopmentCard.objects.count(), Excommunication.objects.count(), LeaderCard.objects.count())


def test_reference_data_imports_with_exact_counts(lorenzo_cards):
    assert lorenzo_cards.counts() == {"added": 137, "changed": 0, "unchanged": 0, "kept": 0, "refused": 0}
    assert card_counts() == (96, 21, 20)
    assert DevelopmentCardEffect.objects.filter(timing="instant").count() == 98
    assert DevelopmentCardEffect.objects.filter(timing="permanent").count() == 82
    per_type = {t: DevelopmentCard.objects.filter(card_type=t).count() for t in DevelopmentCard.CardType.values}
    assert per_type == {"TERRITORYCARD": 24, "CHARACTERCARD": 24, "BUILDINGCARD": 24, "VENTURECARD": 24}
    assert LeaderCardEffect.objects.filter(timing="flag").count() == 5


def test_effects_keep_the_files_order():
    cardinal = card_named(reference_cards("cards.json"), "Cardinal")
    import_documents([("cards.json", [cardinal])])
    effects = DevelopmentCard.objects.get(slug="cardinal").effects.order_by("position")
    assert [(e.timing, e.position, e.effect_type) for e in effects] == [("instant", 0, "ADD"), ("instant", 1, "ACTION")]
    assert effects[1].payload["REGIONID"] == 1


@pytest.mark.parametrize("kind, name", SETS)
def test_import_then_export_gives_back_the_same_cards(lorenzo_cards, kind, name):
    exported = exporter.card_list(kind)
    assert exported == reference_cards(name)
    # Same fields in the same order, card by card; the text is byte-identical where the database keeps
    # JSON key order (SQLite; PostgreSQL's jsonb sorts keys inside payloads).
    assert [list(card) for card in exported] == [list(card) for card in reference_cards(name)]


@pytest.mark.parametrize("kind, name", SETS)
def test_export_import_export_is_identical(lorenzo_cards, kind, name):
    first = exporter.dumps(exporter.card_list(kind))
    report = import_files([(name, first)])
    assert report.counts()["unchanged"] == len(json.loads(first)) and report.counts()["changed"] == 0
    assert exporter.dumps(exporter.card_list(kind)) == first


def test_reimporting_the_same_files_changes_nothing(lorenzo_cards, reference_files):
    history_before = (DevelopmentCard.history.count(), DevelopmentCardEffect.history.count(), LeaderCard.history.count())
    report = import_files(reference_files)
    assert report.counts() == {"added": 0, "changed": 0, "unchanged": 137, "kept": 0, "refused": 0}
    assert report.written
    assert (DevelopmentCard.history.count(), DevelopmentCardEffect.history.count(), LeaderCard.history.count()) == history_before


def test_an_update_keeps_identity_and_history(lorenzo_cards, designer):
    cards = reference_cards("cards.json")
    before = DevelopmentCard.objects.get(slug="cardinal")
    add_effect_id = before.effects.get(position=0).id
    cardinal = card_named(cards, "Cardinal")
    cardinal["instantPayload"][1]["BONUSACTIONVALUE"] = 5
    report = import_documents([("cards.json", [cardinal])], user=designer)
    (outcome,) = report.outcomes
    assert (outcome.status, outcome.changes) == ("changed", ["instantPayload"])
    after = DevelopmentCard.objects.get(slug="cardinal")
    assert after.pk == before.pk
    assert after.effects.get(position=1).payload["BONUSACTIONVALUE"] == 5
    assert after.effects.get(position=0).id == add_effect_id  # the untouched ADD keeps its row
    records = list(after.history.order_by("history_id"))
    assert len(records) == 2 and records[-1].history_user == designer
    assert records[-1].history_change_reason == "Imported from cards.json: instantPayload changed"
    action_history = DevelopmentCardEffect.history.filter(card_id=after.pk, position=1).order_by("history_id")
    assert [h.payload["BONUSACTIONVALUE"] for h in action_history] == [4, 5]


def test_removed_and_added_effects_follow_the_file(lorenzo_cards):
    fortress = card_named(reference_cards("cards.json"), "Fortress")
    fortress["permanentEffect"], fortress["permanentPayload"] = "ADD", {"VICTORY_POINTS": 3}
    import_documents([("cards.json", [fortress])])
    effects = DevelopmentCard.objects.get(slug="fortress").effects.filter(timing="permanent")
    assert [(e.effect_type, e.payload) for e in effects] == [("ADD", {"VICTORY_POINTS": 3})]


@pytest.mark.parametrize(
    "name, content, expected",
    [
        ("truncated.json", reference_text("cards.json")[:20000],
         "truncated.json, line 790, column 9: invalid JSON: unterminated string starting here (the file ends before "
         "the JSON is complete: is it truncated?)"),
        ("types.json", json.dumps([{**card_named(reference_cards("cards.json"), "Woods"), "period": "1"}]),
         "types.json, card 'Woods', cards[0].period: expected a whole number"),
        ("count.json", json.dumps([{**card_named(reference_cards("cards.json"), "Hero"), "instantPayload": [{"NUMBER": 1}]}]),
         "count.json, card 'Hero', cards[0].instantPayload: instantEffect lists 2 effects but instantPayload has 1"),
        ("unknown.json", json.dumps([{**card_named(reference_cards("leader_cards.json"), "Sandro Botticelli"),
                                      "instantEffect": "BRIBE"}]),
         "unknown.json, card 'Sandro Botticelli', cards[0].instantEffect: unknown effect \"BRIBE\""),
        ("twice.json", json.dumps(reference_cards("excom_cards.json")[:3] * 2),
         "twice.json, card 'Malus Military Points', cards[3].name: duplicate card: 'Malus Military Points' is "
         "already cards[0]"),
    ],
)
def test_a_malformed_file_imports_nothing_even_beside_good_ones(reference_files, name, content, expected):
    report = import_files([*reference_files, (name, content)])
    assert not report.ok and not report.written
    assert str(report.errors[0]).startswith(expected), str(report.errors[0])
    assert card_counts() == (0, 0, 0)
    assert not CardGame.objects.filter(slug="lorenzo").exists()
    assert report.counts()["added"] == 137  # the preview still says what the good files would do


def test_dry_run_reports_without_writing(reference_files):
    report = import_files(reference_files, dry_run=True)
    assert report.ok and not report.written
    assert report.counts()["added"] == 137
    assert card_counts() == (0, 0, 0)


def test_the_same_card_in_two_files_is_refused(reference_files):
    report = import_files([*reference_files, ("copy.json", reference_text("leader_cards.json"))])
    assert str(report.errors[0]) == (
        "copy.json, card 'Francesco Sforza', cards[0]: duplicate card: also in leader_cards.json cards[0]"
    )
    assert len(report.errors) == 20
    assert card_counts() == (0, 0, 0)


def test_keep_edits_leaves_a_designers_change(lorenzo_cards, designer):
    card = LeaderCard.objects.get(slug="santa-rita")
    card.image_name = "rita.png"
    card._history_user = designer
    card.save()
    report = import_files([("leader_cards.json", reference_text("leader_cards.json"))], overwrite=False)
    assert [o.name for o in report.by_status("kept")] == ["Santa Rita"]
    assert LeaderCard.objects.get(slug="santa-rita").image_name == "rita.png"
    report = import_files([("leader_cards.json", reference_text("leader_cards.json"))])
    assert [o.name for o in report.by_status("changed")] == ["Santa Rita"]
    assert LeaderCard.objects.get(slug="santa-rita").image_name == "leaders_f_c_18.jpg"


def test_seed_example_is_imported_and_the_reference_completes_it():
    report = import_files([("fighting_heresies.json", (SEED_EXAMPLES / "fighting_heresies.json").read_bytes())])
    assert report.written and report.counts()["added"] == 1
    card = DevelopmentCard.objects.get(slug="fighting-heresies")
    assert card.requirements == {"MILITARY_POINTS": 5}
    report = import_files([("cards.json", reference_text("cards.json"))])
    changed = report.by_status("changed")
    assert [(o.name, o.changes) for o in changed] == [("Fighting Heresies", ["path"])]
    assert DevelopmentCard.objects.get(slug="fighting-heresies").pk == card.pk


def test_machi_koro_files_go_through_the_same_import():
    report = import_files([("machikoro.json", MACHIKORO_FILE.read_bytes())])
    assert report.written, report.errors
    assert Establishment.objects.count() == 40
    again = import_files([("machikoro.json", MACHIKORO_FILE.read_bytes())])
    assert again.counts()["added"] == 0 and again.counts()["changed"] == 0 and again.counts()["unchanged"] > 40
    broken = json.loads(MACHIKORO_FILE.read_text(encoding="utf-8"))
    broken["establishments"][0]["cost"] = -1
    report = import_files([("machikoro.json", json.dumps(broken)), ("leader_cards.json", reference_text("leader_cards.json"))])
    assert not report.ok and "establishments[0].cost" in str(report.errors[0])
    assert LeaderCard.objects.count() == 0


def test_a_whole_database_export_imports_back_unchanged(lorenzo_cards):
    import_files([("machikoro.json", MACHIKORO_FILE.read_bytes())])
    document = json.loads(json.dumps(export_document()))
    assert len(document["games"]["lorenzo"]["development_cards"]) == 96
    assert len(document["games"]["lorenzo"]["leader_cards"]) == 20
    report = import_documents([("export.json", document)])
    assert report.ok and report.counts()["added"] == 0 and report.counts()["changed"] == 0


def test_load_cards_loads_every_lorenzo_card_and_keeps_the_old_entry_point():
    report = load_official_cards()
    assert card_counts() == (96, 21, 20)
    assert "leader card Santa Rita" in report.created
    with pytest.raises(CardDataError, match="unknown resource"):
        load_excommunications([{"name": "Broken", "period": 2, "instantEffect": "LESSRESOURCE", "instantPayload": ["GOLD"]}])
