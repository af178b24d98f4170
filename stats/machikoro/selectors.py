"""What Machi Koro's statistics pages show: one game's timelines, dice and card tables (+ chart data), the
site's rates and dice fairness check, its cards' and extension mixes' names."""
from functools import lru_cache

from django.utils.translation import gettext as _, pgettext

from cards.language import localized_name
from games.machikoro.engine import load_card_data

from stats.machikoro.compute import NO_CARD
from stats.machikoro.dice import expected_counts, faces_fairness, totals_fairness
from stats.selectors import player_style


def signed(number):
    """"+3", "−2" (a real minus sign) or "=0": the timeline's + − = marks."""
    if number > 0:
        return f"+{number}"
    if number < 0:
        return f"\u2212{-number}"
    return "=0"


def roll_text(dice, total):
    """"5", "3 + 4 = 7", "5 + 5 = 10 → 12" (a Harbor adjustment), "" when nothing was rolled."""
    if not dice:
        return ""
    text = " + ".join(str(d) for d in dice)
    if len(dice) > 1:
        text += f" = {sum(dice)}"
    if total != sum(dice):
        text += f" \u2192 {total}"
    return text


def sign_class(number):
    return "gain" if number > 0 else "loss" if number < 0 else "even"


def game_view(result, links=None):
    """Everything the statistics panel renders for one computed game (`links`: seat -> player page)."""
    links = links or {}
    cards = result.get("cards", {})

    def card_name(slug):
        if slug == NO_CARD or slug is None:
            return _("Other")
        return localized_name(cards.get(slug, {})) or slug.replace("-", " ").capitalize()  # French for French

    players = []
    for player in result["players"]:
        style = player_style(player["seat"])
        players.append({**player, **style, "net": player["final_coins"] - player["starting_coins"],
                        "gave": player["paid"] + player["spent"], "url": links.get(player["seat"], "")})
    return {
        "players": players,
        "winner": next((p for p in players if p["winner"]), None),
        "game": {**result.get("game", {}), "mix_label": mix_label(result.get("game", {}).get("mix", ""))},
        "turn_count": result["turn_count"],
        "end_reason": result["end_reason"],
        "by_time": result.get("by_time", False),
        "timelines": _timelines(result, card_name),
        "landmarks": [{**record, "name": card_name(record["landmark"]),
                       "by_name": card_name(record["by"]) if record["by"] else "",
                       "player_name": result["players"][record["player"]]["name"]}
                      for record in result["landmarks"]],
        "dice": _dice_tables(result),
        "income": _card_table(result["income_by_card"], players, card_name),
        "losses": _card_table(result["losses_by_card"], players, card_name),
        "flows": [{"name": players[payer]["name"],
                   "cells": [amount for amount in row]} for payer, row in enumerate(result["flows"])],
        "chart": _chart_data(result, players, card_name),
    }


def _timelines(result, card_name):
    """For each player, one row per turn: dice, gained, paid, spent, net (+ − =), coins after, what happened."""
    timelines = []
    for player in result["players"]:
        seat = player["seat"]
        rows = []
        for turn in result["turns"]:
            notes = [_("Bought %(card)s") % {"card": card_name(b["card"])} for b in turn["bought"] if b["player"] == seat]
            highlight = ""
            for change in turn["landmarks"]:
                if change["player"] != seat:
                    continue
                if change["change"] == "built":
                    notes.append("\u2605 " + _("Built %(card)s") % {"card": card_name(change["landmark"])})
                    highlight = highlight or "built"
                else:
                    by = f" ({card_name(change['by'])})" if change["by"] else ""
                    notes.append("\u2716 " + _("Lost %(card)s") % {"card": card_name(change["landmark"])} + by)
                    highlight = "lost"
            net = turn["net"][seat]
            rows.append({
                "turn": turn["turn"], "active": turn["player"] == seat, "extra": turn["extra"],
                "roll": roll_text(turn["dice"], turn["total"]) if turn["player"] == seat else "",
                "gained": turn["gained"][seat], "paid": turn["paid"][seat], "spent": turn["spent"][seat],
                "net": net, "signed": signed(net), "sign": sign_class(net), "coins": turn["coins"][seat],
                "notes": notes, "highlight": highlight,
            })
        # own_turns: the rows the time-line shows before "All turns" is ticked.
        timelines.append({"seat": seat, "name": player["name"], "rows": rows,
                          "own_turns": sum(1 for row in rows if row["active"]), **player_style(seat)})
    return timelines


