"""The order of the players once a game is over."""


def final_ranking(state):
    """[(seat, rank)] best first: the winner, then by required landmarks built, then by coins. Ranks do not
    tie: seat order decides between equal players."""
    required = state.card_set.win_landmarks

    def key(seat):
        player = state.players[seat]
        return (seat != state.winner, -sum(1 for i in required if player.built[i]), -player.coins)

    return [(seat, rank) for rank, seat in enumerate(sorted(range(len(state.players)), key=key), start=1)]
