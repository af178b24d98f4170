"""Aquarius decks as plain data: the document `load_cards` reads (cards/data/aquarius.json), the export
serves and a game freezes. One document holds every deck:

    {"format": "aquarius-cards", "version": 1, "game": {"slug", "name"},
     "decks": [{"slug", "name", "order", "cards": [{"id", "kind", "name", "panels", "action"}]}]}
"""
from cards.loading import (DATA_DIR, CardDataError, LoadReport, game_row, keeping_playable, read_json, repeated_keys,
                           upsert)
from cards.models import CardGame, Extension

from cards.aquarius.models import AquariusCard

AQUARIUS_FILE = DATA_DIR / "aquarius.json"
FORMAT = "aquarius-cards"
VERSION = 1
OFFICIAL_DECK = "first-edition"


class DeckMissing(LookupError):
    """No such Aquarius deck in the database."""


def card_to_data(card):
    return card.to_engine()


def deck_cards(deck):
    """The cards of one deck (an Extension), in deck order, as the engine reads them."""
    return [card_to_data(c) for c in AquariusCard.objects.filter(deck=deck).order_by("order", "id")]


def deck_to_data(deck):
    return {"slug": deck.slug, "name": deck.name, "order": deck.order, "cards": deck_cards(deck)}


def aquarius_decks():
    return Extension.objects.filter(game__slug=CardGame.AQUARIUS).order_by("order", "name")


def aquarius_document(deck=None):
    """Every Aquarius deck (or the one with slug `deck`) in the card-file format."""
    game = CardGame.objects.get(slug=CardGame.AQUARIUS)
    decks = aquarius_decks()
    if deck is not None:
        decks = decks.filter(slug=deck)
        if not decks.exists():
            raise DeckMissing(f"No Aquarius deck {deck!r}.")
    return {"format": FORMAT, "version": VERSION, "game": {"slug": game.slug, "name": game.name},
            "decks": [deck_to_data(d) for d in decks]}


def frozen_deck(slug=OFFICIAL_DECK):
    """(deck slug, cards) for a game that starts now; DeckMissing if the deck is not in the database."""
    deck = aquarius_decks().filter(slug=slug).first()
    if deck is None:
        raise DeckMissing(f"the Aquarius deck {slug!r} is not loaded (run manage.py load_cards)")
    return deck.slug, deck_cards(deck)


def document_problems(document):
    """What is wrong with an Aquarius document's shape, as readable strings."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        return [f"not an Aquarius card document (\"format\": \"{FORMAT}\" expected)"]
    if document.get("version") != VERSION:
        return [f"unsupported version {document.get('version')!r} (expected {VERSION})"]
    decks = document.get("decks")
    if not isinstance(decks, list) or not decks:
        return ["decks: expected a non-empty list"]
    problems = []
    for i, deck in enumerate(decks):
        if not isinstance(deck, dict) or not isinstance(deck.get("slug"), str) or not isinstance(
                deck.get("cards"), list):
            problems.append(f"decks[{i}]: a deck has a slug and a list of cards")
    if problems:
        return problems
    problems = repeated_keys(decks, "slug", "decks")
    for i, deck in enumerate(decks):
        problems += repeated_keys(deck["cards"], "id", f"decks[{i}].cards")
    return problems


def load_aquarius(document, *, overwrite=False):
    """Load an Aquarius document; atomic, idempotent, keeping designers' edits unless `overwrite`."""
    problems = document_problems(document)
    if problems:
        raise CardDataError("; ".join(problems))
    report = LoadReport()
    with keeping_playable(AquariusCard):
        game = game_row(document.get("game") or {"slug": CardGame.AQUARIUS, "name": "Aquarius"})
        for item in document["decks"]:
            values = {"name": item.get("name", item["slug"]), "order": item.get("order", 0)}
            deck = upsert(Extension, {"game": game, "slug": item["slug"]}, values,
                           lambda e: {"name": e.name, "order": e.order}, values, f"deck {item['slug']}", report,
                           overwrite)
            for position, card in enumerate(item["cards"]):
                if not isinstance(card, dict) or not isinstance(card.get("id"), str):
                    raise CardDataError(f"deck {item['slug']} card {position}: a card needs an id")
                values = {"name": card.get("name") or card["id"], "kind": card.get("kind", ""),
                          "panels": "".join(card.get("panels") or []), "action": card.get("action") or "",
                          "order": position}
                incoming = {"id": card["id"], "kind": values["kind"], "name": values["name"],
                            "panels": list(values["panels"]), "action": values["action"] or None}
                upsert(AquariusCard, {"deck": deck, "slug": card["id"]}, values, card_to_data, incoming,
                        f"Aquarius card {item['slug']}/{card['id']}", report, overwrite)
    return report


def load_official_cards(*, overwrite=False):
    """The official deck (cards/data/aquarius.json)."""
    return load_aquarius(read_json(AQUARIUS_FILE), overwrite=overwrite)


DOCUMENT_FORMATS = {FORMAT: load_aquarius}  # the card files of ours this game's loader reads (load_cards)
