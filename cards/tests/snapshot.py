"""A fingerprint of every card table (and its history), to prove a refused request changed nothing."""
from django.apps import apps
from django.db.models import Count, Max


def card_tables_snapshot():
    snapshot = {}
    for model in apps.get_app_config("cards").get_models():
        fields = {"rows": Count("pk"), "last": Max("pk")}
        if any(f.name == "updated_at" for f in model._meta.fields):
            fields["updated"] = Max("updated_at")
        snapshot[model._meta.label] = model.objects.aggregate(**fields)
    return snapshot
