"""Drafts: a designer's named copy of the Machi Koro card set, edited and tried in the balance lab.

A draft never touches the published cards that games freeze at their start; it becomes real only when
a designer publishes it (cards.drafts.services.publish_draft), as ordinary card edits with history.
"""
from dataclasses import replace

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from config.registry import get_game

from cards.models.catalogue import CardGame, Extension

DRAFT_GAME = "machikoro"  # the game whose card set a draft copies (its declaration in config/games.py)
DRAFT_CARD_GAME = CardGame.MACHI_KORO  # the same game's slug in the card database


def _game_effects():
    """The drafted game's effect checks (its registry part `effects`: cards/machikoro/effects.py)."""
    return get_game(DRAFT_GAME).part("effects")


def draft_effect_names(draft=None, more_names=()):
    """The names a draft card's effect may use: the published cards', the draft's own cards' (they may name a card
    the draft adds or renames) and `more_names` (a form's rows as they were just typed)."""
    context = _game_effects().effect_context()
    names = set(more_names)
    if draft is not None and draft.pk is not None:
        names.update(draft.cards.values_list("name", flat=True))
    return replace(context, card_names=frozenset(context.card_names or ()) | names)


class CardSetDraft(models.Model):
    name = models.CharField(_("name"), max_length=100, unique=True)
    notes = models.TextField(_("notes"), blank=True, help_text=_("What this draft tries, for the other designers."))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+", verbose_name=_("created by"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-updated_at"]
        verbose_name = _("card set draft")
        verbose_name_plural = _("card set drafts")

    def __str__(self):
        return self.name


class DraftCard(models.Model):
    """One card of a draft: the fields a designer balances, the rest follows the published card."""

    class Kind(models.TextChoices):
        ESTABLISHMENT = "establishment", _("Establishment")
        LANDMARK = "landmark", _("Landmark")

    draft = models.ForeignKey(CardSetDraft, on_delete=models.CASCADE, related_name="cards", verbose_name=_("draft"))
    kind = models.CharField(_("kind"), max_length=15, choices=Kind.choices, default=Kind.ESTABLISHMENT)
    slug = models.SlugField(_("slug"))
    name = models.CharField(_("name"), max_length=100)
    extension = models.ForeignKey(Extension, on_delete=models.PROTECT, related_name="+", verbose_name=_("extension"))
    cost = models.PositiveSmallIntegerField(_("cost"))
    effect = models.CharField(_("effect"), max_length=500, blank=True)
    colour = models.ForeignKey("cards.Colour", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
                               verbose_name=_("colour"))
    icon = models.ForeignKey("cards.IconType", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
                             verbose_name=_("icon"))
    activation_min = models.PositiveSmallIntegerField(_("activation min"), null=True, blank=True,
                                                      validators=_game_effects().dice_value_validators)
    activation_max = models.PositiveSmallIntegerField(_("activation max"), null=True, blank=True,
                                                      validators=_game_effects().dice_value_validators)
    copies = models.PositiveSmallIntegerField(_("copies"), default=6)
    major = models.BooleanField(_("major"), default=False)
    included = models.BooleanField(_("included"), default=True, help_text=_("Untick to play the draft without this card."))
    history = HistoricalRecords()

    # Not fields: set by a formset that read them once for all its rows (cards/drafts/forms.py), so that checking
    # a row costs no query: the names its effect may use, and the foreign keys already checked among the objects
    # the form offered.
    effect_names = None
    checked_keys = ()

    class Meta:
        ordering = ["kind", "extension__order", "id"]
        verbose_name = _("draft card")
        verbose_name_plural = _("draft cards")
        constraints = [models.UniqueConstraint(fields=["draft", "slug"], name="draftcard_unique_slug_per_draft")]

    def __str__(self):
        return f"{self.name} ({self.draft})"

    def clean_fields(self, exclude=None):
        super().clean_fields(exclude=set(exclude or ()) | set(self.checked_keys))

    def clean(self):
        super().clean()
        errors = {}
        for field in ("extension", "colour", "icon"):  # the drafted game's, not another game's
            if getattr(self, f"{field}_id") is not None and getattr(self, field).game.slug != DRAFT_CARD_GAME:
                errors[field] = _("A draft holds Machi Koro cards: choose one of that game’s.")
        if self.kind == self.Kind.ESTABLISHMENT:
            for field in ("colour", "icon", "activation_min", "activation_max"):
                if getattr(self, field) is None:
                    errors[field] = _("An establishment needs this.")
            if None not in (self.activation_min, self.activation_max) and self.activation_min > self.activation_max:
                errors["activation_max"] = _("The highest activation number is below the lowest.")
        message = ""
        if self.effect:  # an empty effect is allowed; reading the names would cost queries for nothing
            names = self.effect_names or draft_effect_names(self.draft if self.draft_id else None)
            message = _game_effects().effect_errors(self.effect, context=names,
                                                    extra_names=[self.name] if self.name else ())
        if message:
            errors["effect"] = message
        if errors:
            raise ValidationError(errors)
