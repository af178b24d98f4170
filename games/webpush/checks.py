"""`manage.py check`: VAPID keys that are set must be a valid pair; else push stays off and a warning says why."""
from django.conf import settings
from django.core import checks

from games.webpush.keys import key_problem


@checks.register("games")
def check_vapid_keys(app_configs=None, **kwargs):
    public, private = settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY
    if not public and not private:
        return []
    if not (public and private):
        return [checks.Warning("Only one of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY is set: Web Push stays off.",
                               hint="Set both from one `manage.py vapid_keys`.", id="games.W101")]
    problem = key_problem(public, private)
    return [checks.Warning(problem, hint="Web Push stays off until this is fixed.", id="games.W102")] if problem else []
