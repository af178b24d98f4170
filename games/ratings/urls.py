"""/players/: the leaderboards (config/urls.py includes these under players/; the profiles are players/<name>/)."""
from django.urls import path

from games.ratings import views

app_name = "ratings"
urlpatterns = [
    path("", views.leaderboard_page, name="leaderboard"),
]
