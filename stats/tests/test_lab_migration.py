"""Runs stored before 0004 kept English words (card_set_label, a made-up name): the migration turns them into
data, so an old run is worded in the reader's language like a new one, and back again."""
import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

BEFORE = [("stats", "0003_merge_0002_balance_lab_0002_statistics_per_game")]
AFTER = [("stats", "0004_labrun_draft_name")]

OLD_ROWS = [  # (name, card_set_label, games) as the lab stored them
    ("1,000 games, Published cards", "Published cards", 1000),
    ("1 games, Published cards", "Published cards", 1),           # the first default for one game
    ("1 game, Published cards", "Published cards", 1),
    ("20 games, Draft “Cheap ranch”", "Draft “Cheap ranch”", 20),
    ("Ranch at 0", "Draft “Cheap ranch”", 20),                     # typed by the designer
    ("5 games, Published cards", "Published cards", 6),             # typed: not the default for 6 games
]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_stored_english_becomes_data_and_back():
    old_apps = migrate(BEFORE)
    try:
        OldRun = old_apps.get_model("stats", "LabRun")
        ids = [OldRun.objects.create(name=name, card_set_label=label, games=games, rules={}, options={}, seed=1,
                                     chunk_size=10).pk for name, label, games in OLD_ROWS]
        new_apps = migrate(AFTER)
        rows = new_apps.get_model("stats", "LabRun").objects.in_bulk(ids)
        assert [(rows[i].name, rows[i].draft_name) for i in ids] == [
            ("", ""), ("", ""), ("", ""), ("", "Cheap ranch"), ("Ranch at 0", "Cheap ranch"),
            ("5 games, Published cards", "")]
        from stats.models import LabRun

        runs = LabRun.objects.in_bulk(ids)
        with translation.override("fr"):
            assert [str(runs[i]) for i in ids[:5]] == [
                "1\u00a0000 parties, Cartes publiées", "1 partie, Cartes publiées", "1 partie, Cartes publiées",
                "20 parties, Brouillon «\u00a0Cheap ranch\u00a0»", "Ranch at 0"]
        old_apps = migrate(BEFORE)
        rows = old_apps.get_model("stats", "LabRun").objects.in_bulk(ids)
        assert [(rows[i].name, rows[i].card_set_label) for i in ids] == [
            ("1,000 games, Published cards", "Published cards"), ("1 game, Published cards", "Published cards"),
            ("1 game, Published cards", "Published cards"), ("20 games, Draft “Cheap ranch”", "Draft “Cheap ranch”"),
            ("Ranch at 0", "Draft “Cheap ranch”"), ("5 games, Published cards", "Published cards")]
    finally:
        migrate(AFTER)
