"""Started games with fresh players for bench/live.py's modes (run in threads: the ORM is synchronous)."""
import itertools
import uuid


class StartedGames:
    """`new()` makes a started game of `players` fresh users; each mode turns its seats into credentials."""

    players = 0
    ruleset = ""
    options = {}

    def __init__(self):
        import django

        django.setup()
        self.run_id = uuid.uuid4().hex[:6]
        self.numbers = itertools.count(1)   # tables are made in several threads at once

    def start_game(self):
        """(game, users in seat order) of a game every player joined and is ready for (so it has started)."""
        from django.contrib.auth import get_user_model
        from django.db import close_old_connections

        from games import services
        from games.identity import Identity

        close_old_connections()
        number = next(self.numbers)
        users = [get_user_model().objects.create_user(f"{self.ruleset[:2]}{self.run_id}g{number}p{p}", password=None)
                 for p in range(self.players)]
        ids = [Identity(user_id=u.pk, name=u.username) for u in users]
        game = services.create_game(host=ids[0], ruleset_slug=self.ruleset, public=True, min_players=self.players,
                                    max_players=self.players, turn_seconds=0, options=self.options)
        for identity in ids[1:]:
            services.join_game(game_id=game.pk, identity=identity)
        for identity in ids:
            services.set_ready(game_id=game.pk, identity=identity, ready=True)
        return game, users
