from django.urls import path

from games import rules_views, views

app_name = "games"
urlpatterns = [
    path("", views.game_list, name="list"),
    path("new/", views.create_first_game, name="create"),
    path("new/<slug:ruleset>/", views.create_game, name="create-ruleset"),
    path("learn/<slug:ruleset>/", views.learn, name="learn"),
    path("rules/<slug:ruleset>/", rules_views.rules_page, name="rules"),
    path("rules/<slug:ruleset>/panel/", rules_views.rules_page, {"panel": True}, name="rules-panel"),
    path("mine/", views.my_games_page, name="mine"),
    path("mine/waiting.json", views.waiting_games, name="mine-waiting"),
    path("<slug:code>/", views.game_page, name="game"),
    path("<slug:code>/join/", views.join_game, name="join"),
    path("<slug:code>/leave/", views.leave_game, name="leave"),
    path("<slug:code>/rematch/", views.rematch, name="rematch"),
    path("<slug:code>/program/", views.program_page, name="program"),
    path("<slug:code>/replay/", views.replay_page, name="replay"),
    path("<slug:code>/replay.json", views.replay_data, name="replay-data"),
    path("<slug:code>/record.json", views.game_record_download, name="record"),
]
