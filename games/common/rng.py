"""A tiny deterministic random source whose whole state is one integer.

SplitMix64 is used because its state is a single 64-bit number: a game state copies it for free and
serialises it as one JSON integer, and it is fast enough in pure Python. Every draw below uses
rejection sampling, so dice are exactly uniform (no modulo bias).
"""

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_SPAN = 1 << 64


def seed_state(seed):
    """The generator state for a user seed (any int, negative or huge)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed must be an int, not {type(seed).__name__}")
    return seed & MASK64


def next_u64(state):
    """Advance the generator: return (new_state, 64-bit output)."""
    state = (state + _GOLDEN) & MASK64
    z = ((state ^ (state >> 30)) * _MIX1) & MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & MASK64
    return state, z ^ (z >> 31)


def below(state, n):
    """A uniform integer in [0, n): return (new_state, value)."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = _SPAN - (_SPAN % n)
    while True:
        state, z = next_u64(state)
        if z < limit:
            return state, z % n


# Rejection limits for rolling 1, 2 or 3 dice from a single 64-bit draw.
_DICE_LIMITS = {n: _SPAN - (_SPAN % 6 ** n) for n in (1, 2, 3)}


def roll_dice(state, count):
    """Roll `count` six-sided dice: return (new_state, tuple of faces 1..6)."""
    limit = _DICE_LIMITS.get(count)
    if limit is None:
        faces = []
        for _ in range(count):
            state, value = below(state, 6)
            faces.append(value + 1)
        return state, tuple(faces)
    while True:
        # next_u64, inlined: dice are the engine's most frequent draw.
        state = (state + _GOLDEN) & MASK64
        z = ((state ^ (state >> 30)) * _MIX1) & MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & MASK64
        z ^= z >> 31
        if z < limit:
            break
    if count == 1:
        return state, (z % 6 + 1,)
    if count == 2:
        z %= 36
        return state, (z // 6 + 1, z % 6 + 1)
    z %= 216
    return state, (z // 36 + 1, z // 6 % 6 + 1, z % 6 + 1)


def shuffle(state, items):
    """Fisher-Yates shuffle of the list `items` in place; return the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def derive(seed, index):
    """A seed for sub-game `index` of a run seeded with `seed` (used by the simulator)."""
    state = seed_state(seed)
    state, _ = next_u64(state ^ ((index * _MIX1) & MASK64))
    _, z = next_u64(state)
    return z
