"""Data every site starts with: the Designers group with its permissions, and the card data version's row.

Designers may add, change, delete and view every card model, and view the history of each.
"""
import uuid

from django.db import migrations

from cards.migrations_helpers import DESIGNERS_GROUP, grant_designers

CARD_MODELS = [
    "cardgame", "extension", "colour", "icontype", "establishment", "landmark", "excommunication",
    "developmentcard", "developmentcardeffect", "leadercard", "leadercardeffect", "aquariuscard",
    "valeriacitizen", "valeriadomain", "valeriamonster", "valeriaduke", "valerianoble", "valeriaevent",
    "valeriastarter", "valeriaagent", "valeriarelic", "valeriapreset", "technology", "technologycost",
]
HISTORY_MODELS = [
    "historicalestablishment", "historicallandmark", "historicalexcommunication", "historicaldevelopmentcard",
    "historicaldevelopmentcardeffect", "historicalleadercard", "historicalleadercardeffect",
    "historicalaquariuscard", "historicaltechnology", "historicaltechnologycost",
    *[f"historicalvaleria{name}" for name in ("citizen", "domain", "monster", "duke", "noble", "event", "starter",
                                                "agent", "relic", "preset")],
]


def create_designers_and_first_version(apps, schema_editor):
    grant_designers(apps, "cards", CARD_MODELS)
    grant_designers(apps, "cards", HISTORY_MODELS, actions=("view",))
    apps.get_model("cards", "CardDataVersion").objects.get_or_create(
        pk=1, defaults={"number": 0, "stamp": uuid.uuid4().hex})


def remove_designers(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=DESIGNERS_GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_designers_and_first_version, remove_designers)]
