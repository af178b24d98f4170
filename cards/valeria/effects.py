"""Valeria effect strings in the database: validation, the legacy -> unified rewrite, English and French.

`rewrite()` (cards/effects, with Valeria's vocabulary: vocabulary.py and legacy.py) handles every legacy spelling
the grammar reads. Two strings of the reference tables
use alternatives written outside any grammar (`|`, `or`, `key:resource:n`); each is a one-off card, so its unified
spelling is written here by hand, from the card's own English text, rather than teaching the parser a syntax no
other card uses (docs/effects.md, "One-off legacy strings").
"""
from django.utils.translation import gettext

from cards.effect_messages import effect_error_message
from cards.effects import EffectError, explain, parse, rewrite, to_string
from cards.language import current_language

from cards.valeria.vocabulary import VOCABULARY

GAME = VOCABULARY.game  # "valeria"

# legacy string -> unified string, with the card it comes from and its printed text.
ONE_OFF_REWRITES = {
    # Golden Idol (event): "The Active player may immediately gain 2 Gold or all players may gain 4 Magic."
    "active_choose self_gain:g:2 | all_gain:m:4": "choose <g 2> <all_gain m 4>",
    # Evermap (relic): "When you buy a Domain, you may ignore 1 Domain requirement or gain 1 Magic."
    "action.build_domain ignore_requirement 1 or m 1": "action.build_domain choose <ignore_requirement 1> <m 1>",
}


def unify(text):
    """The unified spelling of a Valeria effect string (legacy or not). Raises EffectError if it has none."""
    if text in ONE_OFF_REWRITES:
        return ONE_OFF_REWRITES[text]
    return rewrite(text, game=GAME)


def effect_error(text):
    """'' when `text` is empty or a valid Valeria effect, else the error: position, expectation, what was found,
    in the active language (in English the grammar's own message)."""
    if not text:
        return ""
    if text != text.strip():
        return gettext("Remove the spaces at the start or end of the effect.")
    try:
        parse(text, game=GAME)
    except EffectError as error:
        return effect_error_message(error)
    return ""


def explain_effect(text, language=None):
    """The effect in `language` (default: the active one, see cards.language); '' when empty or invalid."""
    if not text:
        return ""
    try:
        return explain(parse(unify(text), game=GAME), language=language or current_language())
    except EffectError:
        return ""


def canonical(text):
    return to_string(parse(text, game=GAME))


def explain_answer(text, params, language):
    """(unified spelling, explanation) of an effect typed in the admin (GET /api/effects/explain/, cards/effect_api.py);
    EffectError when it is invalid."""
    tree = parse(text, game=GAME)
    return unify(text), explain(tree, language=language)
