"""Notifications: what a player is told (their turn, an invitation, a game ended, a rematch offered), in the
site's menu and by e-mail (Web Push plugs into the same dispatcher: services.CHANNEL_SENDERS)."""