def _dice_tables(result):
    dice = result["dice"]
    tables = []
    for count, totals in _numeric_items(dice["throws"]):
        totals = dict(_numeric_items(totals))
        throws = sum(totals.values())
        expected = expected_counts(int(count), throws)
        rows = [{"value": value, "count": observed, "expected": expected[value],
                 "share": 100 * observed / throws if throws else 0.0,
                 "expected_share": 100 * expected[value] / throws if throws else 0.0}
                for value, observed in totals.items()]
        by_player = [{"name": player["name"], "counts": [dice["by_player"][player["seat"]][count][v] for v in totals],
                      "throws": sum(dice["by_player"][player["seat"]][count].values())}
                     for player in result["players"]]
        tables.append({"dice": int(count), "throws": throws, "rows": rows, "values": list(totals),
                       "by_player": by_player, "fairness": totals_fairness(int(count), totals)})
    return {"tables": tables, "faces": dict(_numeric_items(dice["faces"])),
            "faces_fairness": faces_fairness(dice["faces"]),
            "doubles": dice["doubles"], "rerolls": dice["rerolls"], "shared": dice["shared"]}


def _numeric_items(mapping):
    """Items of a {"2": ..., "10": ...} dict in numeric key order (PostgreSQL's jsonb keeps no key order)."""
    return sorted(mapping.items(), key=lambda item: int(item[0]))


def _card_table(counters, players, card_name):
    totals = {}
    for counter in counters:
        for slug, amount in counter.items():
            totals[slug] = totals.get(slug, 0) + amount
    order = sorted(totals, key=lambda slug: (-totals[slug], card_name(slug)))
    return {
        "players": [p["name"] for p in players],
        "rows": [{"card": card_name(slug), "slug": slug, "amounts": [c.get(slug, 0) for c in counters],
                  "total": totals[slug]} for slug in order],
        "totals": [sum(c.values()) for c in counters],
    }


def _chart_data(result, players, card_name):
    """The JSON island static/js/stats.js draws from (turn 0 = the start)."""
    turns = result["turns"]
    income = _card_table(result["income_by_card"], players, card_name)
    dice = {}
    for count, totals in _numeric_items(result["dice"]["throws"]):
        totals = dict(_numeric_items(totals))
        throws = sum(totals.values())
        expected = expected_counts(int(count), throws)
        dice[count] = {"labels": list(totals), "observed": list(totals.values()),
                       "expected": [round(expected[v], 2) for v in totals]}
    return {
        "players": [{"name": p["name"], "colour": p["colour"], "dash": p["dash"]} for p in players],
        "turns": [0] + [t["turn"] for t in turns],
        "coins": [[p["starting_coins"]] + [t["coins"][p["seat"]] for t in turns] for p in players],
        "gained": [[t["gained"][p["seat"]] for t in turns] for p in players],
        "gave": [[t["paid"][p["seat"]] + t["spent"][p["seat"]] for t in turns] for p in players],
        "active": [t["player"] for t in turns],
        "landmarks": [{"turn": r["turn"], "player": r["player"], "change": r["change"],
                       "label": (_("Built %(card)s") if r["change"] == "built" else _("Lost %(card)s"))
                       % {"card": card_name(r["landmark"])}}
                      for r in result["landmarks"]],
        "dice": dice,
        "income": {"cards": [row["card"] for row in income["rows"]],
                   "amounts": [[row["amounts"][p["seat"]] for row in income["rows"]] for p in players]},
    }


@lru_cache(maxsize=1)
def _official_card_names():
    data = load_card_data()
    return {c["slug"]: c for c in data["establishments"] + data["landmarks"]}


