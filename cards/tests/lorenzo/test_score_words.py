"""The final score in words, in the reader's language: every line kind and the totals in English and French."""
import pytest
from django.utils import translation

from cards.lorenzo.score_text import below_zero, final_score, line_sentence, line_what

LINES = [  # (details, points, English, French)
    ({"kind": "victory_points"}, 20, "Victory points during the game: +20 victory points.",
     "Points de victoire gagnés pendant la partie : +20 points de victoire."),
    ({"kind": "faith", "count": 1}, 1, "1 faith point (third Vatican report): +1 victory point.",
     "1 point de foi (troisième rapport au Vatican) : +1 point de victoire."),
    ({"kind": "faith", "count": 7}, 4, "7 faith points (third Vatican report): +4 victory points.",
     "7 points de foi (troisième rapport au Vatican) : +4 points de victoire."),
    ({"kind": "MOREFAITH"}, 5, "Sisto IV: supporting the Church: +5 victory points.",
     "Sixte IV : soutien à l'Église : +5 points de victoire."),
    ({"kind": "LESSFORVICTORY", "count": 10}, -2, "1 for every 5 of 10 victory points: −2 victory points.",
     "1 par tranche de 5 sur 10 points de victoire : −2 points de victoire."),
    ({"kind": "territories", "count": 1}, 0, "1 territory card: no victory points.",
     "1 carte Territoire : aucun point de victoire."),
    ({"kind": "territories", "count": 3}, 1, "3 territory cards: +1 victory point.",
     "3 cartes Territoire : +1 point de victoire."),
    ({"kind": "characters", "count": 2, "excommunication": "NOENDBLUE"}, 0,
     "2 character cards (excommunicated: NOENDBLUE): no victory points.",
     "2 cartes Personnage (excommunication : NOENDBLUE) : aucun point de victoire."),
    ({"kind": "ventures", "count": 1}, 3, "1 venture card: +3 victory points.",
     "1 carte Entreprise : +3 points de victoire."),
    ({"kind": "military", "count": 6}, 5, "6 military points: +5 victory points.",
     "6 points militaires : +5 points de victoire."),
    ({"kind": "resources", "count": 1}, 0, "1 resource: no victory points.", "1 ressource : aucun point de victoire."),
    ({"kind": "LESSFORMILITARY"}, -1, "1 for every military point: −1 victory point.",
     "1 par point militaire : −1 point de victoire."),
    ({"kind": "LESSFORBUILDING"}, -4, "1 for every wood and stone on building cards' costs: −4 victory points.",
     "1 par bois et par pierre du coût de ses cartes Bâtiment : −4 points de victoire."),
    ({"kind": "LESSFORRESOURCE"}, -11, "1 for every wood, stone, coin and servant: −11 victory points.",
     "1 par bois, pierre, pièce et serviteur : −11 points de victoire."),
]


@pytest.mark.parametrize("details, points, english, french", LINES)
def test_each_line_kind_in_both_languages(details, points, english, french):
    for language, expected in (("en", english), ("fr", french)):
        with translation.override(language):
            assert line_sentence(line_what(details), points) == expected


def test_the_totals_in_both_languages():
    with translation.override("en"):
        assert [final_score(0), final_score(1), final_score(24), below_zero(-3)] == [
            "Final score: 0 victory points.", "Final score: 1 victory point.", "Final score: 24 victory points.",
            "The sum is -3; the victory point track stops at 0."]
    with translation.override("fr"):
        assert [final_score(0), final_score(1), final_score(24), below_zero(-3)] == [
            "Score final : 0 point de victoire.", "Score final : 1 point de victoire.",
            "Score final : 24 points de victoire.", "La somme est de -3 ; la piste de points de victoire s'arrête à 0."]
