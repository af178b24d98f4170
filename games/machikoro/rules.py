"""The cards the players' rules picture (templates/games/machikoro/rules.html), read from the card database:
the base game's establishments by colour, in the order colours activate, its landmarks, and what a player
starts with (the engine's default options)."""
from cards.language import localized_name
from cards.machikoro.faces import face_for, face_slot
from cards.machikoro.selectors import cards_by_extension
from games.machikoro.engine import GameOptions

BASE = "base"


def rules_cards():
    """{"colours": [{"colour", "name", "faces"}], "landmarks", "to_win", "extensions", "start_coins",
    "start_faces"}; empty lists when the cards are not loaded."""
    groups = cards_by_extension()
    base = next(((establishments, landmarks) for extension, establishments, landmarks in groups
                 if extension.slug == BASE), ([], []))
    establishments, landmarks = base
    colours = {}
    for card in establishments:
        colours.setdefault(card.colour, []).append(card)
    options = GameOptions()
    by_slug = {card.slug: card for card in establishments}
    return {
        "engine_guide": "rules",  # the developers' guide of the engine (config/docs.py)
        "colours": [{"colour": colour, "name": localized_name(colour), "faces": [face_slot(face_for(c)) for c in cards]}
                    for colour, cards in sorted(colours.items(), key=lambda item: item[0].activation_order)],
        "landmarks": [face_slot(face_for(card)) for card in landmarks],
        "to_win": sum(1 for card in landmarks if card.counts_toward_win),
        "extensions": [localized_name(extension) for extension, _e, _l in groups if extension.slug != BASE],
        "start_coins": options.starting_coins,
        "start_faces": [face_slot(face_for(by_slug[slug])) for slug in options.starting_cards if slug in by_slug],
    }
