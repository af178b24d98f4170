"""Machi Koro effect strings in the card database: validation against the grammar and the rules engine, and
explanations (English, French).

The grammar itself (cards.effects, with Machi Koro's vocabulary in cards/machikoro/vocabulary.py) knows nothing of
Django; this module gives it the names the database knows (icons, colours, card and landmark names) so a filter
naming an unknown icon or card is refused too. It reads the card tables through the app registry (not by importing
the models, which check their effects here) and reaches the rules engine through the game registry (config/games.py:
the engine's `card_check`), never by importing it.
"""
import contextlib
import contextvars
from dataclasses import replace
from functools import lru_cache
from types import SimpleNamespace

from django.apps import apps
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext as _, gettext_lazy

from config.registry import get_game

from cards.effects import EffectContext, EffectError, explain, parse, to_string
from cards.effect_messages import effect_error_message
from cards.language import current_language

from cards.machikoro.carddata import establishment_to_data, landmark_to_data
from cards.machikoro.vocabulary import VOCABULARY

MACHI_KORO = "machi-koro"
GAME = VOCABULARY.game  # the grammar's name for Machi Koro (and the card database's: CardGame.MACHI_KORO)
REGISTRY_SLUG = "machikoro"  # its declaration in config/games.py

# Two dice plus the Harbor's +2 reach 14.
DICE_MIN, DICE_MAX = 1, 14
dice_value_validators = [MinValueValidator(DICE_MIN), MaxValueValidator(DICE_MAX)]
# The one message for a card without an effect, in the model, the admin and the API alike.
EFFECT_REQUIRED = gettext_lazy("Every card needs an effect: write what it does in the effect grammar.")

# Names a card file being loaded adds, so its cards may refer to each other before all are saved.
_pending_names = contextvars.ContextVar("pending_effect_names", default=None)
# The card file being loaded, and (once asked for) the database's cards with the file's laid over them.
_pending_document = contextvars.ContextVar("pending_document", default=None)
ENGINE_KEYS = ("extensions", "colours", "icons", "establishments", "landmarks")


@contextlib.contextmanager
def names_from_document(document):
    token = _pending_names.set(EffectContext.from_card_data(document))
    document_token = _pending_document.set({"document": document, "merged": None})
    try:
        yield
    finally:
        _pending_names.reset(token)
        _pending_document.reset(document_token)


def _model(name):
    return apps.get_model("cards", name)


def effect_context():
    """The names effects may use: the database's, with those of a card file being loaded."""
    pending = _pending_names.get() or EffectContext(frozenset(), frozenset(), frozenset(), frozenset())
    return EffectContext(
        icons=set(_model("IconType").objects.filter(game__slug=MACHI_KORO).values_list("slug", flat=True)) | pending.icons,
        colours=set(_model("Colour").objects.filter(game__slug=MACHI_KORO).values_list("slug", flat=True)) | pending.colours,
        card_names=set(_model("Establishment").objects.values_list("name", flat=True)) | pending.card_names,
        landmark_names=set(_model("Landmark").objects.values_list("name", flat=True)) | pending.landmark_names,
    )


def effect_errors(text, context=None, extra_names=()):
    """A message saying what is wrong with an effect string, or '' when it is valid.

    ``extra_names`` lets a card being created refer to itself by name.
    """
    if not text:
        return ""
    if text != text.strip():
        return _("Remove the spaces at the start or end of the effect.")
    context = context or effect_context()
    if extra_names and context.card_names is not None:
        context = EffectContext(
            icons=context.icons,
            colours=context.colours,
            card_names=context.card_names | set(extra_names),
            landmark_names=context.landmark_names,
        )
    try:
        parse(text, game=VOCABULARY, context=context)
    except EffectError as exc:
        return effect_error_message(exc)
    return ""


def _database_document():
    try:
        return get_game(REGISTRY_SLUG).part("exporter")()
    except _model("CardGame").DoesNotExist:
        return {key: [] for key in ENGINE_KEYS}


def _engine_document():
    """The Machi Koro cards a new game would be built from (a file being loaded laid over the database)."""
    pending = _pending_document.get()
    if pending is None:
        return _database_document()
    if pending["merged"] is None:
        merged = _database_document()
        for key in ENGINE_KEYS:
            by_slug = {item["slug"]: item for item in merged[key]}
            by_slug.update((item["slug"], item) for item in pending["document"].get(key, []))
            merged[key] = list(by_slug.values())
        pending["merged"] = merged
    return pending["merged"]


def playability_error(card):
    """Why the rules engine could not play this Establishment or Landmark (a message naming it), or '' when it can.

    The grammar accepts effects the engine cannot play (a landmark leg with no phase, an establishment in a
    landmark's phase, an empty effect): checking here keeps every card the admin, API or loader accepts
    playable, instead of failing when the next game starts. The engine is plain Python (games/machikoro).
    """
    kind, card_data = (("establishments", establishment_to_data(card)) if isinstance(card, _model("Establishment"))
                       else ("landmarks", landmark_to_data(card)))
    problems = get_game(REGISTRY_SLUG).part("card_check")(card_data, kind, _engine_document())
    if problems:
        return _("The rules engine cannot play this card: %(reason)s.") % {"reason": problems[0]}
    return ""


def _card_facts(card):
    """(colour slug, activation min, activation max): what an explanation reads from its card."""
    if card is None:
        return None, None, None
    colour = getattr(card, "colour", None) if getattr(card, "colour_id", None) else None
    low = getattr(card, "activation_min", None)
    high = getattr(card, "activation_max", None) if low is not None else None
    return (colour.slug if colour is not None else None), low, high


def explain_effect(text, card=None, language=None):
    """The effect in `language` (default: the active one, see cards.language), or '' when empty or invalid.

    Parsing and explaining is pure in the string, the card's facts and the language, so each combination is
    worked out once per process (the card list would otherwise re-parse every card on every request).
    """
    if not text:
        return ""
    return _explained(text, *_card_facts(card), language or current_language())


@lru_cache(maxsize=8192)
def _explained(text, colour, low, high, language):
    facts = {}
    if colour is not None:
        facts["colour"] = colour
    if low is not None:
        facts["activation"] = list(range(low, high + 1))
    try:
        return explain(parse(text, game=VOCABULARY), card=facts or None, language=language)
    except EffectError:
        return ""


def form_card(params):
    """Colour and activation numbers from the admin form, so the English says when the card fires."""
    colour = None
    value = params.get("colour")
    if value:
        lookup = {"pk": value} if value.isdigit() else {"slug": value}
        colour = _model("Colour").objects.filter(game__slug=MACHI_KORO, **lookup).first()
    numbers = [params.get("activation_min"), params.get("activation_max")]
    low, high = [int(n) if n and n.isdigit() else None for n in numbers]
    return SimpleNamespace(colour=colour, colour_id=colour and colour.pk, activation_min=low,
                           activation_max=high if high is not None else low)


def explain_answer(text, params, language):
    """(unified spelling, explanation) of an effect typed in the admin (GET /api/effects/explain/, cards/effect_api.py);
    EffectError when it is invalid. `params` may name the card (it may name itself), its colour and numbers."""
    context = effect_context()
    if params.get("name") and context.card_names is not None:  # a card may name itself
        context = replace(context, card_names=frozenset(context.card_names) | {params["name"]})
    tree = parse(text, game=VOCABULARY, context=context)
    return to_string(tree), explain_effect(text, card=form_card(params)) or explain(tree, language=language)
