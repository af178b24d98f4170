"""Reading card files: syntax, formats, the schema, seed 000's rules and variants (no database)."""
import json

import pytest

from cards.lorenzo.reading import detect_kind, read_document, read_file

from cards.tests.lorenzo.conftest import SEED_EXAMPLES, card_named, reference_cards, reference_text


def read_cards(cards, name="cards.json", kind=None):
    return read_document(json.loads(json.dumps(cards)), name, kind)


def messages(read):
    return [str(problem) for problem in read.errors]


def the_card(read):
    (card_set,) = read.card_sets
    (card,) = card_set.cards
    return card


@pytest.mark.parametrize(
    "name, kind, count",
    [("cards.json", "development", 96), ("excom_cards.json", "excommunication", 21), ("leader_cards.json", "leader", 20)],
)
def test_reference_files_read_whole_and_clean(name, kind, count):
    read = read_file(reference_text(name), name)
    assert read.errors == []
    (card_set,) = read.card_sets
    assert (card_set.kind, len(card_set.cards)) == (kind, count)


def test_stray_characters_in_names_are_warnings_and_kept_for_export():
    read = read_file(reference_text("cards.json"), "cards.json")
    assert [str(w) for w in read.warnings] == [
        "cards.json, card 'Support to the Bishop ', cards[79].name: stray spaces or characters in "
        '"Support to the Bishop "; shown as "Support to the Bishop", exported as written',
        "cards.json, card 'Support to the Pope**', cards[95].name: stray spaces or characters in "
        '"Support to the Pope**"; shown as "Support to the Pope", exported as written',
    ]
    pope = read.card_sets[0].cards[95]
    assert (pope.name, pope.source_name, pope.slug) == ("Support to the Pope", "Support to the Pope**", "support-to-the-pope")


@pytest.mark.parametrize(
    "file_name, line, column, message",
    [
        ("cardinal.json", 17, 19, "Expecting ',' delimiter"),  # the ACTION payload lacks its "{"
        ("fortress.json", 12, 34, "Expecting ',' delimiter"),  # permanentPayload lacks its "{"
        ("treasury.json", 13, 17, "Expecting ',' delimiter"),  # RESOURCEOUT lacks its "}"
        ("carpenters_shop.json", 11, 30, "Expecting ',' delimiter"),
        ("permanent_payload.json", 9, 9, "Expecting ':' delimiter"),  # "COINS" -1
    ],
)
def test_seed_examples_with_syntax_errors_name_file_line_and_column(file_name, line, column, message):
    read = read_file((SEED_EXAMPLES / file_name).read_bytes(), file_name)
    assert messages(read) == [f"{file_name}, line {line}, column {column}: invalid JSON: {message}"]
    assert read.card_sets == []


def test_seed_examples_that_are_valid_json_are_read():
    for file_name, kind, name in [
        ("trading_town.json", "development", "Trading Town"),
        ("fighting_heresies.json", "development", "Fighting Heresies"),
        ("malus_stone_or_wood.json", "excommunication", "Malus Stone or Wood"),
        ("malus_production_action.json", "excommunication", "Malus Production Action"),
        ("no_victory_points_purple.json", "excommunication", "No Victory Points Purple"),
        ("giovanni_delle_bande_nere.json", "leader", "Giovanni delle Bande Nere"),
    ]:
        read = read_file((SEED_EXAMPLES / file_name).read_bytes(), file_name)
        assert read.errors == [], file_name
        assert (read.card_sets[0].kind, the_card(read).name) == (kind, name)


def test_the_seeds_military_points_with_a_space_is_read_as_military_points():
    read = read_file((SEED_EXAMPLES / "fighting_heresies.json").read_bytes(), "fighting_heresies.json")
    assert the_card(read).requirements == {"MILITARY_POINTS": 5}
    assert [str(w) for w in read.warnings] == [
        "fighting_heresies.json, card 'Fighting Heresies', cards[0].requirements[\"MILITARY POINTS\"]: "
        '"MILITARY POINTS" read as MILITARY_POINTS'
    ]


def test_truncated_file_says_where_and_that_it_ends_too_early():
    text = reference_text("excom_cards.json")[:1000]
    read = read_file(text, "excom_cards.json")
    (problem,) = read.errors
    assert (problem.line, problem.column) == (text.count("\n") + 1, len(text.splitlines()[-1]) + 1)
    assert "ends before the JSON is complete" in problem.message


