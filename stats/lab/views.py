"""The balance lab's pages (designers only): start a run, follow it, read, download and compare results."""
import csv
import functools
import io
import json

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _, ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from cards.permissions import is_designer
from games.rulesets import get_ruleset
from stats.lab import comparison, services
from stats.lab.charts import run_charts
from stats.lab.forms import LabRunForm, lab_game, lab_games
from stats.lab.sequential import HIGHER, LOWER, SAME, WIN_RATE
from stats.lab.summary import cell, compare, localized_result
from stats.models import LabRun, grouped


def designer_required(view):
    """Below the method check: a refused method is a 405 for anyone, not a login redirect."""
    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_designer(request.user):
            raise PermissionDenied(_("The balance lab is for designers."))
        return view(request, *args, **kwargs)
    return wrapped


@require_http_methods(["GET", "HEAD", "POST"])
@designer_required
def lab_home(request):
    ruleset = lab_game(request.POST.get("game") or request.GET.get("game"))
    # "Try in the lab" on a draft's page links here with ?card_set=<draft id>: the form opens with it chosen.
    initial = {"card_set": request.GET["card_set"]} if "card_set" in request.GET else None
    form = LabRunForm(request.POST or None, game=ruleset.slug, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            run = services.start_run(form.lab_request(), user=request.user)
        except services.LabRunInvalid as exc:
            for field, texts in exc.errors.items():
                for message in texts:
                    form.add_error(None if field not in form.fields else field, message)
        else:
            return redirect("stats:lab-run", run.pk)
    runs = LabRun.objects.select_related("draft", "created_by")[:50]
    return render(request, "stats/lab/home.html", {"form": form, "runs": runs, "ruleset": ruleset,
                                                   "lab_games": lab_games()})


SETTLE_SECONDS = 60     # after a run stops, its page still follows the chunks that were being played


def _run_status(run):
    # The counts as the page prints them (grouped in the reader's language, "2,000", "2 000"): lab.js shows
    # these texts, so the live line reads as the server-rendered one.
    return {"id": run.pk, "status": run.status, "status_label": run.get_status_display(),
            "games_done": run.games_done, "games": run.games, "final": run.is_final, "error": run.error,
            "games_done_text": grouped(run.games_done), "games_text": grouped(run.games),
            "partial": bool((run.result or {}).get("partial")), "settling": _settling(run)}


def _settling(run):
    """Stopped a moment ago (cancelled, or by its rule): a chunk being played may still add its games."""
    return bool(run.keeps_late_chunks and run.finished_at
                and (timezone.now() - run.finished_at).total_seconds() < SETTLE_SECONDS)


def _llr(value):
    """An LLR or a bound to two decimals, rounded (number_format cuts)."""
    return number_format(round(value, 2), 2)


def _plain(number, digits=1):
    """2.0 -> "2", 2.5 -> "2.5" ("2,5" in French): a size as the designer typed it."""
    number = round(float(number), 6)     # 0.07 * 100 is 7.000000000000001
    if number.is_integer():
        return number_format(int(number))
    return number_format(round(number, digits), digits)


def _alpha_text(rule):
    return _("α = %(alpha)s %%") % {"alpha": _plain(rule["alpha"] * 100)}


def stopping_rule_text(run):
    """The run's stopping rule in words, in the reader's language; None without one."""
    rule = run.stopping
    if not rule:
        return None
    if rule["measure"] == WIN_RATE:
        what = _("Seat 1's win rate against its fair share (%(share)s %%), difference that matters %(size)s points") % {
            "share": _plain(100 / rule["players"]), "size": _plain(rule["size"] * 100)}
    else:
        reference = rule["reference"]
        if reference.get("run"):
            against = _("run %(number)s (%(turns)s turns)") % {"number": reference["run"],
                                                                 "turns": _plain(reference["mean"])}
        else:
            against = _("%(turns)s turns") % {"turns": _plain(reference["mean"])}
        what = _("Mean game length against %(reference)s, difference that matters %(size)s turns") % {
            "reference": against, "size": _plain(rule["size"])}
    return _("%(what)s, %(alpha)s") % {"what": what, "alpha": _alpha_text(rule)}


def _reason(rule, decision):
    win_rate = rule["measure"] == WIN_RATE
    size = _plain(rule["size"] * 100 if win_rate else rule["size"])
    if decision == HIGHER:
        return _("seat 1 wins more than its fair share") if win_rate else _("games last longer than the reference")
    if decision == LOWER:
        return _("seat 1 wins less than its fair share") if win_rate else _("games are shorter than the reference")
    if win_rate:
        return _("the difference from its fair share is smaller than %(size)s points") % {"size": size}
    return _("the difference from the reference is smaller than %(size)s turns") % {"size": size}


def stopping_decision_text(run):
    """When and why the run's rule stopped it ("Stopped after 1,400 games: seat 1 wins more than its fair share
    (LLR 3.70 ≥ 3.64, α = 5 %)."), or that it never decided; None without a rule or before its last look."""
    rule, look = run.stopping, (run.result or {}).get("stopping")
    if not rule or not look:
        return None
    games = look["games"]
    if look["decision"] is None:
        if "llr" not in look:
            return ngettext("The test had not decided after %(games)s game.",
                            "The test had not decided after %(games)s games.", games) % {"games": grouped(games)}
        return ngettext(
            "The test had not decided after %(games)s game (LLR %(up)s and %(down)s, between %(lower)s and %(upper)s).",
            "The test had not decided after %(games)s games (LLR %(up)s and %(down)s, between %(lower)s and %(upper)s).",
            games) % {"games": grouped(games), "up": _llr(look["llr_up"]),
                      "down": _llr(look["llr_down"]), "lower": _llr(look["lower"]),
                      "upper": _llr(look["upper"])}
    bound = look["lower"] if look["decision"] == SAME else look["upper"]
    evidence = (_("LLR %(llr)s ≤ %(bound)s, %(alpha)s") if look["decision"] == SAME
                else _("LLR %(llr)s ≥ %(bound)s, %(alpha)s")) % {
        "llr": _llr(look["llr"]), "bound": _llr(bound), "alpha": _alpha_text(rule)}
    if games < run.games:
        when = ngettext("Stopped after %(games)s game", "Stopped after %(games)s games", games)
    else:
        when = ngettext("Decided after all %(games)s game", "Decided after all %(games)s games", games)
    return _("%(when)s: %(why)s (%(evidence)s).") % {"when": when % {"games": grouped(games)},
                                                     "why": _reason(rule, look["decision"]), "evidence": evidence}


@require_safe
@designer_required
def run_page(request, run_id):
    run = get_object_or_404(LabRun.objects.select_related("draft", "created_by"), pk=run_id)
    others = LabRun.objects.filter(status=LabRun.Status.DONE, game=run.game).exclude(pk=run.pk)[:50]
    ruleset = get_ruleset(run.game)
    # The stored result keeps English names (as its downloads do): the page names rows in the reader's language.
    return render(request, "stats/lab/run.html", {
        "run": run, "progress": _run_status(run), "others": others, "ruleset": ruleset,
        "facts": ruleset.lab_describe(run.game_settings), "result": localized_result(run.result, run.game, run.rules),
        "charts": run_charts(run, ruleset), "stopping_rule": stopping_rule_text(run),
        "stopping_decision": stopping_decision_text(run)})


@require_safe
@designer_required
def run_status(request, run_id):
    return JsonResponse(_run_status(get_object_or_404(LabRun, pk=run_id)))


@require_POST
@designer_required
def run_cancel(request, run_id):
    get_object_or_404(LabRun, pk=run_id)
    services.cancel_run(run_id)
    return redirect("stats:lab-run", run_id)


@require_POST
@designer_required
def run_again(request, run_id):
    """A new run from this run's stored cards, options and seed (not from its draft as it is now)."""
    run = get_object_or_404(LabRun, pk=run_id)
    try:
        again = services.run_again(run, user=request.user)
    except services.LabRunInvalid as exc:
        for message in (m for ms in exc.errors.values() for m in ms):
            messages.error(request, message)
        return redirect("stats:lab-run", run_id)
    return redirect("stats:lab-run", again.pk)


def _csv_rows(run):
    """One row per figure, the same words in every language: the common figures, then the game's."""
    result = run.result
    ruleset = get_ruleset(run.game)
    yield ["section", "name", "value", "low_95", "high_95", "count"]
    length = result["length"]
    yield ["game length", "mean turns", length["mean"], length["low"], length["high"], length["count"]]
    for turns, games in result["length_buckets"].items():
        yield ["length distribution", f"{turns}+ turns", games, "", "", ""]
    for seat, r in result["wins_by_seat"].items():
        yield ["win rate by seat", f"seat {int(seat) + 1}", r["rate"], r["low"], r["high"], r["trials"]]
    for bot, r in result["wins_by_bot"].items():
        yield ["win rate by bot", bot, r["rate"], r["low"], r["high"], r["trials"]]
    for figure in ruleset.lab_figures:
        r = result.get(figure.key)
        if figure.csv and r:
            yield ["run", figure.csv, r["rate"], r["low"], r["high"], r["trials"]]
    for table in ruleset.lab_tables:
        columns = [c for c in table.columns if c.csv]
        for row in result.get(table.key, []):
            for column in columns:
                value, low, high, count = cell(row, column)
                if column.kind == "number":
                    count = _number_count(row, table, column)
                yield [column.csv, row["name"], value, _blank(low), _blank(high), _blank(count)]


def _blank(value):
    return "" if value is None else value


def _number_count(row, table, column):
    """The count a ratio is over, when it is one of the row's count columns (a landmark's times built)."""
    counted = next((c for c in table.columns if c.kind == "count" and c.source == column.source[1:]), None)
    return row.get(counted.key) if counted else None


@require_safe
@designer_required
def run_download(request, run_id, fmt):
    if fmt not in ("csv", "json"):
        raise Http404("Download a run as .csv or .json.")
    run = get_object_or_404(LabRun, pk=run_id, result__isnull=False)   # done, or cancelled with partial results
    name = f"lab-run-{run.pk}"
    if fmt == "json":
        # Data only, the same whatever the reader's language: "name" is the designer's ("" when none given),
        # "card_set" says which cards were played (their frozen copy is "rules").
        document = {"run": run.pk, "name": run.name,
                    "card_set": {"published": not run.draft_name, "draft": run.draft_name or None},
                    "options": run.options,
                    "seed": run.seed, "games": run.games, "software_version": run.software_version,
                    "rules": run.rules, "result": run.result}
        response = HttpResponse(json.dumps(document, indent=1), content_type="application/json")
    else:
        out = io.StringIO()
        csv.writer(out).writerows(_csv_rows(run))
        response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response


def _finished_run(number):
    """The finished run `?a=`/`?b=` names, or 404: a value that is not a run number never reaches the database
    (text raised ValueError, an integer beyond the column a DataError on PostgreSQL)."""
    if not number.isascii() or not number.isdigit() or len(number) > 18:
        raise Http404("There is no such run.")
    return get_object_or_404(LabRun, pk=int(number), status=LabRun.Status.DONE)


@require_safe
@designer_required
def compare_page(request):
    """A draft against the published cards is shown draft first, whatever the order of `?a=` and `?b=`."""
    first = _finished_run(request.GET.get("a", ""))
    second = _finished_run(request.GET.get("b", ""))
    try:
        context = comparison.comparison(first, second)
    except comparison.DifferentGames as refused:
        return render(request, "stats/lab/compare.html", {"a": first, "b": second, "refused": str(refused)},
                      status=400)
    return render(request, "stats/lab/compare.html", context)
