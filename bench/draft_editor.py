"""The draft editor in the admin (issue 36): opening and saving a draft of the whole Machi Koro set (48 cards).

    python bench/draft_editor.py [--repeat N] [--profile] [--latency-ms MS]

On a temporary SQLite database (migrated, every official card loaded, not timed), a designer logged in with
Django's test client. Each round times, interleaved:
- `card_open`: the baseline, one published Machi Koro establishment's change page (the card editor, its effect
  explained server side);
- `draft_open`: GET the draft's change page (every card an inline row);
- `draft_save`: POST that page's formset back unchanged (validated row by row, then the redirect).
Figures are the best of N rounds: wall and CPU seconds, and the SQL queries each request ran. With --profile, where
a draft's open and save spend their time (cProfile's cumulative seconds inside the SQL, the widgets' rendering, the
effect checks and explanations, the rows' clean(), the formset's validation, the templates; places nest) is
printed before the figures and added to the JSON.
--latency-ms adds that wait to every SQL query, as a database across a network would: wall time then grows with the
number of queries, CPU time does not. The last line is one JSON object.
"""

import argparse
import cProfile
import io
import json
import os
import pstats
import shutil
import sys
import time
from pathlib import Path

from scratch_django import setup_django

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def formset_post_data(page_form_rows, draft):
    """The change form's POST data: every row of `draft` as the page shows it (nothing changed)."""
    data = {"name": draft.name, "notes": draft.notes, "cards-TOTAL_FORMS": len(page_form_rows),
            "cards-INITIAL_FORMS": len(page_form_rows), "cards-MIN_NUM_FORMS": 0, "cards-MAX_NUM_FORMS": 1000,
            "_save": "Save"}
    for i, row in enumerate(page_form_rows):
        values = {"id": row.pk, "draft": draft.pk, "included": "on" if row.included else "", "kind": row.kind,
                  "slug": row.slug, "name": row.name, "extension": row.extension_id, "cost": row.cost,
                  "colour": row.colour_id or "", "icon": row.icon_id or "",
                  "activation_min": row.activation_min or "", "activation_max": row.activation_max or "",
                  "copies": row.copies, "major": "on" if row.major else "", "effect": row.effect}
        data.update({f"cards-{i}-{key}": value for key, value in values.items() if value not in ("", None)})
    return data


def measured(request):
    """(response, wall s, cpu s, queries) of one request."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        wall, cpu = time.perf_counter(), time.process_time()
        response = request()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return response, wall, cpu, len(queries)


# Where a request's time goes: the cumulative time inside these functions (they may nest: SQL runs inside the rest).
PLACES = {
    "sql": ("django/db/models/sql/compiler.py", "execute_sql"),
    "widgets": ("django/forms/boundfield.py", "as_widget"),
    "effect_explained": ("cards/effect_api.py", "explain_answer"),
    "effect_checked": ("cards/machikoro/effects.py", "effect_errors"),
    "effect_names": ("cards/machikoro/effects.py", "effect_context"),
    "row_clean": ("cards/models/drafts.py", "clean"),
    "formset_valid": ("django/forms/formsets.py", "is_valid"),
    "template": ("django/template/response.py", "rendered_content"),
}


def profile(request):
    """{place: cumulative seconds} of one request under cProfile (slower than unprofiled: compare shares)."""
    profiler = cProfile.Profile()
    profiler.enable()
    request()
    profiler.disable()
    stats = pstats.Stats(profiler).stats
    total = sum(inline for _calls, _prim, inline, _cum, _callers in stats.values())
    places = {"total": round(total, 3)}
    for place, (path, function) in PLACES.items():
        places[place] = round(sum(cumulative for (filename, _line, name), (_c, _p, _i, cumulative, _callers)
                                  in stats.items() if filename.endswith(path) and name == function), 3)
    return places


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--latency-ms", type=float, default=0.0)
    args = parser.parse_args()
    setup_django("draft-editor-bench-")
    try:
        run(args)
    finally:  # the scratch database's folder (set up by scratch_django)
        database = os.environ["DATABASE_URL"].removeprefix("sqlite:///")
        shutil.rmtree(os.path.dirname(database), ignore_errors=True)


def run(args):
    from django.db import connection

    if not args.latency_ms:
        return measure(args)

    def remote(execute, sql, params, many, context):
        time.sleep(args.latency_ms / 1000)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(remote):
        return measure(args)


def measure(args):
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from cards.drafts.services import create_draft
    from cards.machikoro.models import Establishment

    call_command("load_cards", verbosity=0)
    designer = get_user_model().objects.create_user("bench-designer", password="x", is_staff=True)
    draft = create_draft(name="Bench draft", user=designer)
    rows = list(draft.cards.order_by("kind", "extension__order", "id"))
    client = Client(SERVER_NAME="localhost")  # an allowed host under the default settings
    client.force_login(designer)
    card_url = f"/admin/cards/establishment/{Establishment.objects.get(slug='mine').pk}/change/"
    draft_url = f"/admin/cards/cardsetdraft/{draft.pk}/change/"
    data = formset_post_data(rows, draft)
    steps = {"card_open": lambda: client.get(card_url), "draft_open": lambda: client.get(draft_url),
             "draft_save": lambda: client.post(draft_url, data)}
    expected = {"card_open": 200, "draft_open": 200, "draft_save": 302}
    for name, step in steps.items():  # warm up (templates, translations, the effect grammar) and check
        response = step()
        assert response.status_code == expected[name], (name, response.status_code, response.content[:2000])
    profiles = {}
    if args.profile:
        profiles = {name: profile(steps[name]) for name in ("draft_open", "draft_save")}
        for name, places in profiles.items():
            print(f"{name:12} under cProfile: " + ", ".join(f"{place} {seconds:.3f} s"
                                                          for place, seconds in places.items()))
    best = {}
    for _ in range(args.repeat):
        for name, step in steps.items():
            response, wall, cpu, queries = measured(step)
            assert response.status_code == expected[name], name
            old = best.get(name)
            if old is None or wall < old["wall_s"]:
                best[name] = {"wall_s": round(wall, 3), "cpu_s": round(cpu, 3), "queries": queries}
    best["draft_open"]["bytes"] = len(client.get(draft_url).content)
    for name, figures in best.items():
        print(f"{name:12} wall {figures['wall_s']:.3f} s   cpu {figures['cpu_s']:.3f} s   "
              f"{figures['queries']} queries")
    print(json.dumps({"bench": "draft_editor", "repeat": args.repeat, "latency_ms": args.latency_ms,
                      "cards": len(rows), **best,
                      **({"profile": profiles} if profiles else {})}))


if __name__ == "__main__":
    main()
