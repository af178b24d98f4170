"""Template helpers of the ratings (games/ratings/): a signed change, a player's ratings with their charts."""
from django import template
from django.utils import formats

from games.ratings.charts import line_chart
from games.ratings.selectors import ratings_of_user

register = template.Library()


@register.filter
def signed(number):
    """A rating change as people read it: "+12", "−8" (a real minus sign), "±0"."""
    if number is None or number == "":
        return ""
    number = int(number)
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "±0"


@register.inclusion_tag("games/ratings/_profile_ratings_body.html")
def player_ratings(user):
    """Each game's rating of `user` with its chart over time (nothing for a guest or an unknown user)."""
    found = ratings_of_user(user) if getattr(user, "pk", None) else {}
    games = []
    for slug, entry in found.items():
        history = entry["history"]
        start = history[0]["before"] if history else entry["rating"]
        labels = [formats.date_format(h["at"], "SHORT_DATE_FORMAT") for h in history]
        games.append({**entry, "slug": slug, "chart": line_chart(start, [h["after"] for h in history], labels)})
    return {"games": games, "profile_user": user}
