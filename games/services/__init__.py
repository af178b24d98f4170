"""Writes of the live-games app: one function per lobby or game action (see docs/live-games.md)."""
from games.services.accounts import become_guest, keep_guest_as_account
from games.services.chat import post_chat
from games.errors import GameError
from games.services.handover import hand_stalled_seat_to_bot
from games.services.invites import do_invite_player
from games.services.lobby import (
    add_bot, change_option, create_game, join_as_new_guest, join_game, kick, leave, ready_to_play, remove_bot,
    set_ready,
)
from games.services.play import expire_turn, play_action, play_bot_move, take_back_seat
from games.services.presence import note_program_reader, note_reader_language, socket_closed, socket_opened
from games.services.rematch import create_rematch
from games.services.suspension import do_suspend_game
from games.services.visits import note_seen

__all__ = [
    "GameError", "add_bot", "become_guest", "change_option", "create_game", "create_rematch", "do_invite_player",
    "do_suspend_game", "expire_turn", "hand_stalled_seat_to_bot", "join_as_new_guest", "join_game",
    "keep_guest_as_account", "kick", "leave",
    "note_program_reader", "note_reader_language", "note_seen", "play_action", "play_bot_move", "post_chat",
    "ready_to_play", "remove_bot", "set_ready", "socket_closed", "socket_opened", "take_back_seat",
]
