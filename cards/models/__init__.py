"""Card database models: the generic ones here (the catalogue every card belongs to, the data version, Machi Koro
drafts); each game's own in its package (cards/<game>/models.py), imported through the game registry
(config/games.py) so that Django finds them as models of this app."""
from importlib import import_module

from config.registry import all_games

from cards.models.catalogue import CardGame, Extension
from cards.models.drafts import CardSetDraft, DraftCard
from cards.models.version import CardDataVersion

__all__ = ["CardDataVersion", "CardGame", "CardSetDraft", "DraftCard", "Extension"]


def _import_game_models():
    """Each game's models module (a plug-in found by name in the registry, not an import of a game here)."""
    for game in all_games():
        if game.cards:
            import_module(f"{game.cards}.models")


_import_game_models()
