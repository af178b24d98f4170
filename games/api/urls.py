"""/api/me/, /api/guests/ and /api/games/...: the programs' API (config/urls.py includes these under api/)."""
from django.urls import path

from games.api import views
from games.api.rpc_schemas import RpcSchemaView

urlpatterns = [
    path("me/", views.MeView.as_view(), name="api-me"),
    path("guests/", views.GuestTokenView.as_view(), name="api-guests"),
    path("games/", views.GameListView.as_view(), name="api-games"),
    path("games/<slug:code>/", views.GameDetailView.as_view(), name="api-game"),
    path("games/<slug:code>/join/", views.JoinView.as_view(), name="api-game-join"),
    path("games/<slug:code>/leave/", views.LeaveView.as_view(), name="api-game-leave"),
    path("games/<slug:code>/ready/", views.ReadyView.as_view(), name="api-game-ready"),
    path("games/<slug:code>/bots/", views.BotsView.as_view(), name="api-game-bots"),
    path("games/<slug:code>/seats/<int:position>/", views.SeatView.as_view(), name="api-game-seat-remove"),
    path("games/<slug:code>/seat/", views.SeatAccessView.as_view(), name="api-game-seat"),
    path("games/<slug:code>/events/", views.EventsView.as_view(), name="api-game-events"),
    path("games/<slug:code>/result/", views.ResultView.as_view(), name="api-game-result"),
    path("rpc/<slug:name>.schema.json", RpcSchemaView.as_view(), name="api-rpc-schema"),
]
