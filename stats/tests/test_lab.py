"""The balance lab: chunked runs add up to one run, cancelling, drafts kept apart, pages and permissions."""
import csv
import io
import json
import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from cards.drafts import services as drafts
from cards.models import Establishment
from games import machikoro as engine
from games.rulesets import get_ruleset
from stats.lab import runner, services, summary
from stats.models import LabChunk, LabRun, SiteStatistics

pytestmark = pytest.mark.django_db
SETTINGS = {"players": 3, "extensions": ["base"], "market": "all", "bots": ["income", "greedy", "random"]}


@pytest.fixture
def inline_runs(settings):
    settings.LAB_IN_PROCESS_THREAD = False   # play the chunks in the test's thread, not a background one


def lab_request(games=60, seed=11, draft=None, **changes):
    values = dict(game="machikoro", players=3, extensions=("base",), market="all",
                  bots=("income", "greedy", "random"), games=games, seed=seed, draft=draft)
    values.update(changes)
    return services.LabRequest(**values)


def start(request, django_capture_on_commit_callbacks, user=None):
    with django_capture_on_commit_callbacks(execute=True):
        run = services.start_run(request, user=user)
    run.refresh_from_db()
    return run


def test_chunks_merge_to_exactly_the_single_process_run():
    card_set = engine.load_card_set()
    whole = engine.lab.play_chunk(card_set, SETTINGS, 5, 0, 40)
    parts = [engine.lab.play_chunk(card_set, SETTINGS, 5, a, b) for a, b in ((0, 7), (7, 30), (30, 40))]
    assert summary.merge_tallies(parts) == whole
    assert whole["games"] == 40 and sum(whole["wins_by_seat"].values()) == 40 - whole["unfinished"]


def test_a_run_gives_the_same_numbers_whatever_its_chunk_size(official_cards, inline_runs, monkeypatch,
                                                               django_capture_on_commit_callbacks):
    first = start(lab_request(games=45), django_capture_on_commit_callbacks)
    monkeypatch.setattr(services, "chunk_size_for", lambda games: 7)
    second = start(lab_request(games=45), django_capture_on_commit_callbacks)
    assert first.status == second.status == LabRun.Status.DONE
    assert first.chunk_count != second.chunk_count == 7
    assert first.result == second.result
    assert second.games_done == 45 and LabChunk.objects.filter(run=second).count() == 7


def test_the_result_has_rates_with_intervals_and_every_card(official_cards, inline_runs,
                                                            django_capture_on_commit_callbacks):
    run = start(lab_request(games=30), django_capture_on_commit_callbacks)
    result = run.result
    assert result["games"] == 30
    seat = result["wins_by_seat"]["0"]
    assert 0 <= seat["low"] <= seat["rate"] <= seat["high"] <= 1
    names = {c["name"] for c in result["cards"]}
    assert {"Wheat Field", "Ranch", "Bakery"} <= names
    assert all(l["mean_rank"] >= 1 for l in result["landmarks"])
    assert run.software_version and run.rules["cards"]["establishments"]


def test_cancelling_stops_the_chunks_not_yet_played(official_cards, monkeypatch,
                                                      django_capture_on_commit_callbacks):
    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)   # nobody plays it yet
    monkeypatch.setattr(services, "chunk_size_for", lambda games: 10)
    run = start(lab_request(games=50), django_capture_on_commit_callbacks)
    runner.play_chunk(run.pk, 0)
    services.cancel_run(run.pk)
    runner.play_run_here(run.pk)
    run.refresh_from_db()
    assert run.status == LabRun.Status.CANCELLED
    assert run.games_done == 10 and list(run.chunks.values_list("index", flat=True)) == [0]
    assert run.result is None


