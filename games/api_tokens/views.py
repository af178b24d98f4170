"""/accounts/tokens/: a registered player's API tokens: make one (its raw form shown once), list, revoke."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from games.api_tokens.forms import NewTokenForm
from games.api_tokens.selectors import tokens_of
from games.api_tokens.services import do_create_token, do_revoke_token
from games.errors import GameError


@require_http_methods(["GET", "HEAD", "POST"])  # before the login redirect: other methods get 405
@never_cache   # the page that shows a new raw token must not be kept by any cache
@login_required
def tokens_page(request):
    action = request.POST.get("form") if request.method == "POST" else None
    form = NewTokenForm(request.POST if action == "create" else None, prefix="token")
    created = None
    status = 200
    if action == "create":
        if form.is_valid():
            try:
                token, raw = do_create_token(user=request.user, name=form.cleaned_data["name"])
            except GameError as exc:
                form.add_error("name", exc.message)
                status = 400
            else:
                created = {"token": token, "raw": raw}
                form = NewTokenForm(prefix="token")
        else:
            status = 400
    elif action == "revoke":
        try:
            token = do_revoke_token(user=request.user, token_id=_whole(request.POST.get("token")))
        except GameError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("The token %(prefix)s… was revoked: programs using it are refused from now on.")
                             % {"prefix": token.prefix})
        return redirect("api-tokens")
    elif action is not None:
        status = 400
    return render(request, "registration/tokens.html",
                  {"form": form, "created": created, "tokens": tokens_of(request.user)}, status=status)


def _whole(text):
    return int(text) if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) < 18 else None
