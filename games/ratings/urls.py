"""/players/: the leaderboards and the bot ladders (config/urls.py includes these under players/; the profiles are
players/<name>/, one level only, so players/ladder/<game>/ never hides a player called "ladder")."""
from django.urls import path

from games.ratings import views

app_name = "ratings"
urlpatterns = [
    path("", views.leaderboard_page, name="leaderboard"),
    path("ladder/<slug:ruleset>/", views.ladder_page, name="ladder"),
]
