"""Pages of live games. Thin: forms and services for writes, selectors for reads; the socket does the rest."""
from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.utils.translation import gettext as _, ngettext

from config.registry import get_game
from games import services
from games.account_views import too_many_guests
from games.errors import GameError, InvalidSettings, LobbyFull, TooManyGuests
from games.forms import GameSettingsForm, GuestForm
from games.identity import request_identity
from games.rate_limits import client_ip
from games.rules_views import rules_url
from games.rpc.tokens import seat_token
from games.rulesets import UnknownRuleset, get_ruleset
from games.selectors.frames import seat_payload
from games.selectors.presence import present_seat_ids
from games.services.lobby import validate_settings
from games.selectors.lists import games_of, open_games_frame, pace_text
from games.selectors.my_games import my_games, waiting_count
from games.services.visits import since_last_visit
from games.selectors.tutorial import is_guided, is_tutorial
from games.services.tutorial import remember_tutorial, start_tutorial
from games.selectors.lookup import game_by_code, host_key, seat_of, seats_of
from games.selectors.replay import game_record, replay
from games.rulesets.registry import all_rulesets


def _game_or_404(code):
    try:
        return game_by_code(code)
    except GameError:
        raise Http404(_("There is no game with this link.")) from None


def _identify_first(request):
    url = reverse("guest") + "?next=" + request.get_full_path()
    return redirect(url)


@require_safe
def game_list(request):
    identity = request_identity(request)
    return render(request, "games/list.html", {
        "open_games": open_games_frame(), "my_games": games_of(identity), "identity": identity,
    })


def waiting_label(count):
    """The header badge's accessible label: "2 games waiting for your move"."""
    return ngettext("%(count)s game waiting for your move", "%(count)s games waiting for your move",
                    count) % {"count": count}


@require_safe
def my_games_page(request):
    """"My games": the player's games waiting for their move first, then the others, lobbies and recent ends."""
    identity = request_identity(request)
    if identity.is_anonymous:
        return _identify_first(request)
    sections = my_games(identity)
    return render(request, "games/mine.html", {
        "identity": identity, **sections,
        "profile_url": (reverse("players:profile", args=[identity.name]) if identity.user_id is not None
                        else reverse("players:guest", args=[identity.guest_id])),
    })


@require_safe
def waiting_games(request):
    """The header badge's count, polled by static/js/waiting-badge.js: {"count", "label", "url"}."""
    count = waiting_count(request_identity(request))
    response = JsonResponse({"count": count, "label": waiting_label(count), "url": reverse("games:mine")})
    response["Cache-Control"] = "no-store"
    return response


def _apply_setting_errors(errors, settings_form, options_form):
    for field, field_errors in errors.items():
        if field in settings_form.fields:
            target, name = settings_form, field
        elif field in options_form.fields:
            target, name = options_form, field
        else:
            target, name = settings_form, None
        for message in field_errors:
            target.add_error(name, message)


def _options_for_limits(options_form):
    """The submitted options with each refused choice put back to its default: enough to check the limits."""
    options = dict(getattr(options_form, "cleaned_data", {}))
    for name, field in options_form.fields.items():
        if name in options_form.errors:
            options[name] = options_form.get_initial_for_field(field, name)
    return options


def _report_limits(ruleset, settings_form, options_form):
    """The checks that need the options (player limits, timer), added beside the forms' own errors, so every
    error shows on the first submit; with refused options, the limits of the options as they would be fixed."""
    data = settings_form.cleaned_data
    options_valid = not options_form.errors
    options = options_form.cleaned_data if options_valid else _options_for_limits(options_form)
    try:
        validate_settings(ruleset.slug, options, data.get("min_players"), data.get("max_players"),
                          **settings_form.pace_settings())
    except InvalidSettings as exc:
        fresh = {f: m for f, m in exc.errors.items() if f not in settings_form.errors and f not in options_form.errors
                 and (options_valid or f in settings_form.fields)}  # refused options already say why
        _apply_setting_errors(fresh, settings_form, options_form)


