"""A French and an English player at one Machi Koro table each see the cards in their own language."""
import json

import pytest
from django.utils import translation

from games.language import language_from_scope
from games import broadcast, services
from games.models import Game
from games.rulesets import get_ruleset
from games.selectors.frames import snapshot_frame

from games.tests.helpers import join_and_ready, seat_to_act


def started_game(ann, bob):
    game = services.create_game(host=ann, ruleset_slug="machikoro", public=True, min_players=2, max_players=4,
                                turn_seconds=0, options={"extensions": ["harbor"]})
    return join_and_ready(game, ann, bob)


def test_the_frozen_card_set_carries_both_names(official_cards, ann, bob):
    frozen = started_game(ann, bob).rules["cards"]
    wheat = next(c for c in frozen["establishments"] if c["slug"] == "wheat-field")
    assert (wheat["name"], wheat["name_fr"]) == ("Wheat Field", "Champ de blé")
    assert {c["slug"]: c["name_fr"] for c in frozen["landmarks"]}["harbor"] == "Port"
    assert {i["slug"]: i["name_fr"] for i in frozen["icons"]}["cup"] == "Tasse"
    assert {e["slug"]: e["name_fr"] for e in frozen["extensions"]}["harbor"] == "Marina"


def test_the_page_snapshot_is_in_the_players_language(official_cards, ann, bob):
    game = started_game(ann, bob)
    with translation.override("fr"):
        french = snapshot_frame(game, ann)
    english = snapshot_frame(game, bob)
    wheat_fr, wheat_en = french["rules"]["establishments"]["wheat-field"], english["rules"]["establishments"]["wheat-field"]
    assert wheat_fr["name"] == "Champ de blé" and wheat_en["name"] == "Wheat Field"
    assert wheat_fr["text"] == "Quand n'importe quel joueur obtient 1, recevez 1 pièce de la banque."
    assert wheat_en["text"] == "When anyone rolls 1, get 1 coin from the bank."
    assert wheat_fr["icon_name"] == "Blé" and wheat_fr["colour_name"] == "Bleu"
    assert french["rules"]["landmarks"]["harbor"]["name"] == "Port"
    assert french["rules"]["language"] == "fr" and english["rules"]["language"] == "en"


def test_each_socket_gets_the_update_in_its_language(official_cards, ann, bob, monkeypatch):
    game = started_game(ann, bob)
    player = seat_to_act(game, ann, bob)
    assert services.note_reader_language(game.pk, "fr")   # a French page opened
    assert not services.note_reader_language(game.pk, "fr") and not services.note_reader_language(game.pk, "en")
    sent = []
    monkeypatch.setattr(broadcast, "publish", lambda group, message: sent.append(message))
    services.play_action(game_id=game.pk, identity=player, expected_seq=0, action={"type": "roll", "dice": 1})
    message = next(m for m in sent if m["type"] == "game.frames")
    english_public, french_public = (json.loads(message["public"][language]) for language in ("en", "fr"))
    assert english_public["entry"] == {**french_public["entry"], "lines": english_public["entry"]["lines"]}
    assert english_public["entry"]["lines"] != french_public["entry"]["lines"]
    assert all(set(texts) == {"en", "fr"} for texts in message["private"].values())  # each private frame in each
    # The consumer picks the text of its socket's language.
    from games.consumers import GameConsumer

    consumer = GameConsumer()
    consumer.identity, consumer.language, received = player, "fr", []

    async def send(text_data):
        received.append(text_data)

    consumer.send = send
    import asyncio

    asyncio.run(consumer.game_frames(message))
    assert received == [message["private"].get(player.key, message["public"])["fr"]]
    consumer.language = "en"
    asyncio.run(consumer.game_frames(message))
    assert received[-1] == message["private"].get(player.key, message["public"])["en"]


def test_updates_are_worded_only_in_the_languages_of_the_games_pages(official_cards, ann, bob, monkeypatch):
    """Wording a move costs as much again per language: a game nobody reads in French is not worded in it."""
    game = started_game(ann, bob)
    player = seat_to_act(game, ann, bob)
    sent = []
    monkeypatch.setattr(broadcast, "publish", lambda group, message: sent.append(message))
    services.play_action(game_id=game.pk, identity=player, expected_seq=0, action={"type": "roll", "dice": 1})
    message = next(m for m in sent if m["type"] == "game.frames")
    assert message["seq"] == 1 and set(message["public"]) == {"en"}
    assert all(set(texts) == {"en"} for texts in message["private"].values())
    updated_at = Game.objects.get(pk=game.pk).updated_at
    services.note_reader_language(game.pk, "fr")
    assert Game.objects.get(pk=game.pk).reader_languages == ["fr"]
    assert Game.objects.get(pk=game.pk).updated_at == updated_at   # noting a reader is not lobby activity
    assert not services.note_reader_language(game.pk, "xx")   # not a site language


