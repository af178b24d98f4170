/* A WebSocket that reconnects by itself (with growing, jittered delays) and tells the page when it is
   open again, so the page can resume from the last event it saw. */
(function () {
  "use strict";

  function LiveSocket(path, handlers) {
    this.path = path;
    this.handlers = handlers;
    this.attempt = 0;
    this.stopped = false;
    this.open();
  }

  LiveSocket.prototype.url = function () {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    return scheme + "//" + window.location.host + this.path;
  };

  LiveSocket.prototype.open = function () {
    const self = this;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = function () {
      self.attempt = 0;
      if (self.handlers.open) self.handlers.open();
    };
    ws.onmessage = function (event) {
      let frame;
      try { frame = JSON.parse(event.data); } catch (error) { return; }
      self.handlers.frame(frame);
    };
    ws.onclose = function (event) {
      if (self.handlers.close) self.handlers.close(event);
      if (self.stopped || event.code === 4404) return;
      const delay = Math.min(10000, 400 * Math.pow(2, self.attempt++)) + Math.random() * 300;
      setTimeout(function () { self.open(); }, delay);
    };
  };

  LiveSocket.prototype.send = function (message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  };

  LiveSocket.prototype.stop = function () {
    this.stopped = true;
    if (this.ws) this.ws.close();
  };

  window.LiveSocket = LiveSocket;
})();