def test_not_utf8_is_refused():
    read = read_file(b'[{"name": "Caf\xe9"}]', "latin1.json")
    assert messages(read) == ["latin1.json: not UTF-8 text (byte 0xe9 at offset 14)"]


DEVELOPMENT = reference_cards("cards.json")


def development(name, **changes):
    card = card_named(DEVELOPMENT, name)
    for key, value in changes.items():
        if value is None:
            card.pop(key, None)
        else:
            card[key] = value
    return card


@pytest.mark.parametrize(
    "card, expected",
    [
        (development("Woods", period="2"), 'cards[0].period: expected a whole number, got a string "2"'),
        (development("Woods", period=4), "cards[0].period: must be at most 3, got 4"),
        (development("Woods", cardType="WONDERCARD"),
         'cards[0].cardType: unknown card type "WONDERCARD"; expected one of "TERRITORYCARD", "CHARACTERCARD", '
         '"BUILDINGCARD", "VENTURECARD"'),
        (development("Woods", cardType=None), "cards[0]: missing required field 'cardType'"),
        (development("Woods", colour="green"), "cards[0].colour: unknown field; expected one of name, cost, "
         "requirements, instantEffect, instantPayload, permanentEffect, permanentPayload, minimumActionValue, "
         "period, cardType, exclusivePermanentEffect, path"),
        (development("Woods", instantEffect="TELEPORT"), 'cards[0].instantEffect: unknown effect "TELEPORT"; '
         'expected one of "ADD", "CHANGE", "ACTION", "PERMANENT", "BONUS", "PRIVILEGE", "LESSRESOURCE", "FLAG", '
         '"LESSDICE", "NO_MARKET_ACTION", "NO_TOWER_BONUS", "FAMILYSIXVALOR", "GREYFAMILY", "FAMILYCOLORDICE", '
         '"FAMILYCOLORBONUS", "JOLLY"'),
        (development("Woods", instantEffect="LESSDICE", instantPayload=None),
         "cards[0].instantEffect: LESSDICE is not an instant effect of a development card; expected one of ACTION, "
         "ADD, BONUS, CHANGE, PRIVILEGE"),
        (development("Woods", exclusivePermanentEffect="YES"),
         'cards[0].exclusivePermanentEffect: unknown flag "YES"; expected one of "TRUE", "FALSE", true, false'),
        (development("Woods", instantPayload={"GOLD": 1}),
         'cards[0].instantPayload.GOLD: unknown resource "GOLD"; expected one of COINS, FAITH_POINTS, '
         "MILITARY_POINTS, SERVANTS, STONE, VICTORY_POINTS, WOOD"),
        (development("Woods", instantPayload={"WOOD": 0}),
         "cards[0].instantPayload.WOOD: the amount must be a whole number of at least 1, got 0"),
        (development("Woods", instantPayload=None), "cards[0].instantPayload: ADD needs a payload"),
        (development("Woods", instantEffect=None), "cards[0].instantPayload: a payload without an effect: add "
         "instantEffect or remove instantPayload"),
    ],
)
def test_malformed_development_cards_get_a_precise_error(card, expected):
    read = read_cards([card], kind="development")
    assert messages(read) == [f"cards.json, card {card['name']!r}, {expected}"]
    assert read.card_sets[0].cards == []
    assert read.refused == [("development", card["name"], "cards[0]")]


def test_payload_count_must_match_effect_count():
    cardinal = development("Cardinal")
    cardinal["instantPayload"].append({"COINS": 1})
    read = read_cards([development("Woods"), cardinal])
    assert messages(read) == [
        "cards.json, card 'Cardinal', cards[1].instantPayload: instantEffect lists 2 effects but instantPayload "
        "has 3 payloads; the n-th payload belongs to the n-th effect, so the counts must match"
    ]
    assert [card.name for card in read.card_sets[0].cards] == ["Woods"]


def test_an_array_of_effects_needs_an_array_of_payloads():
    cardinal = development("Cardinal", instantPayload={"FAITH_POINTS": 2})
    read = read_cards([cardinal])
    assert messages(read) == [
        "cards.json, card 'Cardinal', cards[0].instantPayload: instantEffect lists 2 effects, so instantPayload must "
        "be an array of 2 payloads in the same order (seed 000: the n-th payload belongs to the n-th effect)"
    ]