def test_cancelling_stops_a_chunk_between_games(official_cards, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)
    run = start(lab_request(games=40), django_capture_on_commit_callbacks)
    real_play = engine.lab.play_one

    def play_then_cancel(*args):
        services.cancel_run(run.pk)
        return real_play(*args)

    monkeypatch.setattr(engine.lab, "play_one", play_then_cancel)
    runner.play_chunk(run.pk, 0)
    run.refresh_from_db()
    assert run.status == LabRun.Status.CANCELLED and run.games_done == 0 and not run.chunks.exists()


def test_a_draft_never_reaches_live_games(official_cards, designer, inline_runs,
                                          django_capture_on_commit_callbacks):
    draft = drafts.create_draft(name="Cheap ranch", user=designer)
    draft.cards.filter(slug="ranch").update(cost=0)
    ruleset = get_ruleset("machikoro")
    live = ruleset.freeze_rules(ruleset.clean_options({"extensions": ["base"]}))
    assert {c["slug"]: c["cost"] for c in live["cards"]["establishments"]}["ranch"] == 1
    assert Establishment.objects.get(slug="ranch").cost == 1
    run = start(lab_request(games=12, draft=draft), django_capture_on_commit_callbacks)
    assert {c["slug"]: c["cost"] for c in run.rules["cards"]["establishments"]}["ranch"] == 0
    assert run.draft_name == "Cheap ranch" and run.status == LabRun.Status.DONE
    assert run.card_set_text == "Draft “Cheap ranch”" and str(run) == "12 games, Draft “Cheap ranch”"


def test_a_draft_without_a_card_plays_without_it(official_cards, designer, inline_runs,
                                                 django_capture_on_commit_callbacks):
    draft = drafts.create_draft(name="No stadium", user=designer)
    draft.cards.filter(slug="stadium").update(included=False)
    run = start(lab_request(games=10, draft=draft), django_capture_on_commit_callbacks)
    assert "stadium" not in {c["slug"] for c in run.rules["cards"]["establishments"]}
    assert "stadium" not in {c["slug"] for c in run.result["cards"]}


def test_publishing_a_draft_edits_the_cards_with_history(official_cards, designer):
    draft = drafts.create_draft(name="Pricier bakery", user=designer)
    draft.cards.filter(slug="bakery").update(cost=2, effect="c 2")
    changes = drafts.draft_changes(draft)
    assert changes["changed"] == [("establishment", "bakery", "cost: 1 → 2; effect: c 1 → c 2")]
    drafts.publish_draft(draft, user=designer)
    bakery = Establishment.objects.get(slug="bakery")
    assert (bakery.cost, bakery.effect) == (2, "c 2")
    latest = bakery.history.latest()
    assert latest.history_user == designer and latest.cost == 2
    draft.refresh_from_db()
    assert draft.published_at is not None and drafts.draft_changes(draft)["changed"] == []


def test_invalid_requests_change_nothing(official_cards):
    with pytest.raises(services.LabRunInvalid) as error:
        services.start_run(lab_request(games=0, bots=("teleporter",), players=9))
    assert set(error.value.errors) == {"games", "bots", "players"}
    assert not LabRun.objects.exists()


def test_an_unplayable_draft_is_refused_with_the_reason(official_cards, designer):
    draft = drafts.create_draft(name="Broken", user=designer)
    draft.cards.filter(slug="wheat-field").update(included=False)   # a starting card
    with pytest.raises(services.LabRunInvalid) as error:
        services.start_run(lab_request(draft=draft))
    assert "cannot be played" in str(error.value) and not LabRun.objects.exists()


def test_comparison_marks_only_real_differences():
    def tally(wins0, games):
        return {"games": games, "unfinished": 0, "turns_sum": games * 30, "turns_squares": games * 900 + games * 9,
                "length_buckets": {"30": games}, "wins_by_seat": {"0": wins0, "1": games - wins0},
                "seats_by_bot": {"income": 2 * games}, "wins_by_bot": {"income": games}, "cards": {}, "landmarks": {}}

    ruleset = get_ruleset("machikoro")
    same = summary.compare(summary.summarise(tally(500, 1000), {}, ruleset),
                           summary.summarise(tally(510, 1000), {}, ruleset), "machikoro")
    assert not any(r["significant"] for r in same)
    moved = summary.compare(summary.summarise(tally(500, 1000), {}, ruleset),
                            summary.summarise(tally(650, 1000), {}, ruleset), "machikoro")
    assert [r["figure"] for r in moved if r["significant"]] == ["Win rate of seat 1", "Win rate of seat 2"]


