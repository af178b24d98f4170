"""How many messages a socket may send: a token bucket per socket (a burst, then a sustained rate)."""
import time

RATE_CAPACITY = 20      # burst of messages a socket may send
RATE_PER_SECOND = 8.0   # sustained messages per second


class TokenBucket:
    def __init__(self, capacity=RATE_CAPACITY, rate=RATE_PER_SECOND):
        self.capacity = capacity
        self.rate = rate
        self.tokens = float(capacity)
        self.stamp = time.monotonic()

    def take(self):
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
