"""HTTP requests served through ASGI reuse the threads that run their sync code (config/asgi_http.py), so a
thread's database connection outlives one request."""
import asyncio
import threading

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core.signals import request_finished
from django.http import HttpResponse
from django.urls import path

from config import asgi_http


def _scope(path):
    return {"type": "http", "method": "GET", "path": path, "query_string": b"", "headers": [(b"host", b"localhost")],
             "http_version": "1.1", "scheme": "http", "server": ("localhost", 80), "client": ("127.0.0.1", 5000)}


async def _get(application, path):
    communicator = ApplicationCommunicator(application, _scope(path))
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


# A view that holds its thread until the test lets it go (served when ROOT_URLCONF names this module).
view_entered = threading.Event()
view_released = threading.Event()


def _blocking_view(request):
    view_entered.set()
    view_released.wait()
    return HttpResponse("late")


urlpatterns = [path("blocking/", _blocking_view), path("health/live/", lambda request: HttpResponse("ok"))]


async def _until(condition, seconds=5):
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        assert asyncio.get_running_loop().time() < deadline
        await asyncio.sleep(0.01)


@pytest.mark.asyncio
async def test_a_cancelled_request_still_running_its_view_does_not_hold_up_the_next(settings):
    """The client goes away, the server cancels the request (daphne does after application_close_timeout):
    its thread is still in the view, so the next request must not be given that thread."""
    settings.ROOT_URLCONF = __name__
    view_entered.clear()
    view_released.clear()
    application = asgi_http.ReusedThreadsASGIHandler()
    try:
        stuck = ApplicationCommunicator(application, _scope("/blocking/"))
        await stuck.send_input({"type": "http.request", "body": b""})
        await _until(view_entered.is_set)
        await stuck.send_input({"type": "http.disconnect"})
        stuck.future.cancel()
        with pytest.raises(asyncio.CancelledError):
            await stuck.future
        assert application.idle == []   # its thread is still busy: not pooled

        assert await _get(application, "/health/live/") == (200, b"ok")
        assert not view_released.is_set()
        assert len(application.idle) == 1
    finally:
        view_released.set()
    await _until(lambda: len(application.idle) == 2)   # the freed thread is pooled once the view is over
