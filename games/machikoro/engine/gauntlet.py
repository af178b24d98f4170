"""A gauntlet: every strategy (any bot) against every other, at several player counts, as mergeable counts.

The definition: at N players, the pairing (A, B) of two different bots is `games_per_pairing` games with A in
one seat and B in the N-1 others; game k of the pairing seats A at seat k mod N, so A plays every seat equally
often when `games_per_pairing` is a multiple of N. A's win rate there is compared with its fair share, 1/N.

Game `index` of a gauntlet is a pairing's game: the pairings are listed player count by player count, then A by
A, then B by B (the order of the settings), each `games_per_pairing` games long. Game i is seeded from the run's
seed and i alone, like any lab game, so a gauntlet splits into chunks (start..stop) that add up exactly. Each
game is tallied as an ordinary lab game (engine/lab.py: lengths, wins, cards, landmarks) plus, under
"gauntlet", {N: {A: {B: {games, wins, unfinished, turns}}}}: whole numbers only.
"""
from games.common import rng as _rng
from games.common.lab import game_seed, merge_tallies
from games.machikoro.engine.bots import make_bot
from games.machikoro.engine.lab import empty_tally, options_for, play_one

PAIRING_COUNTS = ("games", "wins", "unfinished", "turns")


def pairings(bots, player_counts):
    """[(players, A, B)] in gauntlet order: every ordered pair of different bots at each player count."""
    return [(players, a, b) for players in player_counts for a in bots for b in bots if a != b]


def game_count(bots, player_counts, games_per_pairing):
    return len(pairings(bots, player_counts)) * games_per_pairing


def seating(players, a, b, k):
    """The bots' names seat by seat in game k of the pairing (A, B): A at seat k mod N, B everywhere else."""
    names = [b] * players
    names[k % players] = a
    return names


def gauntlet_settings(settings):
    """(bots, player counts, games per pairing) of a run's settings (engine/lab.py's, plus "gauntlet")."""
    gauntlet = settings["gauntlet"]
    return list(settings["bots"]), [int(n) for n in gauntlet["players"]], int(gauntlet["games_per_pairing"])


def play_chunk(card_set, settings, run_seed, start, stop, should_stop=None, on_game=None):
    """Play gauntlet games start..stop-1; return their tally. `should_stop()` is asked between games."""
    bots, player_counts, per_pairing = gauntlet_settings(settings)
    options = options_for(settings)
    for players in player_counts:
        options.check_players(players)
    schedule = pairings(bots, player_counts)
    tally = empty_tally()
    tally["gauntlet"] = {}
    for index in range(start, min(stop, len(schedule) * per_pairing)):
        if should_stop is not None and should_stop():
            break
        players, a, b = schedule[index // per_pairing]
        k = index % per_pairing
        names = seating(players, a, b, k)
        seed = game_seed(run_seed, index)
        state = play_one(card_set, options, seed, [make_bot(n, _rng.derive(seed, s)) for s, n in enumerate(names)],
                         tally)
        counts = tally["gauntlet"].setdefault(str(players), {}).setdefault(a, {}).setdefault(
            b, dict.fromkeys(PAIRING_COUNTS, 0))
        counts["games"] += 1
        counts["turns"] += state.turn
        if state.winner is None:
            counts["unfinished"] += 1
        elif state.winner == k % players:
            counts["wins"] += 1
        if on_game is not None:
            on_game(index)
    return tally


def merge(tallies):
    """The tally of several chunks (games/common/lab.py: every count summed, at any depth)."""
    return merge_tallies(tallies)
