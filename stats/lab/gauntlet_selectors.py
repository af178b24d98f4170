"""Reading gauntlets: which games have one, the gauntlet runs, and a gauntlet's win-rate matrices.

A gauntlet is a lab run whose settings hold "gauntlet" {"players": [N, ...], "games_per_pairing": G}; its chunks'
tallies count, under "gauntlet", {N: {A: {B: {games, wins, unfinished, turns}}}}: A in one seat against N-1
copies of B (the game's engine defines the seating). Row A, column B of the matrix at N players is A's win rate
there, with its 95 % Wilson interval; A's fair share is 1/N.
"""
import math

from stats.lab.forms import lab_games
from stats.lab.summary import merge_tallies, rate
from stats.models import LabRun

SHADES = 4      # colour steps each side of the fair share: a win rate twice (half) the fair share is the last


def gauntlet_games():
    """The lab rulesets that can play a gauntlet (they declare `lab_gauntlet_bots`)."""
    return [ruleset for ruleset in lab_games() if getattr(ruleset, "lab_gauntlet_bots", ())]


def gauntlet_runs(limit=50):
    return LabRun.objects.filter(options__has_key="gauntlet").select_related("created_by")[:limit]


def run_pairings(run):
    """The run's summed "gauntlet" counts, from its stored chunks (whole numbers: their sum is exact)."""
    parts = run.chunks.order_by("index").values_list("tally__gauntlet", flat=True)
    return merge_tallies(part for part in parts if part)


def shade(win_rate, fair):
    """-SHADES..SHADES: how far a win rate is from the fair share, in quarter-doublings (0: fair)."""
    if win_rate is None:
        return 0
    if win_rate <= 0:
        return -SHADES
    return max(-SHADES, min(SHADES, round(SHADES * math.log2(win_rate / fair))))


def tone(step):
    """The CSS class suffix of a shade: "m4" (far below the fair share) .. "p0" (fair) .. "p4" (far above)."""
    return f"m{-step}" if step < 0 else f"p{step}"


def matrices(pairings, bots, player_counts, label=str):
    """One matrix per player count: {"players", "fair", "bots": [labels], "rows": [{"bot", "label", "cells",
    "overall", "shade", "tone"}]}; a cell is {"bot", "rate" (summary.rate, or None on the diagonal or before any
    game), "shade", "tone", "games", "turns" (mean game length)}; "overall" is the row's bot against the whole
    field at that count."""
    found = []
    for players in player_counts:
        fair = 1 / players
        counts = pairings.get(str(players), {})
        rows = []
        for a in bots:
            cells, wins, games = [], 0, 0
            for b in bots:
                pair = counts.get(a, {}).get(b) if a != b else None
                if not pair or not pair.get("games"):
                    cells.append({"bot": b, "rate": None, "shade": 0, "tone": "", "games": 0, "turns": None,
                                  "self": a == b})
                    continue
                wins += pair["wins"]
                games += pair["games"]
                win_rate = rate(pair["wins"], pair["games"])
                step = shade(win_rate["rate"], fair)
                cells.append({"bot": b, "rate": win_rate, "shade": step, "tone": tone(step), "games": pair["games"],
                              "turns": pair["turns"] / pair["games"], "self": False})
            overall = rate(wins, games) if games else None
            step = shade(overall["rate"], fair) if overall else 0
            rows.append({"bot": a, "label": label(a), "cells": cells, "overall": overall, "shade": step,
                         "tone": tone(step)})
        found.append({"players": players, "fair": fair, "bots": [label(b) for b in bots], "rows": rows})
    return found


def run_matrices(run, label=str):
    settings = run.options
    return matrices(run_pairings(run), settings["bots"], settings["gauntlet"]["players"], label)