def test_wilson_interval_is_sensible():
    low, high = summary.wilson(50, 100)
    assert 0.40 < low < 0.5 < high < 0.60
    assert summary.wilson(0, 0) == (0.0, 1.0)


# Pages and permissions

def test_only_designers_use_the_lab(client, official_cards, player, designer):
    url = reverse("stats:lab")
    assert client.get(url).status_code == 302
    client.force_login(player)
    assert client.get(url).status_code == 403
    assert client.post(url, {"games": 5}).status_code == 403
    client.force_login(designer)
    assert client.get(url).status_code == 200


def test_a_designer_runs_reads_downloads_and_compares(client, official_cards, designer, inline_runs,
                                                     django_capture_on_commit_callbacks):
    client.force_login(designer)
    form = {"card_set": "published", "players": 2, "market": "all", "games": 20, "seed": 3, "name": "",
            **{f"bot_{seat}": "income" for seat in range(1, 7)}}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("stats:lab"), form)
    run = LabRun.objects.get()
    assert response.status_code == 302 and response.url == reverse("stats:lab-run", args=[run.pk])
    page = client.get(response.url).content.decode()
    assert "Win rate by seat" in page and 'id="lab-result"' in page
    progress = client.get(reverse("stats:lab-progress", args=[run.pk])).json()
    assert progress == {**progress, "status": "done", "games_done": 20, "games": 20, "final": True}
    rows = list(csv.reader(io.StringIO(client.get(reverse("stats:lab-download", args=[run.pk, "csv"])).content.decode())))
    assert rows[0][:3] == ["section", "name", "value"] and any(r[0] == "win rate by seat" for r in rows)
    exported = json.loads(client.get(reverse("stats:lab-download", args=[run.pk, "json"])).content)
    assert exported["seed"] == 3 and exported["result"] == run.result
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("stats:lab"), {**form, "seed": 4})
    other = LabRun.objects.exclude(pk=run.pk).get()
    compared = client.get(reverse("stats:lab-compare"), {"a": run.pk, "b": other.pk})
    assert compared.status_code == 200 and "Holm" in compared.content.decode()


@pytest.mark.parametrize("a", ["abc", "1.5", "-1", "99999999999999999999", ""])
def test_compare_with_a_run_number_that_is_not_one_is_not_found(client, designer, a):
    """`?a=abc` raised ValueError in the lookup: a 500."""
    client.force_login(designer)
    assert client.get(reverse("stats:lab-compare"), {"a": a, "b": "1"}).status_code == 404


def test_the_form_shows_every_error_at_once(client, official_cards, designer):
    client.force_login(designer)
    response = client.post(reverse("stats:lab"), {"card_set": "published", "players": 9, "games": 0})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert {"players", "games"} <= set(errors)
    assert not LabRun.objects.exists()


def test_cancel_view(client, official_cards, designer, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)
    run = start(lab_request(games=10), django_capture_on_commit_callbacks)
    client.force_login(designer)
    response = client.post(reverse("stats:lab-cancel", args=[run.pk]))
    assert response.status_code == 302
    run.refresh_from_db()
    assert run.status == LabRun.Status.CANCELLED


