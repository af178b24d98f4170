"""Players' profiles (/players/<name>/, /players/guest/<id>/): each game's statistics apart, the games
played and the games in progress."""
