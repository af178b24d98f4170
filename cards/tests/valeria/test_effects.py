"""The "valeria" vocabulary: the reference tables' strings, the per-card report and the seed's rewrite table."""

import json

import pytest

from cards.effects import EffectError, explain, parse, rewrite, to_string
from cards.valeria.report import EffectReport, valeria_report
from cards.effects.tree import Acquire, Amount, Call, Choose, Compare, Filter, Gain, Group, KeyValue, Leg

from cards.tests.effects.conftest import VALERIA_TABLES

# The seed's "Proposed rewrites" table, before -> after ("no change" rows map to themselves). The seed elides
# Wisborg's `optional=true` as "..."; the full string is the one in the domains table.
REWRITE_TABLE = [
    ("action.modify_monster_strength +3", "modify_monster_strength 3"),
    ("m 4 + concurrent_flip_one_citizen", "m 4 + concurrent_flip_one_citizen"),
    ("manipulate_resources mode=self_convert pay=g:3 gain=v:3 optional=true", "self_convert g 3 v 3 optional"),
    ("choose <citizens where role==shadow>", "choose <citizens where role==shadow>"),
    ("s 3 + choose <citizens where role==soldier and gold_cost<=2>",
     "s 3 + choose <citizens where role==soldier and gold_cost<=2>"),
    ("action.end manipulate_resources mode=pay_to_player gain=v:1 pay=g:1 optional=true",
     "action.end pay_to_player g 1 v 1 optional"),
    ("action.end manipulate_resources mode=take_from_player take=g:1 optional=true",
     "action.end take_from_player g 1 optional"),
    ("action.end manipulate_resources mode=pay_to_player gain=v:1 pay=m:1 optional=true",
     "action.end pay_to_player m 1 v 1 optional"),
    ("action.end manipulate_resources mode=take_from_player take=m:1 optional=true",
     "action.end take_from_player m 1 optional"),
    ("harvest.gain_per_owned_citizen_name Knight g 1", "harvest.gain_per_owned_citizen_name Knight g 1"),
    ("roll.set_one_die target=6 cost=g:2", "roll.set_one_die target=6 cost=g:2"),
    ("effect.add action.emeraldstronghold", "effect.add action.emeraldstronghold"),
]


@pytest.mark.parametrize("before, after", REWRITE_TABLE)
def test_rewrite_reproduces_the_seed_table(before, after):
    assert rewrite(before) == after
    assert rewrite(after) == after  # the unified form is canonical: a fixed point
    assert parse(before, game="valeria") == parse(after, game="valeria")


def test_rewrite_of_the_other_legacy_modes():
    assert rewrite("action.start manipulate_resources mode=gain gain=s:1") == "action.start s 1"
    assert rewrite("manipulate_resources mode=self_convert pay=g:3 gain=v:3") == "self_convert g 3 v 3"
    assert rewrite("manipulate_resources mode=self_convert pay=g:3 gain=v:3 optional=false") == "self_convert g 3 v 3"
    assert rewrite("action.newshilinatower") == "newshilinatower"


@pytest.mark.parametrize("legacy, expected", [
    ("manipulate_resources mode=juggle pay=g:3", "col 27: expected a mode (self_convert, pay_to_player"),
    ("manipulate_resources mode=self_convert pay=g:3", "gain=RESOURCE:N"),
    ("manipulate_resources mode=self_convert pay=x:3 gain=v:3", "col 44: expected resource amounts such as g:3"),
    ("manipulate_resources mode=take_from_player take=g:1 optional=maybe", "for optional=, found .maybe."),
    ("manipulate_resources pay=g:3", "mode=..."),
])
def test_malformed_legacy_strings_are_effect_errors(legacy, expected):
    with pytest.raises(EffectError, match=expected.replace("(", r"\(")):
        rewrite(legacy)