def test_a_designer_can_seat_the_search_bot(client, official_cards, designer, inline_runs,
                                            django_capture_on_commit_callbacks):
    client.force_login(designer)
    page = client.get(reverse("stats:lab")).content.decode()
    assert '<option value="search">Search</option>' in page
    form = {"card_set": "published", "players": 2, "market": "all", "games": 6, "seed": 8, "name": "",
            "bot_1": "search", **{f"bot_{seat}": "income" for seat in range(2, 7)}}
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("stats:lab"), form)
    run = LabRun.objects.get()
    assert run.status == LabRun.Status.DONE and run.options["bots"] == ["search", "income"]
    wins = run.result["wins_by_bot"]
    assert wins["search"]["trials"] == wins["income"]["trials"] == 6
    assert wins["search"]["successes"] + wins["income"]["successes"] == 6 - run.result["unfinished"]



def page_text(response):
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).replace(" .", ".").split())


@pytest.mark.parametrize("games, english, french", [
    (1, ["1 of 1 game played.", "1 game; 0 stopped at the turn limit"],
     ["1 sur 1 partie jouée.", "1 partie ; sans gagnant à la limite de tours : 0."]),
    (2, ["2 of 2 games played.", "2 games; 0 stopped at the turn limit"],
     ["2 sur 2 parties jouées.", "2 parties ; sans gagnant à la limite de tours : 0."]),
])
def test_a_runs_page_counts_one_game_in_the_singular(client, official_cards, designer, inline_runs, games, english,
                                                     french, django_capture_on_commit_callbacks):
    """A one-game run read "1 of 1 games played." and "1 games; ..." (blocktranslate without count), and was
    named "1 games, Published cards" (in English on a French page too)."""
    run = start(lab_request(games=games), django_capture_on_commit_callbacks)
    assert run.status == LabRun.Status.DONE and str(run) == f"{games} game{'s' * (games > 1)}, Published cards"
    client.force_login(designer)
    page = page_text(client.get(reverse("stats:lab-run", args=[run.pk])))
    assert all(line in page for line in english) and "1 games" not in page, page
    client.cookies["django_language"] = "fr"
    page = page_text(client.get(reverse("stats:lab-run", args=[run.pk])))
    title = f"{games} partie{'s' * (games > 1)}, Cartes publiées"
    assert all(line in page for line in french) and f"<h1>{title}</h1>" in client.get(
        reverse("stats:lab-run", args=[run.pk])).content.decode(), page
    assert "Published cards" not in page, page


# Words are made in the reader's language when shown: a run stores data (the draft's name, the designer's name)

@pytest.mark.parametrize("run, english, french", [
    (LabRun(games=1), ("1 game, Published cards", "Published cards"), ("1 partie, Cartes publiées", "Cartes publiées")),
    (LabRun(games=2), ("2 games, Published cards", "Published cards"), ("2 parties, Cartes publiées", "Cartes publiées")),
    (LabRun(games=2000, draft_name="Cheap ranch"), ("2,000 games, Draft “Cheap ranch”", "Draft “Cheap ranch”"),
     ("2\u00a0000 parties, Brouillon «\u00a0Cheap ranch\u00a0»", "Brouillon «\u00a0Cheap ranch\u00a0»")),
    (LabRun(games=1, name="Ranch at 0"), ("Ranch at 0", "Published cards"), ("Ranch at 0", "Cartes publiées")),
    (LabRun(games=30, name="Cheap", draft_name="Cheap ranch"), ("Cheap", "Draft “Cheap ranch”"),
     ("Cheap", "Brouillon «\u00a0Cheap ranch\u00a0»")),
])
def test_a_run_is_titled_in_the_readers_language(run, english, french):
    assert (str(run), run.card_set_text) == english
    with translation.override("fr"):
        assert (str(run), run.title, run.card_set_text) == (french[0], *french)


