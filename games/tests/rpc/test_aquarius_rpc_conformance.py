"""Seed 004 call by call: every call's reply, every refusal token and message, and who receives each
notification (seats in play, an observer), from positions arranged for the purpose. Every frame is checked
against the JSON Schema; a refused call changes nothing and nobody hears of it."""
import pytest
import pytest_asyncio

from games.aquarius.engine.errors import MESSAGES
from games.models import Game

from games.tests.sockets import close_consumer_connections, sync
from games.tests.rpc.aquarius_tables import aquarius_table, arrange
from games.tests.rpc.rpc_sockets import close_all, connect, methods, schema_validator

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

NAMES = ("ann", "bob", "cid")


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    yield
    await close_all()
    await close_consumer_connections()


async def table(django_user_model, chicken=False):
    """ann, bob and cid seated and playing over RPC, eve observing; returns (game, {seat or None: client})."""
    game, ids, keys = await sync(aquarius_table)(django_user_model, NAMES, chicken=chicken)
    validate = schema_validator()
    clients = {name: await connect(game.code, keys[name], validate=validate) for name in NAMES}
    for name in NAMES:
        assert (await clients[name].call("volity.ready"))["result"] == ["volity.ok"]
    game = await sync(Game.objects.get)(pk=game.pk)
    by_seat = {game.table.index(name): clients[name] for name in NAMES}
    by_seat[None] = await connect(game.code, validate=validate)
    for seat, client in by_seat.items():
        if seat is not None:
            await client.until("game.your_turn", "game.other_turn")  # the deal
    return game, by_seat


async def heard(clients, until=("game.your_turn", "game.other_turn", "game.outcome")):
    """What each socket receives for one move: its notifications up to the next turn (or the outcome)."""
    got = {}
    for seat, client in clients.items():
        notes = []
        while True:
            note = await client.note_any()
            notes.append(note)
            if note["method"] in until:
                break
        got[seat] = notes
    return got


async def nothing_heard(clients):
    for client in clients.values():
        assert await client.quiet(0.2)


async def position(game):
    row = await sync(Game.objects.get)(pk=game.pk)
    return row.event_seq, row.state


def seat_name(seat):
    return f"seat{seat + 1}"


async def test_play_card_reaches_everyone_and_the_next_seat_is_told_its_draw(django_user_model):
    game, clients = await table(django_user_model)
    # Seat 2 holds Shuffle Goals, always playable: whatever it draws, it can move.
    await sync(arrange)(game, 0, {0: ["w_a_2", "l_fw", "w_e_1"], 1: ["act_a_1", "l_ea", "p_ea"]},
                        [("w_a_1", 0, 0, True)])
    reply = await clients[0].call("game.play_card", "w_a_2", 1.0, 0, True)
    assert reply["result"] == ["volity.ok"]
    got = await heard(clients)
    for seat, notes in got.items():
        assert notes[:2] == [
            {"jsonrpc": "2.0", "method": "game.place_card", "params": ["w_a_2", 1, 0, True]},
            {"jsonrpc": "2.0", "method": "game.measures", "params": [2, 0, 0, 0, 0]},
        ]
        assert "game.hand_size" not in methods(notes)  # an ordinary draw-and-play
    seq, state = await position(game)
    drawn = state["hands"][1][-1]
    assert got[1][-1]["method"] == "game.your_turn" and got[1][-1]["params"] == [drawn, True]
    for seat in (0, 2, None):
        assert got[seat][-1]["params"] == ["seat2"] and got[seat][-1]["method"] == "game.other_turn"


