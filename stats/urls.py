from django.urls import path
from django.views.generic import RedirectView

from stats import views
from stats.lab import gauntlet_views, views as lab_views

app_name = "stats"
urlpatterns = [
    path("", views.site_page, name="site"),
    path("games/<slug:code>/", views.game_page, name="game"),
    path("games/<slug:code>/panel/", views.game_panel, name="game-panel"),
    path("games/<slug:code>/retry/", views.game_retry, name="game-retry"),
    # Players' pages moved to their profiles (stats.players): old links still lead there.
    path("players/<str:username>/", RedirectView.as_view(pattern_name="players:profile", permanent=True,
                                                         query_string=True, http_method_names=["get", "head"]), name="player-moved"),
    path("guests/<int:guest_id>/", RedirectView.as_view(pattern_name="players:guest", permanent=True,
                                                        query_string=True, http_method_names=["get", "head"]), name="guest-moved"),
    path("lab/", lab_views.lab_home, name="lab"),
    path("lab/compare/", lab_views.compare_page, name="lab-compare"),
    path("lab/gauntlet/", gauntlet_views.gauntlet_page, name="lab-gauntlet"),
    path("lab/<int:run_id>/", lab_views.run_page, name="lab-run"),
    path("lab/<int:run_id>/progress/", lab_views.run_status, name="lab-progress"),
    path("lab/<int:run_id>/cancel/", lab_views.run_cancel, name="lab-cancel"),
    path("lab/<int:run_id>/again/", lab_views.run_again, name="lab-again"),
    path("lab/<int:run_id>/download.<str:fmt>", lab_views.run_download, name="lab-download"),
]