def test_payloads_in_the_wrong_order_are_named_as_such():
    cardinal = development("Cardinal")
    cardinal["instantPayload"].reverse()
    read = read_cards([cardinal])
    assert messages(read) == [
        "cards.json, card 'Cardinal', cards[0].instantPayload[0]: this is a payload for ACTION (effect 1), not for "
        "ADD: seed 000's order rule says the n-th payload belongs to the n-th effect",
        "cards.json, card 'Cardinal', cards[0].instantPayload[1]: this is a payload for ADD (effect 0), not for "
        "ACTION: seed 000's order rule says the n-th payload belongs to the n-th effect",
    ]


def test_action_payload_errors_point_inside_the_payload():
    cardinal = development("Cardinal")
    cardinal["instantPayload"][1]["REGIONID"] = 9
    cardinal["instantPayload"][1]["SPEED"] = 3
    read = read_cards([cardinal])
    assert messages(read) == [
        "cards.json, card 'Cardinal', cards[0].instantPayload[1].SPEED: unknown key; expected TYPE, REGIONID, "
        "BONUSACTIONVALUE, BONUSRESOURCE, EXCLUSIVEBONUS, FLAGREGION, CHOSESERVANT",
        "cards.json, card 'Cardinal', cards[0].instantPayload[1].REGIONID: REGIONID must be a region number 0–7, got 9",
    ]


def test_an_action_must_happen_where_its_type_says():
    cardinal = development("Cardinal")
    cardinal["instantPayload"][1]["REGIONID"] = 5
    read = read_cards([cardinal])
    assert messages(read) == [
        "cards.json, card 'Cardinal', cards[0].instantPayload[1].REGIONID: a HARVEST action takes place in region 1, "
        "got 5"
    ]


def test_duplicate_card_is_refused_with_both_places():
    read = read_cards([development("Woods"), development("Forest"), development("Woods")])
    assert messages(read) == ["cards.json, card 'Woods', cards[2].name: duplicate card: 'Woods' is already cards[0]"]
    assert read.refused == [("development", "Woods", "cards[2]")]


def test_a_key_written_twice_is_refused():
    text = '[{"name": "Woods", "period": 1, "period": 2, "cardType": "TERRITORYCARD"}]'
    read = read_file(text, "twice.json")
    assert messages(read) == [
        "twice.json, card 'Woods', cards[0].period: the key 'period' is written twice in this object; JSON would "
        "keep only the last"
    ]


def test_wrong_top_level_shapes_are_explained():
    assert messages(read_file('{"cards": []}', "x.json")) == [
        "x.json: not a card file: expected an array of Lorenzo cards (seed 000), one card, or a document whose "
        "\"format\" is 'lorenzo-cards', 'machi-koro-cards' or 'card-database'"
    ]
    assert "cannot tell which cards this array holds" in messages(read_file('[{"name": "X"}]', "x.json"))[0]
    assert messages(read_file('[3]', "x.json", kind="leader")) == ["x.json, cards[0]: expected a card object, got 3"]


def test_kind_is_detected_or_given():
    assert detect_kind(DEVELOPMENT[:2]) == "development"
    assert detect_kind(reference_cards("excom_cards.json")) == "excommunication"
    assert detect_kind(reference_cards("leader_cards.json")) == "leader"
    assert detect_kind([{"name": "Nobody"}]) is None
    # Told it is a leader list, a development card is refused for its development fields.
    read = read_cards([development("Woods")], kind="leader")
    assert "cards[0].minimumActionValue: unknown field" in messages(read)[0]


def test_excommunication_rules():
    excoms = reference_cards("excom_cards.json")
    two = card_named(excoms, "Malus Coins")
    two["instantEffect"], two["instantPayload"] = ["LESSRESOURCE", "FLAG"], [["COINS"], "SKIPTURN"]
    none = {"name": "Nothing", "period": 2}
    leader_flag = card_named(excoms, "Skip Turn")
    leader_flag["instantPayload"] = "NOTRIBUTE"
    read = read_cards([two, none, leader_flag], "excom.json")
    assert messages(read) == [
        "excom.json, card 'Malus Coins', cards[0].instantEffect: an excommunication has at most one instant effect, got 2",
        "excom.json, card 'Nothing', cards[1]: an excommunication needs at least one effect (instantEffect or "
        "permanentEffect)",
        'excom.json, card \'Skip Turn\', cards[2].instantPayload: unknown flag "NOTRIBUTE" for an excommunication; '
        "expected one of DOUBLESERVANTS, LESSFORBUILDING, LESSFORMILITARY, LESSFORRESOURCE, LESSFORVICTORY, "
        "NOENDBLUE, NOENDGREEN, NOENDPURPLE, NO_MARKET_ACTION, SKIPTURN",
    ]


