import uuid

from django.db import migrations, models


def first_row(apps, schema_editor):
    apps.get_model("cards", "CardDataVersion").objects.get_or_create(pk=1, defaults={"number": 0, "stamp": uuid.uuid4().hex})


class Migration(migrations.Migration):
    dependencies = [("cards", "0004_lorenzo_designers")]

    operations = [
        migrations.CreateModel(
            name="CardDataVersion",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.BigIntegerField(default=0)),
                ("stamp", models.CharField(blank=True, max_length=32)),
            ],
            options={"verbose_name": "card data version"},
        ),
        migrations.RunPython(first_row, migrations.RunPython.noop),
    ]
