"""Finished Machi Koro games stored exactly as the live-games services store them, played by bots."""
import hashlib
import json
from datetime import timedelta

from django.utils import timezone

from games.machikoro import engine
from games.models import Game, GameEvent, Seat
from games.rulesets import get_ruleset


def frozen_rules(extensions):
    """What MachiKoroRuleset.freeze_rules stores, from the card file instead of the card database."""
    document = engine.load_card_data()
    document["establishments"] = [c for c in document["establishments"] if c["extension"] in extensions]
    document["landmarks"] = [c for c in document["landmarks"] if c["extension"] in extensions]
    text = json.dumps(document, sort_keys=True, ensure_ascii=True)
    return {"key": hashlib.sha256(text.encode()).hexdigest()[:24], "extensions": list(extensions), "cards": document}


def play_finished_game(seed=1, players=3, bot="greedy", extensions=("base",), max_turns=None, users=(),
                       public=True, minutes=25, finish=True):
    """A game played to its end by bots and stored with its numbered events (like games.services.play).

    users: accounts seated at the first seats (the others are bots). Returns (game, final engine state).
    """
    ruleset = get_ruleset("machikoro")
    options = engine.GameOptions(extensions=tuple(extensions), max_turns=max_turns).to_json()
    rules = frozen_rules(list(extensions))
    names = [users[i].username if i < len(users) else f"Bot {i + 1}" for i in range(players)]
    started = timezone.now() - timedelta(minutes=minutes)
    game = Game.objects.create(ruleset=ruleset.slug, options=options, min_players=2, max_players=players,
                               public=public, rules=rules, seed=seed, table=names, status=Game.Status.PLAYING,
                               started_at=started)
    for position, name in enumerate(names):
        user = users[position] if position < len(users) else None
        Seat.objects.create(game=game, position=position, name=name, user=user, ready=True,
                            bot_kind="" if user else bot)
    match = ruleset.start(rules, options, seed, names)
    rows = []
    while not match.progress().over:
        position = match.progress().to_act[0]
        action = match.bot_action(position, bot, seed * 7919 + len(rows))
        match = play_bot_move(game, match, rows, position, action)
    store_played(game, match, rows, finished_at=started + timedelta(minutes=minutes) if finish else None)
    return game, match.state


def play_bot_move(game, match, rows, position, action):
    """The match after the bot at `position` plays `action`, its numbered event row added to `rows`."""
    match, events = match.apply(position, action)
    rows.append(GameEvent(game=game, seq=len(rows) + 1, seat=position, by=GameEvent.By.BOT, action=action,
                          events=events))
    return match


def store_played(game, match, rows, finished_at=None):
    """Store the event rows and the match's state on `game`, finished at `finished_at` (None: still playing)."""
    GameEvent.objects.bulk_create(rows)
    progress = match.progress()
    game.state = match.dump()
    game.event_seq = len(rows)
    game.turn = progress.turn
    game.to_act = []
    if finished_at is not None:
        game.status = Game.Status.FINISHED
        game.finished_at = finished_at
        game.result = {"winners": list(progress.winners), "table": match.final_table()}
    game.save()