@pytest.mark.parametrize("call,token", [
    (("game.play_card", "w_e_2", 1, 0, True), "game.dont_have_card"),   # not in the hand (nor anywhere)
    (("game.play_card", "bob_card", 1, 0, True), "game.dont_have_card"),  # another seat's card
    (("game.play_card", "no_such_card", 1, 0, True), "game.dont_have_card"),
    (("game.play_card", "w_a_2", 0, 0, True), "game.space_not_empty"),
    (("game.play_card", "w_a_2", 5, -7, True), "game.not_adjacent"),
    (("game.play_card", "w_f_1", 1, 0, True), "game.no_match"),
    (("game.pass",), "game.move_possible"),
    (("game.play_zap_card", "act_f_1", "w_a_1"), "game.board_too_small"),
    (("game.play_move_card", "act_e_1", "w_a_1", 1, 0, True), "game.board_too_small"),
    (("game.play_zap_card", "act_f_1", "w_v_1"), "game.not_on_board"),
    (("game.play_zap_card", "act_f_1", "bob_card"), "game.not_on_board"),
])
async def test_every_refusal_has_the_seeds_token_and_message_and_changes_nothing(django_user_model, call, token):
    game, clients = await table(django_user_model)
    await sync(arrange)(game, 0, {0: ["w_a_2", "w_f_1", "act_f_1", "act_e_1"], 1: ["w_w_1", "l_ea", "q_wevf"]},
                        [("w_a_1", 0, 0, True)])
    before = await position(game)
    call = tuple("l_ea" if p == "bob_card" else p for p in call)
    reply = await clients[0].call(*call, conforms="no_such_card" not in call)  # the schema knows every card id
    assert reply["error"] == {"code": 606, "message": MESSAGES[token], "data": {"tokens": [token]}}
    assert await position(game) == before
    await nothing_heard(clients)


async def test_identity_move_and_a_move_changes_the_board(django_user_model):
    game, clients = await table(django_user_model)
    await sync(arrange)(game, 0, {0: ["act_e_1", "w_f_1"]}, [("w_a_1", 0, 0, True), ("w_a_2", 1, 0, True)])
    before = await position(game)
    reply = await clients[0].call("game.play_move_card", "act_e_1", "w_a_2", 1, 0, True)
    token = "game.identity_move"
    assert reply["error"] == {"code": 606, "message": MESSAGES[token], "data": {"tokens": [token]}}
    assert await position(game) == before
    await nothing_heard(clients)
    assert (await clients[0].call("game.play_move_card", "act_e_1", "w_a_2", 0, 1.0, False))["result"]
    got = await heard(clients)
    for notes in got.values():
        assert methods(notes)[:4] == ["game.remove_card", "game.place_card", "game.play_action", "game.measures"] \
            or methods(notes)[:4] == ["game.play_action", "game.remove_card", "game.place_card", "game.measures"]
        assert notes[methods(notes).index("game.remove_card")]["params"] == ["w_a_2", 1, 0]
        assert notes[methods(notes).index("game.place_card")]["params"] == ["w_a_2", 0, 1, False]
        assert notes[methods(notes).index("game.play_action")]["params"] == ["act_e_1"]


async def test_zap_gives_the_zapper_a_new_hand_and_the_others_its_size(django_user_model):
    game, clients = await table(django_user_model)
    await sync(arrange)(game, 0, {0: ["act_f_1", "w_f_1"]}, [("w_a_1", 0, 0, True), ("w_a_2", 1, 0, True)])
    assert (await clients[0].call("game.play_zap_card", "act_f_1", "w_a_2"))["result"] == ["volity.ok"]
    got = await heard(clients)
    for seat, notes in got.items():
        assert {"jsonrpc": "2.0", "method": "game.remove_card", "params": ["w_a_2", 1, 0]} in notes
        assert {"jsonrpc": "2.0", "method": "game.play_action", "params": ["act_f_1"]} in notes
        assert {"jsonrpc": "2.0", "method": "game.measures", "params": [1, 0, 0, 0, 0]} in notes
        if seat == 0:
            hand = [n for n in notes if n["method"] == "game.new_hand"]
            assert [sorted(h["params"][0]) for h in hand] == [["w_a_2", "w_f_1"]]
            assert "game.hand_size" not in methods(notes)
        else:
            assert "game.new_hand" not in methods(notes)
            assert {"jsonrpc": "2.0", "method": "game.hand_size", "params": ["seat1", 2]} in notes