def card_label(slug, fallback=None):
    """The official card's name in the active language (else `fallback`, else the slug made readable)."""
    card = _official_card_names().get(slug)
    return localized_name(card) if card else fallback or slug.replace("-", " ").capitalize()


def mix_label(mix):
    """An extension mix ("base+harbor", stats.machikoro.aggregate.mix_label) in words: "base + Harbor", in French
    "base + Marina" (the boxes' names in the active language)."""
    if not mix:
        return pgettext("extension mix", "base")
    names = {e["slug"]: e for e in _official_extensions()}
    return " + ".join(pgettext("extension mix", "base") if slug == "base"
                      else localized_name(names[slug]) if slug in names else slug for slug in mix.split("+"))


@lru_cache(maxsize=1)
def _official_extensions():
    return load_card_data()["extensions"]


def site_view(totals):
    """Machi Koro's rates, averages and dice fairness check from its running totals."""
    won_games = totals.get("won_games", 0)
    by_players = totals.get("by_players", {})
    first = {"games": 0, "wins": 0}
    counts = []
    player_games = 0
    for players, entry in sorted(by_players.items(), key=lambda item: int(item[0])):
        orders = entry.get("by_order", {})
        games = entry.get("games", 0)
        player_games += games * int(players)
        first["games"] += orders.get("1", {}).get("games", 0)
        first["wins"] += orders.get("1", {}).get("wins", 0)
        counts.append({
            "players": int(players), "games": games, "average_turns": entry.get("turns", 0) / games if games else None,
            "fair": 100 / int(players),
            "orders": [{"order": int(order), "games": o.get("games", 0), "wins": o.get("wins", 0),
                        "rate": _percent(o.get("wins", 0), o.get("games", 0))}
                       for order, o in sorted(orders.items(), key=lambda item: int(item[0]))],
        })
    baseline = _percent(won_games, player_games)
    cards = sorted(
        ({"card": card_label(slug), "slug": slug, "buyers": c.get("buyers", 0), "wins": c.get("wins", 0),
          "rate": _percent(c.get("wins", 0), c.get("buyers", 0))} for slug, c in totals.get("cards", {}).items()),
        key=lambda row: (-(row["rate"] or 0), -row["buyers"], row["card"]))
    mixes = sorted(({"mix": mix, "label": mix_label(mix), "games": m.get("games", 0),
                     "average_turns": m.get("turns", 0) / m["games"] if m.get("games") else None}
                    for mix, m in totals.get("mixes", {}).items()), key=lambda row: (-row["games"], row["mix"]))
    return {
        "games": totals.get("games", 0),
        "won_games": won_games,
        "unfinished": totals.get("unfinished", 0),
        "first_player": {**first, "rate": _percent(first["wins"], first["games"])},
        "by_players": counts,
        "baseline": baseline,
        "cards": cards,
        "mixes": mixes,
        "dice": _site_dice(totals),
    }


def _site_dice(totals):
    tables = []
    observed = totals.get("dice", {})
    for count in sorted({"1", "2"} | set(observed), key=int):
        n = int(count)
        counts = {str(total): observed.get(count, {}).get(str(total), 0) for total in range(n, 6 * n + 1)}
        throws = sum(counts.values())
        expected = expected_counts(n, throws)
        tables.append({"dice": n, "throws": throws, "fairness": totals_fairness(n, counts),
                       "rows": [{"value": v, "count": c, "expected": expected[v]} for v, c in counts.items()]})
    faces = {str(face): totals.get("faces", {}).get(str(face), 0) for face in range(1, 7)}
    chart = {str(t["dice"]): {"labels": [r["value"] for r in t["rows"]], "observed": [r["count"] for r in t["rows"]],
                              "expected": [round(r["expected"], 2) for r in t["rows"]]} for t in tables}
    return {"tables": tables, "faces": faces, "faces_fairness": faces_fairness(faces), "chart": {"dice": chart}}


def _percent(part, whole):
    return 100 * part / whole if whole else None
