"""Writes of the live-games app: one function per lobby or game action (see docs/live-games.md)."""
from .accounts import become_guest, keep_guest_as_account
from .chat import post_chat
from games.errors import GameError
from .lobby import add_bot, create_game, join_game, kick, leave, set_connected, set_ready
from .play import expire_turn, play_action, play_bot_move, take_back_seat
from .rematch import create_rematch

__all__ = [
    "GameError", "add_bot", "create_rematch", "become_guest", "create_game", "expire_turn", "join_game", "keep_guest_as_account",
    "kick", "leave", "play_action", "play_bot_move", "post_chat", "set_connected", "set_ready", "take_back_seat",
]
