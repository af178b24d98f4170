"""Every parameter type of the effect grammars, written through the REST API as a designer: a valid value is saved
and explained; an invalid one is a 400 in the error shape naming the column and what was expected there (in English
or French, as asked), and changes nothing.

Valeria: every key=value type (cards/effects/pair_types.py), each drawn from the verbs that declare it. Machi Koro:
each kind of effect parameter (amounts, payers, landmark and card names, icons, colours, comparisons, counts).
"""
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.caching import version_number
from cards.effects.pair_types import DieCost, DieFace, OneOf, ResourceAmounts, WholeNumber
from cards.machikoro.models import Establishment, Landmark
from cards.tests.valeria.test_typed_pairs import CASES, invalid, valid
from cards.valeria.effects import unify
from cards.valeria.loading import load_valeria
from cards.valeria.models import ValeriaDomain

pytestmark = pytest.mark.django_db

EXAMPLES = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
MESSAGE = {"en": re.compile(r"col (\d+): expected (.+), found (.+)\Z", re.S),
           "fr": re.compile(r"col\. (\d+) : attendu (.+), trouvé (.+)\Z", re.S)}
WORD = st.from_regex(r"[a-z][a-z_]{0,8}", fullmatch=True)
NUMBER = st.integers(-50, 150).map(str)


def explained_error(client, game, effect, language, **params):
    """The explain API's reading of an invalid effect: {column, token, expected, message}."""
    answer = client.get("/api/effects/explain/", {"game": game, "effect": effect, "lang": language, **params}).json()
    assert answer["valid"] is False, answer
    return answer["error"]


def assert_refused(response, field, column, token, explained, language):
    """A 400 in the documented shape whose message names the column, what was expected (as the explain API says
    it, in `language`) and the token found."""
    assert response.status_code == 400, response.content.decode()[:2000]
    assert response["Content-Language"] == language
    error = response.json()["error"]
    assert error["code"] == "invalid" and error["message"]
    [detail] = error["fields"][field]
    assert detail["code"] == "invalid_effect" or detail["code"] == "invalid", detail
    said = MESSAGE[language].match(detail["message"])
    assert said is not None, detail["message"]
    assert int(said.group(1)) == column == explained["column"] and explained["token"] == token
    assert said.group(2) == explained["expected"] and detail["message"] == explained["message"]
    return said.group(2)


def assert_translated(english, french):
    """What was expected, worded in French: not the English words (tokens and names inside stay as written)."""
    assert french != english, (english, french)


# ---- Valeria: every key=value type -------------------------------------------------------------------------------

@pytest.fixture
def valeria_domain(db):
    load_valeria()
    return ValeriaDomain.objects.get(name="Wisborg")


TYPES = [WholeNumber, DieFace, OneOf, ResourceAmounts, DieCost]


def cases_of(kind):
    """The declared keys whose value has exactly this type."""
    return [case for case in CASES if type(case[1].keys[case[2]]) is kind]


def test_every_key_value_type_is_covered():
    assert {type(param.keys[key]) for _before, param, key, _word in CASES} == set(TYPES)


@pytest.mark.parametrize("kind", TYPES, ids=[kind.__name__ for kind in TYPES])
@EXAMPLES
@given(data=st.data())
def test_a_valeria_value_through_the_api(kind, data, valeria_domain, designer_api, client):
    before, param, key, word = data.draw(st.sampled_from(cases_of(kind)), label="case")
    value_type = param.keys[key]
    url, field = f"/api/valeria/domains/{valeria_domain.slug}/", "activation_effect"
    if word != "manipulate_resources":  # its legacy builder narrows pairs by mode further (legacy.py)
        effect = f"{before} {key}={data.draw(valid(value_type), label='valid')}"
        response = designer_api.patch(url, {field: effect}, format="json")
        assert response.status_code == 200, (effect, response.content.decode()[:2000])
        assert response.json()[field] == unify(effect) and response.json()["effects_explained"][field]
        valeria_domain.refresh_from_db()
        assert valeria_domain.activation_effect == unify(effect)

    bad = data.draw(invalid(value_type), label="invalid")
    effect, column = f"{before} {key}={bad}", len(before) + len(key) + 3
    stored, version = ValeriaDomain.objects.get(pk=valeria_domain.pk).activation_effect, version_number()
    worded = {}
    for language in ("en", "fr"):
        response = designer_api.patch(f"{url}?lang={language}", {field: effect}, format="json")
        explained = explained_error(client, "valeria", effect, language)
        worded[language] = assert_refused(response, field, column, bad, explained, language)
    assert worded["en"].endswith(f"for {key}=")
    assert_translated(worded["en"], worded["fr"])
    assert ValeriaDomain.objects.get(pk=valeria_domain.pk).activation_effect == stored
    assert version_number() == version


