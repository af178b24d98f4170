"""A socket's late traffic after its close, dropped quietly.

Once the server has closed a socket (a refused handshake is accepted, then closed with its code) or the client
has, frames that crossed the close still arrive and group messages still come in. Answering them failed: the
consumer's state was never set up (a refused socket has no rate limit, no seat), and the server raised into the
consumer, a traceback in the log for every client that sent a frame and closed. Frames received after the close
are ignored and sends after it are dropped.

The server raises too when the client's close has been read but the consumer has not yet had its
`websocket.disconnect` (a group message handled meanwhile): uvicorn's ClientDisconnected (an OSError) while the
close is in flight, a RuntimeError ("Unexpected ASGI message ... after sending 'websocket.close'") once it is done.
Such a send is dropped and the socket taken as closed: its disconnect is on the way.
"""

# uvicorn's words for a send after the socket's close (both of its WebSocket protocols)
SEND_AFTER_CLOSE = "Unexpected ASGI message"


class DropsTrafficAfterClose:
    """Mixin for Channels' AsyncWebsocketConsumer (listed before it)."""

    closed = False

    async def close(self, code=None, reason=None):
        if self.closed:
            return
        self.closed = True
        await super().close(code=code, reason=reason)

    async def websocket_disconnect(self, message):
        self.closed = True
        await super().websocket_disconnect(message)

    async def websocket_receive(self, message):
        if self.closed:
            return   # crossed our close: there is no one to answer
        await super().websocket_receive(message)

    async def send(self, text_data=None, bytes_data=None, close=False):
        if self.closed:
            return
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except OSError:
            self.closed = True   # the client's close is in flight
        except RuntimeError as error:
            if not str(error).startswith(SEND_AFTER_CLOSE):
                raise
            self.closed = True
