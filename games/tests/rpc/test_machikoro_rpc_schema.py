"""The JSON Schema (games/rpc/machikoro.schema.json) against the referee: its requests are exactly the protocol's
calls with their parameters (what the schema refuses, the referee refuses as malformed); its notifications are
exactly those the referee's code makes, and bot games with every extension produce every one of them, each
following the schema, none carrying the random state, the seed or the deck's order."""
import ast
import json
from pathlib import Path

import pytest

from games.machikoro import engine
from games.machikoro.rpc import PROTOCOL, as_call
from games.machikoro.ruleset import MachiKoroMatch
from games.rpc import protocol as rpc

from games.tests.rpc.rpc_sockets import Schema, branch_names, check_requests_are_the_calls, definition_validator, definitions

ROOT = Path(__file__).resolve().parents[3]
GOOD = {"extensions": ["harbor"], "stacks": 10, "flag": True, "dice": 2, "add": False, "seat": "seat2",
        "give": "ranch", "take": "mine", "card": "cafe", "landmark": "harbor", "coins": 1}
WRONG = {"string": [7, None, True, ["cafe"]], "int": [1.5, "1", True, None], "bool": ["yes", 1, None],
         "array": ["harbor", [1], None]}


@pytest.fixture(scope="module")
def schema():
    return Schema("machikoro")


def request(method, params):
    return {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}


def test_the_schemas_requests_are_the_protocols_calls_and_the_volity_calls():
    check_requests_are_the_calls("machikoro", PROTOCOL)


@pytest.mark.parametrize("method", sorted(PROTOCOL.calls))
def test_the_schema_refuses_what_the_referee_finds_malformed(schema, method):
    call = PROTOCOL.calls[method]
    good = [GOOD[name] for name, _ in call.params]
    assert not schema.request_errors(request(method, good))
    assert rpc.coerce(call, good) == good
    for i, (name, kind) in enumerate(call.params):
        for value in WRONG[kind]:
            wrong = good[:i] + [value] + good[i + 1:]
            assert schema.request_errors(request(method, wrong)), (method, name, value)
            with pytest.raises(rpc.Fault) as fault:
                rpc.coerce(call, wrong)
            assert fault.value.code == rpc.WRONG_TYPE, (method, name, value)
    for count in (good[:-1], good + [1]) if good else ([1],):
        assert schema.request_errors(request(method, count)), (method, count)
        with pytest.raises(rpc.Fault) as fault:
            rpc.coerce(call, count)
        assert fault.value.code == rpc.MISSING_ARGUMENT


def test_every_engine_action_is_a_call_and_back():
    """as_call (what game.your_move lists) and PROTOCOL.action (what a call plays) are inverse for every action."""
    actions = [{"type": "roll", "dice": 2}, {"type": "reroll", "dice": 1}, {"type": "keep_roll"},
               {"type": "adjust_roll", "add": True}, {"type": "choose_opponent", "opponent": 3},
               {"type": "trade", "give": "ranch", "opponent": 1, "take": "mine"}, {"type": "decline"},
               {"type": "renovate", "card": "cafe"}, {"type": "move", "card": "forest", "opponent": 5},
               {"type": "demolish", "landmark": "harbor"}, {"type": "activate", "card": "mine"},
               {"type": "buy", "card": "cafe"}, {"type": "build", "landmark": "airport"},
               {"type": "invest", "coins": 1}, {"type": "pass"}]
    assert {a["type"] for a in actions} == set(engine.actions.ACTION_TYPES)
    assert {"game." + a["type"] for a in actions} == {m for m, c in PROTOCOL.calls.items() if c.phase == "play"}
    for action in actions:
        method, *params = as_call(action)
        assert PROTOCOL.action(method, params) == action


