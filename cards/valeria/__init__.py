"""Valeria: Card Kingdoms (seed 001) in the card database: effect strings, loading, admin, API and pages."""
