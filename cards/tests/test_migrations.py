"""The migrations describe the models exactly."""
from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_models_need_no_new_migration():
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out)
    except SystemExit:
        pytest.fail(f"The models differ from the migrations:\n{out.getvalue()}")
    assert "No changes detected" in out.getvalue()

