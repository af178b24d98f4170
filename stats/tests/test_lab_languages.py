"""The balance lab in the reader's language: a run stores data, not words; its pages word titles, counts and card
names in the reader's language; its downloads are the same whatever that language."""
import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from cards.drafts import services as drafts
from games.machikoro import engine
from games.rulesets import get_ruleset
from stats.lab import runner, summary
from stats.models import LabRun

from stats.tests.lab_helpers import csv_rows, json_document, machikoro_request, result_island, start

pytestmark = pytest.mark.django_db


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
    run = start(machikoro_request(games=games), django_capture_on_commit_callbacks)
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
        published = start(machikoro_request(games=10), django_capture_on_commit_callbacks)
        draft = drafts.create_draft(name="Cheap ranch", user=designer)
        drafted = start(machikoro_request(games=10, draft=draft, name="Mine"), django_capture_on_commit_callbacks)
    assert (published.name, published.draft_name, published.draft_id) == ("", "", None)
    assert (drafted.name, drafted.draft_name, drafted.draft_id) == ("Mine", "Cheap ranch", draft.pk)
    draft.name = "Renamed"
    draft.save()
    drafted.refresh_from_db()
    assert drafted.card_set_text == "Draft “Cheap ranch”"   # the cards it played, named as they were then


@pytest.fixture
def unnamed_and_named_runs(official_cards, designer, inline_runs, django_capture_on_commit_callbacks):
    """(an unnamed 2-game run of the published cards, a 3-game run named "Ranch at 0" of the draft "Cheap ranch")."""
    draft = drafts.create_draft(name="Cheap ranch", user=designer)
    unnamed = start(machikoro_request(games=2), django_capture_on_commit_callbacks)
    named = start(machikoro_request(games=3, draft=draft, name="Ranch at 0"), django_capture_on_commit_callbacks)
    return unnamed, named


def test_the_lab_pages_word_runs_in_the_readers_language(client, designer, unnamed_and_named_runs):
    unnamed, named = unnamed_and_named_runs
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


def test_the_json_download_names_the_card_set_as_data(client, designer, unnamed_and_named_runs):
    unnamed, named = unnamed_and_named_runs
    client.force_login(designer)
    client.cookies["django_language"] = "fr"   # the same document whatever the reader's language
    unnamed_document, named_document = json_document(client, unnamed), json_document(client, named)
    assert unnamed_document["name"] == "" and unnamed_document["card_set"] == {"published": True, "draft": None}
    assert named_document["name"] == "Ranch at 0"
    assert named_document["card_set"] == {"published": False, "draft": "Cheap ranch"}
    assert named_document["rules"] == named.rules and named_document["seed"] == named.seed



# French pages: card names, grouped counts, no repeated words (the stored result keeps English names and slugs)

def test_a_runs_page_names_the_cards_in_the_readers_language(client, official_cards, designer, inline_runs,
                                                            django_capture_on_commit_callbacks):
    """The run page showed the result's English names ("Wheat Field") on a French page; compare did not."""
    run = start(machikoro_request(games=4), django_capture_on_commit_callbacks)
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
    island = result_island(page)
    assert {c["name"] for c in island["cards"]} == {faces[c["slug"]]["name_fr"] for c in run.result["cards"]}
    # The downloads keep the stored English names, whatever the reader's language.
    exported = json_document(client, run)
    assert exported["result"] == run.result
    rows = csv_rows(client, run)
    assert {r[1] for r in rows if r[0] == "mean landmark build order"} == {l["name"] for l in run.result["landmarks"]}


def test_a_result_keeps_english_names_whoever_finishes_it(official_cards, inline_runs,
                                                          django_capture_on_commit_callbacks):
    with translation.override("fr"):   # a run played in a French request's thread
        run = start(machikoro_request(games=2), django_capture_on_commit_callbacks)
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
    run = start(machikoro_request(games=2500), django_capture_on_commit_callbacks)
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


def test_compare_says_only_what_a_title_does_not(client, designer, unnamed_and_named_runs):
    """An unnamed run read "2 games, Published cards (Published cards, 2 games)"."""
    unnamed, named = unnamed_and_named_runs
    client.force_login(designer)
    page = page_text(client.get(reverse("stats:lab-compare"), {"a": unnamed.pk, "b": named.pk}))
    # A draft is shown first, as A, whatever the link's order (issue 36).
    assert "A: Ranch at 0 (Draft “Cheap ranch”, 3 games) B: 2 games, Published cards" in page, page
    assert "(Published cards" not in page
    client.cookies["django_language"] = "fr"
    page = page_text(client.get(reverse("stats:lab-compare"), {"a": unnamed.pk, "b": named.pk}))
    assert "(Cartes publiées" not in page and "Ranch at 0 (Brouillon « Cheap ranch », 3 parties)" in page
    options = client.get(reverse("stats:lab-run", args=[named.pk])).content.decode()
    assert ">2 parties, Cartes publiées</option>" in options
    options = client.get(reverse("stats:lab-run", args=[unnamed.pk])).content.decode()
    assert ">Ranch at 0 (Brouillon «\u00a0Cheap ranch\u00a0»)</option>" in options

