"""HTTP requests served through ASGI reuse the threads that run their sync code (config/asgi_http.py), so a
thread's database connection outlives one request."""
import asyncio
import threading

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core.signals import request_finished

from config import asgi_http


async def _get(application, path):
    scope = {"type": "http", "method": "GET", "path": path, "query_string": b"", "headers": [(b"host", b"localhost")],
             "http_version": "1.1", "scheme": "http", "server": ("localhost", 80), "client": ("127.0.0.1", 5000)}
    communicator = ApplicationCommunicator(application, scope)
    await communicator.send_input({"type": "http.request", "body": b""})
    start = await communicator.receive_output(5)
    body = await communicator.receive_output(5)
    await communicator.wait(5)
    return start["status"], body["body"]


def _threads_of_finished_requests():
    seen = []

    def record(**kwargs):
        seen.append(threading.get_ident())

    request_finished.connect(record, weak=False)
    return seen, record


@pytest.mark.asyncio
async def test_requests_one_after_another_run_their_sync_code_in_the_same_thread():
    application = asgi_http.ReusedThreadsASGIHandler()
    seen, record = _threads_of_finished_requests()
    try:
        for _ in range(3):
            assert await _get(application, "/health/live/") == (200, b'{"status": "ok"}')
    finally:
        request_finished.disconnect(record)
    assert len(seen) == 3 and len(set(seen)) == 1
    assert seen[0] != threading.get_ident()
    assert len(application.idle) == 1


@pytest.mark.asyncio
async def test_requests_at_once_get_threads_of_their_own_and_only_some_are_kept(monkeypatch):
    monkeypatch.setattr(asgi_http, "IDLE_THREADS_KEPT", 2)
    application = asgi_http.ReusedThreadsASGIHandler()
    seen, record = _threads_of_finished_requests()
    try:
        answers = await asyncio.gather(*(_get(application, "/health/live/") for _ in range(4)))
    finally:
        request_finished.disconnect(record)
    assert all(status == 200 for status, _ in answers)
    assert len(set(seen)) == 4
    assert len(application.idle) == 2


def test_the_site_serves_http_with_the_reusing_handler():
    from config.asgi import django_asgi_app

    assert isinstance(django_asgi_app, asgi_http.ReusedThreadsASGIHandler)
