"""Finished Aquarius games stored exactly as the live-games services store them, played by the autopilot bot."""
from datetime import timedelta

from django.utils import timezone

from games.models import Game, Seat
from games.rulesets import get_ruleset

from stats.tests.factories import play_bot_move, store_played

# A seed whose three-seat game ends with a goal reached (seat 1, earth, a group of 7 after 12 moves).
SEED_WITH_A_GROUP_OF_SEVEN = 30


def ensure_aquarius_cards():
    """Games freeze their deck from the card database: load the printed deck there unless it is."""
    from cards.aquarius.data import aquarius_decks, load_aquarius
    from cards.aquarius.data import AQUARIUS_FILE
    from cards.loading import read_json

    if not list(aquarius_decks()):
        load_aquarius(read_json(AQUARIUS_FILE))


def play_finished_aquarius(seed=1, players=3, chicken=False, looks=()):
    """A bot game stored as games.services.play stores it. looks: (move number, seat) pairs at which that
    seat looks at its goal (Aqua-Chicken) before the move is played."""
    ensure_aquarius_cards()
    ruleset = get_ruleset("aquarius")
    options = ruleset.clean_options({"chicken": chicken})
    rules = ruleset.freeze_rules(options)
    names = [f"Bot {i + 1}" for i in range(players)]
    started = timezone.now() - timedelta(minutes=9)
    game = Game.objects.create(ruleset="aquarius", options=options, min_players=2, max_players=players,
                               public=True, rules=rules, seed=seed, table=names, status=Game.Status.PLAYING,
                               started_at=started)
    for position, name in enumerate(names):
        Seat.objects.create(game=game, position=position, name=name, ready=True, bot_kind=ruleset.autopilot_bot)
    match = ruleset.start(rules, options, seed, names)
    rows = []
    moves = 0
    pending_looks = list(looks)
    while not match.progress().over:
        for move, seat in list(pending_looks):
            if move == moves:
                pending_looks.remove((move, seat))
                match = play_bot_move(game, match, rows, seat, {"type": "see_goal"})
        position = match.progress().to_act[0]
        action = match.bot_action(position, ruleset.autopilot_bot, seed * 7919 + len(rows))
        match = play_bot_move(game, match, rows, position, action)
        moves += 1
    store_played(game, match, rows, finished_at=started + timedelta(minutes=9))
    return game, match