def test_a_run_stores_no_words(official_cards, designer, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)
    with translation.override("fr"):   # a French designer starts it: nothing French (or English) is stored
        published = start(lab_request(games=10), django_capture_on_commit_callbacks)
        draft = drafts.create_draft(name="Cheap ranch", user=designer)
        drafted = start(lab_request(games=10, draft=draft, name="Mine"), django_capture_on_commit_callbacks)
    assert (published.name, published.draft_name, published.draft_id) == ("", "", None)
    assert (drafted.name, drafted.draft_name, drafted.draft_id) == ("Mine", "Cheap ranch", draft.pk)
    draft.name = "Renamed"
    draft.save()
    drafted.refresh_from_db()
    assert drafted.card_set_text == "Draft “Cheap ranch”"   # the cards it played, named as they were then


def test_the_lab_pages_word_runs_in_the_readers_language(client, official_cards, designer, inline_runs,
                                                          django_capture_on_commit_callbacks):
    draft = drafts.create_draft(name="Cheap ranch", user=designer)
    unnamed = start(lab_request(games=2), django_capture_on_commit_callbacks)
    named = start(lab_request(games=3, draft=draft, name="Ranch at 0"), django_capture_on_commit_callbacks)
    client.force_login(designer)
    pages = [reverse("stats:lab"), reverse("stats:lab-run", args=[unnamed.pk]),
             reverse("stats:lab-run", args=[named.pk]),
             f"{reverse('stats:lab-compare')}?a={unnamed.pk}&b={named.pk}"]
    for url in pages:
        page = page_text(client.get(url))
        assert "Published cards" in page and "2 games, Published cards" in page, url
        assert "Ranch at 0" in page and "Draft “Cheap ranch”" in page, url
    client.cookies["django_language"] = "fr"
    for url in pages:
        page = page_text(client.get(url))
        assert "Cartes publiées" in page and "2 parties, Cartes publiées" in page, url
        assert "Ranch at 0" in page and "Brouillon « Cheap ranch »" in page, url
        assert "Published cards" not in page and "Draft" not in page and "games," not in page, url
    home = page_text(client.get(reverse("stats:lab")))
    assert "Terminée" in home and "Done" not in home


def test_the_json_download_names_the_card_set_as_data(client, official_cards, designer, inline_runs,
                                                        django_capture_on_commit_callbacks):
    draft = drafts.create_draft(name="Cheap ranch", user=designer)
    unnamed = start(lab_request(games=2), django_capture_on_commit_callbacks)
    named = start(lab_request(games=2, draft=draft, name="Ranch at 0"), django_capture_on_commit_callbacks)
    client.force_login(designer)
    client.cookies["django_language"] = "fr"   # the same document whatever the reader's language

    def download(run):
        return json.loads(client.get(reverse("stats:lab-download", args=[run.pk, "json"])).content)

    assert download(unnamed)["name"] == "" and download(unnamed)["card_set"] == {"published": True, "draft": None}
    assert download(named)["name"] == "Ranch at 0"
    assert download(named)["card_set"] == {"published": False, "draft": "Cheap ranch"}
    assert download(named)["rules"] == named.rules and download(named)["seed"] == named.seed


@pytest.mark.parametrize("games, english, french", [
    (1, "site statistics over 1 game", "statistiques du site sur 1 partie"),
    (2, "site statistics over 2 games", "statistiques du site sur 2 parties"),
    (12000, "site statistics over 12,000 games", "statistiques du site sur 12\u00a0000 parties"),
])
def test_site_statistics_count_their_games(games, english, french):
    assert str(SiteStatistics(games=games)) == english
    with translation.override("fr"):
        assert str(SiteStatistics(games=games)) == french


# French pages: card names, grouped counts, no repeated words (the stored result keeps English names and slugs)

