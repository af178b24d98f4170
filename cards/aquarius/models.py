"""Aquarius cards (seed 004). A deck is an extension of the Aquarius game: the official First Edition deck,
or a variant a designer authors (usually by copying the official cards into a new deck and editing them).

The rules engine is the authority on what a playable card is; `clean` asks it, through the game registry
(config/games.py: its `card_check`), never by importing it.
"""
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _, pgettext_lazy
from simple_history.models import HistoricalRecords

from config.registry import get_game

from cards.models.catalogue import CardGame, Extension

from cards.aquarius.problems import problem_messages

PANELS_HELP = _(
    "Element letters (a air, e earth, f fire, w water, v void), for the card upright: whole 1 letter; "
    "landscape 2 (top, bottom); portrait 2 (left, right); quartered 4 (top-left, top-right, bottom-right, "
    "bottom-left: clockwise); none for an action card. One card never shows an element twice."
)


KINDS = ["whole", "landscape", "portrait", "quartered", "action"]


class AquariusCard(models.Model):
    class Kind(models.TextChoices):
        WHOLE = "whole", _("Whole element")
        LANDSCAPE = "landscape", _("Half, landscape (top / bottom)")
        PORTRAIT = "portrait", _("Half, portrait (left / right)")
        QUARTERED = "quartered", _("Quartered")
        ACTION = "action", _("Action")

    class Action(models.TextChoices):
        SHUFFLE_GOALS = "shuffle_goals", pgettext_lazy("aquarius card", "Shuffle Goals")
        MOVE_CARD = "move_card", pgettext_lazy("aquarius card", "Move a Card")
        ZAP_CARD = "zap_card", pgettext_lazy("aquarius card", "Zap a Card")
        TRADE_GOALS = "trade_goals", pgettext_lazy("aquarius card", "Trade Goals")
        TRADE_HANDS = "trade_hands", pgettext_lazy("aquarius card", "Trade Hands")

    deck = models.ForeignKey(Extension, on_delete=models.PROTECT, related_name="aquarius_cards", verbose_name=_("deck"),
                             help_text=_("The deck this card belongs to (an extension of Aquarius)."))
    slug = models.SlugField(_("id"), max_length=40,
                            help_text=_("The card's id in games and the referee API: w_a_1, l_ea, q_wevf, act_f_2 ..."))
    name = models.CharField(_("name"), max_length=100)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    panels = models.CharField(_("panels"), max_length=4, blank=True, help_text=PANELS_HELP)
    action = models.CharField(_("action"), max_length=20, choices=Action.choices, blank=True,
                              help_text=_("Only for action cards."))
    order = models.PositiveSmallIntegerField(_("order"), default=0, help_text=_("Position in the deck list."))
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["deck__order", "order", "id"]
        verbose_name = _("Aquarius card")
        verbose_name_plural = _("Aquarius cards")
        constraints = [
            models.UniqueConstraint(fields=["deck", "slug"], name="aquariuscard_unique_id_per_deck",
                                    violation_error_message=_("This deck already has a card with this id.")),
            models.CheckConstraint(condition=models.Q(kind__in=KINDS), name="aquariuscard_known_kind"),
        ]

    def __str__(self):
        return f"{self.slug} ({self.name})" if self.name else self.slug

    def to_engine(self):
        """The card as the rules engine and the frozen deck read it."""
        return {"id": self.slug, "kind": self.kind, "name": self.name, "panels": list(self.panels),
                "action": self.action or None}

    def clean(self):
        super().clean()
        if self.deck_id and self.deck.game.slug != CardGame.AQUARIUS:
            raise ValidationError({"deck": _("Choose an Aquarius deck.")})
        problems = get_game("aquarius").part("card_check")(self.to_engine(), self.kind) if self.kind else []
        if problems:
            raise ValidationError(problem_messages(self, problems))
