"""Daphne's HTTP requests leave form bodies to Django.

Twisted's Request, which daphne's WebRequest extends, parses every POST body sent as multipart/form-data itself,
before the site sees it, only to fill `request.args`, which daphne never reads. A body it could not parse
(`--x--`, a header without a boundary) got a bare `400 Bad Request`, no body, the connection dropped, and the
site never knew: the API could not answer in its JSON error shape. With Twisted's parsing off, the body reaches
Django untouched and DRF's parser refuses it as documented (docs/api.md, "Errors"); a big upload is no longer
parsed twice either.

Set on daphne's server module before the server builds its factory (config/asgi.py), so it holds for `daphne`,
`runserver` and the tests' servers; nothing when daphne is not loaded.
"""
import sys


def leave_form_bodies_to_django():
    """Install the factory below in daphne's server module (once)."""
    server = sys.modules.get("daphne.server")
    if server is None or getattr(server.HTTPFactory, "leaves_form_bodies_to_django", False):
        return
    server.HTTPFactory = form_leaving_factory(server.HTTPFactory, sys.modules["daphne.http_protocol"].WebRequest)


def form_leaving_factory(factory_class, request_class):
    """`factory_class` (daphne's HTTPFactory), whose requests (`request_class`, daphne's WebRequest) do not parse
    form bodies."""

    class FormLeavingRequest(request_class):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **{**kwargs, "parsePOSTFormSubmission": False})

    class FormLeavingHTTPFactory(factory_class):
        leaves_form_bodies_to_django = True
        request_class = FormLeavingRequest

        def buildProtocol(self, addr):
            protocol = super().buildProtocol(addr)
            protocol.requestFactory = FormLeavingRequest
            return protocol

    return FormLeavingHTTPFactory