def notification_names_in_the_code():
    """Every method the referee's code passes to notification(...) or announce_table(game, ...)."""
    files = [ROOT / "games/rpc/notify.py", ROOT / "games/rpc/consumer.py", ROOT / "games/machikoro/rpc.py",
             *sorted((ROOT / "games/services").glob("*.py"))]
    names = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            callee = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            position = {"notification": 0, "announce_table": 1}.get(callee)
            if position is None or len(node.args) <= position or isinstance(node.args[position], ast.Name):
                continue
            arg = node.args[position]
            if isinstance(arg, ast.JoinedStr):  # f"game.{kind}": the event kinds it is written for
                names |= {"game.cards_closed", "game.cards_reopened"}
                continue
            names |= {c.value for c in ast.walk(arg) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return names


def test_the_schemas_notifications_are_the_ones_the_referees_code_makes():
    assert set(definitions("machikoro", "notifications")) == notification_names_in_the_code()
    assert sorted(branch_names("machikoro", "notification")) == sorted(definitions("machikoro", "notifications"))


def bot_games(count, players, extensions, market):
    """(match, events) of every move of `count` bot games."""
    card_set = engine.load_card_set(list(extensions))
    for seed in range(count):
        state = engine.new_game(card_set, engine.GameOptions(extensions=extensions, market=market), seed, players)
        bots = [engine.make_bot("random" if (seat + seed) % 2 else "greedy", seed + seat) for seat in range(players)]
        match = MachiKoroMatch(state)
        yield match, []
        for _move in range(600):
            if match.state.over:
                break
            seat = match.state.to_act
            action = bots[seat].choose(match.state, engine.legal_actions(match.state)).to_json()
            match, events = match.apply(seat, action)
            yield match, events


SECRET_KEYS = {"rng", "seed", "pending"}
CHECKED_PER_METHOD = 40  # schema checks per notification name (each costs a millisecond or more)


class Checker:
    """The whole schema on the first few notifications of each name, their own definition on some more."""

    def __init__(self, schema):
        self.schema = schema
        self.by_method = {}
        self.counts = {}

    def __call__(self, note):
        method = note["method"]
        count = self.counts[method] = self.counts.get(method, 0) + 1
        if count <= 3:
            self.schema(note)
        elif count <= CHECKED_PER_METHOD:
            validator = self.by_method.get(method)
            if validator is None:
                validator = self.by_method[method] = definition_validator("machikoro", "notifications", method)
            errors = list(validator.iter_errors(note))
            assert not errors, f"{note} breaks the schema: {errors[0].message}"


def test_bot_games_send_every_notification_each_following_the_schema(schema):
    """Random and greedy bots with every extension (all stacks, and the 10-stack market): the notifications for
    each seat and an observer follow the schema, together (with the rare events written out below) they are
    every game.* notification of the schema, and none holds the random state, the seed or the deck's order."""
    check = Checker(schema)
    games = [*bot_games(5, 5, ("base", "harbor", "millionaires-row", "promo"), "all"),
             *bot_games(4, 6, ("base", "harbor", "millionaires-row", "five-six", "promo"), 10)]
    for match, events in games:
        state = match.state
        deck = [state.card_set.establishments[i].slug for i in state.deck]
        for seat in (*range(len(state.players)), None):
            notes = PROTOCOL.notifications(match, events, seat) if events else PROTOCOL.state_notifications(match, seat)
            for note in notes:
                check(note)
                assert not SECRET_KEYS & _keys(note), note
                if note["method"] == "game.market":
                    assert note["params"][1] == len(deck)
                    assert len(deck) < 2 or json.dumps(deck) not in json.dumps(note)
            prompts = [n for n in notes if n["method"] in ("game.your_move", "game.other_move")]
            if not state.over:
                assert len(prompts) == 1
                assert (prompts[0]["method"] == "game.your_move") == (seat == state.to_act)
                if seat == state.to_act:
                    legal = [as_call(a) for a in match.legal_actions(seat)]
                    assert prompts[0]["params"][1] == legal
    match = games[-1][0]
    rare = [{"type": "market_removed", "card": "stadium", "count": 2},
            {"type": "activated", "player": 1, "card": "mine", "by": "exhibit-hall"},
            {"type": "card_returned", "player": 0, "card": "exhibit-hall", "to_deck": True},
            {"type": "redistributed", "player": 2, "card": "park", "before": [1, 2, 3, 4, 5, 6], "share": 4,
             "topup": 3}]
    for note in PROTOCOL.notifications(match, rare, None):
        check(note)
    wanted = {m for m in definitions("machikoro", "notifications") if m.startswith("game.")}
    lobby_only = {"game.extensions", "game.market_stacks", "game.neighbours_only"}
    assert set(check.counts) == wanted - lobby_only


def _keys(value):
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def test_config_echoes_follow_the_schema(schema):
    for options in ({"extensions": ["base"], "market": "all", "neighbours_only": False},
                    {"extensions": ["base", "harbor", "five-six"], "market": 12, "neighbours_only": True}):
        for note in PROTOCOL.config_notifications(options, "ann"):
            schema(note)