async def test_trades_and_shuffles_tell_exactly_the_seats_concerned(django_user_model):
    game, clients = await table(django_user_model)
    goals = ["a", "e", "f", "w", "v"]
    await sync(arrange)(game, 0, {0: ["act_w_1", "act_v_1", "act_a_1", "w_f_1"], 1: ["w_w_1", "l_ea"],
                                  2: ["w_e_1", "w_e_2", "q_wevf"]}, [("w_a_1", 0, 0, True)], goals=goals)
    assert (await clients[0].call("game.play_trade_goals", "act_w_1", "seat2"))["result"] == ["volity.ok"]
    got = await heard(clients)
    assert [n["params"] for n in got[0] if n["method"] == "game.new_goal"] == [["e"]]
    assert [n["params"] for n in got[1] if n["method"] == "game.new_goal"] == [["a"]]
    for seat in (2, None):
        assert "game.new_goal" not in methods(got[seat])
    for notes in got.values():
        assert {"jsonrpc": "2.0", "method": "game.play_action", "params": ["act_w_1"]} in notes

    await sync(arrange)(game, 0, {0: ["act_v_1", "act_a_1", "w_f_1"], 1: ["w_w_1", "l_ea"]},
                        [("w_a_1", 0, 0, True)])
    assert (await clients[0].call("game.play_trade_hands", "act_v_1", "seat3"))["result"] == ["volity.ok"]
    got = await heard(clients)
    assert [n["params"] for n in got[0] if n["method"] == "game.new_hand"] == [[["w_e_1", "w_e_2", "q_wevf"]]]
    assert [sorted(n["params"][0]) for n in got[2] if n["method"] == "game.new_hand"] == [["act_a_1", "w_f_1"]]
    assert "game.new_hand" not in methods(got[1]) + methods(got[None])
    sizes = {seat: sorted(tuple(n["params"]) for n in notes if n["method"] == "game.hand_size")
             for seat, notes in got.items()}
    assert sizes[0] == [("seat3", 2)] and sizes[2] == [("seat1", 3)]
    assert sizes[1] == sizes[None] == [("seat1", 3), ("seat3", 2)]

    await sync(arrange)(game, 0, {0: ["act_a_1", "w_f_1"]}, [("w_a_1", 0, 0, True)])
    assert (await clients[0].call("game.play_shuffle_goals", "act_a_1"))["result"] == ["volity.ok"]
    got = await heard(clients)
    seq, state = await position(game)
    for seat in (0, 1, 2):
        assert [n["params"] for n in got[seat] if n["method"] == "game.new_goal"] == [[state["goals"][seat]]]
    assert "game.new_goal" not in methods(got[None])
    refused = await clients[1].call("game.play_trade_goals", "act_w_2", "seat9", conforms=False)
    assert refused["error"]["code"] in (606, 609)


async def test_forced_pass_is_public_as_a_hand_size_and_a_bad_trade_seat_is_refused(django_user_model):
    game, clients = await table(django_user_model)
    await sync(arrange)(game, 0, {0: ["w_f_1", "act_w_1"]}, [("w_a_1", 0, 0, True)])
    refused = await clients[0].call("game.play_trade_goals", "act_w_1", "seat9", conforms=False)
    assert refused["error"] == {"code": 606, "message": "There is no seat called 'seat9': seats are seat1 to seat5.",
                                "data": {"tokens": ["volity.invalid_seat"]}}
    for seat in ("seat1", "seat5"):  # oneself, an empty seat: a seat, but no one to trade with
        refused = await clients[0].call("game.play_trade_goals", "act_w_1", seat)
        assert refused["error"] == {"code": 606, "message": MESSAGES["bad_seat"], "data": {"tokens": ["game.bad_seat"]}}
    await sync(arrange)(game, 0, {0: ["w_f_1", "w_f_2"]}, [("w_a_1", 0, 0, True)])
    assert (await clients[0].call("game.pass"))["result"] == ["volity.ok"]
    got = await heard(clients)
    assert "game.hand_size" not in methods(got[0])
    for seat in (1, 2, None):
        assert {"jsonrpc": "2.0", "method": "game.hand_size", "params": ["seat1", 2]} in got[seat]


async def test_out_of_turn_play_is_refused_but_see_goal_is_not(django_user_model):
    game, clients = await table(django_user_model, chicken=True)
    await sync(arrange)(game, 0, {0: ["w_a_2", "w_f_1"], 1: ["w_w_1"]}, [("w_a_1", 0, 0, True)],
                        goals=["a", "e", "f", "w", "v"], chicken=True)
    before = await position(game)
    refused = await clients[1].call("game.play_card", "w_w_1", 1, 0, True)
    assert refused["error"]["code"] == 609 and refused["error"]["data"]["tokens"] == ["volity.not_your_turn"]
    refused = await clients[None].call("game.see_goal")
    assert refused["error"]["code"] == 607
    assert await position(game) == before
    await nothing_heard(clients)
    assert (await clients[1].call("game.see_goal"))["result"] == ["volity.ok"]
    for seat, client in clients.items():
        notes = await client.until("game.knows_goal")
        assert notes[-1]["params"] == ["seat2", True]
        assert [n["params"] for n in notes if n["method"] == "game.new_goal"] == ([["e"]] if seat == 1 else [])
    assert (await position(game))[1]["to_act"] == 0  # still ann's turn


