"""The bots, weakest first (the platform offers them in this order): the simple ones (simple_bots.py), the named
strategies (strategies.py: scripted buying tables, after the income bot whose answers they reuse; their strength
depends on the opponents, see docs/strategies.md) and the Monte-Carlo search bot built on the income bot
(search.py)."""
from games.machikoro.engine.search import SearchBot
from games.machikoro.engine.simple_bots import GreedyBot, IncomeBot, RandomBot
from games.machikoro.engine.strategies import STRATEGY_BOTS

BOTS = {bot.name: bot for bot in (RandomBot, GreedyBot, IncomeBot, *STRATEGY_BOTS, SearchBot)}


def make_bot(name, seed=0, **budget):
    """A bot by name; `budget` goes to the search bot (rollouts=, horizon=, width=)."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})") from None
    return cls(seed, **budget)
