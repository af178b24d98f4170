"""What both engines' events share: a game is its initial state plus its events, applied in order.

Each engine applies an event to its state the moment it emits it; replaying runs the same application on a
copy of the initial state (`state.clone()`), so the final state is rebuilt exactly.
"""


def replay(initial_state, events, apply_event):
    """A copy of `initial_state` after `apply_event(state, event)` for each event, in order."""
    state = initial_state.clone()
    for event in events:
        apply_event(state, event)
    return state