def test_leader_requirements_are_checked():
    leaders = reference_cards("leader_cards.json")
    sforza = card_named(leaders, "Francesco Sforza")
    sforza["requirements"] = {"CARDTYPE": {"DRAGONCARD": 5}}
    read = read_cards([sforza], "leaders.json")
    assert messages(read) == [
        "leaders.json, card 'Francesco Sforza', cards[0].requirements.CARDTYPE.DRAGONCARD: unknown card type "
        '"DRAGONCARD"; expected one of "TERRITORYCARD", "CHARACTERCARD", "BUILDINGCARD", "VENTURECARD"'
    ]


class TestVariantsAreNormalised:
    """The seed's unambiguous variants read the same as the reference data's spelling."""

    def read_one(self, card, kind=None):
        read = read_cards([card], kind=kind)
        assert read.errors == []
        return the_card(read)

    def test_single_effect_or_array_of_one(self):
        woods = development("Woods")
        as_arrays = development("Woods", instantEffect=["ADD"], instantPayload=[{"WOOD": 1}])
        array_of_one_bare_payload = development("Woods", instantEffect=["ADD"])
        assert self.read_one(woods) == self.read_one(as_arrays) == self.read_one(array_of_one_bare_payload)

    def test_true_false_strings_or_booleans(self):
        assert self.read_one(development("Woods", exclusivePermanentEffect=True)) == self.read_one(development("Woods"))
        assert self.read_one(development("Fortress", exclusivePermanentEffect=False)).exclusive_permanent_effect is False
        stonemason = development("Stonemason")
        stonemason["permanentPayload"]["EXCLUSIVEBONUS"] = "TRUE"
        assert self.read_one(stonemason) == self.read_one(development("Stonemason"))

    def test_flagregion_all_or_true_and_missing_keys_filled(self):
        ambassador = development("Ambassador")
        ambassador["instantPayload"][0]["FLAGREGION"] = "ALL"
        del ambassador["instantPayload"][0]["BONUSRESOURCE"], ambassador["instantPayload"][0]["EXCLUSIVEBONUS"]
        assert self.read_one(ambassador) == self.read_one(development("Ambassador"))

    def test_lessforvistory_is_lessforvictory(self):
        tile = {"name": "Less Points for Victory", "instantEffect": "FLAG", "instantPayload": "LESSFORVISTORY",
                "period": 3}  # fmt: skip
        read = read_cards([tile])
        assert the_card(read).effects[0].payload == "LESSFORVICTORY"
        assert [w.message for w in read.warnings] == ['"LESSFORVISTORY" read as LESSFORVICTORY']

    def test_cost_object_or_list_and_change_of_one(self):
        assert self.read_one(development("Chapel", cost={"WOOD": 2})) == self.read_one(development("Chapel"))
        chapel = development("Chapel")
        chapel["permanentPayload"] = [chapel["permanentPayload"]]
        assert self.read_one(chapel) == self.read_one(development("Chapel"))

    def test_harvestaction_and_military(self):
        farmer = development("Farmer")
        farmer["permanentPayload"]["TYPE"] = "HARVESTACTION"
        assert self.read_one(farmer) == self.read_one(development("Farmer"))
        general = development("General")
        general["instantPayload"]["FOREACH"] = "MILITARY"
        assert self.read_one(general) == self.read_one(development("General"))

    def test_lessresource_alone_or_listed(self):
        tile = {"name": "Malus Coins", "instantEffect": "LESSRESOURCE", "instantPayload": "COINS", "period": 1}
        assert self.read_one(tile).effects[0].payload == ["COINS"]


def test_lorenzo_document_sections_are_read_with_their_paths():
    document = {
        "format": "lorenzo-cards", "version": 1,
        "development_cards": [development("Woods")],
        "leader_cards": [{"name": "Nobody", "requirements": {"RESOURCE": {"COINS": 1}}, "instantEffect": "FLY"}],
    }  # fmt: skip
    read = read_document(document, "lorenzo.json")
    assert [(s.kind, len(s.cards)) for s in read.card_sets] == [("development", 1), ("leader", 0)]
    assert messages(read)[0].startswith("lorenzo.json, card 'Nobody', leader_cards[0].instantEffect: unknown effect")
    document["version"] = 2
    assert "lorenzo.json, version: unknown value 2; expected one of 1" in messages(read_document(document, "lorenzo.json"))
