"""A card set the engine cannot play never breaks a lobby: the players are told which card, the lobby stays usable.

The card database refuses such cards (cards/tests/test_effect_less_cards.py); these cards got in behind its back
(a database edit, data from before the rule), which is why they are written with queryset.update().
"""

from cards.aquarius.models import AquariusCard
from cards.machikoro.models import Establishment, Landmark
from cards.models import CardGame, Extension
from games import services
from games.models import Game, Seat

from games.tests.test_aquarius_ruleset import aquarius_cards, aquarius_lobby  # noqa: F401  (a fixture)
from games.tests.test_machikoro_ruleset import machikoro_lobby


def errors_sent(broadcasts):
    return [frame for _, frame in broadcasts if isinstance(frame, dict) and frame.get("type") == "error"]


def readiness(game):
    return {s.name: s.ready for s in Seat.objects.filter(game=game)}


def test_an_effect_less_card_keeps_the_game_in_a_usable_lobby(official_cards, ann, bob, broadcasts):
    Establishment.objects.filter(slug="wheat-field").update(effect="")
    game = machikoro_lobby(ann)
    services.join_game(game_id=game.pk, identity=bob)
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.set_ready(game_id=game.pk, identity=bob, ready=True)  # the start is tried here: no exception

    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.LOBBY and not game.rules and game.event_seq == 0
    assert readiness(game) == {"ann": False, "bob": False}  # nobody retries into the same error
    [error] = errors_sent(broadcasts)
    assert error["code"] == "cannot_start"
    assert "Wheat Field" in error["message"] and "effect is empty" in error["message"]

    # The lobby still works, and once a designer fixes the card the game starts.
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    Establishment.objects.filter(slug="wheat-field").update(effect="c 1")
    services.set_ready(game_id=game.pk, identity=bob, ready=True)
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING


def test_a_landmark_the_engine_cannot_play_is_named(official_cards, ann, broadcasts):
    Landmark.objects.filter(slug="train-station").update(effect="c 1")  # parses, but a landmark needs a phase
    game = machikoro_lobby(ann)
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.add_bot(game_id=game.pk, identity=ann, kind="greedy")  # completes the lobby: the start is tried

    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.LOBBY
    assert Seat.objects.filter(game=game, bot_kind="greedy", ready=True).exists()  # the bot was seated all the same
    assert readiness(game)["ann"] is False
    [error] = errors_sent(broadcasts)
    assert "Train Station" in error["message"] and "needs a phase" in error["message"]


def test_leaving_still_works_when_the_start_it_triggers_is_refused(official_cards, ann, bob, cid, broadcasts):
    Establishment.objects.filter(slug="bakery").update(effect="")
    game = machikoro_lobby(ann)
    for player in (bob, cid):
        services.join_game(game_id=game.pk, identity=player)
    for player in (ann, bob):
        services.set_ready(game_id=game.pk, identity=player, ready=True)
    services.leave(game_id=game.pk, identity=cid)  # the two left are ready: the start is tried and refused

    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.LOBBY and readiness(game) == {"ann": False, "bob": False}
    assert "Bakery" in errors_sent(broadcasts)[0]["message"]


def test_a_broken_card_of_an_extension_not_in_play_does_not_matter(official_cards, ann):
    Establishment.objects.filter(slug="tuna-boat").update(effect="")  # Harbor
    game = machikoro_lobby(ann)
    services.add_bot(game_id=game.pk, identity=ann, kind="greedy")
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING


def test_missing_cards_are_a_clear_refusal_too(db, ann, broadcasts):
    game = machikoro_lobby(ann)
    services.add_bot(game_id=game.pk, identity=ann, kind="greedy")
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    assert Game.objects.get(pk=game.pk).status == Game.Status.LOBBY
    assert "load_cards" in errors_sent(broadcasts)[0]["message"]


def test_a_starting_card_moved_out_of_the_base_game_is_a_clear_refusal(official_cards, ann, bob, broadcasts):
    # The engine's OptionsError ("starting card 'wheat-field' is not in the extensions base"), not server_error.
    harbor = Extension.objects.get(game__slug=CardGame.MACHI_KORO, slug="harbor")
    Establishment.objects.filter(slug="wheat-field").update(extension=harbor)
    game = machikoro_lobby(ann)
    services.join_game(game_id=game.pk, identity=bob)
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.set_ready(game_id=game.pk, identity=bob, ready=True)

    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.LOBBY and readiness(game) == {"ann": False, "bob": False}
    [error] = errors_sent(broadcasts)
    assert error["code"] == "cannot_start" and "wheat-field" in error["message"]

    # The lobby stays usable: once the card is back, the same players start.
    Establishment.objects.filter(slug="wheat-field").update(extension=Extension.objects.get(
        game__slug=CardGame.MACHI_KORO, slug="base"))
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.set_ready(game_id=game.pk, identity=bob, ready=True)
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING


def test_an_aquarius_deck_too_small_for_the_table_is_a_clear_refusal(aquarius_cards, ann, bob, cid, broadcasts):
    kept = list(AquariusCard.objects.filter(deck__slug="first-edition", kind="whole").values_list("pk", flat=True)[:8])
    AquariusCard.objects.filter(deck__slug="first-edition").exclude(pk__in=kept).delete()  # 8 cards: too few for 3
    game = aquarius_lobby(ann)
    for player in (bob, cid):
        services.join_game(game_id=game.pk, identity=player)
    for player in (ann, bob, cid):
        services.set_ready(game_id=game.pk, identity=player, ready=True)

    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.LOBBY and not any(readiness(game).values())
    [error] = errors_sent(broadcasts)
    assert error["code"] == "cannot_start" and "too small" in error["message"]

    services.leave(game_id=game.pk, identity=cid)  # two players fit the deck: the lobby still starts
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.set_ready(game_id=game.pk, identity=bob, ready=True)
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING
