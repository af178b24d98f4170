"""The gauntlet page of the balance lab (designers only): start a gauntlet, list them, read one's matrices."""
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from games.rulesets import get_ruleset
from stats.lab.gauntlet import start_gauntlet
from stats.lab.gauntlet_forms import GauntletForm
from stats.lab.gauntlet_selectors import gauntlet_games, gauntlet_runs, run_matrices
from stats.lab.services import LabRunInvalid
from stats.lab.views import designer_required
from stats.models import LabRun


def _gauntlet_run(number):
    """The gauntlet run `?run=` names, or 404 (text, a huge number or an ordinary run never reach further)."""
    if not number.isascii() or not number.isdigit() or len(number) > 18:
        raise Http404("There is no such gauntlet.")
    return get_object_or_404(LabRun, pk=int(number), options__has_key="gauntlet")


@require_http_methods(["GET", "HEAD", "POST"])
@designer_required
def gauntlet_page(request):
    games = gauntlet_games()
    if not games:
        raise Http404("No game has gauntlets.")
    ruleset = games[0]
    form = GauntletForm(request.POST or None, game=ruleset.slug)
    if request.method == "POST" and form.is_valid():
        try:
            run = start_gauntlet(**form.gauntlet_request(), user=request.user)
        except LabRunInvalid as exc:
            for field, texts in exc.errors.items():
                for message in texts:
                    form.add_error(field if field in form.fields else None, message)
        else:
            return redirect(f"{reverse('stats:lab-gauntlet')}?run={run.pk}")
    shown = _gauntlet_run(request.GET["run"]) if "run" in request.GET else None
    matrices = None
    if shown is not None and shown.status == LabRun.Status.DONE:
        shown_ruleset = get_ruleset(shown.game)
        matrices = run_matrices(shown, label=shown_ruleset.bot_label)
    return render(request, "stats/lab/gauntlet.html", {
        "form": form, "ruleset": ruleset, "runs": gauntlet_runs(), "shown": shown, "matrices": matrices})
