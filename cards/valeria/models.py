"""Valeria: Card Kingdoms (seed 001): the nine card tables of the reference, one model each.

Columns keep the reference's names (cards/data/valeria/*.json) so a row loads field for field; `id_<table>` becomes
`source_id` and `expansion` the card's Extension. Every effect column is a ValeriaEffectField: an effect string in
the unified grammar (cards/effects, game "valeria"), checked with position and expectation, legacy spellings
rewritten to their unified form on save. `roll_match2` is empty where the reference writes -1 (one number only).
"""
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from cards.effects import EffectError
from cards.valeria.effects import effect_error, unify

from cards.models.catalogue import CardGame, Extension


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


def count(verbose_name=None, help_text=""):
    return models.SmallIntegerField(verbose_name, default=0, help_text=help_text)


def text(verbose_name=None):
    return models.TextField(verbose_name, blank=True, default="")


def flag(verbose_name=None, help_text=""):
    return models.BooleanField(verbose_name, default=False, help_text=help_text)


class ValeriaCard(models.Model):
    """What every Valeria card has: its reference id, name, box and a banned flag."""

    source_id = models.PositiveIntegerField(_("reference id"), unique=True,
                                            help_text=_("The card's id in the reference table."))
    slug = models.SlugField(_("slug"), unique=True, help_text=_("Stable identifier used by the API and exports."))
    name = models.CharField(_("name"), max_length=100)
    extension = models.ForeignKey(
        Extension, on_delete=models.PROTECT, related_name="+", null=True, blank=True, verbose_name=_("extension"),
        help_text=_("The box; empty for agents and relics, whose table names none."),
    )  # fmt: skip
    banned = flag(_("banned"), _("Excluded from the random deal at setup (the reference's banned_cards.json)."))
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
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
            raise ValidationError({"extension": _("Choose a Valeria extension.")})
        for name in self.effect_fields():
            value = getattr(self, name)
            if value:
                try:
                    setattr(self, name, unify(value))
                except EffectError:
                    pass  # the field's validator has reported it, with position and expectation


class PayoutCard(ValeriaCard):
    """Citizens and starters: roll numbers and what they pay on the owner's turn and on others' turns."""

    roll_match1 = models.SmallIntegerField(_("first activation number"), null=True, blank=True,
                                           help_text=_("The die roll that activates the card."))
    roll_match2 = models.SmallIntegerField(_("second activation number"), null=True, blank=True,
                                           help_text=_("A second roll, if any."))
    gold_payout_on_turn = count(_("gold on the owner's turn"))
    gold_payout_off_turn = count(_("gold on other players' turns"))
    strength_payout_on_turn = count(_("strength on the owner's turn"))
    strength_payout_off_turn = count(_("strength on other players' turns"))
    magic_payout_on_turn = count(_("magic on the owner's turn"))
    magic_payout_off_turn = count(_("magic on other players' turns"))
    has_special_payout_on_turn = flag(_("has a special payout on the owner's turn"))
    has_special_payout_off_turn = flag(_("has a special payout on other players' turns"))
    special_payout_on_turn = ValeriaEffectField(_("special payout effect on the owner's turn"))
    special_payout_off_turn = ValeriaEffectField(_("special payout effect on other players' turns"))
    special_payout_on_turn_text = text(_("special payout text on the owner's turn"))
    special_payout_off_turn_text = text(_("special payout text on other players' turns"))

    class Meta(ValeriaCard.Meta):
        abstract = True


class RoleCounts(models.Model):
    shadow_count = count(_("shadow roles"))
    holy_count = count(_("holy roles"))
    soldier_count = count(_("soldier roles"))
    worker_count = count(_("worker roles"))

    class Meta:
        abstract = True


class ValeriaCitizen(PayoutCard, RoleCounts):
    table = "citizens"
    gold_cost = count(_("gold cost"))
    vp_payout_on_turn = count(_("victory points on the owner's turn"))
    vp_payout_off_turn = count(_("victory points on other players' turns"))
    special_citizen = flag(_("special citizen"))
    special_payout_text = text(_("special payout text"))

    class Meta(ValeriaCard.Meta):
        verbose_name = _("Valeria citizen")
        verbose_name_plural = _("Valeria citizens")


class ValeriaStarter(PayoutCard):
    table = "starters"
    activation_trigger = models.CharField(_("activation trigger"), max_length=100, blank=True, default="")
    card_text = text(_("card text"))

    class Meta(ValeriaCard.Meta):
        verbose_name = _("Valeria starter")
        verbose_name_plural = _("Valeria starters")


class ActivationAndPassive(models.Model):
    """Domains and events: an effect when built or drawn, and one that lasts."""

    has_activation_effect = flag(_("has an activation effect"))
    has_passive_effect = flag(_("has a passive effect"))
    activation_effect = ValeriaEffectField(_("activation effect"))
    passive_effect = ValeriaEffectField(_("passive effect"))

    class Meta:
        abstract = True


class ValeriaDomain(ValeriaCard, RoleCounts, ActivationAndPassive):
    table = "domains"
    gold_cost = count(_("gold cost"))
    vp_reward = count(_("victory points"))
    effect_text = text(_("effect text"))

    class Meta(ValeriaCard.Meta):
        verbose_name = _("Valeria domain")
        verbose_name_plural = _("Valeria domains")


