"""Signals the games app sends; other apps (statistics) subscribe in their AppConfig.ready()."""
from django.dispatch import Signal

# Sent inside the transaction that ends a game, with `game`: receivers that must see it committed use
# transaction.on_commit themselves. A receiver's failure is its own (send_robust, logged), never the game's.
game_finished = Signal()
