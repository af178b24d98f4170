"""Writing drafts: copy the published cards, build a draft's card document, publish a draft.

Drafts copy the Machi Koro cards, reached through the app registry (the card models) and the game registry (its
exporter), not by importing the game's package.
"""
from dataclasses import dataclass

from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.registry import get_game

from cards.integrity import keeping_games_playable
from cards.models import CardGame, CardSetDraft, DraftCard
from cards.models.drafts import DRAFT_GAME

BALANCED_FIELDS = ("name", "extension", "cost", "effect")
ESTABLISHMENT_FIELDS = BALANCED_FIELDS + ("colour", "icon", "activation_min", "activation_max", "copies", "major")
LANDMARK_FIELDS = BALANCED_FIELDS + ("copies",)


def _published_models():
    """{draft card kind: the card model it copies}."""
    return {"establishment": apps.get_model("cards", "Establishment"), "landmark": apps.get_model("cards", "Landmark")}


def _published_cards():
    game = CardGame.objects.get(slug=CardGame.MACHI_KORO)
    models = _published_models()
    establishments = (models["establishment"].objects.filter(extension__game=game)
                      .select_related("extension__game", "colour", "icon"))
    landmarks = models["landmark"].objects.filter(extension__game=game).select_related("extension__game")
    return establishments.order_by("extension__order", "id"), landmarks.order_by("extension__order", "id")


@transaction.atomic
def create_draft(*, name, user=None, notes=""):
    """A new draft holding a copy of every published Machi Koro card."""
    if CardSetDraft.objects.filter(name=name).exists():
        raise ValidationError({"name": "A draft with this name exists already."})
    draft = CardSetDraft.objects.create(name=name, notes=notes, created_by=user)
    copy_published_cards(draft)
    return draft


def copy_published_cards(draft):
    """Fill a new draft with a copy of every published Machi Koro card."""
    establishments, landmarks = _published_cards()
    rows = [DraftCard(draft=draft, kind=DraftCard.Kind.ESTABLISHMENT, slug=card.slug,
                      **{field: getattr(card, field) for field in ESTABLISHMENT_FIELDS})
            for card in establishments]
    rows += [DraftCard(draft=draft, kind=DraftCard.Kind.LANDMARK, slug=card.slug,
                       **{field: getattr(card, field) for field in LANDMARK_FIELDS})
             for card in landmarks]
    DraftCard.objects.bulk_create(rows)


def draft_document(draft):
    """The card document (cards/data/machikoro.json's format) of the published set with the draft applied."""
    document = get_game(DRAFT_GAME).part("exporter")()
    published = {**{("establishment", c["slug"]): c for c in document["establishments"]},
                 **{("landmark", c["slug"]): c for c in document["landmarks"]}}
    establishments, landmarks = [], []
    rows = draft.cards.filter(included=True).select_related("extension", "colour", "icon").order_by("id")
    for row in rows:
        base = published.get((row.kind, row.slug), {})
        data = {"slug": row.slug, "name": row.name, "name_fr": base.get("name_fr", ""),
                "aliases": base.get("aliases", []), "extension": row.extension.slug, "cost": row.cost,
                "effect": row.effect, "description": base.get("description", "")}
        if row.kind == DraftCard.Kind.ESTABLISHMENT:
            data.update(colour=row.colour.slug, icon=row.icon.slug, activation_min=row.activation_min,
                        activation_max=row.activation_max, copies=row.copies, major=row.major,
                        rules_note=base.get("rules_note", ""))
            establishments.append(data)
        else:
            data.update(starts_built=base.get("starts_built", False),
                        counts_toward_win=base.get("counts_toward_win", True), copies=row.copies)
            landmarks.append(data)
    document["establishments"] = establishments
    document["landmarks"] = landmarks
    return document


@dataclass(frozen=True)
class FieldChange:
    field: str        # the field's name
    label: str        # its name for people, in the active language
    old: object       # the published card's value
    new: object       # the draft's


@dataclass(frozen=True)
class CardChange:
    kind: str
    slug: str
    name: str                  # the draft's name for changed and added cards, the published one for removed cards
    fields: tuple = ()         # FieldChange of a changed card, in the model's order

    @property
    def kind_label(self):
        return DraftCard.Kind(self.kind).label


def draft_comparison(draft):
    """The draft against the published cards, card by card and field by field: {"changed", "added", "removed"},
    lists of CardChange in the draft's order (a few queries, however many cards)."""
    establishments, landmarks = _published_cards()
    published = {**{("establishment", c.slug): (c, ESTABLISHMENT_FIELDS) for c in establishments},
                 **{("landmark", c.slug): (c, LANDMARK_FIELDS) for c in landmarks}}
    labels = {field.name: str(field.verbose_name) for field in DraftCard._meta.fields}
    changed, added, removed = [], [], []
    rows = draft.cards.select_related("extension__game", "colour", "icon").order_by("kind", "extension__order", "id")
    for row in rows:
        key = (row.kind, row.slug)
        if key not in published:
            if row.included:
                added.append(CardChange(row.kind, row.slug, row.name))
            continue
        card, fields = published.pop(key)
        if not row.included:
            removed.append(CardChange(row.kind, row.slug, card.name))
            continue
        diffs = tuple(FieldChange(field, labels[field], getattr(card, field), getattr(row, field)) for field in fields
                      if getattr(card, field) != getattr(row, field))
        if diffs:
            changed.append(CardChange(row.kind, row.slug, row.name, diffs))
    return {"changed": changed, "added": added, "removed": removed}


def draft_changes(draft):
    """What publishing would change: lists of (kind, slug, what) for changed, added and removed cards."""
    comparison = draft_comparison(draft)
    return {"changed": [(card.kind, card.slug, "; ".join(f"{d.field}: {d.old} → {d.new}" for d in card.fields))
                        for card in comparison["changed"]],
            "added": [(card.kind, card.slug, card.name) for card in comparison["added"]],
            "removed": [(card.kind, card.slug, card.name) for card in comparison["removed"]]}


def publish_draft(draft, *, user=None):
    """Write the draft into the published cards: each change is a normal, validated edit with history. All or
    nothing: an invalid card, or a set the game could no longer start (cards/integrity.py: UnplayableChange, a
    ValidationError), writes nothing."""
    published = _published_models()
    refused = _("Draft “%(draft)s” cannot be published, nothing was written") % {"draft": draft}
    with keeping_games_playable(refused, get_game(DRAFT_GAME)):
        for row in draft.cards.select_related("extension", "colour", "icon").order_by("id"):
            model = published[row.kind]
            fields = ESTABLISHMENT_FIELDS if row.kind == DraftCard.Kind.ESTABLISHMENT else LANDMARK_FIELDS
            card = model.objects.filter(slug=row.slug).first()
            if not row.included:
                if card is not None:
                    card._history_user = user
                    card.delete()
                continue
            if card is None:
                card = model(slug=row.slug)
            for field in fields:
                setattr(card, field, getattr(row, field))
            card.full_clean()
            card._history_user = user
            card.save()
        draft.published_at = timezone.now()
        draft.save(update_fields=["published_at", "updated_at"])
    return draft
