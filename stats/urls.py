from django.urls import path

from . import views

app_name = "stats"
urlpatterns = [
    path("", views.site_page, name="site"),
    path("games/<slug:code>/", views.game_page, name="game"),
    path("games/<slug:code>/panel/", views.game_panel, name="game-panel"),
    path("games/<slug:code>/retry/", views.game_retry, name="game-retry"),
    path("players/<str:username>/", views.player_page, name="player"),
    path("guests/<int:guest_id>/", views.guest_page, name="guest"),
]
