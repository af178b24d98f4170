"""The designers' admin: browse, search, filter, edit, duplicate and trace every card.

The games and their boxes (extensions) here; each game's cards in its own admin module (cards/<game>/admin.py),
imported through the game registry (config/games.py) when the admin discovers this module; the Machi Koro drafts in
cards/drafts/admin.py.
"""
from importlib import import_module

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from config.registry import all_games

from cards.admin_common import DesignerPermissionsMixin, KeepsGamesPlayableAdminMixin
from cards.drafts import admin as drafts_admin  # noqa: F401  (registers the draft admin)
from cards.models import CardGame, Extension


@admin.register(CardGame)
class CardGameAdmin(KeepsGamesPlayableAdminMixin, DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ["name", "name_fr", "slug"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Extension)
class ExtensionAdmin(KeepsGamesPlayableAdminMixin, DesignerPermissionsMixin, SimpleHistoryAdmin):
    list_display = ["name", "name_fr", "game", "slug", "order"]
    list_filter = ["game"]
    search_fields = ["name", "name_fr"]


def _register_game_admins():
    """Each game's admin module (a plug-in found by name in the registry, not an import of a game here)."""
    for game in all_games():
        if game.cards:
            import_module(f"{game.cards}.admin")


_register_game_admins()
