"""/api/ratings/: the leaderboards and players' ratings; /api/ladder/: the bot ladders (config/urls.py includes
these under api/). The ladder is not under ratings/<game>/, where a player may be called "ladder"."""
from django.urls import path

from games.ratings.api import LadderView, LeaderboardView, PlayerRatingView

urlpatterns = [
    path("ratings/<slug:ruleset>/", LeaderboardView.as_view(), name="ratings-leaderboard-api"),
    path("ratings/<slug:ruleset>/<str:username>/", PlayerRatingView.as_view(), name="ratings-player-api"),
    path("ladder/<slug:ruleset>/", LadderView.as_view(), name="ratings-ladder-api"),
]
