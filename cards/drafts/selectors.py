"""Reading what the draft editor offers: the drafted game's extensions, colours and icons, and the names a row's
effect may use, each read once for a whole page of rows."""
from dataclasses import dataclass

from django.apps import apps

from cards.effects.context import EffectContext
from cards.models import Extension
from cards.models.drafts import DRAFT_CARD_GAME, draft_effect_names


@dataclass(frozen=True)
class DraftEditorChoices:
    extensions: list
    colours: list
    icons: list
    effect_names: EffectContext


def draft_editor_choices(draft=None, typed_names=()):
    """What every row of a draft's page shares (a handful of queries, however many rows)."""
    of_the_game = {"game__slug": DRAFT_CARD_GAME}
    colours = apps.get_model("cards", "Colour").objects.filter(**of_the_game).select_related("game")
    icons = apps.get_model("cards", "IconType").objects.filter(**of_the_game).select_related("game")
    return DraftEditorChoices(
        extensions=list(Extension.objects.filter(**of_the_game).select_related("game").order_by("order", "name")),
        colours=list(colours), icons=list(icons),
        effect_names=draft_effect_names(draft, more_names=typed_names))
