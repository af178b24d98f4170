"""Machi Koro in the balance lab: its options on the run form, its figures, and its cards' names.

The ruleset (ruleset.py) plugs these in; the games are played by games/machikoro/engine/lab.py.
"""
import functools

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext as _, gettext_lazy, ngettext

from cards.language import current_language, localized_name
from cards.models import CardGame, Extension
from games.machikoro.engine import load_card_data
from games.rulesets.base import OptionsInvalid
from games.rulesets.lab import GAMES, Chart, Column, Table

BASE = "base"
MAX_GAMES_PER_PAIRING = 10_000

CARDS = Table(
    "cards", title=gettext_lazy("Cards"), row_label=gettext_lazy("Card"),
    caption=gettext_lazy("By card: the win rate of players who bought at least one copy, when they first bought it, "
                         "how often it paid and how much"),
    columns=(
        Column("bought", gettext_lazy("Copies bought"), "count", ("bought",)),
        Column("buyers", gettext_lazy("Buyers"), "count", ("buyers",)),
        Column("buyer_win_rate", gettext_lazy("Buyers' win rate"), "rate", ("buyer_wins", "buyers"),
               csv="win rate of buyers", compare=gettext_lazy("Win rate of buyers of %(card)s")),
        Column("first_buy_turn", gettext_lazy("Mean first purchase (turn)"), "mean",
               ("first_buy_turns", "first_buy_turn_squares", "buyers"), digits=1,
               csv="mean turn of first purchase", plain="mean_first_buy_turn"),
        Column("activations", gettext_lazy("Payouts per game"), "mean", ("activations", "activation_squares", GAMES),
               digits=2, csv="activations per game", plain="activations_per_game"),
        Column("payout", gettext_lazy("Mean payout (coins)"), "mean", ("paid", "paid_squares", "activations"),
               digits=2, csv="mean payout per activation", plain="mean_payout"),
    ),
    chart=Chart("buyer_win_rate", gettext_lazy("Win rate of players who bought the card"),
                gettext_lazy("Buyers' win rate (%)"),
                gettext_lazy("Bar chart: win rate of the players who bought each card. The table below has the numbers.")),
    charts=(
        Chart("activations", gettext_lazy("How often each card paid out"), gettext_lazy("Payouts per game"),
              gettext_lazy("Bar chart: how many times per game each card paid out, with its 95 % interval. "
                           "The table below has the numbers."), axis=gettext_lazy("Payouts per game")),
        Chart("payout", gettext_lazy("What each card paid"), gettext_lazy("Mean payout (coins)"),
              gettext_lazy("Bar chart: the mean payout of each card in coins, with its 95 % interval. "
                           "The table below has the numbers."), axis=gettext_lazy("Coins")),
    ))

LANDMARKS = Table(
    "landmarks", row_label=gettext_lazy("Landmark"), order="mean_rank",
    caption=gettext_lazy("Landmark build order (1 = a player's first landmark)"),
    columns=(
        Column("built", gettext_lazy("Built"), "count", ("built",)),
        Column("mean_rank", gettext_lazy("Mean place in order"), "number", ("rank_sum", "built"), digits=2,
               csv="mean landmark build order"),
        Column("ranks", gettext_lazy("Built as 1st / 2nd / …"), "ranks", ("ranks",)),
    ),
    chart=Chart("ranks", gettext_lazy("Landmark build order"), gettext_lazy("Built as no. %(value)s"),
                gettext_lazy("Stacked bar chart: for each landmark, how many times it was a player's first, second, "
                             "third… landmark. The table below has the numbers."),
                axis=gettext_lazy("Landmarks built")))


def _stacks_text(n):
    return ngettext("%(n)d stack", "%(n)d stacks", n) % {"n": n}


_stacks_label = lazy(_stacks_text, str)  # rendered in each request's language


def option_fields():
    """The run form's extensions and market rule."""
    extensions = [(e.slug, localized_name(e))
                  for e in Extension.objects.filter(game__slug=CardGame.MACHI_KORO).exclude(slug=BASE)]
    return {
        "extensions": forms.MultipleChoiceField(
            label=gettext_lazy("Extensions"), widget=forms.CheckboxSelectMultiple, required=False,
            choices=extensions, help_text=gettext_lazy("The base game is always in.")),
        "market": forms.ChoiceField(
            label=gettext_lazy("Market rule"), initial="all",
            choices=[("all", gettext_lazy("Every stack open"))] + [(str(n), _stacks_label(n)) for n in range(10, 16)]),
    }


def form_options(data):
    market = data.get("market", "all")
    return {"extensions": [BASE, *data.get("extensions", [])], "market": "all" if market == "all" else int(market)}


def raw_options(options):
    """Lab options ({"extensions", "market"}) as the create form's data that `clean_options` reads."""
    market = options.get("market", "all")
    return {"extensions": list(options.get("extensions") or [BASE]), "market_rule": market != "all",
            "stacks": None if market == "all" else market}


def describe(settings):
    market = settings.get("market", "all")
    facts = [(_("Extensions"), ", ".join(settings.get("extensions", []))),
             (_("Market"), _("every stack open") if market == "all" else _("%(stacks)s stacks") % {"stacks": market})]
    gauntlet = settings.get("gauntlet")
    if gauntlet:
        facts.append((_("Gauntlet"), ngettext(
            "%(players)s players, %(games)s game per pairing", "%(players)s players, %(games)s games per pairing",
            gauntlet["games_per_pairing"]) % {"players": ", ".join(str(n) for n in gauntlet["players"]),
                                             "games": gauntlet["games_per_pairing"]}))
    return facts


def clean_gauntlet(raw, player_limits):
    """A gauntlet's settings {"players": [N, ...] (sorted, distinct), "games_per_pairing": G}, or OptionsInvalid."""
    fewest, most = player_limits
    try:
        players = sorted({int(n) for n in raw["players"]})
        per_pairing = int(raw["games_per_pairing"])
    except (KeyError, TypeError, ValueError):
        raise OptionsInvalid({"gauntlet": [_("A gauntlet needs player counts and a number of games per pairing.")]}) from None
    errors = []
    if not players or not all(fewest <= n <= most for n in players):
        errors.append(_("These options allow %(fewest)d to %(most)d players.") % {"fewest": fewest, "most": most})
    if not 1 <= per_pairing <= MAX_GAMES_PER_PAIRING:
        errors.append(_("Play between 1 and %(n)s games per pairing.") % {"n": MAX_GAMES_PER_PAIRING})
    if errors:
        raise OptionsInvalid({"gauntlet": errors})
    return {"players": players, "games_per_pairing": per_pairing}


def card_namer(rules=None):
    """A function (slug, stored name) -> the card's name in the active language, for a run's result.

    A result keeps each card's English name (its downloads stay the same in every language): the reader sees
    the name of the run's frozen copy of the card (`name_fr` in French), else the official card's, else the
    stored name (a draft's new card, or a card set frozen before French names were kept)."""
    cards = (rules or {}).get("cards") or {}
    frozen = {c["slug"]: c for c in cards.get("establishments", []) + cards.get("landmarks", [])}
    french = current_language() == "fr"

    def name(slug, stored=None):
        card = frozen.get(slug)
        if card is not None and (card.get("name_fr") or not french):
            return localized_name(card)
        official = _official_cards().get(slug)
        return localized_name(official) if official else stored or slug.replace("-", " ").capitalize()
    return name


@functools.lru_cache(maxsize=1)
def _official_cards():
    data = load_card_data()
    return {c["slug"]: c for c in data["establishments"] + data["landmarks"]}
