"""Daphne's WebSocket classes as the site installs them (config/daphne_websockets.py): a bad frame closes the
socket with a code (failByDrop off), and a send to a closing socket is dropped instead of raising. The live
sockets' behaviour is games/tests/test_socket_closing_live.py."""
from daphne import server as daphne_server
from daphne.ws_protocol import WebSocketFactory

from config import asgi
from config.daphne_websockets import closing_factory


def test_the_sites_factory_closes_failed_sockets_with_a_code_where_daphnes_drops_them():
    assert WebSocketFactory(None).failByDrop is True
    assert closing_factory(WebSocketFactory)(None).failByDrop is False


def test_a_send_to_a_closing_socket_is_dropped_without_an_error():
    protocol = closing_factory(WebSocketFactory).protocol()
    protocol.client_addr = ("127.0.0.1", 50000)
    for state in (protocol.STATE_CLOSING, protocol.STATE_CLOSED):
        protocol.state = state
        protocol.handle_reply({"type": "websocket.send", "text": "a late reply"})   # raised Disconnected


def test_the_site_installs_it_in_daphne():
    assert asgi.application is not None
    assert daphne_server.WebSocketFactory.fails_with_close_frame
    assert daphne_server.WebSocketFactory(None).failByDrop is False
