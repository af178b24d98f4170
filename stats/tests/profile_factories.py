"""Finished games with their players' results stored as the statistics store them, without playing them: for
the profiles' tests, and a whole player's history for the browser tests."""
from django.contrib.auth import get_user_model

from games.models import Game
from games.tests.my_games_factories import seated_game
from stats.models import PlayerResult


def finished(players, winners, ruleset="machikoro", turns=20, variant="", bought=None, minutes_ago=10):
    """A finished game (see seated_game's `players`) and one PlayerResult per seat."""
    game = seated_game(Game.Status.FINISHED, players, ruleset=ruleset, winners=winners, minutes_ago=minutes_ago)
    for seat in game.seats.all():
        PlayerResult.objects.create(
            game=game, seat=seat.position, order=seat.position + 1, players=len(players), user=seat.user,
            guest=seat.guest, bot_kind=seat.bot_kind, name=seat.name, won=seat.position in winners, turns=turns,
            duration_seconds=600, extensions=variant, bought=(bought or {}) if seat.position == 0 else {},
            finished_at=game.finished_at)
    return game


def seed_history(username, password, rival="bob"):
    """An account with 26 finished games of Machi Koro and Aquarius, two running games waiting for its move
    (one turn-based), one waiting for the rival, and a lobby. Returns the account."""
    users = get_user_model().objects
    player = users.create_user(username, password=password)
    other = users.create_user(rival, password=password + "-rival")
    for index in range(26):
        aquarius = index % 3 == 0
        finished([player, other, "Bot 3"][: 2 + index % 2], [index % 2], ruleset="aquarius" if aquarius else "machikoro",
                 turns=12 + index, variant=("Aqua-Chicken" if index % 2 else "") if aquarius else "base+harbor",
                 bought={} if aquarius else {"wheat-field": 2, "bakery": index % 3}, minutes_ago=60 * (index + 1))
    seated_game(Game.Status.PLAYING, [other, player], to_act=[1], pace=Game.Pace.TURN_BASED, deadline=5 * 3600,
                minutes_ago=90)
    seated_game(Game.Status.PLAYING, [player, "Bot 2"], to_act=[0], minutes_ago=3)
    seated_game(Game.Status.PLAYING, [player, other], to_act=[1], pace=Game.Pace.TURN_BASED, deadline=20 * 3600,
                minutes_ago=1)
    seated_game(Game.Status.LOBBY, [player])
    return player
