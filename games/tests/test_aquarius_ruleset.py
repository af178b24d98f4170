"""Aquarius through the platform: options, the frozen deck, refusals with the seed's tokens, bots, replay."""
from unittest import mock

import pytest

from games import services
from games.errors import IllegalAction
from games.models import Game
from games.rulesets import OptionsInvalid, RulesUnavailable, RuleViolation, get_ruleset
from games.aquarius.ruleset import AquariusOptionsForm
from games.selectors.replay import replay

from games.tests.helpers import join_and_ready, seat_to_act


@pytest.fixture
def aquarius_cards(db):
    from cards.aquarius.data import load_aquarius
    from cards.aquarius.data import AQUARIUS_FILE
    from cards.loading import read_json

    return load_aquarius(read_json(AQUARIUS_FILE))


def aquarius_lobby(host, chicken=False, max_players=5, deck="first-edition"):
    return services.create_game(host=host, ruleset_slug="aquarius", public=True, min_players=2,
                                max_players=max_players, turn_seconds=0, options={"chicken": chicken, "deck": deck})


def test_registered_with_its_options(aquarius_cards):
    ruleset = get_ruleset("aquarius")
    assert ruleset.name == "Aquarius" and ruleset.player_limits({}) == (2, 5)
    assert ruleset.board_script == "js/boards/aquarius.js" and not ruleset.same_view_for_all
    assert ruleset.bot_kinds[0] == "random"
    form = AquariusOptionsForm({"options-chicken": "on"}, prefix="options")
    assert form.is_valid() and ruleset.clean_options(form.cleaned_data) == {"chicken": True, "deck": "first-edition"}
    assert ruleset.clean_options({}) == {"chicken": False, "deck": "first-edition"}
    assert ruleset.describe_options({"chicken": True})
    with pytest.raises(OptionsInvalid) as caught:
        ruleset.clean_options({"deck": "nope"})
    assert "deck" in caught.value.errors


def test_a_game_plays_the_variant_deck_it_was_created_with(aquarius_cards, ann):
    from cards.aquarius.admin import copy_into_variant_deck
    from cards.aquarius.models import AquariusCard

    deck = copy_into_variant_deck(AquariusCard.objects.filter(deck__slug="first-edition").exclude(kind="action"))
    game = aquarius_lobby(ann, deck=deck.slug)
    services.add_bot(game_id=game.pk, identity=ann, kind="random")
    AquariusCard.objects.filter(deck=deck, slug="w_a_1").update(name="Breeze")   # edited before the start
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    game = Game.objects.get(pk=game.pk)
    assert game.rules["deck"] == deck.slug and len(game.rules["cards"]) == 40
    assert {c["id"]: c for c in game.rules["cards"]}["w_a_1"]["name"] == "Breeze"
    AquariusCard.objects.filter(deck=deck, slug="w_a_1").update(name="Gale")      # later edits stay out
    game.refresh_from_db()
    assert {c["id"]: c for c in game.rules["cards"]}["w_a_1"]["name"] == "Breeze"


def test_an_unplayable_deck_refuses_to_start_with_a_reason(aquarius_cards, ann):
    from cards.aquarius.admin import copy_into_variant_deck
    from cards.aquarius.models import AquariusCard
    deck = copy_into_variant_deck(AquariusCard.objects.filter(deck__slug="first-edition", kind="action"))
    game = aquarius_lobby(ann, deck=deck.slug)
    services.add_bot(game_id=game.pk, identity=ann, kind="random")
    with mock.patch("games.services.start.announce_to_game") as announce:
        services.set_ready(game_id=game.pk, identity=ann, ready=True)   # the start is refused, the lobby stays
    game.refresh_from_db()
    assert game.status == Game.Status.LOBBY
    assert not game.seats.get(bot_kind="").ready                   # nobody retries into the same error
    (code, frame), _ = announce.call_args
    assert frame["code"] == "cannot_start" and "cannot be played" in frame["message"]


def test_a_deck_that_is_missing_or_cannot_be_played_is_rules_unavailable(aquarius_cards):
    """freeze_rules raises the documented RulesUnavailable (not a LookupError) for a deck it cannot play."""
    with pytest.raises(RulesUnavailable, match="is not loaded"):
        get_ruleset("aquarius").freeze_rules({"deck": "no-such-deck"})


