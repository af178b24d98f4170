"""The stand-alone JSON-RPC connection (rpc.py) the games' clients use (games/aquarius/client.py): it knows only
what the socket says (no database)."""
