"""Play one seat of any game whose declaration names a stand-alone RPC client (config/games.py `rpc_client=`).

The game is the one the referee names: the first state burst's `volity.receive_state` says its ruleset, and the
game's client module plays on from there (it knows only what the socket says).
"""
from config.registry import UnknownGame, get_game

from games.clients.rpc import Patient, RpcConnection, Replaying, socket_address


class NoClient(Exception):
    """The referee plays a game this program has no client for."""


def client_for(ruleset):
    try:
        client = get_game(ruleset).part("rpc_client")
    except UnknownGame:
        client = None
    if client is None:
        raise NoClient(f"the table plays {ruleset!r}, which this client cannot play")
    return client


async def play_table(connection, bot=None, seed=None, ready=True):
    """Learn the table's game from its state burst, then play it with its client's policy `bot` (its default if
    None); returns (client module, outcome)."""
    connection = Patient(connection)
    await connection.call("volity.send_state")
    held = []
    while not held or held[-1]["method"] != "volity.receive_state":
        held.append(await connection.notification())
    client = client_for(held[-1]["params"][0]["ruleset"])
    policy = client.make_policy(bot or client.DEFAULT_POLICY, seed)
    outcome = await client.play(Replaying(connection, held), policy, ready, send_state=False)
    return client, outcome


async def play_seat(game_url, token=None, bot=None, seed=None, ready=True, cookie=None, on_frame=None, timeout=600):
    """Connect to the game at `game_url` and play one seat until the game ends; (client module, outcome)."""
    url, origin = socket_address(game_url, token)
    async with RpcConnection(url, origin, cookie=cookie, on_frame=on_frame, timeout=timeout) as connection:
        return await play_table(connection, bot, seed, ready)