@require_http_methods(["GET", "HEAD", "POST"])
def create_game(request, ruleset):
    try:
        chosen = get_ruleset(ruleset)
    except UnknownRuleset:
        raise Http404(_("No such game.")) from None
    identity = request_identity(request)
    if identity.is_anonymous:
        return _identify_first(request)
    data = request.POST if request.method == "POST" else None
    settings_form = GameSettingsForm(data, prefix="game")
    if identity.user_id is None:  # guests are never rated
        settings_form.fields["rated"].disabled = True
        settings_form.fields["rated"].help_text = _("Sign up or sign in to create a rated game.")
    options_form = chosen.options_form(data, prefix="options")
    valid = request.method == "POST" and settings_form.is_valid() & options_form.is_valid()
    if request.method == "POST" and not valid:
        _report_limits(chosen, settings_form, options_form)  # every error at once, not the form's first
    if valid:
        try:
            game = services.create_game(
                host=identity, ruleset_slug=chosen.slug, options=options_form.cleaned_data,
                public=settings_form.cleaned_data["public"], min_players=settings_form.cleaned_data["min_players"],
                max_players=settings_form.cleaned_data["max_players"],
                **settings_form.pace_settings(),
                rated=settings_form.cleaned_data["rated"],
            )
        except InvalidSettings as exc:
            _apply_setting_errors(exc.errors, settings_form, options_form)
        else:
            return redirect("games:game", code=game.code)
    return render(request, "games/create.html", {
        "ruleset": chosen, "settings_form": settings_form, "options_form": options_form,
        "rulesets": all_rulesets(), "guided": is_guided(chosen), "rules_url": rules_url(chosen.slug),
    })


@require_http_methods(["GET", "HEAD", "POST"])
def learn(request, ruleset):
    """"Learn to play": a first game against bots with hints (games/services/tutorial.py). The page says what it
    is; its button (or the home and create pages' forms) posts here, and a visitor picks a nickname first."""
    try:
        chosen = get_ruleset(ruleset)
    except UnknownRuleset:
        raise Http404(_("No such game.")) from None
    if not is_guided(chosen):
        raise Http404(_("This game has no guided first game."))
    identity = request_identity(request)
    if identity.is_anonymous:
        return redirect(reverse("guest") + "?next=" + reverse("games:learn", args=[chosen.slug]))
    if request.method != "POST":
        return render(request, "games/learn.html", {"ruleset": chosen})
    try:
        game = start_tutorial(identity=identity, ruleset_slug=chosen.slug)
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:learn", ruleset=chosen.slug)
    remember_tutorial(request.session, game.code)
    return redirect("games:game", code=game.code)


def create_first_game(request):
    """/games/new/: the create page of the first installed game (config/games.py order); the page
    lets the player switch to any other."""
    installed = all_rulesets()
    if not installed:
        raise Http404(_("No game is installed."))
    return create_game(request, installed[0].slug)


@require_safe
def game_page(request, code):
    game = _game_or_404(code)
    identity = request_identity(request)
    seats = seats_of(game)
    seat = seat_of(seats, identity)
    ruleset = get_ruleset(game.ruleset)
    host = host_key(game)
    present = present_seat_ids(game.pk)
    rpc = get_game(game.ruleset).rpc_protocol
    since_visit = since_last_visit(game, seat)
    if since_visit and since_visit["moves"]:
        services.note_seen(game_id=game.pk, identity=identity, seq=game.event_seq)
    return render(request, "games/game.html", {
        "since_visit": since_visit, "pace_text": pace_text(game),
        "rpc": rpc,  # the game's menu links to program_page
        "rules_url": rules_url(game.ruleset),  # and opens the players' rules beside the game
        "game": game, "ruleset": ruleset, "identity": identity, "seat": seat,
        "seats": [{**seat_payload(s, host, present, game.handover_votes, game.kicked),
                   "bot_label": ruleset.bot_label(s.bot_kind) if s.bot_kind else None} for s in seats],
        "options": ruleset.describe_options(game.options),
        "can_join": game.is_lobby and seat is None and len(seats) < game.max_players,
        "guest_form": GuestForm() if identity.is_anonymous else None,
        "join_url": request.build_absolute_uri(reverse("games:join", args=[game.code])),
        **_tutorial_context(request, game, ruleset, seat),
    })


def _tutorial_context(request, game, ruleset, seat):
    """A guided game's page loads the hints; they need the cards' names and effects from the first render on
    (static/js/tutorial.js), the rules the board gets with its first frame."""
    if seat is None or not game.rules or not is_tutorial(request.session, game.code):
        return {"tutorial": False}
    return {"tutorial": True, "tutorial_rules": ruleset.rules_view(game.rules)}


