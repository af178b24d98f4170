"""The environment config/settings_test.py needs before config.settings reads it: a throwaway secret key."""
import os

os.environ.setdefault("DJANGO_SECRET_KEY", "test-only-secret-key")
