"""The draft editor (issue 36): a draft page's cost does not grow with its rows, extensions are the game's own,
each row explains its effect, and the comparison with the published cards, field by field."""
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cards.drafts.services import create_draft
from cards.models import CardGame, DraftCard, Extension

pytestmark = pytest.mark.django_db


def change_url(draft):
    return f"/admin/cards/cardsetdraft/{draft.pk}/change/"


def compare_url(draft):
    return f"/admin/cards/cardsetdraft/{draft.pk}/compare/"


def row_data(draft, **changes_by_slug):
    """The change form's POST data: every row of `draft` as the page shows it, with some fields changed."""
    rows = list(draft.cards.order_by("kind", "extension__order", "id"))
    data = {"name": draft.name, "notes": draft.notes, "cards-TOTAL_FORMS": len(rows),
            "cards-INITIAL_FORMS": len(rows), "cards-MIN_NUM_FORMS": 0, "cards-MAX_NUM_FORMS": 1000}
    for i, row in enumerate(rows):
        values = {"id": row.pk, "draft": draft.pk, "included": "on" if row.included else "", "kind": row.kind,
                  "slug": row.slug, "name": row.name, "extension": row.extension_id, "cost": row.cost,
                  "colour": row.colour_id or "", "icon": row.icon_id or "", "activation_min": row.activation_min or "",
                  "activation_max": row.activation_max or "", "copies": row.copies,
                  "major": "on" if row.major else "", "effect": row.effect}
        values.update(changes_by_slug.get(row.slug, {}))
        data.update({f"cards-{i}-{k}": v for k, v in values.items() if v not in ("", None)})
        data[f"cards-{i}-effect"] = values["effect"]
    return data


def queries(request):
    with CaptureQueriesContext(connection) as captured:
        response = request()
    return response, len(captured)


def test_opening_and_saving_a_draft_cost_the_same_queries_for_10_or_48_rows(designer_browser, official_cards,
                                                                            designer):
    whole = create_draft(name="Whole set", user=designer)
    small = create_draft(name="Ten cards", user=designer)
    small.cards.exclude(pk__in=list(small.cards.order_by("id").values_list("pk", flat=True)[:10])).delete()
    assert (whole.cards.count(), small.cards.count()) == (48, 10)
    designer_browser.get(change_url(small))   # warm Django's own caches (content types) before counting
    figures = {}
    for draft in (whole, small):
        opened, open_queries = queries(lambda: designer_browser.get(change_url(draft)))
        saved, save_queries = queries(lambda: designer_browser.post(change_url(draft), row_data(draft)))
        assert opened.status_code == 200
        assert saved.status_code == 302, saved.content.decode()[:3000]
        figures[draft.cards.count()] = (open_queries, save_queries)
    assert figures[48] == figures[10], figures
    open_queries, save_queries = figures[48]
    assert open_queries <= 40 and save_queries <= 40, figures


def test_the_extension_choices_are_the_drafted_games_own(designer_browser, official_cards, designer):
    draft = create_draft(name="Boxes", user=designer)
    page = designer_browser.get(change_url(draft)).content.decode()
    select = re.search(r'<select name="cards-0-extension".*?</select>', page, re.S).group(0)
    offered = {int(pk) for pk in re.findall(r'<option value="(\d+)"', select)}
    assert offered == set(Extension.objects.filter(game__slug=CardGame.MACHI_KORO).values_list("pk", flat=True))


def test_a_posted_foreign_extension_is_refused(designer_browser, official_cards, designer):
    draft = create_draft(name="Foreign", user=designer)
    game, _ = CardGame.objects.get_or_create(slug=CardGame.VALERIA, defaults={"name": "Valeria: Card Kingdoms"})
    foreign, _ = Extension.objects.get_or_create(game=game, slug="base", defaults={"name": "Base"})
    mine = draft.cards.get(slug="mine")
    response = designer_browser.post(change_url(draft), row_data(draft, mine={"extension": foreign.pk}))
    assert response.status_code == 200 and "errorlist" in response.content.decode()
    mine.refresh_from_db()
    assert mine.extension.game.slug == CardGame.MACHI_KORO


def test_a_draft_card_refuses_a_foreign_extension_outside_the_admin_too(official_cards, designer):
    from django.core.exceptions import ValidationError

    draft = create_draft(name="Model check", user=designer)
    game, _ = CardGame.objects.get_or_create(slug=CardGame.VALERIA, defaults={"name": "Valeria: Card Kingdoms"})
    foreign, _ = Extension.objects.get_or_create(game=game, slug="base", defaults={"name": "Base"})
    mine = draft.cards.get(slug="mine")
    mine.extension = foreign
    with pytest.raises(ValidationError) as refused:
        mine.full_clean()
    assert "extension" in refused.value.message_dict