@require_safe
def program_page(request, code):
    """"Play with a program", linked from the game's menu: the address of this table's JSON-RPC referee and, for a
    seated player, their seat's token and the site's client command (docs/aquarius-rpc.md, write-a-bot.md)."""
    game = _game_or_404(code)
    rpc = get_game(game.ruleset).rpc_protocol
    if rpc is None:
        raise Http404(_("Programs cannot play this game."))
    seat = seat_of(seats_of(game), request_identity(request))
    return render(request, "games/program.html", {
        "game": game, "ruleset": get_ruleset(game.ruleset), "rpc": rpc,
        "rpc_url": _socket_url(request, f"/ws/games/{game.code}/rpc/"),
        "rpc_token": seat_token(game, seat) if seat is not None else None,
        "game_url": request.build_absolute_uri(reverse("games:game", args=[game.code])),
    })


def _socket_url(request, path):
    return ("wss://" if request.is_secure() else "ws://") + request.get_host() + path


@require_http_methods(["GET", "HEAD", "POST"])
def join_game(request, code):
    """The join link. A player takes a seat with one click; a visitor types a nickname and is seated as a new
    guest in the same step (the game page's join panel posts here too)."""
    game = _game_or_404(code)
    identity = request_identity(request)
    if request.method == "POST" and not identity.is_anonymous:
        try:
            services.join_game(game_id=game.pk, identity=identity)
        except GameError as exc:
            messages.error(request, exc.message)
        return redirect("games:game", code=game.code)
    guest_form = GuestForm(request.POST if request.method == "POST" else None)
    seats = seats_of(game)
    context = {"game": game, "ruleset": get_ruleset(game.ruleset), "identity": identity, "seats": seats,
               "guest_form": guest_form, "options": get_ruleset(game.ruleset).describe_options(game.options)}
    if request.method == "POST" and guest_form.is_valid():
        return _join_as_new_guest(request, game, guest_form, context)
    if seat_of(seats, identity) is not None:
        return redirect("games:game", code=game.code)
    return render(request, "games/join.html", context, status=400 if guest_form.errors else 200)


def _join_as_new_guest(request, game, guest_form, context):
    try:
        joined = services.join_as_new_guest(session=request.session, game_id=game.pk, client=client_ip(request),
                                            nickname=guest_form.cleaned_data["nickname"])
    except TooManyGuests as exc:
        return too_many_guests(request, "games/join.html", context, exc.details["wait"])
    except GameError as exc:
        guest_form.add_error("nickname", exc.message)
        return render(request, "games/join.html", context, status=400)
    if isinstance(joined.refused, LobbyFull):
        messages.warning(request, _("The last seat was taken just before you: you are watching this game as "
                                    "%(name)s.") % {"name": joined.guest.nickname})
    elif joined.refused is not None:
        messages.warning(request, joined.refused.message)
        messages.info(request, _("You are watching this game as %(name)s.") % {"name": joined.guest.nickname})
    return redirect("games:game", code=game.code)


@require_POST
def rematch(request, code):
    """A new game with the same options and bots; the other players get a one-click join on this game's page."""
    game = _game_or_404(code)
    try:
        new_game = services.create_rematch(game_id=game.pk, identity=request_identity(request))
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:game", code=game.code)
    return redirect("games:game", code=new_game.code)


@require_safe
def replay_page(request, code):
    game = _game_or_404(code)
    if game.status != game.Status.FINISHED:
        messages.error(request, _("The replay is available once the game is over."))
        return redirect("games:game", code=code)
    return render(request, "games/replay.html", {"game": game, "ruleset": get_ruleset(game.ruleset)})


@require_safe
def replay_data(request, code):
    game = _game_or_404(code)
    try:
        return JsonResponse(replay(game))
    except GameError as exc:
        return JsonResponse({"error": exc.as_dict()}, status=409)


@require_safe
def game_record_download(request, code):
    game = _game_or_404(code)
    try:
        record = game_record(game)
    except GameError as exc:
        return JsonResponse({"error": exc.as_dict()}, status=409)
    response = JsonResponse(record, json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="game-{game.code}.json"'
    return response


@require_POST
def leave_game(request, code):
    game = _game_or_404(code)
    try:
        services.leave(game_id=game.pk, identity=request_identity(request))
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:game", code=code)
    return redirect("games:list")