def test_a_log_line_names_the_card_in_french(official_cards, ann, bob):
    game = started_game(ann, bob)
    ruleset = get_ruleset("machikoro")
    match = ruleset.load(game.rules, game.state)
    event = {"type": "transfer", "card": "bakery", "payer": None, "payee": 0, "amount": 1, "owed": 1}
    with translation.override("fr"):
        assert match.narrate([event]) == [f"Boulangerie : la banque paie 1 pièce à {match.state.players[0].name}."]
        assert match.narrate([{"type": "bought", "player": 1, "card": "forest", "cost": 3}]) == [
            f"{match.state.players[1].name} achète Forêt pour 3 pièces."]
        assert match.label({"type": "buy", "card": "wheat-field"}) == "Acheter Champ de blé (1)"
        assert match.label({"type": "build", "landmark": "harbor"}) == "Construire Port (2)"
        assert match.label({"type": "roll", "dice": 2}) == "Lancer 2 dés"
    assert match.narrate([event])[0].startswith("Bakery: ")
    assert match.label({"type": "buy", "card": "wheat-field"}) == "Buy Wheat Field (1)"


def test_a_game_frozen_before_french_names_falls_back_to_english(official_cards, ann, bob):
    game = started_game(ann, bob)
    rules = json.loads(json.dumps(game.rules))
    for kind in ("establishments", "landmarks", "icons", "colours", "extensions"):
        for item in rules["cards"][kind]:
            item.pop("name_fr", None)
    rules["key"] = "old-" + rules["key"][:20]
    Game.objects.filter(pk=game.pk).update(rules=rules)
    game = Game.objects.get(pk=game.pk)
    with translation.override("fr"):
        frame = snapshot_frame(game, ann)  # the old game still loads, with its log
    view = frame["rules"]
    assert view["establishments"]["wheat-field"]["name"] == "Wheat Field"
    assert view["establishments"]["wheat-field"]["text"].startswith("Quand n'importe quel joueur obtient 1")
    assert view["establishments"]["wheat-field"]["icon_name"] == "Wheat"
    assert frame["view"]["players"] and frame["entries"] is not None


@pytest.mark.parametrize("scope, language", [
    ({"cookies": {"django_language": "fr"}, "headers": [(b"accept-language", b"en")]}, "fr"),
    ({"cookies": {}, "headers": [(b"accept-language", b"fr-CA,fr;q=0.9")]}, "fr"),
    ({"cookies": {"django_language": "de"}, "headers": [(b"accept-language", b"de")]}, "en"),
    ({}, "en"),
])
def test_a_socket_takes_the_sites_language_cookie_then_the_browsers(scope, language):
    assert language_from_scope(scope) == language


def test_the_create_form_names_the_boxes_in_the_readers_language_first(official_cards):
    from games.machikoro.forms import extension_choices

    assert dict(extension_choices())["harbor"] == "Harbor (Marina)"
    with translation.override("fr"):
        choices = dict(extension_choices())
    assert choices["harbor"] == "Marina" and choices["five-six"] == "5–6 joueurs"


def test_a_whole_bot_game_replays_in_french_without_english_or_placeholders(official_cards, ann):
    from games.selectors.replay import replay

    game = services.create_game(host=ann, ruleset_slug="machikoro", public=True, min_players=2, max_players=4,
                                turn_seconds=0, options={"extensions": ["harbor", "millionaires-row"]})
    for kind in ("greedy", "income"):
        services.add_bot(game_id=game.pk, identity=ann, kind=kind)
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.leave(game_id=game.pk, identity=ann)  # bots only, to the end
    game = Game.objects.get(pk=game.pk)
    with translation.override("fr"):
        steps = replay(game)["steps"]
    lines = [line for step in steps[1:] for line in step["lines"]]  # step 0 is the platform's own opening line
    text = "\n".join(lines)
    assert len(lines) > 20 and "{" not in text and "}" not in text
    for english in (" rolls", " pays ", " buys ", " builds ", " coins", " the bank", "Turn "):
        assert english not in text, english
    assert "lance les dés : " in text and "a construit tous ses monuments et gagne !" in text
