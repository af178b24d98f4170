"""When each card data version was reached (GET /api/changes/). The version a site has now is backfilled as reached
at migration time: the changelog starts there, and older numbers are answered as too old."""
from django.db import migrations, models
from django.utils import timezone


def backfill_current_version(apps, schema_editor):
    number = apps.get_model("cards", "CardDataVersion").objects.filter(pk=1).values_list("number", flat=True).first()
    apps.get_model("cards", "CardDataVersionReached").objects.get_or_create(
        number=number or 0, defaults={"reached_at": timezone.now()})


class Migration(migrations.Migration):

    dependencies = [
        ("cards", "0002_designers_and_first_version"),
    ]

    operations = [
        migrations.CreateModel(
            name="CardDataVersionReached",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.BigIntegerField(unique=True)),
                ("reached_at", models.DateTimeField(db_index=True)),
            ],
            options={
                "verbose_name": "card data version reached",
                "ordering": ["number"],
            },
        ),
        migrations.RunPython(backfill_current_version, migrations.RunPython.noop),
    ]