class MonsterStats(models.Model):
    strength_cost = count(_("strength cost"))
    magic_cost = count(_("magic cost"))
    vp_reward = count(_("victory points"))
    gold_reward = count(_("gold reward"))
    strength_reward = count(_("strength reward"))
    magic_reward = count(_("magic reward"))
    has_special_reward = flag(_("has a special reward"))
    special_reward = ValeriaEffectField(_("special reward"))
    special_reward_text = text(_("special reward text"))

    class Meta:
        abstract = True


class ValeriaMonster(ValeriaCard, MonsterStats):
    table = "monsters"
    area = models.CharField(_("area"), max_length=50)
    monster_type = models.CharField(_("monster type"), max_length=20)
    monster_order = count(_("order in the stack"), _("Position in its area's stack."))
    has_special_cost = flag(_("has a special cost"))
    special_cost = ValeriaEffectField(_("special cost"))
    is_extra = flag(_("extra monster"))

    class Meta(ValeriaCard.Meta):
        verbose_name = _("Valeria monster")
        verbose_name_plural = _("Valeria monsters")


class ValeriaEvent(ValeriaCard, MonsterStats, ActivationAndPassive):
    table = "events"
    roll_match1 = models.SmallIntegerField(_("activation number"), null=True, blank=True)
    has_roll_effect = flag(_("has a roll effect"))
    roll_effect = ValeriaEffectField(_("roll effect"))
    roll_effect_text = text(_("roll effect text"))
    is_monster = flag(_("is a monster"))
    monster_type = models.CharField(_("monster type"), max_length=20, blank=True, default="")
    activation_effect_text = text(_("activation effect text"))
    passive_effect_text = text(_("passive effect text"))

    class Meta(ValeriaCard.Meta):
        verbose_name = _("Valeria event")
        verbose_name_plural = _("Valeria events")


class Multipliers(models.Model):
    """Victory points per resource or card kind held at the end (dukes) or for nobles."""

    monster_mult = count(_("points per monster"))
    citizen_mult = count(_("points per citizen"))
    domain_mult = count(_("points per domain"))
    boss_mult = count(_("points per boss"))
    minion_mult = count(_("points per minion"))
    beast_mult = count(_("points per beast"))
    titan_mult = count(_("points per titan"))

    class Meta:
        abstract = True


class ValeriaDuke(ValeriaCard, Multipliers):
    table = "dukes"
    gold_mult = count(_("points per gold"))
    strength_mult = count(_("points per strength"))
    magic_mult = count(_("points per magic"))
    shadow_mult = count(_("points per shadow role"))
    holy_mult = count(_("points per holy role"))
    soldier_mult = count(_("points per soldier role"))
    worker_mult = count(_("points per worker role"))
    card_text = text(_("card text"))

    class Meta(ValeriaCard.Meta):
        verbose_name = _("Valeria duke")
        verbose_name_plural = _("Valeria dukes")


class ValeriaNoble(ValeriaCard, RoleCounts):
    table = "nobles"
    shadow_multiplier = count(_("points per shadow role"))
    holy_multiplier = count(_("points per holy role"))
    soldier_multiplier = count(_("points per soldier role"))
    worker_multiplier = count(_("points per worker role"))
    monster_multiplier = count(_("points per monster"))
    citizen_multiplier = count(_("points per citizen"))
    domain_multiplier = count(_("points per domain"))
    boss_multiplier = count(_("points per boss"))
    minion_multiplier = count(_("points per minion"))
    beast_multiplier = count(_("points per beast"))
    titan_multiplier = count(_("points per titan"))
    goods_multiplier = count(_("points per good"))
    has_special_duke_payout = flag(_("has a special duke payout"))
    special_duke_payout = ValeriaEffectField(_("special duke payout"))

    class Meta(ValeriaCard.Meta):
        verbose_name = _("Valeria noble")
        verbose_name_plural = _("Valeria nobles")


class ValeriaAgent(ValeriaCard):
    table = "agents"
    activation_effect = ValeriaEffectField(_("activation effect"))
    activation_effect_text = text(_("activation effect text"))

    class Meta(ValeriaCard.Meta):
        verbose_name = _("Valeria agent")
        verbose_name_plural = _("Valeria agents")


class ValeriaRelic(ValeriaCard):
    table = "relics"
    passive_effect = ValeriaEffectField(_("passive effect"))
    passive_effect_text = text(_("passive effect text"))
    consumes_action = flag(_("takes an action"), _("Using it takes one of the player's actions."))

    class Meta(ValeriaCard.Meta):
        verbose_name = _("Valeria relic")
        verbose_name_plural = _("Valeria relics")


class ValeriaPreset(models.Model):
    """A game setup the reference ships (presets/*.json): which cards a lobby deals, kept as its settings."""

    slug = models.SlugField(_("slug"), unique=True)
    label = models.CharField(_("label"), max_length=100)
    short_label = models.CharField(_("short label"), max_length=50, blank=True, default="")
    lobby_selectable = flag(_("offered in the lobby"))
    alias = models.CharField(_("alias"), max_length=50, blank=True, default="",
                             help_text=_("Another preset this one stands for."))
    settings = models.JSONField(_("settings"), default=dict, blank=True,
                                help_text=_("The preset's other keys, as in the reference."))
    history = HistoricalRecords()

    class Meta:
        ordering = ["slug"]
        verbose_name = _("Valeria preset")
        verbose_name_plural = _("Valeria presets")

    def __str__(self):
        return self.label


VALERIA_TABLES = [ValeriaCitizen, ValeriaDomain, ValeriaMonster, ValeriaDuke, ValeriaNoble, ValeriaEvent,
                  ValeriaStarter, ValeriaAgent, ValeriaRelic]
TABLE_MODELS = {model.table: model for model in VALERIA_TABLES}
