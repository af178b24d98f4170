"""Code both rules engines use: the seeded random source (rng.py) and event replay (events.py)."""