def test_a_bug_in_start_is_not_reported_as_a_card_problem(aquarius_cards, ann):
    """A KeyError inside the ruleset's start() is the site's bug: it fails the call (a server error) instead of
    keeping the lobby with "A designer must fix the cards" (a KeyError is a LookupError, which was caught)."""
    game = aquarius_lobby(ann)
    services.add_bot(game_id=game.pk, identity=ann, kind="random")
    with mock.patch("games.aquarius.engine.new_game", side_effect=KeyError("goals")), \
            mock.patch("games.services.start.announce_to_game") as announce:
        with pytest.raises(KeyError):
            services.set_ready(game_id=game.pk, identity=ann, ready=True)
    assert not announce.called
    game.refresh_from_db()
    assert game.status == Game.Status.LOBBY


def test_the_adapter_maps_refusals_to_the_seed_tokens_and_lets_anyone_look_at_a_goal(aquarius_cards):
    ruleset = get_ruleset("aquarius")
    rules = ruleset.freeze_rules({"chicken": True})
    assert len(rules["cards"]) == 55 and ruleset.rules_view(rules)["cards"]["q_wevf"]["panels"] == list("wevf")
    match = ruleset.start(rules, {"chicken": True}, 99, ["Ann", "Bob", "Cid"])
    assert match.progress().to_act == (0,)
    assert match.may_act(2, {"type": "see_goal"}) and not match.may_act(2, {"type": "pass"})
    assert match.may_act(0, {"type": "pass"}) and not match.may_act(5, {"type": "see_goal"})
    with pytest.raises(RuleViolation) as caught:
        match.apply(0, {"type": "play_card", "card": "nope", "x": 0, "y": 1, "upright": True})
    assert (caught.value.code, caught.value.message) == ("game.dont_have_card", "That card is not in your hand.")
    with pytest.raises(RuleViolation) as caught:
        match.apply(1, {"type": "pass"})
    assert caught.value.code == "not_your_turn"
    looked, events = match.apply(2, {"type": "see_goal"})
    assert looked.view(2)["goal"] and looked.view(1)["knows_goal"] == [False, False, True]
    assert match.opening_events()[-1]["type"] == "turn"
    again = ruleset.load(rules, looked.dump())
    assert again.dump() == looked.dump()
    with pytest.raises(RuleViolation) as caught:
        ruleset.start(rules, {}, 1, ["Solo"])
    assert caught.value.code == "game.two_seats_needed"


def test_labels_and_log_lines(aquarius_cards):
    ruleset = get_ruleset("aquarius")
    rules = ruleset.freeze_rules({})
    match = ruleset.start(rules, {}, 3, ["Ann", "Bob"])
    labels = [match.label(a) for a in match.legal_actions(0)]
    assert labels and all(labels)
    action = next(a for a in match.legal_actions(0) if a["type"] == "play_card")
    new, events = match.apply(0, action)
    lines = new.narrate(new.visible_events(events, None))
    assert lines[0].startswith("Ann places ")


def test_a_game_against_bots_is_played_to_the_end_and_replays(aquarius_cards, ann):
    game = aquarius_lobby(ann, max_players=4)
    for kind in get_ruleset("aquarius").bot_kinds[:3]:
        services.add_bot(game_id=game.pk, identity=ann, kind=kind)
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.leave(game_id=game.pk, identity=ann)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED
    assert len(game.rules["cards"]) == 55 and game.result["table"][0]["rank"] == 1
    steps = replay(game)["steps"]
    assert len(steps) == game.event_seq + 1 and steps[-1]["view"]["over"]
    assert "goals" in steps[-1]["view"] and "hand" in steps[0]["view"] and steps[0]["view"]["hand"] == []


def test_a_human_refusal_carries_the_token(aquarius_cards, ann, bob):
    game = join_and_ready(aquarius_lobby(ann), ann, bob)
    player = seat_to_act(game, ann, bob)
    with pytest.raises(IllegalAction) as caught:
        services.play_action(game_id=game.pk, identity=player, expected_seq=0,
                             action={"type": "play_card", "card": "w_a_1", "x": 0, "y": 0, "upright": True})
    assert caught.value.code in ("game.space_not_empty", "game.dont_have_card")


def test_the_create_page_offers_chicken_and_the_decks(aquarius_cards, player, client):
    client.force_login(player)
    page = client.get("/games/new/aquarius/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Aqua-Chicken" in text and "Aquarius (First Edition)" in text
    response = client.post("/games/new/aquarius/", {
        "game-public": "on", "game-min_players": 2, "game-max_players": 4, "game-turn_seconds": 0,
        "options-chicken": "on", "options-deck": "first-edition"})
    assert response.status_code == 302
    game = Game.objects.get(ruleset="aquarius")
    assert game.options == {"chicken": True, "deck": "first-edition"}
