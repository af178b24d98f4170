"""How a game describes its balance-lab figures, so the lab (stats/lab) computes, shows, compares and exports
them without knowing the game.

Every run's result has the common figures (games, game length, wins by seat and by bot). A ruleset adds:

- `Figure`s: rates over the whole run (say, the games with a shared win), from two counts of the tally;
- `Table`s: one row per item the tally counts under `Table.key` ({slug: {count: n}}, say per card), each
  column computed from the row's counts by its `kind`:

      count   a count as it is                                  source: (count,)
      rate    a proportion with its Wilson interval              source: (successes, trials)
      mean    a mean with its normal-approximation interval      source: (sum, sum of squares, count)
              (no interval over fewer than two values; its low end is at least 0: tallies count things)
      number  a ratio without interval                          source: (sum, count)
      ranks   a distribution {value: count}, as it is            source: (counts,)

  A source name that starts with "/" is read from the run's totals instead of the row: "/games" is the
  number of games of the run.

A table draws its `charts` (`Chart`: one per column it shows, one bar per row, in the table's order):

      rate    the row's rate in % with its 95 % interval
      mean    the row's mean with its 95 % interval
      number  the row's value
      ranks   one stacked bar per row, a part per value of the distribution

Labels are lazy translations (shown in the reader's language); `csv` names are English on purpose: a download
is the same whatever the reader's language.
"""
from dataclasses import dataclass

GAMES = "/games"
KINDS = ("count", "rate", "mean", "number", "ranks")


@dataclass(frozen=True)
class Figure:
    key: str                   # the result's key
    label: object              # what it is, for people (the comparison's figure too)
    successes: str             # the tally's count of the games that have it
    trials: str = "games"      # out of this count of the tally
    csv: str = ""              # the CSV row's English name ("" for none)


@dataclass(frozen=True)
class Column:
    key: str                   # the row's key in the result
    label: object              # the column heading
    kind: str                  # one of KINDS
    source: tuple              # the counts it is made from (see the module's docstring)
    digits: int = 1            # decimals shown for a mean or a number
    csv: str = ""              # the CSV section of this column's rows, English ("" for none)
    compare: object = None     # a rate compared between runs: its figure's label, with %(card)s for the row
    plain: str = ""            # a mean's bare value also stored under this key (results made before intervals
                               # kept only that: their pages show it without an interval)

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown column kind {self.kind!r}")

    @property
    def has_interval(self):
        return self.kind in ("rate", "mean")


CHARTED = ("rate", "mean", "number", "ranks")


@dataclass(frozen=True)
class Chart:
    column: str                # the table's column it draws (a rate, a mean, a number or ranks)
    title: object
    label: object              # the bars' legend; for ranks each part's, with %(value)s for the part's value
    description: object        # what the chart shows, for a screen reader ("Bar chart: ...")
    axis: object = ""          # the value axis' title ("" for "%" under a rate, none otherwise)


@dataclass(frozen=True)
class Table:
    key: str                   # the tally's and the result's key
    caption: object
    row_label: object          # the heading of the rows' names ("Card")
    columns: tuple
    title: object = None       # a heading above the table (None: under the previous one)
    order: str = ""            # rows by this column's value (ascending), then slug; "" for by slug
    chart: Chart = None        # one chart (kept first in `charts`)
    charts: tuple = ()         # the table's charts, drawn above the tables

    def __post_init__(self):
        if self.chart is not None and self.chart not in self.charts:
            object.__setattr__(self, "charts", (self.chart, *self.charts))
        for chart in self.charts:
            column = next((c for c in self.columns if c.key == chart.column), None)
            if column is None or column.kind not in CHARTED:
                raise ValueError(f"table {self.key!r}: a chart draws a rate, mean, number or ranks column of "
                                 f"the table, not {chart.column!r}")

    def column(self, key):
        return next(c for c in self.columns if c.key == key)