def test_a_runs_page_names_the_cards_in_the_readers_language(client, official_cards, designer, inline_runs,
                                                            django_capture_on_commit_callbacks):
    """The run page showed the result's English names ("Wheat Field") on a French page; compare did not."""
    run = start(lab_request(games=4), django_capture_on_commit_callbacks)
    faces = {c["slug"]: c for c in engine.load_card_data()["establishments"] + engine.load_card_data()["landmarks"]}
    shown = run.result["cards"] + run.result["landmarks"]
    assert shown and all(c["name"] == faces[c["slug"]]["name"] for c in shown)   # stored: English
    client.force_login(designer)
    client.cookies["django_language"] = "fr"
    response = client.get(reverse("stats:lab-run", args=[run.pk]))
    page = response.content.decode()
    for card in shown:
        french = faces[card["slug"]]["name_fr"]
        assert f'<th scope="row">{escape(french)}</th>' in page, card["slug"]
        if french != card["name"]:
            assert f'<th scope="row">{escape(card["name"])}</th>' not in page, card["slug"]
    island = json.loads(re.search(r'id="lab-result" type="application/json">(.*?)</script>', page, re.S).group(1))
    assert {c["name"] for c in island["cards"]} == {faces[c["slug"]]["name_fr"] for c in run.result["cards"]}
    # The downloads keep the stored English names, whatever the reader's language.
    exported = json.loads(client.get(reverse("stats:lab-download", args=[run.pk, "json"])).content)
    assert exported["result"] == run.result
    rows = list(csv.reader(io.StringIO(client.get(reverse("stats:lab-download", args=[run.pk, "csv"])).content.decode())))
    assert {r[1] for r in rows if r[0] == "mean landmark build order"} == {l["name"] for l in run.result["landmarks"]}


def test_a_result_keeps_english_names_whoever_finishes_it(official_cards, inline_runs,
                                                          django_capture_on_commit_callbacks):
    with translation.override("fr"):   # a run played in a French request's thread
        run = start(lab_request(games=2), django_capture_on_commit_callbacks)
    faces = {c["slug"]: c["name"] for c in engine.load_card_data()["establishments"] + engine.load_card_data()["landmarks"]}
    assert [c["name"] for c in run.result["cards"]] == [faces[c["slug"]] for c in run.result["cards"]]
    assert [l["name"] for l in run.result["landmarks"]] == [faces[l["slug"]] for l in run.result["landmarks"]]


def test_a_runs_card_names_come_from_its_frozen_cards():
    rules = {"cards": {"establishments": [{"slug": "bakery", "name": "Cheap bakery", "name_fr": "Boulangerie bon marché"},
                                          {"slug": "ranch", "name": "Big ranch", "name_fr": ""}],
                       "landmarks": []}}
    with translation.override("en"):
        name = get_ruleset("machikoro").lab_namer(rules)
        assert (name("bakery", "Bakery"), name("ranch", "Ranch"), name("new-card", "New card")) == (
            "Cheap bakery", "Big ranch", "New card")
    with translation.override("fr"):
        name = get_ruleset("machikoro").lab_namer(rules)
        # No French name frozen: the official card's, else the stored name.
        assert (name("bakery", "Bakery"), name("ranch", "Ranch"), name("new-card", "New card")) == (
            "Boulangerie bon marché", "Ferme", "New card")
        assert get_ruleset("machikoro").lab_namer(None)("wheat-field", "Wheat Field") == "Champ de blé"


