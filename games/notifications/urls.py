from django.urls import path

from games.notifications import views

app_name = "notifications"
urlpatterns = [
    path("", views.notification_list, name="list"),
    path("panel/", views.panel, name="panel"),
    path("read/", views.mark_read, name="read"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
