"""A multipart body the server cannot parse gets the API's JSON error, from a real daphne (config/daphne_http.py).

Twisted, under daphne, parsed multipart/form-data bodies itself and answered a bare `400 Bad Request` (no body, the
connection dropped) for one it could not parse, before the site saw the request (issue 31).
"""
import http.client
import json

import pytest

from games.tests.default_site import default_site


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with pytest.MonkeyPatch.context() as monkeypatch:
        site = default_site(tmp_path_factory.mktemp("daphne-http"), monkeypatch)
        with site:
            yield site


def post(site, path, body, content_type):
    connection = http.client.HTTPConnection("127.0.0.1", site.ports[0], timeout=30)
    try:
        connection.request("POST", path, body=body, headers={"Content-Type": content_type})
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type") or "", response.read()
    finally:
        connection.close()


@pytest.mark.parametrize("content_type", ["multipart/form-data; boundary=x", "multipart/form-data"])
@pytest.mark.parametrize("body", [b"--x--", b"x"])
@pytest.mark.parametrize("path", ["/api/lorenzo/score/", "/api/import/", "/api/colours/"])
def test_unparsable_multipart_bodies_get_the_json_error_shape(site, path, body, content_type):
    status, answer_type, answer = post(site, path, body, content_type)
    assert 400 <= status < 500
    assert answer_type.startswith("application/json"), (status, answer[:200])
    assert set(json.loads(answer)["error"]) >= {"code", "message"}