async def test_chicken_is_configured_in_the_lobby_and_two_seats_are_needed(django_user_model):
    game, ids, keys = await sync(aquarius_table)(django_user_model, ("ann", "bob"))
    validate = schema_validator()
    ann = await connect(game.code, keys["ann"], validate=validate)
    bob = await connect(game.code, keys["bob"], validate=validate)
    assert (await ann.call("volity.ready"))["result"] == ["volity.ok"]
    assert (await bob.call("game.set_chicken", True))["result"] == ["volity.ok"]
    for client in (ann, bob):
        assert (await client.note("game.is_chicken"))["params"] == ["bob", True]
    row = await sync(Game.objects.get)(pk=game.pk)
    assert row.options["chicken"] is True
    assert not await sync(lambda: any(s.ready for s in row.seats.all()))()
    assert (await bob.call("game.set_chicken", 1, conforms=False))["error"]["code"] == 605
    await bob.close()
    from games import services

    await sync(services.leave)(game_id=game.pk, identity=ids["bob"])
    refused = await ann.call("volity.ready")
    assert refused["error"] == {"code": 606, "message": "At least two players are needed to play.",
                                "data": {"tokens": ["game.two_seats_needed"]}}
    await ann.close()


async def test_hostile_input_gets_a_fault_and_changes_nothing(django_user_model):
    game, clients = await table(django_user_model)
    await sync(arrange)(game, 0, {0: ["w_a_2", "act_f_1"], 1: ["l_ea"]}, [("w_a_1", 0, 0, True)])
    before = await position(game)
    ann = clients[0]
    calls = [
        (("game.fly", 1), 603), (("volity.kick", "seat2"), 603), (("game.play_card",), 604),
        (("game.play_card", "w_a_2", 1, 0), 604), (("game.play_card", "w_a_2", 1, 0, True, 1), 604),
        (("game.play_card", "w_a_2", "1", 0, True), 605), (("game.play_card", "w_a_2", 1.5, 0, True), 605),
        (("game.play_card", "w_a_2", 1, 0, "yes"), 605), (("game.play_card", ["w_a_2"], 1, 0, True), 605),
        (("game.play_card", None, 1, 0, True), 605), (("game.play_card", "w" * 201, 1, 0, True), 605),
        (("game.play_card", "w_a_2", 10 ** 40, 0, True), 606), (("game.play_card", "w_a_2", -1e300, 0, True), 606),
        (("game.play_zap_card", "act_f_1", {"card": "w_a_1"}), 605), (("game.pass", 1), 604),
        (("game.play_card", "l_ea", 1, 0, True), 606),  # bob's card
        (("game.play_trade_hands", "act_f_1", "seat2"), 606),  # a card played as the wrong action
        (("game.set_chicken", True), 609),  # the config phase is over
    ]
    for call, code in calls:
        # The schema refuses what the referee finds malformed (603, 604, 605), and accepts the rest: those are
        # well-formed calls the rules or the state refuse.
        reply = await ann.call(*call, conforms=code not in (603, 604, 605))
        assert reply["error"]["code"] == code, (call, reply)
    for text in ("x" * 5000, '{"jsonrpc": "2.0", "id": 1, "method": "game.pass", "params": [' + "1," * 3000 + "1]}",
                 "[" * 100000, '{"jsonrpc": "2.0", "id": 1e999, "method": "game.pass"}'):
        await ann.send(text, conforms=False)
        reply = await ann.reply()
        assert reply["error"]["code"] in (-32700, -32600)
    assert await position(game) == before
    await nothing_heard(clients)
    assert (await ann.call("game.play_card", "w_a_2", 1, 0, True))["result"] == ["volity.ok"]  # still open


