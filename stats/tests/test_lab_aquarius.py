"""The balance lab plays Aquarius: chunks add up to one run, the form offers it, a run completes and reads well,
and the lab knows a game only by what its ruleset describes."""
import math
import statistics

import pytest
from django.urls import reverse
from django.utils import translation

from games.aquarius import engine
from games.aquarius.engine import lab
from games.rulesets import get_ruleset, register, unregister
from games.aquarius.ruleset import freeze
from games.rulesets.base import Ruleset
from games.rulesets.lab import GAMES, Column, Figure, Table
from stats.lab import services, summary
from stats.models import LabChunk, LabRun

from stats.tests.lab_helpers import csv_rows, json_document, result_island, start

pytestmark = pytest.mark.django_db
SETTINGS = {"players": 3, "bots": ["strong", "greedy", "random"], "deck": "first-edition", "chicken": False}


def aquarius_request(games=24, seed=7, **changes):
    values = dict(game="aquarius", players=3, bots=("strong", "greedy", "random"), games=games, seed=seed,
                  options={"deck": "first-edition", "chicken": False})
    values.update(changes)
    return services.LabRequest(**values)


def test_aquarius_chunks_merge_to_exactly_the_single_process_run():
    deck = engine.load_deck()
    whole = lab.play_chunk(deck, SETTINGS, 5, 0, 30)
    parts = [lab.play_chunk(deck, SETTINGS, 5, a, b) for a, b in ((0, 4), (4, 19), (19, 30))]
    assert summary.merge_tallies(parts) == whole
    assert whole["games"] == 30 and whole["unfinished"] == 0
    assert sum(whole["wins_by_seat"].values()) == 30 + _extra_winners(deck, 5, 30)
    assert whole["actions"] and whole["goal_trades"]["by"]["trades"] == whole["actions"]["trade_goals"]["played"]
    # Through the ruleset, as a worker plays a chunk: the same tally.
    rules = freeze(engine.load_deck_data()["cards"], "first-edition")
    assert get_ruleset("aquarius").lab_play(rules, SETTINGS, 5, 0, 30) == whole


def _extra_winners(deck, seed, games):
    """The winners beyond one per game (shared wins), counted from the engine's own final states."""
    extra = 0
    for index in range(games):
        game_seed = lab.game_seed(seed, index)
        state, _ = engine.play_game(deck, game_seed, lab.seat_bots(SETTINGS["bots"], 3, game_seed))
        extra += len(state.winners) - 1
    return extra


def test_the_tally_counts_what_the_games_did():
    """Every action card played ends in the discard pile; the shared wins and lengths are the final states'."""
    deck = engine.load_deck()
    tally, discarded, shared, turns = lab.empty_tally(), 0, 0, []
    for index in range(25):
        seed = lab.game_seed(3, index)
        state = lab.play_one(deck, seed, lab.seat_bots(SETTINGS["bots"], 3, seed), tally)
        discarded += len(state.discard)
        shared += len(state.winners) > 1
        turns.append(state.turn)
    assert sum(a["played"] for a in tally["actions"].values()) == discarded > 0
    assert tally["shared"] == shared and tally["turns_sum"] == sum(turns)
    assert set(tally["actions"]) <= set(engine.ACTIONS)
    assert all(a["player_wins"] <= a["players"] <= 3 * 25 for a in tally["actions"].values())
    result = summary.summarise(tally, {}, get_ruleset("aquarius"))
    assert result["length"]["sd"] == pytest.approx(statistics.stdev(turns))
    assert result["shared_wins"]["successes"] == shared and result["shared_wins"]["trials"] == 25


