from django.db import migrations, models


def mark_games_in_progress(apps, schema_editor):
    """Games in progress when the field comes may have a program's socket open since before it (a server not yet
    restarted keeps it): they go on publishing RPC notifications. Only new games start unread."""
    Game = apps.get_model("games", "Game")
    Game.objects.filter(status__in=("lobby", "playing")).update(rpc_readers=True)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0003_programs_api_tokens_suspension'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='rpc_readers',
            field=models.BooleanField(default=False, verbose_name='read by programs'),
        ),
        migrations.RunPython(mark_games_in_progress, migrations.RunPython.noop, elidable=True),
    ]
