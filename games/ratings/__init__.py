"""Ratings of players and bot kinds per game (openskill's Plackett-Luce model), and the leaderboards.

`services.do_rate_game(game)` rates a finished rated game once; `selectors` reads ratings, histories and
leaderboards; `rating.py` turns openskill's (mu, sigma) into the number people see. See docs/playing.md, "Ratings".
"""
