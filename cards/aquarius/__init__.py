"""Aquarius cards in the card database: loading and export (data.py), admin (admin.py), REST API (api.py)."""
