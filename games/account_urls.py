from django.contrib.auth import views as auth_views
from django.urls import include, path

from games import account_views

urlpatterns = [
    # FormView answers PUT as a POST: the login page takes only what its form sends.
    path("login/", auth_views.LoginView.as_view(http_method_names=["get", "head", "post", "options"]), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", account_views.sign_up, name="signup"),
    path("guest/", account_views.play_as_guest, name="guest"),
    path("keep/", account_views.keep_as_account, name="keep-guest"),
    path("push/", include("games.webpush.urls")),  # notifications on this device (Web Push)
]
