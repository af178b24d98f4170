"""Daphne's WebSockets: a bad frame closes the socket with its code, and a closing socket's late sends go nowhere.

- Autobahn (daphne's WebSocket layer) checks every text frame's UTF-8 and every frame against the protocol; on
  a failure its default, `failByDrop`, cut the TCP connection, so the client read 1006 (abnormal closure) and
  could not tell a bad frame from a network fault. With it off, autobahn sends the close frame the RFC names:
  1007 for invalid UTF-8, 1002 for a protocol error.
- Between the client's close frame and daphne's `websocket.disconnect`, a consumer does not know the socket is
  closing, and what it sent then raised "Attempt to send on a closed protocol" into it (a traceback in the
  log). Such sends are dropped, as daphne drops those made after the disconnect. (What a consumer sends after
  its own close, or after the disconnect, it drops itself: games/socket_close.py.)

Both are set on daphne's classes before the server builds its factory (config/asgi.py, like the scheduler's
start), so they hold for `daphne`, `runserver` and the tests' servers.
"""
import logging
import sys

log = logging.getLogger(__name__)


def close_bad_sockets_with_a_code():
    """Install the factory below in daphne's server module; nothing when daphne is not loaded."""
    server = sys.modules.get("daphne.server")
    if server is None or getattr(server.WebSocketFactory, "fails_with_close_frame", False):
        return
    server.WebSocketFactory = closing_factory(server.WebSocketFactory)


def closing_factory(factory_class):
    """`factory_class` (daphne's WebSocketFactory), failing with close frames and quiet when closing."""

    class QuietWhenClosingProtocol(factory_class.protocol):
        def serverSend(self, content, binary=False):
            if self.state in (self.STATE_CLOSING, self.STATE_CLOSED):
                log.debug("dropped a frame sent to a closing WebSocket")
                return
            super().serverSend(content, binary)

    class ClosingWebSocketFactory(factory_class):
        fails_with_close_frame = True
        protocol = QuietWhenClosingProtocol

        def resetProtocolOptions(self):
            super().resetProtocolOptions()
            self.failByDrop = False

    return ClosingWebSocketFactory
