"""A push service on this machine for the tests: an HTTP server in a thread that takes pushes as Mozilla's or
Google's would (RFC 8030), checks their VAPID signature (RFC 8292) and decrypts them with the subscriber's keys
(RFC 8291, aes128gcm), as the browser would; each subscription's URL answers the status the test sets."""
import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from py_vapid.jwt import decode as decode_token


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Browser:
    """What a browser makes when it subscribes: a P-256 key pair and a 16-byte authentication secret."""

    def __init__(self):
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth_secret = os.urandom(16)
        point = self.private_key.public_key().public_bytes(serialization.Encoding.X962,
                                                           serialization.PublicFormat.UncompressedPoint)
        self.keys = {"p256dh": b64url(point), "auth": b64url(self.auth_secret)}


class PushService:
    def __init__(self):
        self.browsers = {}   # path -> Browser
        self.statuses = {}   # path -> status to answer
        self.received = []   # one dict per push: path, headers, message (decrypted JSON), claims, problem
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                try:
                    entry = service.take(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                    status = service.statuses.get(self.path, 201)
                except Exception as exc:  # what a real push service refuses: a bad signature, undecryptable data
                    entry, status = {"path": self.path, "problem": repr(exc)}, 400
                service.received.append(entry)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()

    @property
    def origin(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def subscription(self, name, status=201):
        """A new browser subscribed at /push/<name>: {"endpoint", "keys"} as PushSubscription.toJSON() gives it."""
        path = f"/push/{name}"
        self.browsers[path] = Browser()
        self.statuses[path] = status
        return {"endpoint": self.origin + path, "expirationTime": None, "keys": self.browsers[path].keys}

    def take(self, path, headers, body):
        """What arrived (headers in lower case), checked and decrypted as a push service and the browser would."""
        authorization = headers.get("authorization", "")
        if not Vapid02.verify(authorization):   # False for a bad signature; raises on a malformed header
            raise ValueError("the VAPID signature does not verify")
        parts = dict(part.split("=", 1) for part in authorization.split(" ", 1)[1].split(","))
        entry = {"path": path, "headers": headers, "vapid_key": parts["k"],
                 "claims": decode_token(parts["t"], parts["k"])}
        browser = self.browsers[path]
        plain = http_ece.decrypt(body, private_key=browser.private_key, auth_secret=browser.auth_secret,
                                 version=headers.get("content-encoding"))
        entry["message"] = json.loads(plain)
        return entry