def test_trees_of_the_unified_forms():
    assert parse("choose g 3 <citizens where name==Knight>", game="valeria").legs[0].action == Choose(
        (Amount("g", 3), Filter("citizens", Compare("name", "==", "Knight"))))
    assert parse("choose <count area Forest g 2> <citizens + v 1>", game="valeria").legs[0].action == Choose((
        Group((Leg(Call("count", ("area", "Forest", Amount("g", 2)))),)),
        Group((Leg(Acquire(Filter("citizens"))), Leg(Gain(Amount("v", 1))))),
    ))
    assert parse("m -5 + <citizens where role==holy>", game="valeria").legs == (
        Leg(Gain(Amount("m", -5))), Leg(Acquire(Filter("citizens", Compare("role", "==", "holy")))))
    assert parse("roll.set_one_die target=6 cost=g:2", game="valeria").legs == (
        Leg(Call("set_one_die", (KeyValue("target", "6"), KeyValue("cost", "g:2"))), "roll"),)


def test_machi_koro_words_are_not_valeria_words():
    with pytest.raises(EffectError):
        parse("take c 1 from roller", game="valeria")
    with pytest.raises(EffectError):
        parse("choose g 2 m 2")


def test_valeria_filters_check_their_fields():
    with pytest.raises(EffectError, match="a role"):
        parse("choose <citizens where role==wizard>", game="valeria")
    with pytest.raises(EffectError, match="a number after 'gold_cost<='"):
        parse("choose <citizens where gold_cost<=two>", game="valeria")


@pytest.fixture(scope="module")
def report():
    return valeria_report(VALERIA_TABLES)


def test_report_covers_every_effect_string_of_the_tables(report):
    expected = 0
    for path in VALERIA_TABLES.glob("*.json"):
        for row in json.loads(path.read_text(encoding="utf-8")):
            expected += sum(1 for key, value in row.items() if key not in ("name",) and not key.startswith("id_"))
    assert len(report) == expected == 352
    assert all(isinstance(entry, EffectReport) for entry in report)


def test_every_string_parses_or_has_a_reason(report):
    failures = [entry for entry in report if not entry.ok]
    assert [(entry.card, entry.column) for entry in failures] == [
        ("Golden Idol", "activation_effect"), ("Evermap", "passive_effect")]
    for entry in failures:
        assert entry.error.startswith("col ") and entry.hint
    for entry in report:
        if entry.ok:
            tree = parse(entry.unified, game="valeria")
            assert to_string(tree) == entry.unified
            assert parse(entry.effect, game="valeria") == tree
            assert explain(tree)


def test_report_marks_the_legacy_strings_it_rewrote(report):
    rewritten = {entry.effect: entry.unified for entry in report if entry.rewritten}
    assert rewritten["manipulate_resources mode=self_convert pay=g:3 gain=v:3 optional=true"] == \
        "self_convert g 3 v 3 optional"
    assert rewritten["choose g 2 m 2  s 2"] == "choose g 2 m 2 s 2"
    assert not any("manipulate_resources" in unified for unified in rewritten.values())


def test_report_on_a_small_table(tmp_path):
    (tmp_path / "domains.json").write_text(json.dumps([
        {"id_domains": 7, "name": "Wisborg", "activation_effect": "manipulate_resources mode=self_convert pay=g:3 "
                                                                 "gain=v:3 optional=true",
         "effect_text": "You may immediately pay 3 Gold to gain 3 Victory Points.", "passive_effect": None},
        {"id_domains": 8, "name": "Broken", "passive_effect": "choose 3", "activation_effect": ""},
    ]))
    (tmp_path / "notes.json").write_text(json.dumps({"not": "a table"}))
    ok, broken = valeria_report(tmp_path)
    assert (ok.card_id, ok.card, ok.column, ok.ok, ok.rewritten) == (7, "Wisborg", "activation_effect", True, True)
    assert ok.unified == "self_convert g 3 v 3 optional"
    assert (broken.card, broken.ok) == ("Broken", False)
    assert broken.error == "col 8: expected a resource (g, m, s, v, p, t or wild) or <...> after 'choose', found '3'"
