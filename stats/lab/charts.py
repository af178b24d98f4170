"""The charts of a run's page: the common ones (win rate by seat and by bot, game length), then the charts each
table of the game describes (games/rulesets/lab.py `Table.charts`). static/js/lab.js draws them from the page's
JSON island; each canvas says what it shows to a screen reader, and the tables below have every number."""
import json

from django.utils.translation import gettext as _


def run_charts(run, ruleset):
    """[{"data": [(attribute, value)], "description": text, "wide": bool}] for the run page's canvases, whose
    attributes are `data-lab-<attribute>`."""
    result = run.result or {}
    bots = {kind: ruleset.bot_label(kind) for kind in result.get("wins_by_bot", {})}
    charts = [
        {"data": [("chart", "seats")], "wide": False,
         "description": _("Bar chart: win rate by seat. The table below has the numbers.")},
        {"data": [("chart", "bots"), ("names", json.dumps(bots, ensure_ascii=False))], "wide": False,
         "description": _("Bar chart: win rate by bot, with its 95 % interval. The table below has the numbers.")},
        {"data": [("chart", "length")], "wide": False,
         "description": _("Bar chart: distribution of game length in turns. The table below has the numbers.")},
    ]
    for table in ruleset.lab_tables:
        for chart in table.charts:
            column = table.column(chart.column)
            axis = chart.axis or ("%" if column.kind == "rate" else "")
            charts.append({"wide": True, "description": str(chart.description), "data": [
                ("chart", "table"), ("table", table.key), ("column", column.key), ("kind", column.kind),
                ("plain", column.plain), ("title", str(chart.title)), ("label", str(chart.label)),
                ("axis", str(axis)), ("digits", column.digits)]})
    return charts
