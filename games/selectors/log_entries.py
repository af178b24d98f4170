"""A game's log as pages show it, each entry worked out once per process and language.

A stored event never changes, and a ruleset words it from the event and the game's fixed facts (names, the
frozen cards), so its entry is the same for every page that opens. A snapshot sends up to LOG_TAIL entries:
without this, every page opened (a reload, a reconnect, a new player's socket) put the whole tail through
the rules' wording again, which cost more than a hundred moves' worth of words. The update of each new move
fills the entry in while it is being sent anyway.
"""
import threading
from collections import OrderedDict

from django.utils import translation

from games.models import GameEvent

KEPT_ENTRIES = 20_000   # about 20 MB at the most: a few hundred games' log tails in two languages


class EntryCache:
    """A bounded, thread-safe LRU of entries (the database threads of a process share it)."""

    def __init__(self, size=KEPT_ENTRIES):
        self.size = size
        self.entries = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key):
        with self.lock:
            entry = self.entries.get(key)
            if entry is not None:
                self.entries.move_to_end(key)
            return entry

    def get_many(self, keys):
        """The entries of `keys` (None where not kept), under one taking of the lock."""
        with self.lock:
            found = [self.entries.get(key) for key in keys]
            for key, entry in zip(keys, found):
                if entry is not None:
                    self.entries.move_to_end(key)
            return found

    def put(self, key, entry):
        with self.lock:
            self.entries[key] = entry
            self.entries.move_to_end(key)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)

    def clear(self):
        with self.lock:
            self.entries.clear()


CACHE = EntryCache()


def _key(game, seq, event_id, language=None):
    # The game's random code, not its id: ids come back after a rollback (tests) or on SQLite.
    return game.code, seq, event_id, language or translation.get_language()


def word_entry(event, match):
    """The entry of `event` as everyone sees it (hidden information left out), in the active language."""
    visible = match.visible_events(event.events, None)
    # Lines in a tuple: an entry of strings and numbers only, which the collector stops tracking at its next
    # full pass, so the entries a process keeps do not lengthen every later pass (JSON words it as a list).
    entry = {"seq": event.seq, "seat": event.seat, "by": str(event.by),
             "lines": tuple(match.narrate_move(event.seat, event.action, visible))}
    cells = match.narrate_cells(event.seat, event.action, visible)
    if cells and any(cells):  # "cells": the board cells ([x, y]) each line speaks of, when a line speaks of one
        entry["cells"] = tuple(tuple(tuple(cell) for cell in line) for line in cells)
    return entry


def entry_payload(game, event, match):
    """`word_entry`, from this process's cache when it was worded before. The entry is shared: read it only."""
    key = _key(game, event.seq, event.pk)
    entry = CACHE.get(key)
    if entry is None:
        entry = word_entry(event, match)
        CACHE.put(key, entry)
    return entry


def log_entries(game, match, since, limit):
    """The game's entries after event `since`, the last `limit` of them, oldest first. Only the events not yet
    worded in this process are read in full."""
    found = list(GameEvent.objects.filter(game=game, seq__gt=since).order_by("-seq")
                 .values_list("seq", "pk")[:limit])
    language = translation.get_language()
    kept = CACHE.get_many([_key(game, seq, pk, language) for seq, pk in found])
    entries = {seq: entry for (seq, _pk), entry in zip(found, kept)}
    missing = [seq for seq, entry in entries.items() if entry is None]
    if missing:
        for event in GameEvent.objects.filter(game=game, seq__in=missing):
            entries[event.seq] = entry_payload(game, event, match)
    return [entries[seq] for seq, _pk in reversed(found)]
