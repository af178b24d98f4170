"""The game log's entries are worded once per process and language, and read the same as freshly worded."""
import pytest
from django.utils import translation

from games import broadcast, services
from games.models import Game, GameEvent
from games.machikoro.ruleset import MachiKoroMatch
from games.selectors import log_entries
from games.selectors.frames import snapshot_frame
from games.selectors.lookup import current_match

from games.tests.helpers import join_and_ready, seat_to_act


@pytest.fixture(autouse=True)
def empty_cache():
    log_entries.CACHE.clear()
    yield
    log_entries.CACHE.clear()


@pytest.fixture
def narrations(monkeypatch):
    """How many times the rules worded a move."""
    calls = []
    original = MachiKoroMatch.narrate_move

    def counting(self, seat, action, events):
        calls.append(seat)
        return original(self, seat, action, events)

    monkeypatch.setattr(MachiKoroMatch, "narrate_move", counting)
    return calls


def played_game(ann, bob, moves=6):
    game = services.create_game(host=ann, ruleset_slug="machikoro", public=True, min_players=2, max_players=2,
                                turn_seconds=0, options={"extensions": []})
    join_and_ready(game, ann, bob)
    for _ in range(moves):
        game = Game.objects.get(pk=game.pk)
        player = seat_to_act(game, ann, bob)
        _ruleset, match = current_match(game)
        seat = game.seats.get(**player.owner_fields()).position
        action = match.legal_actions(seat)[0]
        services.play_action(game_id=game.pk, identity=player, expected_seq=game.event_seq, action=action)
    return Game.objects.get(pk=game.pk)


def fresh_entries(game):
    _ruleset, match = current_match(game)
    return [log_entries.word_entry(e, match) for e in GameEvent.objects.filter(game=game).order_by("seq")]


def test_a_snapshot_words_each_entry_once_and_as_fresh(official_cards, ann, bob, narrations, monkeypatch):
    monkeypatch.setattr(broadcast, "publish", lambda group, message: None)   # no update has worded anything
    game = played_game(ann, bob)
    log_entries.CACHE.clear()
    narrations.clear()
    first = snapshot_frame(game, ann)["entries"]
    worded = len(narrations)
    again = snapshot_frame(game, bob)["entries"]
    assert worded == game.event_seq and len(narrations) == worded       # the second page worded nothing
    assert first == again == fresh_entries(game)


def test_entries_are_kept_per_language(official_cards, ann, bob):
    game = played_game(ann, bob)
    english = snapshot_frame(game, ann)["entries"]
    with translation.override("fr"):
        french = snapshot_frame(game, ann)["entries"]
        assert french == fresh_entries(game)
    assert english == fresh_entries(game) and english != french


def test_the_update_of_a_move_words_its_entry_for_later_pages(official_cards, ann, bob, narrations):
    game = played_game(ann, bob, moves=3)    # each move's update is worded in every site language
    narrations.clear()
    entries = snapshot_frame(game, ann, since=0)["entries"]
    assert narrations == [] and [e["seq"] for e in entries] == list(range(1, game.event_seq + 1))


def test_catching_up_sends_only_the_missed_entries(official_cards, ann, bob):
    game = played_game(ann, bob)
    frame = snapshot_frame(game, ann, since=game.event_seq - 2)
    assert frame["type"] == "events" and frame["entries"] == fresh_entries(game)[-2:]


def test_the_cache_keeps_the_most_recently_used():
    cache = log_entries.EntryCache(size=2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.get("a")
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, None, 3)


def test_kept_entries_leave_the_collectors_passes(official_cards, ann, bob):
    """A kept entry holds only strings and numbers: after a full pass the collector no longer walks it, so
    a server's thousands of kept entries do not lengthen its pauses."""
    import gc

    game = played_game(ann, bob)
    entries = snapshot_frame(game, ann)["entries"]
    gc.collect()
    assert entries and not any(gc.is_tracked(entry) for entry in entries)
    assert broadcast.encode({"entries": entries[:1]}).count("[") >= 2   # the lines still read as a JSON list