async def test_a_reconnecting_player_and_an_observer_get_their_state_bursts(django_user_model):
    game, clients = await table(django_user_model, chicken=True)
    await sync(arrange)(game, 1, {0: ["w_f_1", "l_ea"], 1: ["w_a_2", "q_wevf", "act_a_1"]},
                        [("w_a_1", 0, 0, True), ("p_ea", 0, 1, False)], goals=["a", "e", "f", "w", "v"], chicken=True)
    assert (await clients[1].call("game.see_goal"))["result"] == ["volity.ok"]
    await clients[1].close()
    row = await sync(Game.objects.get)(pk=game.pk)
    from games.tests.helpers import session_for

    bob_name = row.table[1]
    user = await sync(django_user_model.objects.get)(username=bob_name)
    again = await connect(game.code, await sync(session_for)(user), validate=schema_validator())
    assert (await again.call("volity.send_state"))["result"] == ["volity.ok"]
    burst = await again.until("volity.state_sent")
    assert burst[0]["params"][0]["state"] == "active" and burst[0]["params"][0]["seat"] == "seat2"
    by = {m: [n["params"] for n in burst if n["method"] == m] for m in methods(burst)}
    assert by["game.new_hand"] == [[["w_a_2", "q_wevf", "act_a_1"]]] and by["game.new_goal"] == [["e"]]
    assert sorted(by["game.place_card"]) == [["p_ea", 0, 1, False], ["w_a_1", 0, 0, True]]
    assert by["game.hand_size"] == [["seat1", 2], ["seat3", len(row.state["hands"][2])]]
    assert by["game.knows_goal"] == [["seat1", False], ["seat2", True], ["seat3", False]]
    assert by["game.your_turn"] == [["", True]] and by["game.is_chicken"] == [["referee", True]]
    assert methods(burst)[-1] == "volity.state_sent" and "volity.game_has_started" in by
    observer = clients[None]
    assert (await observer.call("volity.send_state"))["result"] == ["volity.ok"]
    seen = await observer.until("volity.state_sent")
    seen = seen[methods(seen).index("volity.receive_state"):]  # after what the see_goal told everyone
    assert seen[0]["params"][0]["seat"] is None
    assert not {"game.new_hand", "game.new_goal", "game.your_turn"} & set(methods(seen))
    assert [n["params"] for n in seen if n["method"] == "game.other_turn"] == [["seat2"]]
    await again.close()


async def test_deck_exhaustion_tells_the_others_the_shrinking_hand_and_draws_nothing(django_user_model):
    """Seed: game.hand_size "because of deck exhaustion in the last few turns", never to the seat itself;
    game.your_turn with the empty string when the deck is exhausted; the end when nobody can play."""
    game, clients = await table(django_user_model)
    await sync(arrange)(game, 0, {0: ["w_a_2"], 1: ["w_e_1"], 2: ["act_a_1"]}, [("w_a_1", 0, 0, True)], draw=[])
    assert (await clients[0].call("game.play_card", "w_a_2", 1, 0, True))["result"] == ["volity.ok"]
    got = await heard(clients)
    for seat in (1, 2, None):  # seat 1 played without drawing: its hand shrank, and the others are told
        assert [n["params"] for n in got[seat] if n["method"] == "game.hand_size"] == [["seat1", 0]]
    assert "game.hand_size" not in methods(got[0])
    # Seat 2 draws nothing: the empty card, and it cannot play (seat 3's Shuffle Goals keeps the game going).
    assert got[1][-1] == {"jsonrpc": "2.0", "method": "game.your_turn", "params": ["", False]}
    for seat in (0, 2, None):
        assert got[seat][-1] == {"jsonrpc": "2.0", "method": "game.other_turn", "params": ["seat2"]}
    seq, state = await position(game)
    assert state["draw"] == [] and state["hands"][1] == ["w_e_1"] and state["drawn"] is None

    # A forced pass with nothing drawn changes no hand: no hand_size.
    assert (await clients[1].call("game.pass"))["result"] == ["volity.ok"]
    got = await heard(clients)
    for notes in got.values():
        assert "game.hand_size" not in methods(notes)
    assert got[2][-1] == {"jsonrpc": "2.0", "method": "game.your_turn", "params": ["", True]}

    # Seat 3 plays its last card: the others learn its hand is empty; then nobody can play and the game ends.
    assert (await clients[2].call("game.play_shuffle_goals", "act_a_1"))["result"] == ["volity.ok"]
    got = await heard(clients, until=("volity.end_game",))
    for seat in (0, 1, None):
        assert [n["params"] for n in got[seat] if n["method"] == "game.hand_size"] == [["seat3", 0]]
    assert "game.hand_size" not in methods(got[2])
    seq, state = await position(game)
    assert state["over"]
    for seat, notes in got.items():
        assert methods(notes)[-2:] == ["game.outcome", "volity.end_game"]
        assert not {"game.your_turn", "game.other_turn"} & set(methods(notes))
        winners = [seat_name(s) for s in state["winners"]]
        assert notes[-2]["params"] == [winners, *state["goals"]]