def test_a_bad_effect_is_refused_on_save_and_shown_once_with_its_caret(designer_browser, official_cards, designer):
    from html import unescape

    from cards.effect_api import explain_answer

    draft = create_draft(name="Bad effect", user=designer)
    response = designer_browser.post(change_url(draft), row_data(draft, mine={"effect": "c 5 teleport"}))
    assert response.status_code == 200 and 'class="errornote"' in response.content.decode()
    assert draft.cards.get(slug="mine").effect == "c 5"
    page = unescape(response.content.decode())
    error = explain_answer("machi-koro", "c 5 teleport", {})["error"]
    assert page.count(error["message"]) == 1, "the grammar error is said twice"
    caret = re.search(r'<span class="effect-caret">(.*?)</span>', page, re.S).group(1)
    effect_line, caret_line = caret.split("\n")
    assert effect_line == "c 5 teleport" and caret_line.index("^") == error["column"] - 1


DEEP_MINE_EFFECT = 'count own <cards where name=="Deep Mine"> c 1'


def test_an_effect_may_name_a_card_the_draft_adds_in_the_same_save(designer_browser, official_cards, designer):
    draft = create_draft(name="Names", user=designer)
    data = row_data(draft, mine={"name": "Deep Mine", "effect": "c 5"},
                    bakery={"effect": DEEP_MINE_EFFECT})
    response = designer_browser.post(change_url(draft), data)
    assert response.status_code == 302, response.content.decode()[:4000]
    assert draft.cards.get(slug="bakery").effect == DEEP_MINE_EFFECT


def test_each_row_shows_its_saved_effect_explained_and_asks_nothing_on_load(designer_browser, official_cards,
                                                                            designer):
    draft = create_draft(name="Explained", user=designer)
    page = designer_browser.get(change_url(draft)).content.decode()
    assert page.count('class="effect-words"') == draft.cards.exclude(effect="").count()
    assert "cards/draft-effect.js" in page and "cards/draft-editor.css" in page
    assert 'data-draft-effect' in page and "data-effect-game=" not in page   # not the card editor's script


def test_the_draft_page_links_the_comparison_and_the_lab(designer_browser, official_cards, designer):
    draft = create_draft(name="Links", user=designer)
    page = designer_browser.get(change_url(draft)).content.decode()
    assert f'href="{compare_url(draft)}"' in page and "Compare with the published cards" in page
    lab = f'href="/stats/lab/?game=machikoro&amp;card_set={draft.pk}"'
    assert lab in page
    assert lab in designer_browser.get("/admin/cards/cardsetdraft/").content.decode()   # the list's link too


def test_the_comparison_shows_each_changed_field_and_the_added_and_removed_cards(designer_browser, official_cards,
                                                                                designer):
    draft = create_draft(name="Compared", user=designer)
    draft.cards.filter(slug="mine").update(cost=4, effect="c 6")
    draft.cards.filter(slug="stadium").update(included=False)
    bakery = draft.cards.get(slug="bakery")
    DraftCard.objects.create(draft=draft, kind=DraftCard.Kind.ESTABLISHMENT, slug="new-mill",
                             name="<b>Mill</b>", extension=bakery.extension, cost=2, colour=bakery.colour,
                             icon=bakery.icon, activation_min=3, activation_max=3, effect="c 1")
    response = designer_browser.get(compare_url(draft))
    assert response.status_code == 200
    page = response.content.decode()
    changed = re.search(r'<section class="draft-changed".*?</section>', page, re.S).group(0).lower()
    assert "mine" in changed
    assert re.search(r"cost</th>\s*<td[^>]*>6</td>\s*<td[^>]*>4</td>", changed), changed
    assert re.search(r"effect</th>\s*<td[^>]*><code>c 5</code></td>\s*<td[^>]*><code>c 6</code></td>", changed)
    assert "activation" not in changed                                   # unchanged fields are not listed
    added = re.search(r'<section class="draft-added".*?</section>', page, re.S).group(0)
    assert "&lt;b&gt;Mill&lt;/b&gt;" in added and "<b>Mill</b>" not in page and "new-mill" in added
    removed = re.search(r'<section class="draft-removed".*?</section>', page, re.S).group(0)
    assert "Stadium" in removed and "Mine" not in removed
    assert f'href="{change_url(draft)}"' in page


def test_an_unchanged_draft_says_so(designer_browser, official_cards, designer):
    draft = create_draft(name="Same", user=designer)
    page = designer_browser.get(compare_url(draft)).content.decode()
    assert "No change yet." in page


def test_only_designers_compare(official_cards, designer, player):
    draft = create_draft(name="Private", user=designer)
    anonymous = Client()
    assert anonymous.get(compare_url(draft)).status_code == 302
    browser = Client()
    browser.force_login(player)
    response = browser.get(compare_url(draft))
    assert response.status_code in (302, 403) and "Stadium" not in response.content.decode()


def test_comparing_a_missing_draft_is_a_404_not_a_500(designer_browser, official_cards):
    assert designer_browser.get("/admin/cards/cardsetdraft/999999/compare/").status_code in (302, 404)


@pytest.mark.parametrize("changes", [{"extension": "not-a-number"}, {"colour": "99999"}, {"id": "x"}])
def test_bad_row_values_are_form_errors_not_500s(designer_browser, official_cards, designer, changes):
    draft = create_draft(name="Hostile", user=designer)
    response = designer_browser.post(change_url(draft), row_data(draft, mine=changes))
    assert response.status_code == 200 and 'class="errornote"' in response.content.decode()
    assert draft.cards.get(slug="mine").cost == 6
