"""A French designer reads the admin of the cards, statistics and games models in French.

Every model these apps register in the admin is opened (its add form, and its change form with its inlines when a
row exists) by a designer who chose French; each label of the form must differ from its English (the model field's
verbose_name, or the admin's own label for a computed field), unless the word is the same in both languages. The
effect grammar's errors and the Lorenzo importer's messages are French there too, and unchanged in English."""
import pytest
from django.conf import settings
from django.contrib import admin
from django.contrib.admin.utils import label_for_field
from django.contrib.auth.models import Permission
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.utils import translation
from django.utils.text import capfirst

pytestmark = pytest.mark.django_db

APPS = ("cards", "stats", "games")
# Labels that read the same in French (compared without case).
SAME_IN_FRENCH = {"slug", "image", "code", "extension", "extensions", "description", "position", "action", "options",
                  "index", "id", "notes", "alias", "excommunication", "excommunications"}


@pytest.fixture
def french_designer(designer):
    """A designer (Designers group) who may also look at the statistics models, with French chosen."""
    designer.user_permissions.add(*Permission.objects.filter(content_type__app_label__in=APPS))
    browser = Client()
    browser.force_login(designer)
    browser.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    return browser


@pytest.fixture
def every_kind_of_row(official_cards, designer):
    """At least one row of each registered model, so each change form (and its inlines) is opened too."""
    from cards.drafts.services import create_draft
    from cards.progress.loading import load_progress
    from cards.valeria.loading import load_valeria
    from games.api_tokens.services import do_create_token
    from stats import services as stats_services
    from stats.models import SiteStatistics
    from stats.tests.factories import play_finished_game

    load_progress()
    load_valeria()
    create_draft(name="Cheap ranch", user=designer)
    game, _ = play_finished_game(seed=5, players=2)
    stats_services.compute_and_store(game.pk)
    SiteStatistics.objects.get_or_create(pk=SiteStatistics.SINGLETON)
    do_create_token(user=designer, name="Aquarius bot")


def registered_models():
    return sorted(((model, model_admin) for model, model_admin in admin.site._registry.items()
                   if model._meta.app_label in APPS), key=lambda pair: pair[0]._meta.label)


def form_labels(context):
    """(model, field name, label) of every field the admin form shows, its inlines' columns included."""
    adminform = context["adminform"]
    model = adminform.model_admin.model
    labels = []
    for fieldset in adminform:
        for line in fieldset:
            for field in line:
                if field.is_readonly:
                    labels.append((model, adminform.model_admin, field.field["name"], str(field.field["label"])))
                else:
                    labels.append((model, adminform.model_admin, field.field.name, str(field.field.label)))
    for inline in context.get("inline_admin_formsets", []):
        for column in inline.fields():
            labels.append((inline.opts.model, inline.opts, column["name"], str(column["label"])))
    return labels


def english_label(model, model_admin, name):
    with translation.override("en"):
        return str(capfirst(label_for_field(name, model, model_admin)))


def english_leftovers(context):
    leftovers = []
    for model, model_admin, name, label in form_labels(context):
        if not label or label.lower() in SAME_IN_FRENCH:
            continue
        if label.lower() == english_label(model, model_admin, name).lower():
            leftovers.append(f"{model._meta.label}.{name}: {label!r}")
    return leftovers


def test_every_admin_form_of_the_cards_stats_and_games_models_is_labelled_in_french(french_designer,
                                                                                   every_kind_of_row):
    models = registered_models()
    assert len(models) >= 25 and {model._meta.app_label for model, _ in models} >= {"cards", "stats"}
    opened, leftovers = [], {}
    for model, model_admin in models:
        opts = model._meta
        urls = []
        if model_admin.has_add_permission(_request_for(french_designer)):
            urls.append(f"/admin/{opts.app_label}/{opts.model_name}/add/")
        row = model.objects.first()
        if row is not None:
            urls.append(f"/admin/{opts.app_label}/{opts.model_name}/{row.pk}/change/")
        assert urls, f"nothing to open for {opts.label}"
        for url in urls:
            response = french_designer.get(url)
            assert response.status_code == 200, url
            assert response.headers["Content-Language"] == "fr"
            found = english_leftovers(response.context)
            if found:
                leftovers[url] = found
            opened.append(url)
        with translation.override("en"):
            english_names = (str(opts.verbose_name), str(opts.verbose_name_plural))
        with translation.override("fr"):
            french_names = (str(opts.verbose_name), str(opts.verbose_name_plural))
        for english, french in zip(english_names, french_names):
            if french == english and english.lower() not in SAME_IN_FRENCH:
                leftovers.setdefault(opts.label, []).append(f"model name {english!r}")
    assert not leftovers, "\n".join(f"{where}: {', '.join(found)}" for where, found in leftovers.items())
    assert len(opened) > len(models)  # change forms too, not only add forms


def _request_for(browser):
    """A request of the browser's user, for the admins' permission checks."""
    from django.contrib.auth import get_user_model
    from django.test import RequestFactory

    request = RequestFactory().get("/admin/")
    request.user = get_user_model().objects.get(pk=browser.session["_auth_user_id"])
    return request


