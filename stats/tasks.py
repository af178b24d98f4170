"""Celery tasks: a finished game's statistics, the periodic refresh of the site-wide totals, a lab run's chunk.

The statistics tasks are idempotent: a task that runs twice, late or after a retry stores the same numbers.
The services start these tasks by name (stats.services.COMPUTE_GAME_STATISTICS, stats.lab.runner.PLAY_LAB_CHUNK):
this module imports them, never the reverse.
"""
from celery import shared_task

from stats import services
from stats.lab import runner


@shared_task(name="stats.tasks.compute_game_statistics", ignore_result=True, acks_late=True)
def compute_game_statistics(game_id):
    """Compute and store the statistics of game `game_id`; returns the resulting status."""
    statistics = services.compute_and_store(game_id)
    return None if statistics is None else statistics.status


@shared_task(name="stats.tasks.refresh_site_statistics", ignore_result=True)
def refresh_site_statistics():
    """Add the games computed since the last refresh to the site totals; returns how many were added."""
    return services.refresh_site_statistics()


@shared_task(name="stats.tasks.play_lab_chunk", ignore_result=True, acks_late=True)
def play_lab_chunk(run_id, index):
    """Play one chunk of a balance-lab run and store its tally (stats.lab.runner)."""
    runner.play_chunk(run_id, index)
