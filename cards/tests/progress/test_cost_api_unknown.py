"""POST /api/progress/cards/<slug>/cost/ for a technology that does not exist: a JSON 404 naming the slug."""
import pytest
from rest_framework.test import APIClient

from cards.progress.loading import load_progress

pytestmark = pytest.mark.django_db


def test_an_unknown_technology_is_a_404_that_names_the_slug():
    load_progress()
    response = APIClient().post("/api/progress/cards/time-travel/cost/", {"discards": 1}, format="json")
    assert response.status_code == 404
    assert response.json() == {"error": {"code": "not_found", "message": "No technology with slug 'time-travel'."}}
    known = APIClient().post("/api/progress/cards/medicine/cost/", {"discards": 1}, format="json")
    assert known.status_code == 200  # the same request for a card that exists is answered
