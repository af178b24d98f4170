"""Helpers for data migrations that grant the Designers group its permissions."""
from django.contrib.auth.management import create_permissions

DESIGNERS_GROUP = "Designers"


def grant_designers(apps, app_label, model_names, actions=("add", "change", "delete", "view")):
    """Create the Designers group if needed and give it the listed permissions.

    Permissions are normally created after migrate; create them now so the group
    can be granted them within the same migrate run.
    """
    app_config = apps.get_app_config(app_label)
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=DESIGNERS_GROUP)
    codenames = [f"{action}_{model}" for model in model_names for action in actions]
    group.permissions.add(*Permission.objects.filter(content_type__app_label=app_label, codename__in=codenames))