# ---- Machi Koro: each kind of effect parameter ------------------------------------------------------------------

def quoted(name):
    return name if re.fullmatch(r"[A-Za-z][\w'-]*", name) else f'"{name}"'


def in_play_with(card, model):
    """The names of `model` every table holding `card` has (the base game's and its own box's): naming another
    box's card would leave the tables without that box unable to start (a 409, not what is tested here)."""
    names = model.objects.filter(extension__slug__in=["base", card.extension.slug]).order_by("name")
    return [quoted(name) for name in names.values_list("name", flat=True)]


def known(model):
    return [quoted(name) for name in model.objects.values_list("name", flat=True)]


def whole(low):
    return lambda value: value.isdigit() and int(value) >= low


# kind: (effect with {} for the value, the card written (establishment or landmark slug), valid values (a strategy,
# or a function of the card giving a list of choices), whether a candidate value is valid)
SLOTS = {
    "amount": ("c {}", "ranch", st.integers(1, 99).map(str), whole(1)),
    "amount_or_share": ("take c {} from each_opponent", "tv-station",
                        st.one_of(st.integers(1, 99).map(str), st.sampled_from(["half", "all"])),
                        lambda value: whole(1)(value) or value in ("half", "all", "invested")),
    "payer": ("take c 2 from {}", "tv-station", st.sampled_from(["each_opponent", "chosen_opponent"]),
              lambda value: value in ("roller", "each_opponent", "chosen_opponent")),
    "landmark_name": ("if owner has {} take c 3 from roller", "sushi-bar", lambda card: in_play_with(card, Landmark),
                      lambda value: value in known(Landmark)),
    "icon": ("count own <cards where icon=={}> c 2", "cheese-factory",
             st.sampled_from(["wheat", "cow", "gear", "cup", "bread", "fruit"]),
             lambda value: value in ("boat", "bread", "cow", "cup", "factory", "fruit", "gear", "suitcase", "tower",
                                     "wheat")),
    "colour": ("count own <cards where colour=={}> c 2", "cheese-factory",
               st.sampled_from(["blue", "green", "red", "purple"]),
               lambda value: value in ("blue", "green", "red", "purple")),
    "card_name": ("count own <cards where name=={}> c 1", "flower-shop", lambda card: in_play_with(card, Establishment),
                  lambda value: value in known(Establishment)),
    "comparison": ("if roller coins>={} take c 2 from roller", "cafe", st.integers(0, 99).map(str), whole(0)),
    "count": ("demolish {} c 8", "demolition-company", st.integers(1, 3).map(str), whole(1)),
    "landmark_amount": ("build.skip c {}", "airport", st.integers(1, 20).map(str), whole(1)),
}


def candidates():
    """Values of every shape a parameter may be given: words, numbers, quoted names."""
    names = st.sampled_from(["Harbor", '"Train Station"', "Bakery", '"Flower Orchard"', '"Nowhere Town"'])
    return st.one_of(WORD, NUMBER, names, st.sampled_from(["half", "all", "roller", "each_opponent"]))


@pytest.mark.parametrize("kind", list(SLOTS))
@EXAMPLES
@given(data=st.data())
def test_a_machi_koro_parameter_through_the_api(kind, data, official_cards, designer_api, client):
    template, slug, good, accepts = SLOTS[kind]
    model, endpoint = ((Establishment, "establishments") if Establishment.objects.filter(slug=slug).exists()
                       else (Landmark, "landmarks"))
    url, column = f"/api/{endpoint}/{slug}/", template.index("{}") + 1
    card = model.objects.get(slug=slug)

    value = data.draw(good if isinstance(good, st.SearchStrategy) else st.sampled_from(good(card)), label="valid")
    effect = template.format(value)
    response = designer_api.patch(url, {"effect": effect}, format="json")
    assert response.status_code == 200, (effect, response.content.decode()[:2000])
    assert response.json()["effect"] == effect and response.json()["effect_explained"]
    assert model.objects.get(pk=card.pk).effect == effect

    bad = data.draw(candidates().filter(lambda candidate: not accepts(candidate)), label="invalid")
    effect = template.format(bad)
    stored, version = model.objects.get(pk=card.pk).effect, version_number()
    params = {"colour": card.colour.slug, "activation_min": card.activation_min,
              "activation_max": card.activation_max} if model is Establishment else {}
    worded = {}
    for language in ("en", "fr"):
        response = designer_api.patch(url, {"effect": effect}, format="json", HTTP_ACCEPT_LANGUAGE=language)
        explained = explained_error(client, "machi-koro", effect, language, name=card.name, **params)
        worded[language] = assert_refused(response, "effect", column, bad, explained, language)
    assert_translated(worded["en"], worded["fr"])
    assert model.objects.get(pk=card.pk).effect == stored and version_number() == version