def test_a_mean_column_has_its_interval_from_the_sums_of_squares():
    ruleset = get_ruleset("aquarius")
    per_game = [0, 2, 1, 4, 0, 3]
    tally = {"games": 6, "unfinished": 0, "turns_sum": 0, "turns_squares": 0, "length_buckets": {},
             "wins_by_seat": {}, "seats_by_bot": {}, "wins_by_bot": {}, "shared": 2, "blocked": 0,
             "actions": {"zap_card": {"played": sum(per_game), "played_squares": sum(n * n for n in per_game),
                                      "players": 5, "player_wins": 2}}, "goal_trades": {}}
    row = summary.summarise(tally, {"zap_card": "Zap a Card"}, ruleset)["actions"][0]
    margin = summary.Z95 * statistics.stdev(per_game) / math.sqrt(6)
    assert row["per_game"]["mean"] == pytest.approx(10 / 6)
    assert (row["per_game"]["low"], row["per_game"]["high"]) == pytest.approx((10 / 6 - margin, 10 / 6 + margin))
    assert row["player_win_rate"] == summary.rate(2, 5) and row["name"] == "Zap a Card"


def test_the_lab_form_offers_aquarius(client, official_cards, designer):
    client.force_login(designer)
    home = client.get(reverse("stats:lab")).content.decode()
    assert 'href="?game=aquarius"' in home and 'href="?game=machikoro"' in home
    page = client.get(reverse("stats:lab"), {"game": "aquarius"}).content.decode()
    assert 'name="game" value="aquarius"' in page
    assert '<option value="strong" selected>Strong</option>' in page and 'value="search"' not in page
    assert 'name="deck"' in page and 'value="first-edition"' in page and 'name="chicken"' in page
    assert "Draft:" not in page and 'name="market"' not in page


def test_a_small_aquarius_run_completes_and_reads_well(client, official_cards, designer, inline_runs,
                                                      django_capture_on_commit_callbacks):
    client.force_login(designer)
    form = {"game": "aquarius", "card_set": "published", "players": 3, "deck": "first-edition", "games": 24,
            "seed": 4, "name": "", **{f"bot_{seat}": "strong" for seat in range(1, 7)}, "bot_2": "random"}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("stats:lab"), form)
    run = LabRun.objects.get()
    assert response.status_code == 302 and run.game == "aquarius" and run.status == LabRun.Status.DONE, run.error
    assert run.options == {"players": 3, "deck": "first-edition", "chicken": False,
                           "bots": ["strong", "random", "strong"]}
    result = run.result
    assert result["games"] == 24 and result["wins_by_bot"]["strong"]["trials"] == 48
    assert {row["slug"] for row in result["actions"]} <= set(engine.ACTIONS) and result["actions"]
    assert {row["name"] for row in result["actions"]} <= {"Shuffle Goals", "Move a Card", "Zap a Card",
                                                          "Trade Goals", "Trade Hands"}
    assert 0 <= result["shared_wins"]["low"] <= result["shared_wins"]["high"] <= 1

    page = client.get(reverse("stats:lab-run", args=[run.pk])).content.decode()
    for text in ("Win rate by seat", "Action cards", "Goal trades", "Games with a shared win", "Aquarius",
                 'data-lab-table="actions"', "Run again with these exact cards"):
        assert text in page, text
    assert "Landmark" not in page and "turn limit" not in page and "Extensions" not in page
    rows = csv_rows(client, run)
    sections = {r[0] for r in rows}
    assert {"win rate by seat", "win rate by bot", "run", "plays per game", "win rate of players who played it"} <= sections
    exported = json_document(client, run)
    assert exported["result"] == result and exported["rules"]["deck"] == "first-edition"

    client.cookies["django_language"] = "fr"
    french = client.get(reverse("stats:lab-run", args=[run.pk])).content.decode()
    with translation.override("fr"):
        zap = str(get_ruleset("aquarius").lab_namer(run.rules)("zap_card", "Zap a Card"))
    if any(row["slug"] == "zap_card" for row in result["actions"]):
        assert f'<th scope="row">{zap}</th>' in french
    island = result_island(french)
    assert [r["slug"] for r in island["actions"]] == [r["slug"] for r in result["actions"]]


def test_two_aquarius_runs_compare_their_own_figures(client, official_cards, designer, inline_runs,
                                                     django_capture_on_commit_callbacks):
    a = start(aquarius_request(seed=1), django_capture_on_commit_callbacks)
    b = start(aquarius_request(seed=2, players=2, bots=("greedy", "random")), django_capture_on_commit_callbacks)
    figures = [row["figure"] for row in summary.compare(a.result, b.result, "aquarius", a.rules)]
    assert "Games with a shared win" in figures and "Win rate of the Strong bot" not in figures
    assert any(f.startswith("Win rate of players who played ") for f in figures)
    client.force_login(designer)
    page = client.get(reverse("stats:lab-compare"), {"a": a.pk, "b": b.pk}).content.decode()
    assert "Holm" in page and "Games with a shared win" in page


