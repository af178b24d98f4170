"""Machi Koro (Minivilles) cards: colours, icon types, establishments and landmarks."""
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from cards.models.catalogue import CardGame, Extension

from cards.machikoro import effects as checks
from cards.machikoro.effects import DICE_MAX, DICE_MIN, EFFECT_REQUIRED, dice_value_validators


class Colour(models.Model):
    """A card colour: it says when a card fires and who pays."""

    class ActivatedBy(models.TextChoices):
        ANYONE = "anyone", _("Anyone's roll (the owner's too)")
        OWNER = "owner", _("The owner's own roll")
        OTHERS = "others", _("Other players' rolls")

    game = models.ForeignKey(CardGame, on_delete=models.PROTECT, related_name="colours", verbose_name=_("game"))
    slug = models.SlugField(_("slug"))
    name = models.CharField(_("name"), max_length=40)
    name_fr = models.CharField(_("French name"), max_length=40, blank=True)
    activation_order = models.PositiveSmallIntegerField(
        _("activation order"),
        help_text=_("Colours fire in increasing order: red (1), then blue and green (2), then purple (3).")
    )
    activated_by = models.CharField(_("activated by"), max_length=10, choices=ActivatedBy.choices)
    description = models.TextField(_("description"), blank=True)
    history = HistoricalRecords()  # who changed a name (English or French) and when

    class Meta:
        ordering = ["game", "activation_order", "name"]
        verbose_name = _("colour")
        verbose_name_plural = _("colours")
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="colour_unique_slug_per_game")]

    def __str__(self):
        return self.name


class IconType(models.Model):
    """The icon printed on an establishment (wheat, cow, cup ...), counted by combo cards."""

    game = models.ForeignKey(CardGame, on_delete=models.PROTECT, related_name="icon_types", verbose_name=_("game"))
    slug = models.SlugField(_("slug"))
    name = models.CharField(_("name"), max_length=40)
    name_fr = models.CharField(_("French name"), max_length=40, blank=True)
    symbol = models.CharField(_("symbol"), max_length=8, blank=True,
                              help_text=_("A character shown where no picture is set."))
    picture = models.ImageField(_("picture"), upload_to="icons/", blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["game", "name"]
        verbose_name = _("icon type")
        verbose_name_plural = _("icon types")
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="icontype_unique_slug_per_game")]

    def __str__(self):
        return self.name


class MachiKoroCard(models.Model):
    """Fields shared by establishments and landmarks."""

    slug = models.SlugField(_("slug"), unique=True, help_text=_("Stable identifier used by the API, exports and games."))
    name = models.CharField(_("name"), max_length=100)
    name_fr = models.CharField(_("French name"), max_length=100, blank=True)
    aliases = models.JSONField(_("aliases"), default=list, blank=True,
                               help_text=_("Other printed names, as a list of strings."))
    extension = models.ForeignKey(Extension, on_delete=models.PROTECT, verbose_name=_("extension"))
    image = models.ImageField(_("image"), upload_to="cards/", blank=True)
    description = models.TextField(_("description"), blank=True, help_text=_("The card text, for players."))
    cost = models.PositiveSmallIntegerField(_("cost"))
    effect = models.CharField(
        _("effect"), max_length=500, help_text=_("What the card does, in the effect grammar. Every card needs one."),
        error_messages={"blank": EFFECT_REQUIRED},
    )
    rules_note = models.TextField(_("rules note"), blank=True,
                                  help_text=_("Disputed values, printing differences, our rule choices."))
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        abstract = True
        ordering = ["extension__order", "name"]

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()
        if self.aliases is not None and not (
            isinstance(self.aliases, list) and all(isinstance(a, str) for a in self.aliases)
        ):
            raise ValidationError({"aliases": _("Aliases must be a list of names.")})
        if self.extension_id and self.extension.game.slug != CardGame.MACHI_KORO:
            raise ValidationError({"extension": _("Choose a Machi Koro extension.")})
        message = checks.effect_errors(self.effect, extra_names=[self.name] if self.name else ())
        if message:
            raise ValidationError({"effect": message})
        if self.effect and self.extension_id and self.name and self.slug and self._relations_set():
            message = checks.playability_error(self)
            if message:
                raise ValidationError({"effect": message})

    def _relations_set(self):
        return True


class Establishment(MachiKoroCard):
    """A card players buy from the market; fires on a dice total within its activation range."""

    colour = models.ForeignKey(Colour, on_delete=models.PROTECT, related_name="establishments", verbose_name=_("colour"))
    icon = models.ForeignKey(IconType, on_delete=models.PROTECT, related_name="establishments", verbose_name=_("icon"))
    activation_min = models.PositiveSmallIntegerField(_("activation min"), validators=dice_value_validators)
    activation_max = models.PositiveSmallIntegerField(_("activation max"), validators=dice_value_validators)
    copies = models.PositiveSmallIntegerField(_("copies"), default=6, help_text=_("Copies in the box (the market stack)."))
    major = models.BooleanField(_("major"), default=False, help_text=_("Major establishment: at most one per player."))
    history = HistoricalRecords()

    class Meta(MachiKoroCard.Meta):
        verbose_name = _("establishment")
        verbose_name_plural = _("establishments")
        constraints = [
            models.UniqueConstraint(fields=["extension", "name"], name="establishment_unique_name_per_extension"),
            models.CheckConstraint(
                condition=Q(activation_min__gte=DICE_MIN) & Q(activation_max__lte=DICE_MAX),
                name="establishment_activation_within_dice",
            ),
            models.CheckConstraint(
                condition=Q(activation_min__lte=F("activation_max")), name="establishment_activation_min_le_max"
            ),
            models.CheckConstraint(condition=Q(cost__gte=0), name="establishment_cost_not_negative"),
        ]

    def _relations_set(self):
        return bool(self.colour_id and self.icon_id and self.activation_min is not None
                    and self.activation_max is not None and self.cost is not None)

    @property
    def activation_label(self):
        if self.activation_min == self.activation_max:
            return str(self.activation_min)
        return f"{self.activation_min}–{self.activation_max}"

    def clean(self):
        super().clean()
        if (
            self.activation_min is not None
            and self.activation_max is not None
            and self.activation_min > self.activation_max
        ):
            raise ValidationError(
                {"activation_max": _("The highest activation value must not be lower than the lowest.")}
            )
        other_game = {"colour": _("This colour belongs to another game."), "icon": _("This icon belongs to another game.")}
        for field, message in other_game.items():
            related = getattr(self, field, None) if getattr(self, f"{field}_id") else None
            if related is not None and self.extension_id and related.game_id != self.extension.game_id:
                raise ValidationError({field: message})


class Landmark(MachiKoroCard):
    """A monument: a passive ability once built; building all required ones wins."""

    starts_built = models.BooleanField(_("starts built"), default=False,
                                       help_text=_("Every player starts with it built (City Hall)."))
    counts_toward_win = models.BooleanField(_("counts toward win"), default=True, help_text=_("Must be built to win."))
    copies = models.PositiveSmallIntegerField(_("copies"), default=4, help_text=_("Copies in the box."))
    history = HistoricalRecords()

    def _relations_set(self):
        return self.cost is not None

    class Meta(MachiKoroCard.Meta):
        verbose_name = _("landmark (monument)")
        verbose_name_plural = _("landmarks (monuments)")
        constraints = [
            models.UniqueConstraint(fields=["extension", "name"], name="landmark_unique_name_per_extension"),
            models.CheckConstraint(condition=Q(cost__gte=0), name="landmark_cost_not_negative"),
        ]
