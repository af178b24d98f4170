"""Every Valeria card's effects read as sentences in English and French: no raw key, no verb read out as a key.

The explanations are built from the parsed effect (cards/valeria/explain.py, worded by explain_en.py
and explain_fr.py); a verb whose arguments have no wording falls back to `unworded()`, which reads the key out as it stands. None of
the official cards may need that fallback.
"""
import re

import pytest

from cards.valeria import explain_en as valeria_explain_en, explain_fr as valeria_explain_fr
from cards.valeria.models import VALERIA_TABLES
from cards.valeria.effects import explain_effect

pytestmark = pytest.mark.django_db

# What a raw key leaves in a sentence: g:2 (a colon inside a word; "Choose one: " and "Au choix : " are
# punctuation), key=value, snake_case, an action.NAME flag, and in French a quoted game term « ... ».
RAW = re.compile(r"\w:\w|=|_|\baction\.\w|«|»")


def stored_effects():
    """{effect string: "table card column" of its first card}, over every effect column of every Valeria card."""
    effects = {}
    for model in VALERIA_TABLES:
        for card in model.objects.all():
            for column in model.effect_fields():
                text = getattr(card, column)
                if text:
                    effects.setdefault(text, f"{model.table} {card.name} {column}")
    return effects


@pytest.fixture
def fallbacks(monkeypatch):
    """The verbs (and key=value pairs) that had to be read out as they stand, in either language."""
    used = []
    for book in (valeria_explain_en, valeria_explain_fr):
        monkeypatch.setattr(book, "unworded", lambda verb, book=book: used.append(verb.name) or "unworded")
        monkeypatch.setattr(book, "key_value", lambda key, value: used.append(f"{key}={value}") or "unworded")
    return used


def test_every_card_effect_is_worded_in_english_and_french(valeria_cards, fallbacks):
    effects = stored_effects()
    assert len(effects) == 249  # every distinct effect string of the official tables
    problems = []
    for text, where in effects.items():
        english, french = explain_effect(text, "en"), explain_effect(text, "fr")
        for language, explained in (("en", english), ("fr", french)):
            if not explained.endswith(".") or RAW.search(explained):
                problems.append((where, text, language, explained))
        if english == french:
            problems.append((where, text, "both", english))
    assert problems == []
    assert fallbacks == []


def test_the_fallback_is_what_the_check_catches(fallbacks):
    """The check above can fail: a flag no card text words is still read out as a key (in both languages)."""
    assert explain_effect("effect.add action.newflag", "en") and explain_effect("effect.add action.newflag", "fr")
    assert fallbacks == ["add", "add"]


@pytest.mark.parametrize("text, english, french", [
    ("roll.set_one_die target=6 cost=g:2",  # Foxgrove Palisade
     "During the Roll phase, you may pay 2 Gold to change one die to 6.",
     "Pendant la phase de Lancer, vous pouvez payer 2 Or pour mettre un dé sur 6."),
    ("roll.set_one_die target=1 cost=g_per_owned_role:holy_citizen",  # The Desert Orchid
     "During the Roll phase, you may pay 1 Gold for each Holy Citizen you own to change one die to 1.",
     "Pendant la phase de Lancer, vous pouvez payer 1 Or par Citoyen saint que vous possédez pour mettre un dé "
     "sur 1."),
    ("effect.add action.emeraldstronghold",  # Emerald Stronghold
     "During your Action phase, when you recruit a Citizen, ignore the extra Gold cost for copies you already own.",
     "Pendant votre phase d'Action, quand vous recrutez un Citoyen, ignorez le surcoût en Or des exemplaires que "
     "vous possédez déjà."),
    ("newshilinatower",  # New Shilina Tower
     "When you recruit a Citizen, you may pay for it with Strength.",
     "Quand vous recrutez un Citoyen, vous pouvez le payer avec de la Force."),
    ("all_may self_convert pay=m:3 gain=v:2",  # Bog Witch's Proposal
     "All players may exchange 3 Magic for 2 Victory Points.",
     "Tous les joueurs peuvent échanger 3 Magie contre 2 Points de victoire."),
    ("all_may self_convert pay=g:1,s:1,m:1 gain=v:2",  # Tribute to the King
     "All players may exchange 1 Gold, 1 Strength and 1 Magic for 2 Victory Points.",
     "Tous les joueurs peuvent échanger 1 Or, 1 Force et 1 Magie contre 2 Points de victoire."),
    ("action.build_domain choose <ignore_requirement 1> <m 1>",  # Evermap
     "When you buy a Domain, choose one: ignore 1 Domain requirement or gain 1 Magic.",
     "Quand vous achetez un Domaine, au choix : ignorez 1 prérequis du Domaine ou gagnez 1 Magie."),
    ("take_owned monster random to=stack victim_vp=1",  # Green Witch
     "Take a random Monster from another player (who gains 1 Victory Point) and return it to its stack.",
     "Prenez au hasard un Monstre à un autre joueur (qui gagne 1 Point de victoire) et remettez-le sur sa pile."),
    ("seq all_may banish_owned_citizen gain=v:3",  # Worthy Sacrifice
     "In turn order, all players may banish a Citizen they own to gain 3 Victory Points.",
     "Chacun à son tour, tous les joueurs peuvent bannir un Citoyen qu'ils possèdent pour gagner 3 Points de "
     "victoire."),
    ("floor_div gold 3 1",  # Mikal the Moneylender
     "Score 1 Victory Point for every 3 Gold you have.",
     "Marquez 1 Point de victoire par tranche de 3 Or que vous avez."),
    ("choose <citizens where role==shadow>",  # Darktide Harbour: one option, nothing to choose between
     "Take a Citizen whose role is shadow.",
     "Prenez un Citoyen dont le rôle est ombre."),
])
def test_card_effects_read_as_their_cards_say(text, english, french):
    assert (explain_effect(text, "en"), explain_effect(text, "fr")) == (english, french)


def test_the_doc_table_of_valeria_explanations_reads_as_written():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[3] / "docs" / "effects.md").read_text(encoding="utf-8")
    section = doc.split("### Valeria explanations", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([^`]+)` \| ([^|]+) \| ([^|]+) \|$", section, flags=re.MULTILINE)
    assert len(rows) >= 5
    for text, english, french in rows:
        assert (explain_effect(text, "en"), explain_effect(text, "fr")) == (english.strip(), french.strip())
