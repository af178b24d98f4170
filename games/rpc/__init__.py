"""The JSON-RPC socket of games that declare an RPC protocol (see protocol.py and docs/aquarius-rpc.md)."""
