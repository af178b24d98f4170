"""Under /accounts/push/ (games/account_urls.py); the service worker itself is at /sw.js (config/urls.py)."""
from django.urls import path

from games.webpush import views

app_name = "webpush"

urlpatterns = [
    path("", views.device_page, name="page"),
    path("key/", views.public_key, name="key"),
    path("subscribe/", views.subscribe, name="subscribe"),
    path("unsubscribe/", views.unsubscribe, name="unsubscribe"),
    path("devices/<int:device_id>/remove/", views.remove_device, name="remove"),
]
