"""Rated games of the platform's counting game, played to the end."""
from games import services
from games.identity import Identity
from games.models import Game, Guest

from games.tests.helpers import seat_to_act


def guest(name):
    found = Guest.objects.create(nickname=name)
    return Identity(guest_id=found.pk, name=name)


def rated_lobby(host, *others, bots=(), rated=True, target=3):
    game = services.create_game(host=host, ruleset_slug="counting", options={"target": target}, public=True,
                                min_players=2, max_players=6, turn_seconds=0, rated=rated)
    for other in others:
        services.join_game(game_id=game.pk, identity=other)
    for kind in bots:
        services.add_bot(game_id=game.pk, identity=host, kind=kind)
    return game


def ready_all(game, *players):
    for player in players:
        services.set_ready(game_id=game.pk, identity=player, ready=True)
    return Game.objects.get(pk=game.pk)


def play_until_won_by(game, winner, *players):
    """Play the started counting game so that `winner` (an identity among `players`) reaches the target first:
    the others add 1, the winner adds 3 (the target is 3, so the winner's first move wins)."""
    game = Game.objects.get(pk=game.pk)
    while game.status == Game.Status.PLAYING:
        if any(s.position in game.to_act and s.is_automated for s in game.seats.all()):
            services.play_bot_move(game.pk, game.event_seq)
        else:
            player = seat_to_act(game, *players)
            amount = 3 if player == winner else 1
            services.play_action(game_id=game.pk, identity=player, expected_seq=game.event_seq,
                                 action={"type": "add", "amount": amount})
        game = Game.objects.get(pk=game.pk)
    return game


def rated_game_won_by(winner, *players, bots=()):
    game = rated_lobby(players[0], *players[1:], bots=bots, target=100)
    game = ready_all(game, *players)
    assert game.status == Game.Status.PLAYING
    return play_until_won_by(game, winner, *players)


def finished_game(places, *, ruleset="counting", rated=True, forfeited=()):
    """A finished game stored directly: `places` [(player, rank)] in seat order, a player being an Identity (user
    or guest) or a bot kind (str); `forfeited` the positions that lost by time."""
    game = Game.objects.create(ruleset=ruleset, options={}, min_players=2, max_players=6, rated=rated,
                               status=Game.Status.FINISHED)
    table = []
    for position, (player, rank) in enumerate(places):
        if isinstance(player, str):
            game.seats.create(position=position, bot_kind=player, name=f"{player} bot {position}")
            name = f"{player} bot {position}"
        else:
            game.seats.create(position=position, name=player.name, **player.owner_fields())
            name = player.name
        table.append({"seat": position, "name": name, "rank": rank, "score": 0, "details": ""})
    game.result = {"winners": [row["seat"] for row in table if row["rank"] == 1], "table": table}
    if forfeited:
        game.result["forfeited"] = list(forfeited)
    game.save()
    return game
