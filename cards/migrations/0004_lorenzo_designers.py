from django.db import migrations

from cards.migrations_helpers import grant_designers

LORENZO_MODELS = ["developmentcard", "developmentcardeffect", "leadercard", "leadercardeffect"]
HISTORY_MODELS = [
    "historicaldevelopmentcard", "historicaldevelopmentcardeffect", "historicalleadercard",
    "historicalleadercardeffect",
]  # fmt: skip


def grant_lorenzo_permissions(apps, schema_editor):
    grant_designers(apps, "cards", LORENZO_MODELS)
    grant_designers(apps, "cards", HISTORY_MODELS, actions=("view",))


def revoke_lorenzo_permissions(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name="Designers").first()
    if group is not None:
        models = LORENZO_MODELS + HISTORY_MODELS
        group.permissions.remove(*Permission.objects.filter(content_type__app_label="cards", content_type__model__in=models))


class Migration(migrations.Migration):
    dependencies = [("cards", "0003_lorenzo_cards")]

    operations = [migrations.RunPython(grant_lorenzo_permissions, revoke_lorenzo_permissions)]
