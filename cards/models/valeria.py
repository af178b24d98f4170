"""Valeria: Card Kingdoms (seed 001): the nine card tables of the reference, one model each.

Columns keep the reference's names (cards/data/valeria/*.json) so a row loads field for field; `id_<table>` becomes
`source_id` and `expansion` the card's Extension. Every effect column is a ValeriaEffectField: an effect string in
the unified grammar (cards/effects, game "valeria"), checked with position and expectation, legacy spellings
rewritten to their unified form on save. `roll_match2` is empty where the reference writes -1 (one number only).
"""
from django.core.exceptions import ValidationError
from django.db import models
from simple_history.models import HistoricalRecords

from cards.effects import EffectError
from cards.valeria.effects import effect_error, unify

from .catalogue import CardGame, Extension


def validate_valeria_effect(text):
    message = effect_error(text)
    if message:
        raise ValidationError(message, code="invalid_effect")


class ValeriaEffectField(models.CharField):
    """An effect string in the unified Valeria grammar (empty when the card has none)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("max_length", 500)
        kwargs.setdefault("blank", True)
        kwargs.setdefault("default", "")
        kwargs.setdefault("validators", [validate_valeria_effect])
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        for key, value in (("max_length", 500), ("blank", True), ("default", "")):
            if kwargs.get(key) == value:
                kwargs.pop(key)
        kwargs.pop("validators", None)
        return name, path, args, kwargs


def count(help_text=""):
    return models.SmallIntegerField(default=0, help_text=help_text)


def text():
    return models.TextField(blank=True, default="")


def flag(help_text=""):
    return models.BooleanField(default=False, help_text=help_text)


class ValeriaCard(models.Model):
    """What every Valeria card has: its reference id, name, box and a banned flag."""

    source_id = models.PositiveIntegerField(unique=True, help_text="The card's id in the reference table.")
    slug = models.SlugField(unique=True, help_text="Stable identifier used by the API and exports.")
    name = models.CharField(max_length=100)
    extension = models.ForeignKey(
        Extension, on_delete=models.PROTECT, related_name="+", null=True, blank=True,
        help_text="The box; empty for agents and relics, whose table names none.",
    )  # fmt: skip
    banned = flag("Excluded from the random deal at setup (the reference's banned_cards.json).")
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords(inherit=True)  # each table gets its own history table

    table = ""  # the reference table's name
    UNBOXED_TABLES = ("agents", "relics")  # their reference tables name no extension

    class Meta:
        abstract = True
        ordering = ["source_id"]

    def __str__(self):
        return self.name

    @classmethod
    def effect_fields(cls):
        return [f.name for f in cls._meta.get_fields() if isinstance(f, ValeriaEffectField)]

    @classmethod
    def searchable_fields(cls):
        """The effect strings and the free texts (the admin's and the API's text search)."""
        texts = [f.name for f in cls._meta.concrete_fields if f.get_internal_type() == "TextField"]
        return [*cls.effect_fields(), *texts]

    def clean(self):
        super().clean()
        if self.extension_id and self.extension.game.slug != CardGame.VALERIA:
            raise ValidationError({"extension": "Choose a Valeria extension."})
        for name in self.effect_fields():
            value = getattr(self, name)
            if value:
                try:
                    setattr(self, name, unify(value))
                except EffectError:
                    pass  # the field's validator has reported it, with position and expectation


class PayoutCard(ValeriaCard):
    """Citizens and starters: roll numbers and what they pay on the owner's turn and on others' turns."""

    roll_match1 = models.SmallIntegerField(null=True, blank=True, help_text="The die roll that activates the card.")
    roll_match2 = models.SmallIntegerField(null=True, blank=True, help_text="A second roll, if any.")
    gold_payout_on_turn = count()
    gold_payout_off_turn = count()
    strength_payout_on_turn = count()
    strength_payout_off_turn = count()
    magic_payout_on_turn = count()
    magic_payout_off_turn = count()
    has_special_payout_on_turn = flag()
    has_special_payout_off_turn = flag()
    special_payout_on_turn = ValeriaEffectField()
    special_payout_off_turn = ValeriaEffectField()
    special_payout_on_turn_text = text()
    special_payout_off_turn_text = text()

    class Meta(ValeriaCard.Meta):
        abstract = True


class RoleCounts(models.Model):
    shadow_count = count()
    holy_count = count()
    soldier_count = count()
    worker_count = count()

    class Meta:
        abstract = True


class ValeriaCitizen(PayoutCard, RoleCounts):
    table = "citizens"
    gold_cost = count()
    vp_payout_on_turn = count()
    vp_payout_off_turn = count()
    special_citizen = flag()
    special_payout_text = text()

    class Meta(ValeriaCard.Meta):
        verbose_name = "Valeria citizen"


class ValeriaStarter(PayoutCard):
    table = "starters"
    activation_trigger = models.CharField(max_length=100, blank=True, default="")
    card_text = text()

    class Meta(ValeriaCard.Meta):
        verbose_name = "Valeria starter"


class ActivationAndPassive(models.Model):
    """Domains and events: an effect when built or drawn, and one that lasts."""

    has_activation_effect = flag()
    has_passive_effect = flag()
    activation_effect = ValeriaEffectField()
    passive_effect = ValeriaEffectField()

    class Meta:
        abstract = True


class ValeriaDomain(ValeriaCard, RoleCounts, ActivationAndPassive):
    table = "domains"
    gold_cost = count()
    vp_reward = count()
    effect_text = text()

    class Meta(ValeriaCard.Meta):
        verbose_name = "Valeria domain"


class MonsterStats(models.Model):
    strength_cost = count()
    magic_cost = count()
    vp_reward = count()
    gold_reward = count()
    strength_reward = count()
    magic_reward = count()
    has_special_reward = flag()
    special_reward = ValeriaEffectField()
    special_reward_text = text()

    class Meta:
        abstract = True


class ValeriaMonster(ValeriaCard, MonsterStats):
    table = "monsters"
    area = models.CharField(max_length=50)
    monster_type = models.CharField(max_length=20)
    monster_order = count("Position in its area's stack.")
    has_special_cost = flag()
    special_cost = ValeriaEffectField()
    is_extra = flag()

    class Meta(ValeriaCard.Meta):
        verbose_name = "Valeria monster"


class ValeriaEvent(ValeriaCard, MonsterStats, ActivationAndPassive):
    table = "events"
    roll_match1 = models.SmallIntegerField(null=True, blank=True)
    has_roll_effect = flag()
    roll_effect = ValeriaEffectField()
    roll_effect_text = text()
    is_monster = flag()
    monster_type = models.CharField(max_length=20, blank=True, default="")
    activation_effect_text = text()
    passive_effect_text = text()

    class Meta(ValeriaCard.Meta):
        verbose_name = "Valeria event"


class Multipliers(models.Model):
    """Victory points per resource or card kind held at the end (dukes) or for nobles."""

    monster_mult = count()
    citizen_mult = count()
    domain_mult = count()
    boss_mult = count()
    minion_mult = count()
    beast_mult = count()
    titan_mult = count()

    class Meta:
        abstract = True


class ValeriaDuke(ValeriaCard, Multipliers):
    table = "dukes"
    gold_mult = count()
    strength_mult = count()
    magic_mult = count()
    shadow_mult = count()
    holy_mult = count()
    soldier_mult = count()
    worker_mult = count()
    card_text = text()

    class Meta(ValeriaCard.Meta):
        verbose_name = "Valeria duke"


class ValeriaNoble(ValeriaCard, RoleCounts):
    table = "nobles"
    shadow_multiplier = count()
    holy_multiplier = count()
    soldier_multiplier = count()
    worker_multiplier = count()
    monster_multiplier = count()
    citizen_multiplier = count()
    domain_multiplier = count()
    boss_multiplier = count()
    minion_multiplier = count()
    beast_multiplier = count()
    titan_multiplier = count()
    goods_multiplier = count()
    has_special_duke_payout = flag()
    special_duke_payout = ValeriaEffectField()

    class Meta(ValeriaCard.Meta):
        verbose_name = "Valeria noble"


class ValeriaAgent(ValeriaCard):
    table = "agents"
    activation_effect = ValeriaEffectField()
    activation_effect_text = text()

    class Meta(ValeriaCard.Meta):
        verbose_name = "Valeria agent"


class ValeriaRelic(ValeriaCard):
    table = "relics"
    passive_effect = ValeriaEffectField()
    passive_effect_text = text()
    consumes_action = flag("Using it takes one of the player's actions.")

    class Meta(ValeriaCard.Meta):
        verbose_name = "Valeria relic"


class ValeriaPreset(models.Model):
    """A game setup the reference ships (presets/*.json): which cards a lobby deals, kept as its settings."""

    slug = models.SlugField(unique=True)
    label = models.CharField(max_length=100)
    short_label = models.CharField(max_length=50, blank=True, default="")
    lobby_selectable = flag()
    alias = models.CharField(max_length=50, blank=True, default="", help_text="Another preset this one stands for.")
    settings = models.JSONField(default=dict, blank=True, help_text="The preset's other keys, as in the reference.")
    history = HistoricalRecords()

    class Meta:
        ordering = ["slug"]
        verbose_name = "Valeria preset"

    def __str__(self):
        return self.label


VALERIA_TABLES = [ValeriaCitizen, ValeriaDomain, ValeriaMonster, ValeriaDuke, ValeriaNoble, ValeriaEvent,
                  ValeriaStarter, ValeriaAgent, ValeriaRelic]
TABLE_MODELS = {model.table: model for model in VALERIA_TABLES}
