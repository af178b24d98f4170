"""Model validation of Lorenzo cards and effects, as the admin runs it, and the database constraints behind it."""
import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from cards.lorenzo.models import Excommunication
from cards.lorenzo.models import DevelopmentCard, DevelopmentCardEffect, LeaderCard, LeaderCardEffect

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "effect_type, timing, payload, field, message",
    [
        ("ADD", "instant", {"GOLD": 1}, "payload", 'GOLD: unknown resource "GOLD"'),
        ("ACTION", "permanent", None, "effect_type", "ACTION is not a permanent effect of a development card"),
        ("PRIVILEGE", "instant", {"NUMBER": 0}, "payload", "NUMBER: NUMBER must be a whole number of at least 1, got 0"),
        ("BONUS", "instant", {"TYPE": "CARD", "FOREACH": "WOOD", "QUANTITY": 1, "INCREASE": "COINS",
                              "INCREASINGQUANTITY": 1}, "payload", "FOREACH: FOREACH must be a card type"),
        ("CHANGE", "permanent", {"RESOURCEIN": {"COINS": 1}}, "payload", "missing RESOURCEOUT (what the player receives)"),
        ("NO_TOWER_BONUS", "permanent", {"COINS": 1}, "payload", 'NO_TOWER_BONUS takes no payload, got {"COINS": 1}'),
    ],
)  # fmt: skip
def test_effect_rows_are_validated_like_the_import(lorenzo_cards, effect_type, timing, payload, field, message):
    effect = DevelopmentCardEffect(
        card=DevelopmentCard.objects.get(slug="woods"), timing=timing, position=5, effect_type=effect_type, payload=payload
    )
    with pytest.raises(ValidationError) as excinfo:
        effect.full_clean()
    assert any(message in text for text in excinfo.value.message_dict[field]), excinfo.value.message_dict


def test_leader_flag_effects_and_requirements(lorenzo_cards):
    rita = LeaderCard.objects.get(slug="santa-rita")
    LeaderCardEffect(card=rita, timing="flag", position=1, effect_type="FLAG", payload="MOREFAITH").full_clean()
    with pytest.raises(ValidationError, match="unknown flag"):
        LeaderCardEffect(card=rita, timing="flag", position=1, effect_type="FLAG", payload="SKIPTURN").full_clean()
    rita.requirements = {"CARDTYPE": [{"VENTURECARD": 0}]}
    with pytest.raises(ValidationError, match="at least 1"):
        rita.full_clean()


def test_development_card_costs_are_checked(lorenzo_cards):
    card = DevelopmentCard.objects.get(slug="fortress")
    card.costs = [{"COINS": 2}, {"BRICKS": 1}]
    with pytest.raises(ValidationError) as excinfo:
        card.full_clean()
    assert excinfo.value.message_dict["costs"] == ['1.BRICKS: unknown resource "BRICKS"; expected one of COINS, '
                                                   "FAITH_POINTS, MILITARY_POINTS, SERVANTS, STONE, VICTORY_POINTS, WOOD"]


@pytest.mark.parametrize(
    "change",
    [
        lambda card: setattr(card, "period", 4),
        lambda card: setattr(card, "card_type", "WONDERCARD"),
        lambda card: setattr(card, "name", "Forest"),
    ],
)
def test_database_constraints_back_the_validation(lorenzo_cards, change):
    card = DevelopmentCard.objects.get(slug="woods")
    change(card)
    with pytest.raises(IntegrityError), transaction.atomic():
        card.save()


def test_two_effects_cannot_share_a_position(lorenzo_cards):
    woods = DevelopmentCard.objects.get(slug="woods")
    with pytest.raises(IntegrityError), transaction.atomic():
        DevelopmentCardEffect.objects.create(card=woods, timing="instant", position=0, effect_type="ADD", payload={"WOOD": 1})


def test_excommunication_keeps_its_columns_and_gains_the_printed_name(lorenzo_cards):
    tile = Excommunication.objects.get(slug="malus-double-servant")
    assert (tile.name, tile.source_name, tile.instant_effect, tile.instant_payload) == (
        "Malus Double Servant", "Malus Double Servant ", "FLAG", "DOUBLESERVANTS",
    )  # fmt: skip


def test_designers_may_edit_the_new_cards(designer):
    for codename in ("change_developmentcard", "add_leadercard", "delete_developmentcardeffect", "view_historicalleadercard"):
        assert designer.has_perm(f"cards.{codename}"), codename
    assert not designer.has_perm("cards.change_historicalleadercard")
