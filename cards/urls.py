from django.urls import path

from cards import views
from cards.lorenzo import score_views
from cards.machikoro import views as machikoro_views
from cards.progress import views as progress_views
from cards.valeria import views as valeria_views

app_name = "cards"
urlpatterns = [
    path("", views.home, name="home"),
    path("cards/", machikoro_views.card_list, name="card-list"),
    path("cards/valeria/", valeria_views.valeria_cards, name="valeria"),
    path("cards/progress/", progress_views.technology_list, name="progress"),
    path("cards/progress/cost/", progress_views.cost_calculator, name="progress-cost"),
    path("cards/lorenzo/score/", score_views.score_page, name="lorenzo-score"),
]
