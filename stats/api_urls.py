from django.urls import path

from stats.api import GameStatisticsView

urlpatterns = [
    path("games/<int:game_id>/stats/", GameStatisticsView.as_view(), name="game-statistics-api"),
]
