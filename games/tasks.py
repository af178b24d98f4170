"""Background jobs of live games: bot moves, turn timers, absent players and the periodic sweeper.

Every job re-reads the game under its row lock when it runs and does nothing if the game has moved on,
so a late, duplicated or retried job is harmless. Services start jobs by name (`games.scheduling`).
"""
from celery import shared_task

from games.services import housekeeping, play


@shared_task(ignore_result=True)
def play_bot_move(game_id, expected_seq):
    event = play.play_bot_move(game_id, expected_seq)
    return None if event is None else event.seq


@shared_task(ignore_result=True)
def expire_turn(game_id):
    return play.expire_turn(game_id)


@shared_task(ignore_result=True)
def check_absent_player(game_id, seat_id):
    return play.check_absent_player(game_id, seat_id)


@shared_task(ignore_result=True)
def sweep_games():
    return housekeeping.sweep()
