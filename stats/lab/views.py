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
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from cards.permissions import is_designer
from games.rulesets import get_ruleset
from stats.lab import services
from stats.lab.charts import run_charts
from stats.lab.forms import LabRunForm, lab_game, lab_games
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
    form = LabRunForm(request.POST or None, game=ruleset.slug)
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


def _run_status(run):
    # The counts as the page prints them (grouped in the reader's language, "2,000", "2 000"): lab.js shows
    # these texts, so the live line reads as the server-rendered one.
    return {"id": run.pk, "status": run.status, "status_label": run.get_status_display(),
            "games_done": run.games_done, "games": run.games, "final": run.is_final, "error": run.error,
            "games_done_text": grouped(run.games_done), "games_text": grouped(run.games)}


@require_safe
@designer_required
def run_page(request, run_id):
    run = get_object_or_404(LabRun.objects.select_related("draft", "created_by"), pk=run_id)
    others = LabRun.objects.filter(status=LabRun.Status.DONE, game=run.game).exclude(pk=run.pk)[:50]
    ruleset = get_ruleset(run.game)
    # The stored result keeps English names (as its downloads do): the page names rows in the reader's language.
    return render(request, "stats/lab/run.html", {
        "run": run, "progress": _run_status(run), "others": others, "ruleset": ruleset,
        "facts": ruleset.lab_describe(run.options), "result": localized_result(run.result, run.game, run.rules),
        "charts": run_charts(run, ruleset)})


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
    run = get_object_or_404(LabRun, pk=run_id, status=LabRun.Status.DONE)
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
    a = _finished_run(request.GET.get("a", ""))
    b = _finished_run(request.GET.get("b", ""))
    rows = compare(a.result, b.result, a.game, rules=a.rules)
    return render(request, "stats/lab/compare.html", {"a": a, "b": b, "rows": rows,
                                                      "significant": sum(r["significant"] for r in rows)})
