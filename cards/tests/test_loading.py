import copy
import json

import pytest

from cards.machikoro.loading import MACHIKORO_FILE, load_machikoro
from cards.loading import CardDataError, load_official_cards, read_json
from cards.lorenzo.loading import load_excommunications
from cards.models import CardGame
from cards.lorenzo.models import Excommunication
from cards.machikoro.models import Establishment, Landmark

pytestmark = pytest.mark.django_db

REFERENCE = json.loads(MACHIKORO_FILE.read_text(encoding="utf-8"))


def test_loads_every_official_card(official_cards):
    assert Establishment.objects.count() == 40
    assert Landmark.objects.count() == 8
    assert Excommunication.objects.count() == 21
    assert set(CardGame.objects.values_list("slug", flat=True)) == {"machi-koro", "lorenzo", "aquarius"}
    assert official_cards.created and not official_cards.updated


def test_loading_twice_changes_nothing(official_cards):
    before = list(Establishment.history.values_list("history_id", flat=True))
    again = load_official_cards()
    assert again.created == [] and again.updated == [] and again.kept == []
    assert again.unchanged == 260  # 67 Machi Koro rows, 137 Lorenzo cards, an Aquarius deck and its 55 cards
    assert list(Establishment.history.values_list("history_id", flat=True)) == before


def test_designer_edit_is_kept_and_reported(official_cards, designer):
    card = Establishment.objects.get(slug="sushi-bar")
    card.cost = 2
    card._history_user = designer
    card.save()
    report = load_official_cards()
    assert report.kept == ["establishment sushi-bar"]
    assert Establishment.objects.get(slug="sushi-bar").cost == 2
    report = load_official_cards(overwrite=True)
    assert report.updated == ["establishment sushi-bar"]
    assert Establishment.objects.get(slug="sushi-bar").cost == 4


def test_loader_update_of_an_unedited_card_is_applied(official_cards):
    document = copy.deepcopy(REFERENCE)
    mine = next(c for c in document["establishments"] if c["slug"] == "mine")
    mine["description"] = "Five coins from the bank on any 9."
    report = load_machikoro(document)
    assert report.updated == ["establishment mine"]
    assert Establishment.objects.get(slug="mine").description == "Five coins from the bank on any 9."


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d["establishments"][0].update(cost=-1), "establishments[0].cost"),
        (lambda d: d["establishments"][1].update(activation_min=15), "establishments[1].activation_min"),
        (lambda d: d["establishments"][2].update(colour="orange"), "unknown colour 'orange'"),
        (lambda d: d["establishments"][2].update(icon="spoon"), "unknown icon 'spoon'"),
        (lambda d: d["establishments"][3].update(extension="nowhere"), "unknown extension 'nowhere'"),
        (lambda d: d["establishments"][4].update(activation_min=9, activation_max=3), "activation"),
        (lambda d: d.pop("landmarks"), "'landmarks' is a required property"),
    ],
)
def test_malformed_documents_are_refused_atomically(mutate, message):
    document = copy.deepcopy(REFERENCE)
    mutate(document)
    with pytest.raises(CardDataError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_machikoro(document)
    assert Establishment.objects.count() == 0
    assert CardGame.objects.count() == 0


def test_duplicate_name_within_an_extension_is_refused():
    document = copy.deepcopy(REFERENCE)
    twin = copy.deepcopy(document["establishments"][0])
    twin["slug"] = "wheat-field-twin"
    document["establishments"].append(twin)
    with pytest.raises(CardDataError, match="wheat-field-twin"):
        load_machikoro(document)
    assert Establishment.objects.count() == 0


@pytest.mark.parametrize("kind", ["extensions", "colours", "icons", "establishments", "landmarks"])
def test_a_slug_listed_twice_is_refused_naming_both_places(kind):
    """Loaded silently before, the second copy winning (a file with two "ranch" at different costs)."""
    document = copy.deepcopy(REFERENCE)
    twin = copy.deepcopy(document[kind][1])
    document[kind].append(twin)
    last = len(document[kind]) - 1
    with pytest.raises(CardDataError, match=rf"{kind}\[{last}\]\.slug: '{twin['slug']}' is also {kind}\[1\]"):
        load_machikoro(document)
    assert CardGame.objects.count() == 0


def test_malformed_excommunication_payload_is_refused():
    items = [{"name": "Broken", "period": 2, "instantEffect": "LESSRESOURCE", "instantPayload": ["GOLD"]}]
    with pytest.raises(CardDataError, match="unknown resource"):
        load_excommunications(items)
    assert Excommunication.objects.count() == 0


def test_invalid_json_names_line_and_column(tmp_path):
    broken = tmp_path / "cards.json"
    broken.write_text('{"format": "machi-koro-cards",\n "version": 1 "game": {}}')
    with pytest.raises(CardDataError, match=r"cards.json: invalid JSON at line 2, column 15: Expecting .,. delimiter"):
        read_json(broken)


def test_load_cards_command_reports_and_fails_cleanly(tmp_path, capsys):
    from django.core.management import CommandError, call_command

    call_command("load_cards")
    assert "260 created" in capsys.readouterr().out
    call_command("load_cards")
    assert "260 unchanged" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    with pytest.raises(CommandError, match="invalid JSON"):
        call_command("load_cards", str(bad))


@pytest.mark.parametrize("content, message", [
    (b"\xff\xfe{", "not UTF-8 text (byte 0xff at offset 0)"),
    (b"[" * 100000 + b"]" * 100000, "nested more than 64 levels deep"),
    (b'{"format": "machi-koro-cards", "name": "\\ud800"}', "lone surrogate"),
    (b"{cards: nope", "invalid JSON at line 1, column 2"),
    (b"[1, 2]", "is not of type 'object'"),
])
def test_a_malformed_card_file_is_a_clear_command_error_and_changes_nothing(official_cards, tmp_path, content,
                                                                          message):
    from django.core.management import CommandError, call_command

    from cards.caching import current_version

    path = tmp_path / "cards.json"
    path.write_bytes(content)
    before = (Establishment.objects.count(), current_version())
    with pytest.raises(CommandError) as caught:
        call_command("load_cards", str(path))
    assert message in str(caught.value) and "cards.json" in str(caught.value)
    assert (Establishment.objects.count(), current_version()) == before
