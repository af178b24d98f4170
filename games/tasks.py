"""Background jobs of live games: bot moves, turn timers, absent players and the periodic sweeper.

Every job re-reads the game under its row lock when it runs and does nothing if the game has moved on,
so a late, duplicated or retried job is harmless.
"""
from celery import shared_task


@shared_task(ignore_result=True)
def play_bot_move(game_id, expected_seq):
    from games.services.play import play_bot_move as play

    event = play(game_id, expected_seq)
    return None if event is None else event.seq


@shared_task(ignore_result=True)
def expire_turn(game_id):
    from games.services.play import expire_turn as expire

    return expire(game_id)


@shared_task(ignore_result=True)
def check_absent_player(game_id, seat_id):
    from games.services.play import check_absent_player as check

    return check(game_id, seat_id)


@shared_task(ignore_result=True)
def sweep_games():
    from games.services.housekeeping import sweep

    return sweep()
