"""Signals the games app sends; other apps (statistics) subscribe in their AppConfig.ready()."""
from django.dispatch import Signal

# Sent inside the transaction that ends a game, with `game`: receivers that must see it committed use
# transaction.on_commit themselves. A receiver's failure is its own (send_robust, logged), never the game's.
game_finished = Signal()

# Sent inside the transaction that keeps a guest as an account, with `guest` and `user`, once the guest's seats,
# hosted games and chat are the user's: receivers move what they keep of the guest (statistics) in the same
# transaction, and a receiver's failure undoes the whole change.
guest_kept = Signal()
