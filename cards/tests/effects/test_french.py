"""Effects explained in French: built from the parsed tree, with French card names and French plurals."""

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.effects import EffectError, explain, parse, to_string
from cards.valeria.report import valeria_report

from cards.tests.effects.conftest import CARD_DATA, VALERIA_TABLES
from cards.tests.effects.strategies import machikoro_effects, valeria_effects

CARDS = json.loads(CARD_DATA.read_text(encoding="utf-8"))
ALL_CARDS = CARDS["establishments"] + CARDS["landmarks"]
BY_SLUG = {card["slug"]: card for card in ALL_CARDS}
# Lower-case English words that never belong in the French (checked outside quoted game terms « ... »).
ENGLISH = {"the", "you", "your", "coin", "coins", "take", "get", "from", "bank", "each", "when", "rolls", "roll",
           "player", "players", "then", "and", "or", "own", "gain", "for", "may", "of", "with", "least", "to",
           "pay", "choose", "one", "if", "this", "card", "turn", "establishment", "establishments", "landmark"}
PLACEHOLDER = re.compile(r"[{}]|\bNone\b")


def english_leftovers(text, allowed=""):
    """English words in `text` (outside « » quotes) that are not words of `allowed` (the effect's own names)."""
    unquoted = re.sub(r"«[^»]*»", "", text)
    own_words = set(re.findall(r"[^\W\d_]+", allowed))
    return {word for word in re.findall(r"[^\W\d_]+", unquoted) if word in ENGLISH and word not in own_words}


FRENCH = {
    "wheat-field": "Quand n'importe quel joueur obtient 1, recevez 1 pièce de la banque.",
    "bakery": "Quand vous obtenez 2 ou 3, recevez 1 pièce de la banque.",
    "cafe": "Quand un autre joueur obtient 3, prenez 1 pièce à ce joueur.",
    "convenience-store": "Quand vous obtenez 4, recevez 3 pièces de la banque.",
    "stadium": "Quand vous obtenez 6, prenez 2 pièces à chaque adversaire.",
    "tv-station": "Quand vous obtenez 6, prenez 5 pièces à un adversaire de votre choix.",
    "business-center": "Quand vous obtenez 6, vous pouvez échanger un de vos établissements qui ne sont pas de type "
                       "tour contre un de ceux d'un adversaire.",
    "cheese-factory": "Quand vous obtenez 7, recevez 3 pièces de la banque pour chaque établissement de type vache "
                      "que vous possédez.",
    "sushi-bar": "Quand un autre joueur obtient 1, si vous avez le monument Port, prenez 3 pièces à ce joueur.",
    "flower-shop": "Quand vous obtenez 6, recevez 1 pièce de la banque pour chaque Champ de fleurs que vous "
                   "possédez.",
    "publisher": "Quand vous obtenez 7, prenez 1 pièce à chaque adversaire pour chaque établissement de type tasse "
                 "ou pain qu'il possède.",
    "tax-office": "Quand vous obtenez 8 ou 9, prenez la moitié des pièces (arrondie à l'inférieur) de chaque "
                  "adversaire qui a au moins 10 pièces.",
    "winery": "Quand vous obtenez 9, recevez 6 pièces de la banque pour chaque Vignoble que vous possédez. Ensuite, "
              "cette carte ferme pour travaux.",
    "tech-startup": "Quand vous obtenez 10, prenez à chaque adversaire autant de pièces que vous en avez investi "
                    "sur cette carte. À la fin de votre tour, vous pouvez placer 1 pièce de votre réserve sur cette "
                    "carte.",
    "member-s-only-club": "Quand un autre joueur obtient 12, 13 ou 14, s'il a au moins 3 monuments construits, "
                          "prenez toutes les pièces de ce joueur.",
    "train-station": "Vous pouvez lancer 1 ou 2 dés.",
    "shopping-mall": "Chacun de vos établissements de type tasse ou pain rapporte 1 pièce de plus à chaque fois "
                     "qu'il vous paie.",
    "city-hall": "Juste avant de construire, si vous n'avez aucune pièce, recevez 1 pièce de la banque.",
    "harbor": "Après avoir lancé les dés, si le total des dés est de 10 ou plus, vous pouvez ajouter 2 au total "
              "des dés.",
}


@pytest.mark.parametrize("slug, french", FRENCH.items(), ids=list(FRENCH))
def test_official_cards_read_as_french(slug, french):
    card = BY_SLUG[slug]
    assert explain(parse(card["effect"]), card, language="fr") == french


@pytest.mark.parametrize("card", ALL_CARDS, ids=lambda card: card["slug"])
def test_every_official_card_explains_in_both_languages(card):
    tree = parse(card["effect"])
    english, french = explain(tree, card), explain(tree, card, language="fr")
    assert english == explain(tree, card, language="en")  # English stays the default
    for text in (english, french):
        assert text[0].isupper() and text.endswith(".") and not PLACEHOLDER.search(text)
    assert french != english
    assert not english_leftovers(french), french
    if "colour" in card:
        assert str(card["activation_min"]) in french


def test_french_plurals_and_card_names():
    assert explain(parse("c 1"), language="fr") == "Recevez 1 pièce de la banque."
    assert explain(parse("c 2"), language="fr") == "Recevez 2 pièces de la banque."
    assert explain(parse("if owner landmarks>=1 c 1"), language="fr") == \
        "Si vous avez au moins 1 monument construit, recevez 1 pièce de la banque."
    assert explain(parse("roll.reroll 1"), language="fr") == "Une fois par tour, vous pouvez relancer les dés."
    # A name the card facts translate is French; a designer's own name is kept as written.
    assert "Vignoble" in explain(parse("count own <cards where name==Vineyard> c 1"), language="fr")
    assert "Moulin bleu" in explain(parse('count own <cards where name=="Moulin bleu"> c 1'), language="fr")


