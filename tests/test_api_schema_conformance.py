"""The REST API answers what its own OpenAPI document (/api/schema/) says, anonymously and as a designer.

Schemathesis generates requests from the schema, valid ones and invalid ones, across every operation and sends
them to the site in-process; every answer must be documented (status, content type, body schema, headers) and
none may be a 5xx. One hypothesis run per identity, bounded, so the whole file takes about a minute.
"""
import base64
import os

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, response_headers_conformance,
                                               response_schema_conformance, status_code_conformance)

from config.registry import all_games

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          response_headers_conformance]

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
requests = st.one_of(schema.as_strategy(GenerationMode.POSITIVE), schema.as_strategy(GenerationMode.NEGATIVE))
BOUNDED = settings(max_examples=int(os.environ.get("API_SCHEMA_EXAMPLES", "300")), deadline=None, derandomize=True, phases=[Phase.explicit, Phase.generate],
                   suppress_health_check=list(HealthCheck))


def test_the_schema_covers_every_endpoint_and_its_errors():
    paths = {operation.ok().path for operation in schema.get_all_operations()}
    assert {"/api/establishments/{slug}/history/", "/api/import/", "/api/games/{game_id}/stats/",
            "/api/colours/{id}/"} <= paths
    documents = schema.raw_schema["paths"]
    histories = [path for path in documents if path.endswith("/history/")]
    assert "/api/establishments/{slug}/history/" in histories and "/api/aquarius-cards/{id}/history/" in histories
    for path in histories:  # every card table's history: a plain list, not a page, and no list filters
        history = documents[path]["get"]
        assert history["responses"]["200"]["content"]["application/json"]["schema"]["type"] == "array", path
        assert not [p for p in history.get("parameters", []) if p["in"] == "query" and p["name"] not in ("format", "lang")], path
    delete = documents["/api/colours/{id}/"]["delete"]["responses"]
    assert {"400", "401", "403", "404", "409", "413"} <= set(delete)
    assert delete["409"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}


def test_the_effect_explainers_game_lists_the_games_with_effects():
    parameters = schema.raw_schema["paths"]["/api/effects/explain/"]["get"]["parameters"]
    parameter = next(parameter for parameter in parameters if parameter["name"] == "game")
    games_with_effects = [game.part("effects").GAME for game in all_games() if game.effects]
    assert games_with_effects and parameter["schema"]["enum"] == games_with_effects


@pytest.mark.parametrize("path", ["/api/lorenzo/score/", "/api/progress/cards/{slug}/cost/"])
def test_the_calculators_document_that_they_refuse_unknown_fields(path):
    body = schema.raw_schema["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["additionalProperties"] is False and body["properties"]


@pytest.fixture
def same_connection_for_every_request():
    """As Django's test client does: schemathesis calls the WSGI app directly, whose request signals would
    close the test's connection (it is inside the test's transaction) after each request on PostgreSQL."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["anonymous", "designer"])
def test_every_answer_is_documented(official_cards, designer, who, same_connection_for_every_request):
    headers = {} if who == "anonymous" else {
        "Authorization": "Basic " + base64.b64encode(b"dana:pw-designer-1").decode()}

    @BOUNDED
    @given(case=requests)
    def check(case):
        case.call_and_validate(headers=headers, checks=CHECKS)

    check()
