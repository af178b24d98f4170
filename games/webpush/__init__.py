"""Web Push: a player's devices subscribed with the browser's Push API, and the pushes the site sends them.

`models.PushSubscription` is one browser on one device; `services.do_send_push` sends a notification to all of a
user's devices; the views let a player allow or turn off notifications on the device they use (`/accounts/push/`),
and `/sw.js` is the service worker that shows what arrives. Off while the VAPID keys are not set (`keys.py`).
"""