def test_an_aquarius_run_refuses_a_draft_and_too_many_players(official_cards, designer):
    from cards.drafts.services import create_draft

    draft = create_draft(name="Cheap ranch", user=designer)
    with pytest.raises(services.LabRunInvalid) as error:
        services.start_run(aquarius_request(draft=draft))
    assert set(error.value.errors) == {"card_set"}
    with pytest.raises(services.LabRunInvalid) as error:
        services.start_run(aquarius_request(players=6, bots=("strong",)))
    assert set(error.value.errors) == {"players"}
    with pytest.raises(services.LabRunInvalid) as error:
        services.start_run(aquarius_request(options={"deck": "no-such-deck"}))
    assert set(error.value.errors) == {"deck"} and not LabRun.objects.exists()


# The platform knows a game's lab only through its ruleset: a game it has never heard of works as well.

class CoinRuleset(Ruleset):
    slug, name = "coin-lab", "Coin"
    lab_bots = ("heads", "tails")
    lab_figures = (Figure("even", "Even games", "even", csv="even games"),)
    lab_tables = (Table("faces", caption="Faces", row_label="Face", order="mean", columns=(
        Column("seen", "Seen", "count", ("seen",)),
        Column("mean", "Mean per game", "mean", ("seen", "seen_squares", GAMES), csv="mean per game"),
        Column("won", "Win rate", "rate", ("won", "seen"), csv="win rate", compare="Wins with %(card)s"))),)

    def clean_options(self, raw):
        return {}

    def player_limits(self, options):
        return 2, 2

    def freeze_rules(self, options):
        return {"faces": ["H", "T"]}

    def start(self, rules, options, seed, names):
        raise NotImplementedError

    def load(self, rules, state):
        raise NotImplementedError

    def lab_play(self, rules, settings, seed, start, stop, should_stop=None):
        games = stop - start
        return {"games": games, "unfinished": 0, "turns_sum": 3 * games, "turns_squares": 9 * games,
                "length_buckets": {"0": games}, "wins_by_seat": {"0": games, "1": 0},
                "seats_by_bot": {"heads": games, "tails": games}, "wins_by_bot": {"heads": games}, "even": int(start % 20 == 0),
                "faces": {"H": {"seen": games, "seen_squares": games, "won": games}}}

    def lab_names(self, rules):
        return {"H": "Heads"}


@pytest.fixture
def coin_game():
    register(CoinRuleset())
    yield
    unregister("coin-lab")


def test_a_game_the_lab_has_never_heard_of_runs_reads_and_exports(client, designer, coin_game, inline_runs,
                                                                  monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(services, "chunk_size_for", lambda games: 10)
    request = services.LabRequest(game="coin-lab", players=2, bots=("heads", "tails"), games=30, seed=1)
    run = start(request, django_capture_on_commit_callbacks)
    assert run.status == LabRun.Status.DONE and LabChunk.objects.filter(run=run).count() == 3
    assert run.result["even"] == summary.rate(2, 30)      # the chunks that start at games 0 and 20
    face = run.result["faces"][0]
    assert face["name"] == "Heads" and face["won"]["rate"] == 1 and face["mean"]["mean"] == 1
    client.force_login(designer)
    page = client.get(reverse("stats:lab-run", args=[run.pk])).content.decode()
    assert "Even games" in page and '<th scope="row">Heads</th>' in page and "Mean per game" in page
    rows = csv_rows(client, run)
    assert ["win rate", "Heads", "1.0"] == rows[-1][:3] and ["run", "even games"] == [r[:2] for r in rows if r[0] == "run"][0]
    assert "Wins with Heads" in [r["figure"] for r in summary.compare(run.result, run.result, "coin-lab")]
    assert 'href="?game=coin-lab"' in client.get(reverse("stats:lab")).content.decode()
