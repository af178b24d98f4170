"""The admin's front page in the sections a designer looks for, instead of one box per Django application.

First one section per game of the registry (config/games.py), in its order and under its name, holding the models of
its card package (a game's `cards` part, e.g. "cards.valeria"): a new game gets its section with no change here. Then
the card catalogue, the live games, the designers' tools (drafts and the balance lab), the statistics, and users and
access. A model no section claims is listed last under "Other" rather than hidden, and the system check below warns
about it.
"""
from dataclasses import dataclass
from typing import Callable

from django.contrib import admin
from django.core import checks
from django.urls import reverse
from django.utils.translation import gettext_lazy as _, pgettext

from config.registry import all_games


@dataclass(frozen=True)
class Section:
    key: str
    name: object                      # a (lazy) translated title
    claims: Callable[[object], bool]  # model class -> whether it belongs here


def in_package(model, package):
    return model.__module__ == package or model.__module__.startswith(package + ".")


def of_app(*labels):
    return lambda model: model._meta.app_label in labels


FIXED_SECTIONS = (
    Section("catalogue", _("Card games and extensions"), lambda model: in_package(model, "cards.models.catalogue")),
    Section("live", _("Live games"), of_app("games")),
    Section("tools", _("Designers' tools"), lambda model: in_package(model, "cards.models.drafts")),
    Section("statistics", _("Statistics"), of_app("stats")),
    Section("access", _("Users and access"), of_app("auth", "axes")),
)
OTHER = Section("other", _("Other"), lambda model: True)


def game_sections():
    """A section per game with a card package, named as the site's pages name the game (Machi Koro is Minivilles
    in French: the catalogue's "game" context)."""
    return [Section(f"game-{game.slug}", pgettext("game", game.name), lambda model, package=game.cards:
                    in_package(model, package)) for game in all_games() if game.cards]


def sections_claiming(model):
    """The keys of the sections that would list `model` (exactly one for every registered model: see the check)."""
    keys = [section.key for section in (*game_sections(), *FIXED_SECTIONS) if section.claims(model)]
    return keys or [OTHER.key]


def balance_lab_entry():
    """The balance lab is a page of the site, not a model: a row of the tools' section all the same."""
    return {"name": _("Balance lab"), "object_name": "BalanceLab", "admin_url": reverse("stats:lab"),
            "add_url": None, "view_only": True, "perms": {}, "row_id": "balance-lab-link",
            "description": _("Simulate thousands of bot games with the published cards or a draft, and compare runs.")}


def front_page_sections(entries):
    """The front page's list from the admin's model entries (AdminSite.get_app_list's, already limited to what the
    user may see), in the shape Django's templates expect of an application: name, app_label, models."""
    sections = [*game_sections(), *FIXED_SECTIONS, OTHER]
    listed = {section.key: [] for section in sections}
    for entry in entries:
        listed[sections_claiming(entry["model"])[0]].append(entry)
    listed["tools"].append(balance_lab_entry())
    return [{"name": section.name, "app_label": section.key, "app_url": "", "has_module_perms": True,
             "models": sorted(listed[section.key], key=lambda entry: str(entry["name"]).lower())}
            for section in sections if listed[section.key]]


@checks.register(checks.Tags.admin)
def every_admin_model_in_one_section(app_configs=None, **kwargs):
    """A model registered in the admin that no section of the front page claims (or that two claim)."""
    problems = []
    for model in admin.site._registry:
        keys = sections_claiming(model)
        if keys == [OTHER.key] or len(keys) > 1:
            problems.append(checks.Warning(
                f"{model._meta.label} is listed under {' and '.join(keys)} on the admin's front page",
                hint="Give it a section in config/admin_sections.py, or put it in its game's card package.",
                obj=model, id="site.W101"))
    return problems
