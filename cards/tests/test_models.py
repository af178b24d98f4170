import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from cards.models import Extension
from cards.lorenzo.models import Excommunication
from cards.machikoro.models import Colour, Establishment, IconType

pytestmark = pytest.mark.django_db


@pytest.fixture
def sample(official_cards):
    return {
        "extension": Extension.objects.get(game__slug="machi-koro", slug="base"),
        "colour": Colour.objects.get(slug="blue"),
        "icon": IconType.objects.get(slug="wheat"),
    }


def new_card(sample, **overrides):
    values = dict(
        slug="sunflower-field", name="Sunflower Field", activation_min=3, activation_max=4, cost=2, effect="c 1",
        **sample,
    )
    values.update(overrides)
    return Establishment(**values)


def test_official_values_are_exact(official_cards):
    tuna = Establishment.objects.get(slug="tuna-boat")
    assert (tuna.cost, tuna.activation_min, tuna.activation_max, tuna.colour.slug, tuna.icon.slug, tuna.copies) == (
        5, 12, 14, "blue", "boat", 6,
    )  # fmt: skip
    assert Establishment.objects.get(slug="sushi-bar").cost == 4
    assert "2" in Establishment.objects.get(slug="sushi-bar").rules_note
    assert Establishment.objects.get(slug="stadium").major is True


def test_valid_card_passes_full_clean(sample):
    new_card(sample).full_clean()


@pytest.mark.parametrize(
    "overrides, field",
    [
        ({"activation_min": 6, "activation_max": 2}, "activation_max"),
        ({"activation_min": 0}, "activation_min"),
        ({"activation_max": 15}, "activation_max"),
        ({"cost": -1}, "cost"),
        ({"name": "Wheat Field"}, "__all__"),
    ],
)
def test_invalid_cards_are_refused_by_validation(sample, overrides, field):
    with pytest.raises(ValidationError) as excinfo:
        new_card(sample, **overrides).full_clean()
    assert field in excinfo.value.message_dict


@pytest.mark.parametrize(
    "overrides",
    [{"activation_min": 6, "activation_max": 2}, {"activation_min": 0}, {"activation_max": 15}, {"name": "Wheat Field"}],
)
def test_database_constraints_back_the_validation(sample, overrides):
    with pytest.raises(IntegrityError), transaction.atomic():
        new_card(sample, **overrides).save()


def test_excommunication_payload_is_checked(official_cards):
    card = Excommunication.objects.get(slug="malus-coins")
    card.instant_payload = ["GOLD"]
    with pytest.raises(ValidationError, match="unknown resource"):
        card.full_clean()
    card.instant_payload = ["COINS"]
    card.period = 4
    with pytest.raises(ValidationError) as excinfo:
        card.full_clean()
    assert "period" in excinfo.value.message_dict


def test_excommunication_permanent_payload_shape(official_cards):
    card = Excommunication.objects.get(slug="malus-harvest-action")
    card.permanent_payload = {"TYPE": "FISHING", "REGIONID": 9, "BONUSACTIONVALUE": "a lot"}
    with pytest.raises(ValidationError) as excinfo:
        card.full_clean()
    message = " ".join(excinfo.value.message_dict["permanent_payload"])
    assert "TYPE" in message and "REGIONID" in message and "BONUSACTIONVALUE" in message


def test_every_change_is_recorded_in_history(sample, designer):
    card = new_card(sample)
    card._history_user = designer
    card.save()
    card.cost = 3
    card.save()
    records = list(card.history.order_by("history_id"))
    assert [r.history_type for r in records] == ["+", "~"]
    assert records[0].history_user == designer
    assert [c.field for c in records[1].diff_against(records[0]).changes] == ["cost"]
