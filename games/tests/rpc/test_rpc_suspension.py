"""Volity's suspension over the RPC socket: volity.suspend_game() heard by everyone with every player unready, moves
refused while suspended, the state burst saying so, volity.resume_game() once everyone is ready again, and whole
games (Aquarius and Machi Koro) suspended by a player, resumed by the programs and played to the end. Every
frame is checked against the game's JSON Schema."""
import asyncio

import pytest
import pytest_asyncio

from games.clients.rpc import Patient, suspended_meanwhile
from games.aquarius.client import make_policy, play
from games.clients.play import play_table
from games.models import Game, GameEvent

from games.tests.sockets import close_consumer_connections, sync
from games.tests.rpc.aquarius_tables import aquarius_table
from games.tests.rpc.machikoro_tables import machikoro_table
from games.tests.rpc.rpc_sockets import (
    CommunicatorConnection, SuspendedOnItsTurn, close_all, connect, methods, schema_validator,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

OK = ["volity.ok"]


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    yield
    await close_all()
    await close_consumer_connections()


def fault(reply):
    error = reply["error"]
    return error["code"], error.get("data", {}).get("tokens")


async def heard(client, count):
    """The next `count` notifications."""
    return [(n["method"], n["params"]) for n in [await client.note_any() for _ in range(count)]]


async def burst_of(client):
    assert (await client.call("volity.send_state"))["result"] == OK
    return await client.until("volity.state_sent")


def event_numbers(game):
    return list(GameEvent.objects.filter(game_id=game.pk).order_by("seq").values_list("seq", flat=True))


async def wait_for_moves(game, moves):
    for _ in range(400):
        row = await sync(Game.objects.get)(pk=game.pk)
        if row.event_seq >= moves or row.is_over:
            return row
        await asyncio.sleep(0.05)
    raise AssertionError("the programs did not play")


async def test_suspend_unready_no_move_state_burst_then_resume_when_everyone_is_ready(django_user_model):
    validate = schema_validator()
    game, ids, keys = await sync(aquarius_table)(django_user_model, ("ann", "bob"))
    ann, bob = [await connect(game.code, keys[n], validate=validate) for n in ("ann", "bob")]
    observer = await connect(game.code, validate=validate)
    everyone = (ann, bob, observer)
    assert fault(await ann.call("volity.suspend_game")) == (609, ["volity.game_not_started"])
    assert fault(await observer.call("volity.suspend_game")) == (607, None)
    for client in (ann, bob):
        assert (await client.call("volity.ready"))["result"] == OK
    for client in everyone:
        await client.until("game.your_turn", "game.other_turn")
    row = await sync(Game.objects.get)(pk=game.pk)
    mover = {"ann": ann, "bob": bob}[row.table[row.to_act[0]]]

    assert (await bob.call("volity.suspend_game"))["result"] == OK
    for client in everyone:
        notes = await heard(client, 3)
        assert notes[0] == ("volity.suspend_game", ["bob"])
        assert sorted(notes[1:]) == [("volity.player_unready", ["ann"]), ("volity.player_unready", ["bob"])]
        assert await client.quiet()
    assert fault(await ann.call("volity.suspend_game")) == (609, ["volity.game_suspended"])
    refused = await mover.call("game.pass")
    assert refused["error"]["message"] == "The game is suspended: play resumes when every player is ready."
    assert fault(refused) == (609, ["volity.game_suspended"])
    assert (await sync(Game.objects.get)(pk=game.pk)).event_seq == 0

    for client in (observer, ann):
        burst = await burst_of(client)
        assert burst[0]["params"][0]["state"] == "suspended"
        assert [(n["method"], n["params"]) for n in burst[-2:]] == [("volity.suspend_game", ["bob"]),
                                                                     ("volity.state_sent", [])]
    assert (await ann.call("volity.ready"))["result"] == OK
    for client in everyone:
        assert await heard(client, 1) == [("volity.player_ready", ["ann"])]
    assert ("volity.player_ready", ["ann"]) in [(n["method"], n["params"]) for n in await burst_of(observer)]
    assert (await bob.call("volity.unready"))["result"] == OK  # not ready yet: nothing resumes
    for client in everyone:
        assert await heard(client, 1) == [("volity.player_unready", ["bob"])]
    assert (await bob.call("volity.ready"))["result"] == OK
    for client in everyone:
        assert await heard(client, 2) == [("volity.player_ready", ["bob"]), ("volity.resume_game", [])]
    assert (await burst_of(observer))[0]["params"][0]["state"] == "active"
    # Play goes on from where it was: both programs play it to the end, the moves numbered from 1 without a gap.
    outcomes = await asyncio.wait_for(asyncio.gather(*(
        play(Patient(CommunicatorConnection(client), pause=0.05), make_policy("greedy", seed=i))
        for i, client in enumerate((ann, bob)))),
        timeout=240)
    row = await sync(Game.objects.get)(pk=game.pk)
    assert row.status == Game.Status.FINISHED and outcomes[0]["winners"] == outcomes[1]["winners"]
    assert await sync(event_numbers)(game) == list(range(1, row.event_seq + 1))


async def test_a_program_standing_during_the_suspension_lets_the_game_resume_with_a_bot(django_user_model):
    validate = schema_validator()
    game, ids, keys = await sync(aquarius_table)(django_user_model, ("ann", "bob"))
    ann, bob = [await connect(game.code, keys[n], validate=validate) for n in ("ann", "bob")]
    for client in (ann, bob):
        assert (await client.call("volity.ready"))["result"] == OK
    await ann.until("game.your_turn", "game.other_turn")
    assert (await ann.call("volity.suspend_game"))["result"] == OK
    assert (await ann.call("volity.ready"))["result"] == OK
    assert (await bob.call("volity.stand", "bob"))["result"] == OK  # a bot plays bob's seat: ann alone holds it up
    notes = await ann.until("volity.resume_game")
    assert methods(notes)[-2:] == ["volity.player_ready", "volity.resume_game"]
    row = await sync(Game.objects.get)(pk=game.pk)
    assert row.suspended_at is None
    if row.table[row.to_act[0]] == "bob":  # the bot playing bob's seat moves as soon as play resumes
        row = await wait_for_moves(game, 1)
        assert (await sync(GameEvent.objects.get)(game_id=game.pk, seq=1)).by == GameEvent.By.AUTOPILOT


async def test_a_whole_game_suspended_by_a_player_is_resumed_by_the_programs_and_finished(django_user_model):
    """Two programs play Aquarius; on bob's second turn, bob (from a second connection) suspends the game. The
    stand-alone client's move is refused as suspended; it hears volity.suspend_game, gets ready again, and plays
    on after volity.resume_game."""
    validate = schema_validator()
    game, ids, keys = await sync(aquarius_table)(django_user_model, ("ann", "bob"))
    ann, bob, bob_again = [await connect(game.code, keys[n], validate=validate) for n in ("ann", "bob", "bob")]
    bob_suspends = SuspendedOnItsTurn(CommunicatorConnection(bob), bob_again, move=2)
    runs = asyncio.gather(*(play(Patient(connection, pause=0.05), make_policy("greedy", seed=i))
                            for i, connection in enumerate((CommunicatorConnection(ann), bob_suspends))))
    outcomes = await asyncio.wait_for(runs, timeout=240)
    assert bob_suspends.reply["result"] == OK and suspended_meanwhile(bob_suspends.refusal)
    row = await sync(Game.objects.get)(pk=game.pk)
    assert row.status == Game.Status.FINISHED and outcomes[0]["winners"] == outcomes[1]["winners"]
    assert await sync(event_numbers)(game) == list(range(1, row.event_seq + 1))
    for client in (ann, bob):
        seen = methods([f for f in client.frames if isinstance(f, dict) and "method" in f])
        assert seen.index("volity.suspend_game") < seen.index("volity.resume_game") < seen.index("volity.end_game")


async def test_machi_koro_programs_are_suspended_resumed_and_finish(django_user_model, official_cards):
    validate = schema_validator("machikoro")
    game, ids, keys = await sync(machikoro_table)(django_user_model, ("ann", "bob"))
    ann, bob, ann_again = [await connect(game.code, keys[n], validate=validate) for n in ("ann", "bob", "ann")]
    ann_suspends = SuspendedOnItsTurn(CommunicatorConnection(ann, timeout=60), ann_again, move=3)
    runs = asyncio.gather(*(play_table(connection, "greedy", seed=i)
                            for i, connection in enumerate((ann_suspends, CommunicatorConnection(bob, timeout=60)))))
    await asyncio.wait_for(runs, timeout=400)
    assert ann_suspends.reply["result"] == OK and suspended_meanwhile(ann_suspends.refusal)
    row = await sync(Game.objects.get)(pk=game.pk)
    assert row.status == Game.Status.FINISHED
    assert await sync(event_numbers)(game) == list(range(1, row.event_seq + 1))
    for client in (ann, bob):
        seen = methods([f for f in client.frames if isinstance(f, dict) and "method" in f])
        assert seen.index("volity.suspend_game") < seen.index("volity.resume_game") < seen.index("volity.end_game")
