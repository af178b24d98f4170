"""Lorenzo il Magnifico cards (seed 000): development cards, leader cards and excommunication tiles.

Development and leader cards carry typed effects as rows (slot, position, keyword, payload), in
the order of the JSON arrays: seed 000's order rule ties the n-th payload to the n-th effect.
Excommunication tiles have at most one instant and one permanent effect, kept as columns.
"""
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from cards.lorenzo import vocabulary as words
from cards.lorenzo.payloads import (
    EXCOMMUNICATION_EFFECTS,
    as_messages,
    cost_problems,
    effect_slot_problem,
    excommunication_payload_errors,
    leader_requirement_problems,
    payload_problems,
    resource_problems,
)

from cards.models.catalogue import CardGame, Extension

period_validators = [MinValueValidator(1), MaxValueValidator(3)]
EFFECT_CHOICES = [(name, name) for name in sorted(words.EFFECTS)]


class LorenzoCard(models.Model):
    """Fields every Lorenzo card has."""

    slug = models.SlugField(_("slug"), unique=True, help_text=_("Stable identifier, made from the name."))
    name = models.CharField(_("name"), max_length=100)
    source_name = models.CharField(
        _("name as imported"),
        max_length=100,
        blank=True,
        help_text=_("The name exactly as the imported file wrote it, when it had stray spaces or characters; "
                    "exports write it back."),
    )
    extension = models.ForeignKey(Extension, on_delete=models.PROTECT, related_name="+", verbose_name=_("extension"))
    image_name = models.CharField(_("image file name"), max_length=200, blank=True,
                                  help_text=_('The image file name ("path" in the JSON).'))
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        abstract = True

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()
        if self.extension_id and self.extension.game.slug != CardGame.LORENZO:
            raise ValidationError({"extension": _("Choose a Lorenzo il Magnifico extension.")})


