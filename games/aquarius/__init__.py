"""Aquarius in the games app: its rules engine (`engine/`, plain Python, no Django), the platform's adapter
around it (`ruleset.py`, with its wording in `text.py`), its JSON-RPC protocol (`rpc.py`) and a stand-alone
client of that protocol (`client.py`)."""
