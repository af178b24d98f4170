"""Django on a scratch SQLite database, migrated: the set-up of the benches that time card imports in-process."""
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def setup_django(prefix):
    """Point Django at a new SQLite file under a temporary folder named `prefix`…, set it up and migrate."""
    sys.path.insert(0, str(REPO))
    directory = tempfile.mkdtemp(prefix=prefix)
    os.environ["DATABASE_URL"] = f"sqlite:///{directory}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-secret-key")
    os.environ.setdefault("DJANGO_DEBUG", "1")
    import django  # optional: only once the environment above is set

    django.setup()
    from django.core.management import call_command  # optional: needs the settings

    call_command("migrate", verbosity=0)
