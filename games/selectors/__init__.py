"""Reads: finding games and seats, and building what the pages and sockets show."""
