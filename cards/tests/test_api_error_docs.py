"""The error codes the API answers are the ones docs/api.md's table of errors lists."""
import re
from pathlib import Path

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

API_DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def documented_codes():
    """{status: {codes}} from the Errors table's rows."""
    table = API_DOCS.read_text(encoding="utf-8").split("## Errors", 1)[1].split("\n## ", 1)[0]
    codes = {}
    for status, cell in re.findall(r"^\| (\d{3}) \| ([^|]+) \|", table, re.MULTILINE):
        codes.setdefault(int(status), set()).update(re.findall(r"`([a-z_]+)`", cell))
    return codes


@pytest.mark.parametrize("method, path", [("get", "/api/lorenzo/score/"), ("delete", "/api/export/")])
def test_a_method_the_endpoint_does_not_take_is_a_documented_405(method, path, designer_api):
    response = getattr(designer_api, method)(path)
    assert response.status_code == 405 and response["Allow"]
    code = response.json()["error"]["code"]
    assert code == "method_not_allowed" and code in documented_codes().get(405, set())


def test_an_anonymous_write_is_refused_for_credentials_first():
    assert APIClient().delete("/api/export/").status_code == 401
