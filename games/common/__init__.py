"""Code both rules engines use: the seeded random source (and, later, the event base)."""