class DevelopmentCard(LorenzoCard):
    """A territory, character, building or venture card, taken from the towers."""

    class CardType(models.TextChoices):
        TERRITORY = "TERRITORYCARD", _("Territory (green)")
        CHARACTER = "CHARACTERCARD", _("Character (blue)")
        BUILDING = "BUILDINGCARD", _("Building (yellow)")
        VENTURE = "VENTURECARD", _("Venture (purple)")

    card_type = models.CharField(_("card type"), max_length=20, choices=CardType.choices)
    period = models.PositiveSmallIntegerField(_("period"), validators=period_validators)
    costs = models.JSONField(
        _("costs"), null=True, blank=True,
        help_text=_('Alternative costs, e.g. [{"MILITARY_POINTS": 2}, {"WOOD": 1, "COINS": 2}]; empty for territories.'),
    )  # fmt: skip
    requirements = models.JSONField(
        _("requirements"), null=True, blank=True,
        help_text=_('Resources the player must own to pay a cost, e.g. {"MILITARY_POINTS": 4}.'),
    )  # fmt: skip
    minimum_action_value = models.PositiveSmallIntegerField(
        _("minimum action value"), null=True, blank=True,
        help_text=_("The harvest or production value that activates the permanent effects."),
    )  # fmt: skip
    exclusive_permanent_effect = models.BooleanField(
        _("exclusive permanent effect"), null=True, blank=True,
        help_text=_("Only one of the permanent effects applies (exclusivePermanentEffect)."),
    )  # fmt: skip
    image = models.ImageField(_("image"), upload_to="lorenzo/development/", blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["card_type", "period", "id"]
        verbose_name = _("development card")
        verbose_name_plural = _("development cards")
        constraints = [
            models.UniqueConstraint(fields=["extension", "name"], name="developmentcard_unique_name_per_extension"),
            models.CheckConstraint(condition=Q(period__gte=1) & Q(period__lte=3), name="developmentcard_period_1_to_3"),
            models.CheckConstraint(
                condition=Q(card_type__in=list(words.CARD_TYPES)), name="developmentcard_known_type"
            ),
        ]

    def clean(self):
        super().clean()
        errors = {}
        if problems := cost_problems(self.costs):
            errors["costs"] = as_messages(problems)
        if self.requirements is not None and (problems := resource_problems(self.requirements)):
            errors["requirements"] = as_messages(problems)
        if errors:
            raise ValidationError(errors)


class LeaderCard(LorenzoCard):
    """A leader: played once its requirements are met, for a once-per-round or permanent ability."""

    requirements = models.JSONField(
        _("requirements"),
        null=True,
        blank=True,
        help_text=_('{"RESOURCE": {"COINS": 18}} and/or {"CARDTYPE": {"VENTURECARD": 5}}; CARDTYPE may list '
                    "alternatives."),
    )
    image = models.ImageField(_("image"), upload_to="lorenzo/leaders/", blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]
        verbose_name = _("leader card")
        verbose_name_plural = _("leader cards")
        constraints = [
            models.UniqueConstraint(fields=["extension", "name"], name="leadercard_unique_name_per_extension"),
        ]

    def clean(self):
        super().clean()
        if problems := leader_requirement_problems(self.requirements):
            raise ValidationError({"requirements": as_messages(problems)})


class CardEffect(models.Model):
    """One effect of a card: its slot, its position in the slot's array, its keyword and payload."""

    class Timing(models.TextChoices):
        INSTANT = words.INSTANT, _("Instant")
        PERMANENT = words.PERMANENT, _("Permanent")
        FLAG = words.FLAG, _("Flag")

    CARD_KIND = None

    timing = models.CharField(_("timing"), max_length=10, choices=Timing.choices)
    position = models.PositiveSmallIntegerField(_("position"), default=0,
                                                help_text=_("Order within the slot: payloads follow it."))
    effect_type = models.CharField(_("effect"), max_length=20, choices=EFFECT_CHOICES)
    payload = models.JSONField(_("payload"), null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["timing", "position"]

    def __str__(self):
        return f"{self.get_timing_display()} {self.effect_type}"

    def clean(self):
        super().clean()
        problem = effect_slot_problem(self.effect_type, self.timing, self.CARD_KIND)
        if problem:
            raise ValidationError({"effect_type": problem})
        if problems := payload_problems(self.effect_type, self.payload, self.CARD_KIND):
            raise ValidationError({"payload": as_messages(problems)})


class DevelopmentCardEffect(CardEffect):
    CARD_KIND = words.DEVELOPMENT

    card = models.ForeignKey(DevelopmentCard, on_delete=models.CASCADE, related_name="effects", verbose_name=_("card"))
    history = HistoricalRecords()

    class Meta(CardEffect.Meta):
        verbose_name = _("development card effect")
        verbose_name_plural = _("development card effects")
        constraints = [
            models.UniqueConstraint(
                fields=["card", "timing", "position"], name="developmentcardeffect_unique_position"
            ),
            models.CheckConstraint(condition=~Q(timing=words.FLAG), name="developmentcardeffect_no_flag_slot"),
        ]


class LeaderCardEffect(CardEffect):
    CARD_KIND = words.LEADER

    card = models.ForeignKey(LeaderCard, on_delete=models.CASCADE, related_name="effects", verbose_name=_("card"))
    history = HistoricalRecords()

    class Meta(CardEffect.Meta):
        verbose_name = _("leader card effect")
        verbose_name_plural = _("leader card effects")
        constraints = [
            models.UniqueConstraint(fields=["card", "timing", "position"], name="leadercardeffect_unique_position"),
        ]


class Excommunication(models.Model):
    """An excommunication tile: an instant and/or permanent malus for one period of the game."""

    slug = models.SlugField(_("slug"), unique=True)
    name = models.CharField(_("name"), max_length=100)
    source_name = models.CharField(
        _("name as imported"),
        max_length=100,
        blank=True,
        help_text=_("The name exactly as the imported file wrote it, when it had stray spaces or characters."),
    )
    extension = models.ForeignKey(Extension, on_delete=models.PROTECT, related_name="excommunications",
                                  verbose_name=_("extension"))
    period = models.PositiveSmallIntegerField(_("period"), validators=period_validators)
    instant_effect = models.CharField(_("instant effect"), max_length=40, blank=True)
    instant_payload = models.JSONField(_("instant payload"), null=True, blank=True)
    permanent_effect = models.CharField(_("permanent effect"), max_length=40, blank=True)
    permanent_payload = models.JSONField(_("permanent payload"), null=True, blank=True)
    image_name = models.CharField(_("image file name"), max_length=200, blank=True,
                                  help_text=_('The image file name ("path" in the JSON).'))
    image = models.ImageField(_("image"), upload_to="excommunications/", blank=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["period", "name"]
        verbose_name = _("excommunication")
        verbose_name_plural = _("excommunications")
        constraints = [
            models.UniqueConstraint(fields=["extension", "name"], name="excommunication_unique_name_per_extension"),
            models.CheckConstraint(condition=Q(period__gte=1) & Q(period__lte=3), name="excommunication_period_1_to_3"),
            models.CheckConstraint(
                condition=~Q(instant_effect="") | ~Q(permanent_effect=""), name="excommunication_has_an_effect"
            ),
        ]

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()
        if self.extension_id and self.extension.game.slug != CardGame.LORENZO:
            raise ValidationError({"extension": _("Choose a Lorenzo il Magnifico extension.")})
        if not self.instant_effect and not self.permanent_effect:
            raise ValidationError(_("An excommunication needs an instant or a permanent effect."))
        errors = {}
        needs_effect = {"instant": _("An instant payload needs an instant effect."),
                        "permanent": _("A permanent payload needs a permanent effect.")}
        for kind in ("instant", "permanent"):
            effect = getattr(self, f"{kind}_effect")
            payload = getattr(self, f"{kind}_payload")
            if not effect:
                if payload not in (None, {}, []):
                    errors[f"{kind}_payload"] = needs_effect[kind]
                continue
            problems = excommunication_payload_errors(effect, payload)
            if problems:
                errors[f"{kind}_payload" if effect in EXCOMMUNICATION_EFFECTS else f"{kind}_effect"] = "; ".join(problems)
        if errors:
            raise ValidationError(errors)
