"""The REST API for programs: find, create and join games, get ready, seat bots, get a seat's socket address,
read the events a seat may see and the result (docs/api.md, "Programs"). Thin over games.services and
games.selectors; config/urls.py includes games/api/urls.py under api/."""