def test_the_lab_groups_counts_as_the_titles_do(client, official_cards, designer, monkeypatch,
                                               django_capture_on_commit_callbacks):
    """"1200 of 2500 games played" under the title "2,500 games, Published cards"."""
    monkeypatch.setattr(runner, "dispatch_run", lambda run_id: None)
    run = start(lab_request(games=2500), django_capture_on_commit_callbacks)
    LabRun.objects.filter(pk=run.pk).update(games_done=1200, status=LabRun.Status.RUNNING)
    client.force_login(designer)
    url = reverse("stats:lab-run", args=[run.pk])
    assert "1,200 of 2,500 games played." in page_text(client.get(url))
    assert "1,200 / 2,500" in page_text(client.get(reverse("stats:lab")))
    progress = client.get(reverse("stats:lab-progress", args=[run.pk])).json()
    assert (progress["games_done"], progress["games_done_text"], progress["games_text"]) == (1200, "1,200", "2,500")
    client.cookies["django_language"] = "fr"
    assert "1 200 sur 2 500 parties jouées." in page_text(client.get(url))
    assert "<span data-lab-done>1\u00a0200</span> sur 2\u00a0500 parties" in client.get(url).content.decode()
    progress = client.get(reverse("stats:lab-progress", args=[run.pk])).json()
    assert (progress["games_done_text"], progress["games_text"]) == ("1\u00a0200", "2\u00a0500")   # what lab.js shows

    tally = {"games": 2500, "unfinished": 1001, "turns_sum": 2500 * 30, "turns_squares": 2500 * 909,
             "length_buckets": {"30": 2500}, "wins_by_seat": {"0": 1400, "1": 99},
             "seats_by_bot": {"income": 7500}, "wins_by_bot": {"income": 1499},
             "cards": {"bakery": {"bought": 4321, "buyers": 1234, "buyer_wins": 700, "first_buy_turns": 5000,
                                  "activations": 3000, "paid": 3000}},
             "landmarks": {"train-station": {"built": 1300, "rank_sum": 1300, "ranks": {"1": 1300}}}}
    LabRun.objects.filter(pk=run.pk).update(games_done=2500, status=LabRun.Status.DONE,
                                            result=summary.summarise(tally, {}, get_ruleset("machikoro")))
    client.cookies["django_language"] = "en"
    page = client.get(url).content.decode()
    for count in ("2,500", "1,400", "7,500", "1,499", "4,321", "1,234", "1,300"):
        assert f"<td>{count}</td>" in page, count
    assert "1: 1,300" in page and "2,500 games; 1,001 stopped at the turn limit" in page_text(client.get(url))
    client.cookies["django_language"] = "fr"
    page = client.get(url).content.decode()
    assert "<td>4\u00a0321</td>" in page and "1: 1\u00a0300" in page
    assert "2\u00a0500 parties ; sans gagnant à la limite de tours : 1\u00a0001." in page


def test_compare_says_only_what_a_title_does_not(client, official_cards, designer, inline_runs,
                                                 django_capture_on_commit_callbacks):
    """An unnamed run read "2 games, Published cards (Published cards, 2 games)"."""
    draft = drafts.create_draft(name="Cheap ranch", user=designer)
    unnamed = start(lab_request(games=2), django_capture_on_commit_callbacks)
    named = start(lab_request(games=3, draft=draft, name="Ranch at 0"), django_capture_on_commit_callbacks)
    client.force_login(designer)
    page = page_text(client.get(reverse("stats:lab-compare"), {"a": unnamed.pk, "b": named.pk}))
    assert "A : 2 games, Published cards B : Ranch at 0 (Draft “Cheap ranch”, 3 games)" in page, page
    assert "(Published cards" not in page
    client.cookies["django_language"] = "fr"
    page = page_text(client.get(reverse("stats:lab-compare"), {"a": unnamed.pk, "b": named.pk}))
    assert "(Cartes publiées" not in page and "Ranch at 0 (Brouillon « Cheap ranch », 3 parties)" in page
    options = client.get(reverse("stats:lab-run", args=[named.pk])).content.decode()
    assert ">2 parties, Cartes publiées</option>" in options
    options = client.get(reverse("stats:lab-run", args=[unnamed.pk])).content.decode()
    assert ">Ranch at 0 (Brouillon «\u00a0Cheap ranch\u00a0»)</option>" in options


def test_a_games_statistics_status_is_worded_in_the_readers_language():
    from stats.models import GameStatistics

    statistics = GameStatistics(status=GameStatistics.Status.DONE)
    assert statistics.get_status_display() == "Ready"
    with translation.override("fr"):
        assert statistics.get_status_display() == "Prêtes"
        assert [str(label) for _, label in GameStatistics.Status.choices] == [
            "En attente d'un worker", "En cours de calcul", "Prêtes", "Échec"]