def test_the_leftover_check_catches_english():
    assert english_leftovers("Take 1 coin from the roller.") == {"coin", "from", "the"}
    assert english_leftovers("Effet « take_owned » (« to = self »).") == set()
    assert english_leftovers("Recevez 1 pièce pour chaque Blue Farm.", 'name=="Blue Farm" and') == set()


def test_unknown_language_is_refused():
    with pytest.raises(EffectError):
        explain(parse("c 1"), language="de")


def valeria_trees():
    return [parse(entry.unified, game="valeria") for entry in valeria_report(VALERIA_TABLES) if entry.ok]


def test_every_valeria_reference_string_explains_in_french():
    trees = valeria_trees()
    assert len(trees) > 300
    for tree in trees:
        french = explain(tree, language="fr")
        assert french and french.endswith(".") and not PLACEHOLDER.search(french)
        assert french != explain(tree)
        assert not english_leftovers(french, to_string(tree)), (to_string(tree), french)


@pytest.mark.parametrize("text, french", [
    ("choose g 2 v 1", "Au choix : 2 Or ou 1 Point de victoire."),
    ("exchange wild 9 v 4", "Vous pouvez échanger 9 ressources au choix contre 4 Points de victoire."),
    ("action.start s 1", "Au début de votre phase d'Action, gagnez 1 Force."),
    ("g -3 + v 1 + recruit", "Payez 3 Or. Gagnez 1 Point de victoire. Recrutez un Citoyen."),
    ("count owned_citizens m 1", "Gagnez 1 Magie pour chaque Citoyen que vous possédez."),
    ("roll.on_event doubles s 3", "Pendant la phase de Lancer, chaque fois qu'un double est obtenu, gagnez 3 Force."),
    ("banish_owned monster + g 5", "Bannissez un Monstre que vous possédez. Gagnez 5 Or."),
    ("grant_all action.darklordrising",
     "Jusqu'à la fin de la partie, tuer un Monstre coûte 1 Magie de plus à chaque joueur."),
    ("refresh_tomes", "Retournez face visible tous vos Tomes."),
    ("all_may self_convert pay=m:3 gain=v:2", "Tous les joueurs peuvent échanger 3 Magie contre 2 Points de victoire."),
    # a flag no card's text words yet: the verb is a quoted game term, never English
    ("grant_all action.newflag", "Effet « grant_all » (« action.newflag »)."),
])
def test_valeria_reads_as_french(text, french):
    assert explain(parse(text, game="valeria"), language="fr") == french


FAST = settings(max_examples=150, deadline=None)
CARDS_FOR_TRIGGERS = [None, {"colour": "red", "activation": 3}, {"colour": "blue", "activation": [1, 2]},
                      {"colour": "purple", "activation_min": 11, "activation_max": 13}]


def assert_explained(tree, text):
    source = to_string(tree)
    assert text and text.endswith(".")
    if "{" not in source and "}" not in source and "None" not in source:
        assert not PLACEHOLDER.search(text), text


@FAST
@given(machikoro_effects, st.sampled_from(CARDS_FOR_TRIGGERS))
def test_every_machikoro_tree_explains_in_each_language(tree, card):
    tree = parse(to_string(tree))  # a well-formed effect string, as a designer would write it
    for language in ("en", "fr"):
        assert_explained(tree, explain(tree, card, language=language))
    assert not english_leftovers(explain(tree, card, language="fr"), to_string(tree))


@FAST
@given(valeria_effects)
def test_every_valeria_tree_explains_in_each_language(tree):
    tree = parse(to_string(tree), game="valeria")
    for language in ("en", "fr"):
        assert_explained(tree, explain(tree, language=language))
    assert not english_leftovers(explain(tree, language="fr"), to_string(tree))


def test_the_french_doc_table_explains_as_written():
    doc = CARD_DATA.parents[2] / "docs" / "effects.md"
    section = doc.read_text(encoding="utf-8").split("## In French", 1)[1]
    rows = re.findall(r"^\| `([^`]+)` \| ([^|]+) \|$", section, flags=re.MULTILINE)
    assert len(rows) >= 5
    for effect, french in rows:
        assert explain(parse(effect), language="fr") == french.strip()
    assert explain(parse("take c 1 from roller"), {"colour": "red", "activation": 3}, language="fr") in " ".join(
        section.split())


@pytest.mark.parametrize("walk, english, french", [
    ("machikoro.explain", "machikoro.explain", "machikoro.explain_fr"),  # its English phrasebook is its second half
    ("valeria.explain", "valeria.explain_en", "valeria.explain_fr"),
])
def test_one_walk_finds_every_phrase_it_uses_in_both_phrasebooks(walk, english, french):
    """The traversal asks its phrasebook (`book.X`) for words; English and French must both have each one, and
    each table the walk reads must have the same keys in both languages."""
    import importlib
    import inspect

    walk_module, english_book, french_book = (importlib.import_module(f"cards.{name}")
                                              for name in (walk, english, french))
    source = inspect.getsource(walk_module).split("# ---- the English phrasebook")[0]
    used = set(re.findall(r"\bbook\.([A-Za-z_]+)", source))
    assert used and {name for name in used if not hasattr(french_book, name)} == set()
    assert {name for name in used if not hasattr(english_book, name)} == set()
    for name in used:
        english, french_value = getattr(english_book, name), getattr(french_book, name)
        if isinstance(english, dict) and name != "CALLS":  # CALLS: a verb only French words reads out in English
            assert set(english) == set(french_value), name
    assert set(english_book.CALLS if hasattr(english_book, "CALLS") else ()) <= set(getattr(french_book, "CALLS", ()))
