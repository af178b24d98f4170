from django.db import migrations

from cards.migrations_helpers import grant_designers

CARD_MODELS = ["cardgame", "extension", "colour", "icontype", "establishment", "landmark", "excommunication"]
HISTORY_MODELS = ["historicalestablishment", "historicallandmark", "historicalexcommunication"]


def create_designers_group(apps, schema_editor):
    grant_designers(apps, "cards", CARD_MODELS)
    grant_designers(apps, "cards", HISTORY_MODELS, actions=("view",))


def remove_designers_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="Designers").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_designers_group, remove_designers_group)]
