"""Celery tasks: a finished game's statistics, and the periodic refresh of the site-wide totals.

Both are idempotent: a task that runs twice, late or after a retry stores the same numbers.
"""
from celery import shared_task


@shared_task(ignore_result=True, acks_late=True)
def compute_game_statistics(game_id):
    """Compute and store the statistics of game `game_id`; returns the resulting status."""
    from stats.services import compute_and_store

    statistics = compute_and_store(game_id)
    return None if statistics is None else statistics.status


@shared_task(ignore_result=True)
def refresh_site_statistics():
    """Add the games computed since the last refresh to the site totals; returns how many were added."""
    from stats.services import refresh_site_statistics as refresh

    return refresh()


@shared_task(ignore_result=True, acks_late=True)
def play_lab_chunk(run_id, index):
    """Play one chunk of a balance-lab run and store its tally (stats.lab.runner)."""
    from stats.lab.runner import play_chunk

    play_chunk(run_id, index)
