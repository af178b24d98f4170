"""Program accounts: a registered account its owner marks as played by a program ("bot account", as on Lichess).

A program account is a registered user like any other (it signs in, holds API tokens, sits, is rated); the mark
only says so to everyone: a "program" badge beside its name on the leaderboards, the ladder, its profile and the
game's seats, and its place on the game's bot ladder (games/ratings, /players/ladder/<game>/). `services` marks
and unmarks an account, `selectors` reads the marks.
"""
