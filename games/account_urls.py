from django.contrib.auth import views as auth_views
from django.urls import include, path

from games import account_views
from games.api_tokens.views import tokens_page

urlpatterns = [
    # FormView answers PUT as a POST: the login page takes only what its form sends.
    path("login/", auth_views.LoginView.as_view(http_method_names=["get", "head", "post", "options"]), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", account_views.sign_up, name="signup"),
    path("guest/", account_views.play_as_guest, name="guest"),
    path("keep/", account_views.keep_as_account, name="keep-guest"),
    path("settings/", account_views.account_settings, name="account-settings"),
    path("tokens/", tokens_page, name="api-tokens"),  # API tokens for programs (games/api_tokens/)
    path("confirm/", account_views.resend_confirmation, name="resend-confirmation"),
    path("confirm/<str:token>/", account_views.confirm_email, name="confirm-email"),
    # Django's names: its views and mails reverse them.
    path("password/reset/", account_views.PasswordResetView.as_view(), name="password_reset"),
    path("password/reset/sent/", account_views.password_reset_done, name="password_reset_done"),
    path("password/reset/<uidb64>/<token>/", account_views.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("password/reset/done/", account_views.password_reset_complete, name="password_reset_complete"),
    path("push/", include("games.webpush.urls")),  # notifications on this device (Web Push)
]
