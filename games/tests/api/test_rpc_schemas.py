"""The referee schemas served at /api/rpc/<name>.schema.json are the published files, and they validate frames."""
import json

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from rest_framework.test import APIClient

from games.tests.rpc.rpc_sockets import load_schema

pytestmark = pytest.mark.django_db


def fetched(name):
    response = APIClient().get(f"/api/rpc/{name}.schema.json")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/schema+json")
    return json.loads(response.content)


@pytest.mark.parametrize("name", ["volity", "aquarius", "machikoro"])
def test_each_schema_is_served_as_published(name):
    assert fetched(name) == load_schema(name)


def test_a_program_validates_frames_with_the_schemas_it_fetched():
    documents = [fetched(name) for name in ("volity", "machikoro")]
    registry = Registry().with_resources((d["$id"], Resource.from_contents(d)) for d in documents)
    validator = Draft202012Validator(documents[1], registry=registry)
    good = {"jsonrpc": "2.0", "id": 1, "method": "volity.send_state", "params": []}
    assert validator.is_valid(good)
    assert not validator.is_valid({**good, "method": "volity.no_such_call"})


@pytest.mark.parametrize("name", ["lorenzo", "counting", "nothing", "..%2Fsettings"])
def test_other_names_are_a_json_404(name):
    response = APIClient().get(f"/api/rpc/{name}.schema.json")
    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
