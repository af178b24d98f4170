from django.urls import path

from stats.players import views

app_name = "players"
urlpatterns = [
    path("guest/<int:guest_id>/", views.guest_profile, name="guest"),
    path("<str:username>/", views.profile, name="profile"),
]
