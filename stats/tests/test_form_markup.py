"""The forms' markup the site's styles rely on: the create form and the balance lab's form (classes for their
controls, help and errors grouped under each field), labels without a trailing colon."""
import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

LABEL = re.compile(r"<label[^>]*>(.*?)</label>", re.S)


def labels(html):
    return [re.sub(r"<[^>]+>", "", text).strip() for text in LABEL.findall(html)]


def test_the_create_form_has_its_actions_row_and_no_colons(client, player):
    client.force_login(player)
    html = client.get(reverse("games:create-ruleset", args=["machikoro"])).content.decode()
    assert 'class="panel create-form"' in html and '<div class="form-actions"><button class="primary" type="submit">' in html
    assert labels(html) and not [text for text in labels(html) if text.endswith(":")]


def test_the_lab_form_groups_help_and_errors_under_each_field(client, official_cards, designer):
    client.force_login(designer)
    html = client.get(reverse("stats:lab")).content.decode()
    assert 'class="lab-run-form"' in html and '<div class="form-actions">' in html
    assert '<div class="lab-notes"><small class="help">' in html
    assert not [text for text in labels(html) if text.endswith(":")]
    html = client.post(reverse("stats:lab"), {"games": 0, "players": 2}).content.decode()
    assert re.search(r'<div class="lab-notes">(<small class="help">[^<]*</small>)?\s*<ul class="errorlist" role="alert">', html)