def test_the_check_fails_on_a_label_left_in_english(french_designer, every_kind_of_row):
    """The comparison above would catch a model field without a translated verbose_name."""
    from cards.valeria.models import ValeriaCitizen

    field = ValeriaCitizen._meta.get_field("roll_match1")
    translated = field.verbose_name
    field.verbose_name = "first activation number"  # as an unmarked label would read
    try:
        response = french_designer.get("/admin/cards/valeriacitizen/add/")
        assert english_leftovers(response.context) == ["cards.ValeriaCitizen.roll_match1: 'First activation number'"]
    finally:
        field.verbose_name = translated
    response = french_designer.get("/admin/cards/valeriacitizen/add/")
    assert english_leftovers(response.context) == []
    assert "Premier nombre d&#x27;activation" in response.content.decode()


@pytest.mark.parametrize("text, english, french", [
    ("g", "col 2: expected a number after 'g', found end of effect",
     "col. 2 : attendu un nombre après 'g', trouvé la fin de l'effet"),
    ("exchange g 2 x", "col 14: expected a resource (g, m, s, v, p, t or wild) after '2', found 'x'",
     "col. 14 : attendu une ressource (g, m, s, v, p, t ou wild) après '2', trouvé 'x'"),
    ("banish_owned dragon", "col 14: expected a card kind (citizen or monster) after 'banish_owned', found 'dragon'",
     "col. 14 : attendu un type de carte (citizen ou monster) après 'banish_owned', trouvé 'dragon'"),
])
def test_a_valeria_effect_error_says_what_was_expected_in_french(text, english, french):
    from cards.valeria.effects import effect_error

    assert effect_error(text) == english
    with translation.override("fr"):
        assert effect_error(text) == french


def test_a_valeria_card_refused_in_the_admin_in_french(french_designer, every_kind_of_row):
    from cards.valeria.models import ValeriaRelic

    relic = ValeriaRelic.objects.exclude(passive_effect="").first()
    response = french_designer.post(f"/admin/cards/valeriarelic/{relic.pk}/change/", {
        "source_id": relic.source_id, "slug": relic.slug, "name": relic.name, "passive_effect": "g",
        "passive_effect_text": relic.passive_effect_text})
    errors = response.context["adminform"].form.errors
    assert errors["passive_effect"] == ["col. 2 : attendu un nombre après 'g', trouvé la fin de l'effet"]


@pytest.mark.parametrize("kind, panels, action, field, english, french", [
    ("portrait", "e", "", "panels", "A card of this kind has 2 panels, not 1.",
     "Une carte de ce type a 2 panneaux, pas 1."),
    ("quartered", "aaef", "", "panels", "The panels of one card must show different elements.",
     "Les panneaux d'une même carte doivent montrer des éléments différents."),
    ("whole", "a", "zap_card", "action", "Only action cards carry an action.",
     "Seules les cartes Action portent une action."),
])
def test_an_aquarius_card_refused_by_the_rules_engine_is_explained_in_french(designer, french_designer, kind, panels,
                                                                              action, field, english, french):
    from cards.aquarius.data import load_aquarius
    from cards.loading import read_json
    from cards.aquarius.models import AquariusCard
    from cards.aquarius.data import AQUARIUS_FILE

    load_aquarius(read_json(AQUARIUS_FILE))
    card = AquariusCard.objects.get(slug="p_ea")
    url = f"/admin/cards/aquariuscard/{card.pk}/change/"
    data = {"deck": card.deck_id, "slug": card.slug, "name": card.name, "order": card.order, "kind": kind,
            "panels": panels, "action": action}
    in_english = Client()
    in_english.force_login(designer)
    assert in_english.post(url, data).context["adminform"].form.errors[field] == [english]
    assert french_designer.post(url, data).context["adminform"].form.errors[field] == [french]
    assert AquariusCard.objects.get(pk=card.pk).panels == "ea"


def test_the_lorenzo_import_speaks_french(french_designer, tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text('[{"name": "Bad Farm", "cardType": "TERRITORYCARD", "period": 4, "path": "x.png"}]',
                   encoding="utf-8")
    with pytest.raises(CommandError) as english:
        call_command("import_cards", str(bad))
    assert "Nothing was imported:" in str(english.value)
    assert "cards.json, card 'Bad Farm', cards[0].period: must be at most 3, got 4" in str(english.value)
    with translation.override("fr"), pytest.raises(CommandError) as french:
        call_command("import_cards", str(bad))
    assert "Rien n'a été importé :" in str(french.value)
    assert "cards.json, carte « Bad Farm », cards[0].period : doit valoir au plus 3, reçu 4" in str(french.value)

    with bad.open("rb") as upload:
        page = french_designer.post("/admin/cards/developmentcard/import/", {"files": upload, "kind": ""})
    text = page.content.decode()
    assert page.status_code == 200
    assert "0 carte Développement" in text  # the refused card is not counted as read
    assert "doit valoir au plus 3, reçu 4" in text and "must be at most" not in text
    assert "0 ajoutée, 0 modifiée, 0 inchangée, 1 refusée ; refusé, rien n&#x27;a été importé (1 erreur)" in text
