"""/api/ratings/: the leaderboards and players' ratings (config/urls.py includes these under api/)."""
from django.urls import path

from games.ratings.api import LeaderboardView, PlayerRatingView

urlpatterns = [
    path("ratings/<slug:ruleset>/", LeaderboardView.as_view(), name="ratings-leaderboard-api"),
    path("ratings/<slug:ruleset>/<str:username>/", PlayerRatingView.as_view(), name="ratings-player-api"),
]
