"""The cost explanation in the reader's language: every sentence kind in English and in French, plurals included."""
import pytest
from django.utils import translation

from cards.progress.costs import CULTURE, SCIENCE, cover, knowledge_cost
from cards.progress.explain import explain_cost

from cards.tests.progress.test_costs import MEDICINE

NAMES = {"mathematics": "Mathématiques", "burial": "Sépulture"}


def explained(language, active=(), tokens=None, discards=0):
    cost = knowledge_cost(MEDICINE, active=active)
    with translation.override(language):
        return explain_cost("Médecine" if language == "fr" else "Medicine", cost, cover(cost, tokens or {}, discards),
                            NAMES)


def test_waived_paid_tokens_one_discard_unused_tokens_and_covered():
    situation = {"active": ["mathematics"], "tokens": {CULTURE: 1, SCIENCE: 1}, "discards": 1}
    assert explained("en", **situation) == [
        "3 Science is waived: the player owns Mathématiques.",
        "2 Culture must be paid: the player does not own Sépulture.",
        "Medicine costs 2 Culture (General knowledge 2).",
        "Tokens pay 1 Culture.",
        "1 discarded card (wild) pays 1 Culture.",
        "Tokens of the wrong type or beyond the cost do not pay: 1 Science left unused.",
        "Covered: the card can be discovered, using 1 discard (the fewest possible with these tokens).",
    ]
    assert explained("fr", **situation) == [
        "3 Science : offert, car le joueur possède Mathématiques.",
        "2 Culture : à payer, car le joueur ne possède pas Sépulture.",
        "Médecine coûte 2 Culture (connaissance générale 2).",
        "Les jetons paient 1 Culture.",
        "1 carte défaussée (joker) paie 1 Culture.",
        "Les jetons d'un autre type ou en trop ne paient rien (jetons inutilisés : 1 Science).",
        "Couvert : la carte peut être découverte en défaussant 1 carte (le moins possible avec ces jetons).",
    ]


def test_two_discards_pay_in_the_plural():
    assert explained("en", active=["mathematics"], discards=2)[-2:] == [
        "2 discarded cards (wild) pay 2 Culture.",
        "Covered: the card can be discovered, using 2 discards (the fewest possible with these tokens).",
    ]
    assert explained("fr", active=["mathematics"], discards=2)[-2:] == [
        "2 cartes défaussées (jokers) paient 2 Culture.",
        "Couvert : la carte peut être découverte en défaussant 2 cartes (le moins possible avec ces jetons).",
    ]


def test_a_free_card_costs_nothing():
    assert explained("en", active=["mathematics", "burial"]) == [
        "3 Science is waived: the player owns Mathématiques.", "2 Culture is waived: the player owns Sépulture.",
        "Medicine costs nothing (General knowledge 0).",
        "Covered: the card can be discovered, using 0 discards (the fewest possible with these tokens).",
    ]
    assert explained("fr", active=["mathematics", "burial"])[2:] == [
        "Médecine ne coûte rien (connaissance générale 0).",
        "Couvert : la carte peut être découverte en défaussant 0 carte (le moins possible avec ces jetons).",
    ]


@pytest.mark.parametrize("language, tokens, expected", [
    ("en", {}, "Not covered: 3 Science and 2 Culture still missing (5 more discards or tokens of those types)."),
    ("fr", {}, "Non couvert : il manque encore 3 Science et 2 Culture (5 cartes défaussées de plus ou des jetons "
               "de ces types)."),
    ("en", {SCIENCE: 3, CULTURE: 1}, "Not covered: 1 Culture still missing (1 more discard or tokens of those types)."),
    ("fr", {SCIENCE: 3, CULTURE: 1}, "Non couvert : il manque encore 1 Culture (1 carte défaussée de plus ou des "
                                     "jetons de ces types)."),
])  # fmt: skip
def test_what_is_still_missing(language, tokens, expected):
    assert explained(language, tokens=tokens)[-1] == expected
