"""The rating model and the number people see, in plain Python (openskill, no Django).

openskill's Plackett-Luce model keeps two numbers per player: `mu`, the estimated skill (25 at first), and
`sigma`, how unsure it is (25/3 at first, shrinking with every game). People see one number:

    rating = round(1500 + 40 × (mu − 25))

so every newcomer starts at 1500, a win moves the rating up and a loss down (by more while sigma is large,
and by more against stronger opponents), and the usual range is about 1100 to 1900. A rating stays
*provisional* (shown with a "?") until its player has finished `provisional_games` rated games of that game.
"""
from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma
BASE = 1500
SCALE = 40


def displayed(mu):
    """The rating shown to people for a skill estimate `mu`."""
    return round(BASE + SCALE * (mu - START_MU))


def rate(players, ranks):
    """New (mu, sigma) of each player after one game: `players` [(mu, sigma)], `ranks` the places in the same
    order (1 is best; equal numbers tie; gaps do not matter)."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in players]
    rated = MODEL.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in rated]
