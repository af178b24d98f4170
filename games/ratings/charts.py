"""A small line chart of a rating over time, drawn as SVG by the template (no chart library, no script)."""
from dataclasses import dataclass

WIDTH, HEIGHT = 320, 120
PAD_X, PAD_Y = 34, 12


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    points: str          # the polyline's "x,y x,y ..." in the SVG's units
    dots: list           # [(x, y, value, label)] one per game: a circle with its value as a tooltip
    top: int             # the highest value, drawn at the top line
    bottom: int          # the lowest value, drawn at the bottom line
    start_y: float       # where the starting value (the first "before") runs, a dashed line


def line_chart(start, values, labels=(), width=WIDTH, height=HEIGHT):
    """The chart of a rating from `start` through `values` (oldest first), or None with no value.
    `labels` names each value (say the game's date) for its tooltip."""
    if not values:
        return None
    series = [start, *values]
    low, high = min(series), max(series)
    if high - low < 20:  # a flat line in the middle, not one pixel of noise blown up to the whole height
        middle = (high + low) / 2
        low, high = middle - 10, middle + 10
    inner_w, inner_h = width - PAD_X - 6, height - 2 * PAD_Y
    step = inner_w / max(len(series) - 1, 1)

    def y(value):
        return round(PAD_Y + (high - value) / (high - low) * inner_h, 1)

    coordinates = [(round(PAD_X + i * step, 1), y(v)) for i, v in enumerate(series)]
    labels = list(labels) + [""] * len(values)
    dots = [(x, yy, v, labels[i]) for i, ((x, yy), v) in enumerate(zip(coordinates[1:], values))]
    return LineChart(width=width, height=height, points=" ".join(f"{x},{yy}" for x, yy in coordinates), dots=dots,
                     top=round(high), bottom=round(low), start_y=y(start))
