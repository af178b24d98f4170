"""Lab runs store data, not English: `card_set_label` ("Published cards" / "Draft “X”") becomes `draft_name`
("" / "X"), and a name the lab made up ("1,000 games, Published cards") becomes blank, so both are worded in the
reader's language when shown (LabRun.card_set_text, LabRun.title).

A data migration rather than keeping the column and recognising its English at display time: the two
sentences the lab ever stored are known exactly, so they are converted once here, and the model and its
readers never need to know the English wording.
"""
from django.db import migrations, models

PUBLISHED = "Published cards"


def english_label(draft_name):
    return f"Draft “{draft_name}”" if draft_name else PUBLISHED


def english_default_names(games, label):
    """Every name the lab gave a run it was not given one: "N games, ..." at first, "1 game, ..." later."""
    return {f"{games:,} games, {label}", f"{games:,} game{'' if games == 1 else 's'}, {label}"}


def forwards(apps, schema_editor):
    LabRun = apps.get_model("stats", "LabRun")
    for run in LabRun.objects.only("pk", "name", "games", "card_set_label").iterator():
        label = run.card_set_label
        if label == PUBLISHED:
            draft_name = ""
        elif label.startswith("Draft “") and label.endswith("”"):
            draft_name = label[len("Draft “"):-1]
        else:  # never written by the lab; kept as the draft's name rather than lost
            draft_name = label
        name = "" if run.name in english_default_names(run.games, label) else run.name
        LabRun.objects.filter(pk=run.pk).update(draft_name=draft_name[:100], name=name)


def backwards(apps, schema_editor):
    LabRun = apps.get_model("stats", "LabRun")
    for run in LabRun.objects.only("pk", "name", "games", "draft_name").iterator():
        label = english_label(run.draft_name)
        name = run.name or f"{run.games:,} game{'' if run.games == 1 else 's'}, {label}"
        LabRun.objects.filter(pk=run.pk).update(card_set_label=label, name=name[:100])


class Migration(migrations.Migration):

    dependencies = [
        ("stats", "0003_merge_0002_balance_lab_0002_statistics_per_game"),
    ]

    operations = [
        migrations.AddField(
            model_name="labrun",
            name="draft_name",
            field=models.CharField(blank=True, max_length=100),
        ),
        # A default before the column goes, so that going back re-adds it to a table that has rows.
        migrations.AlterField(
            model_name="labrun",
            name="card_set_label",
            field=models.CharField(blank=True, default="", max_length=120),
        ),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(
            model_name="labrun",
            name="card_set_label",
        ),
    ]
