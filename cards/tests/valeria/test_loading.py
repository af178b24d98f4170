"""Valeria's tables in the database: loaded complete, effects in the unified grammar, edits respected."""
import json
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from cards.effects import parse, to_string
from cards.valeria.models import ValeriaCitizen, ValeriaDomain, ValeriaDuke, ValeriaEvent, ValeriaPreset, ValeriaRelic
from cards.valeria.models import VALERIA_TABLES
from cards.tests.valeria.test_effects import REWRITE_TABLE
from cards.valeria.loading import DATA_DIR, load_valeria
from cards.valeria.rewrites import rewrite_table

pytestmark = pytest.mark.django_db

SIZES = {"citizens": 49, "domains": 80, "monsters": 189, "dukes": 25, "nobles": 16, "events": 36, "starters": 5,
         "agents": 15, "relics": 13}


def test_every_row_of_every_table_is_loaded(valeria_cards):
    assert {model.table: model.objects.count() for model in VALERIA_TABLES} == SIZES
    assert len(valeria_cards.created) == sum(SIZES.values()) + ValeriaPreset.objects.count()
    wisborg = ValeriaDomain.objects.get(name="Wisborg")
    assert (wisborg.gold_cost, wisborg.vp_reward, wisborg.holy_count, wisborg.extension.slug) == (6, 3, 1, "shadowvale")
    assert wisborg.history.first().history_change_reason == "Loaded"
    cleric = ValeriaCitizen.objects.get(name="Cleric")
    assert (cleric.roll_match1, cleric.roll_match2, cleric.magic_payout_on_turn) == (1, None, 3)  # -1: no second roll


def test_every_effect_is_stored_in_the_unified_grammar(valeria_cards):
    stored = 0
    for model in VALERIA_TABLES:
        for card in model.objects.all():
            for column in model.effect_fields():
                text = getattr(card, column)
                if text:
                    stored += 1
                    assert to_string(parse(text, game="valeria")) == text, (card.name, column)
    assert stored == 352  # every effect string of the reference tables, none dropped
    assert ValeriaDomain.objects.get(name="Wisborg").activation_effect == "self_convert g 3 v 3 optional"
    assert ValeriaDomain.objects.get(name="Ancient Tomb").activation_effect == "modify_monster_strength 3"


def test_the_two_one_off_strings_have_a_valid_effect(valeria_cards):
    assert ValeriaEvent.objects.get(name="Golden Idol").activation_effect == "choose <g 2> <all_gain m 4>"
    assert ValeriaRelic.objects.get(name="Evermap").passive_effect == \
        "action.build_domain choose <ignore_requirement 1> <m 1>"


def test_banned_cards_and_presets_are_data(valeria_cards):
    banned = json.loads((DATA_DIR / "banned_cards.json").read_text())
    assert list(ValeriaDuke.objects.filter(banned=True).values_list("source_id", flat=True)) == banned["dukes"]
    assert sorted(ValeriaRelic.objects.filter(banned=True).values_list("source_id", flat=True)) == banned["relics"]
    base = ValeriaPreset.objects.get(slug="base")
    assert base.label == "Base Set" and base.settings["exclude_domain_expansions"] == ["crimsonseas"]
    assert ValeriaPreset.objects.get(slug="current").alias == "june2026"


def test_loading_again_changes_nothing_and_keeps_designers_edits(valeria_cards, designer):
    card = ValeriaDomain.objects.get(name="Wisborg")
    card.gold_cost = 7
    card._history_user = designer
    card.save()
    report = load_valeria()
    assert report.created == [] and report.updated == [] and report.kept == ["domains Wisborg"]
    assert ValeriaDomain.objects.get(name="Wisborg").gold_cost == 7
    assert load_valeria(overwrite=True).updated == ["domains Wisborg"]
    assert ValeriaDomain.objects.get(name="Wisborg").gold_cost == 6


def test_an_invalid_effect_is_refused_with_position_and_expectation(valeria_cards):
    card = ValeriaDomain.objects.get(name="Wisborg")
    card.activation_effect = "choose g 2 m"
    with pytest.raises(ValidationError) as error:
        card.full_clean()
    assert error.value.message_dict["activation_effect"] == [
        "col 13: expected a number (1 or more) after 'm', found end of effect"]


def test_a_legacy_string_is_saved_unified(valeria_cards):
    card = ValeriaDomain.objects.get(name="Wisborg")
    card.activation_effect = "manipulate_resources mode=self_convert pay=g:2 gain=v:2 optional=true"
    card.full_clean()
    assert card.activation_effect == "self_convert g 2 v 2 optional"


def run_rewrite(*args):
    out = StringIO()
    call_command("rewrite_effects", "--game", "valeria", *args, stdout=out)
    return out.getvalue()


def test_rewrite_effects_reports_the_seeds_table(valeria_cards):
    lines = [" ".join(line.split()) for line in run_rewrite("--dry-run").splitlines()]
    in_data = {entry.before for entry in rewrite_table()}
    seed_rows = [(before, after) for before, after in REWRITE_TABLE if before in in_data]
    assert len(seed_rows) >= 10  # the seed's examples that occur, alone, in the tables
    for before, after in seed_rows:
        assert f"{before} → {'no change' if after == before else after}" in lines
    assert "Domains — activation_effect:" in lines and "# before → after" in lines
    assert any(line.startswith("active_choose self_gain:g:2 | all_gain:m:4 → choose <g 2> <all_gain m 4>")
               for line in lines)
    assert "without a unified form" in lines[-2] and "0 without a unified form" in lines[-2]
    assert lines[-1] == "Database: 0 stored effect strings would be rewritten."


def test_rewrite_effects_brings_stored_legacy_strings_to_the_unified_grammar(valeria_cards):
    legacy = "action.end manipulate_resources mode=pay_to_player gain=v:1 pay=g:1 optional=true"
    ValeriaDomain.objects.filter(name="Wisborg").update(passive_effect=legacy)  # as an old database would hold it
    dry = run_rewrite("--dry-run", "--changed-only")
    assert "Database: 1 stored effect string would be rewritten." in dry
    assert ValeriaDomain.objects.get(name="Wisborg").passive_effect == legacy
    assert "no change" not in dry
    done = run_rewrite()
    assert f"domains Wisborg passive_effect: {legacy} → action.end pay_to_player g 1 v 1 optional" in done
    card = ValeriaDomain.objects.get(name="Wisborg")
    assert card.passive_effect == "action.end pay_to_player g 1 v 1 optional"
    assert card.history.first().history_change_reason == "Effects rewritten to the unified grammar"


def test_a_whole_database_export_with_valeria_still_imports(valeria_cards, official_cards):
    from cards.export import export_document
    from cards.lorenzo.importer import import_documents

    document = json.loads(json.dumps(export_document()))
    assert len(document["games"]["valeria"]["tables"]["domains"]) == 80
    report = import_documents([("export.json", document)])
    assert report.ok and report.counts()["added"] == 0 and report.counts()["changed"] == 0
    assert any("Valeria's cards are loaded from cards/data/valeria/" in str(w) for w in report.warnings)
