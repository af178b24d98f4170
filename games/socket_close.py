"""A socket's late traffic after its close, dropped quietly.

Once the server has closed a socket (a refused handshake is accepted, then closed with its code) or the client
has, frames that crossed the close still arrive and group messages still come in. Answering them failed: the
consumer's state was never set up (a refused socket has no rate limit, no seat), and daphne raised "Attempt to
send on a closed protocol", a traceback in the log for every client that sent a frame and closed. Frames
received after the close are ignored and sends after it are dropped; the race daphne alone sees (the client's
close read but not yet reported) is config/daphne_websockets.py's.
"""


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
        await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
