"""Card set drafts in the admin: a new draft copies the published cards, edits are validated, publishing."""
import pytest
from django.test import Client

from cards.models import CardSetDraft, DraftCard
from cards.machikoro.models import Establishment

pytestmark = pytest.mark.django_db


def inline_data(draft, **changes_by_slug):
    """The change form's POST data for every card row of `draft`, with some fields changed."""
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


def test_a_new_draft_copies_every_published_card(designer_browser, official_cards, designer):
    response = designer_browser.post("/admin/cards/cardsetdraft/add/", {"name": "Try cheaper mines", "notes": ""})
    assert response.status_code == 302
    draft = CardSetDraft.objects.get()
    assert draft.created_by == designer
    assert draft.cards.filter(kind=DraftCard.Kind.ESTABLISHMENT).count() == Establishment.objects.count()
    page = designer_browser.get(response.url).content.decode()
    assert "No change yet." in page and "Mine" in page


def test_a_draft_edit_is_validated_and_listed_as_a_change(designer_browser, official_cards, designer):
    from cards.drafts.services import create_draft

    draft = create_draft(name="Edits", user=designer)
    url = f"/admin/cards/cardsetdraft/{draft.pk}/change/"
    bad = designer_browser.post(url, inline_data(draft, mine={"effect": "c 5 teleport"}))
    assert bad.status_code == 200 and "errorlist" in bad.content.decode()
    assert draft.cards.get(slug="mine").effect == "c 5"
    good = designer_browser.post(url, inline_data(draft, mine={"cost": 4}))
    assert good.status_code == 302, good.content.decode()[:3000]
    assert draft.cards.get(slug="mine").cost == 4
    assert Establishment.objects.get(slug="mine").cost == 6       # players' cards untouched
    assert "cost: 6 → 4" in designer_browser.get(url).content.decode()


def test_publishing_from_the_admin(designer_browser, official_cards, designer):
    from cards.drafts.services import create_draft

    draft = create_draft(name="Publish me", user=designer)
    draft.cards.filter(slug="mine").update(cost=4)
    response = designer_browser.post("/admin/cards/cardsetdraft/",
                                     {"action": "publish", "_selected_action": [draft.pk]}, follow=True)
    assert "published" in response.content.decode()
    assert Establishment.objects.get(slug="mine").cost == 4


def test_players_cannot_see_drafts(player, official_cards):
    browser = Client()
    browser.force_login(player)
    assert browser.get("/admin/cards/cardsetdraft/").status_code == 302


def test_the_admin_index_opens_the_balance_lab(designer_browser, official_cards):
    page = designer_browser.get("/admin/").content.decode()
    assert 'href="/stats/lab/"' in page and "Balance lab" in page


def test_the_draft_admins_messages_are_in_the_readers_language(designer_browser, official_cards, designer):
    """They were English f-strings on a French admin."""
    designer_browser.cookies["django_language"] = "fr"
    page = designer_browser.post("/admin/cards/cardsetdraft/add/", {"name": "Moins cher", "notes": ""},
                                 follow=True).content.decode()
    assert "Le brouillon «\u00a0Moins cher\u00a0» contient une copie de chaque carte publiée" in page
    assert "holds a copy" not in page
    draft = CardSetDraft.objects.get()
    page = designer_browser.post("/admin/cards/cardsetdraft/", {"action": "publish", "_selected_action": [draft.pk]},
                                 follow=True).content.decode()
    assert "Moins cher publié : ses cartes sont désormais celles des parties." in page
    assert "now the ones games use" not in page
