"""Writing lab runs: start one, run one again, cancel one (stats.lab.chunks stores what their chunks play)."""
import math
import random
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from cards.drafts.services import draft_document
from games.broadcast import after_commit
from games.rulesets import OptionsInvalid, RulesUnavailable, get_ruleset
from stats.lab import chunks, runner, sequential
from stats.lab.version import software_version
from stats.models import LabRun, grouped

MAX_GAMES = 100_000
CHUNKS_WANTED = 40          # enough chunks for a smooth progress bar and for several workers to share
MIN_CHUNK, MAX_CHUNK = 10, 2_500
# With early stopping the rule looks after every chunk: small chunks keep the looks close together.
MIN_STOPPING_CHUNK, MAX_STOPPING_CHUNK = 50, 200
ALPHAS = (0.05, 0.01)
DEFAULT_SIZES = {sequential.WIN_RATE: 2.0, sequential.LENGTH: 1.0}   # points of win rate, turns


class LabRunInvalid(ValueError):
    """A run that cannot be started; `errors` maps form fields ("__all__" for the whole) to messages."""

    def __init__(self, errors):
        super().__init__("; ".join(m for ms in errors.values() for m in ms))
        self.errors = errors


@dataclass(frozen=True)
class StopRequest:
    """Stop a run early when a sequential test decides (stats.lab.sequential): `measure` is WIN_RATE (seat 1's
    win rate against its fair share, 1 / players) or LENGTH (the mean game length against a finished run of the
    same game, `reference_run`, or a number of turns, `reference_turns`); `alpha` 0.05 or 0.01; `size` the
    smallest difference that matters, in points of win rate or in turns (None: DEFAULT_SIZES)."""
    measure: str
    alpha: float = 0.05
    size: float = None
    reference_run: object = None     # a finished LabRun
    reference_turns: float = None


@dataclass(frozen=True)
class LabRequest:
    game: str
    players: int
    bots: tuple
    games: int
    seed: int = None
    draft: object = None      # a cards.CardSetDraft (a game with `lab_drafts`), or None for the published cards
    name: str = ""
    options: dict = None      # the game's lab options (Ruleset.lab_clean_options), say {"deck": ..., "chicken": ...}
    # Machi Koro's two lab options as fields, as callers wrote them before `options`: merged into `options`.
    extensions: tuple = None
    market: object = None
    stopping: StopRequest = None    # None: play every game

    def game_options(self):
        options = dict(self.options or {})
        if self.extensions is not None:
            options["extensions"] = list(self.extensions)
        if self.market is not None:
            options["market"] = self.market
        return options


def chunk_size_for(games):
    return max(MIN_CHUNK, min(MAX_CHUNK, -(-games // CHUNKS_WANTED)))


def stopping_chunk_size_for(games):
    return max(MIN_STOPPING_CHUNK, min(MAX_STOPPING_CHUNK, -(-games // CHUNKS_WANTED)))


def stopping_rule(stop, *, game, players):
    """The rule a run stores (options["stopping"], read by sequential.look) from a StopRequest; LabRunInvalid
    naming the form's stop_* fields. beta, the chance of missing a difference of the size, is alpha."""
    if stop.measure not in sequential.MEASURES:
        raise LabRunInvalid({"stop_measure": [_("Choose what the test measures.")]})
    errors = {}
    if stop.alpha not in ALPHAS:
        errors["stop_alpha"] = [_("Choose a significance level of 5 % or 1 %.")]
    size = DEFAULT_SIZES[stop.measure] if stop.size is None else stop.size
    rule = {"measure": stop.measure, "alpha": stop.alpha, "beta": stop.alpha}
    if stop.measure == sequential.WIN_RATE:
        most = math.floor(100 / players) - 1    # the rate under test stays above 0
        if not 0 < size <= most:
            errors["stop_size"] = [_("With %(players)d players, the difference must be above 0 and at most %(most)d points.")
                                   % {"players": players, "most": most}]
        rule.update(players=players, size=size / 100)
    else:
        if not 0 < size <= 100:
            errors["stop_size"] = [_("The difference must be above 0 and at most 100 turns.")]
        rule.update(size=size, reference=_reference(stop, game, errors))
    if errors:
        raise LabRunInvalid(errors)
    return rule


def _reference(stop, game, errors):
    """The mean length a LENGTH rule compares with: a finished run's (with its spread and games, so the test
    counts the reference's own uncertainty), or a number of turns."""
    run = stop.reference_run
    if (run is None) == (stop.reference_turns is None):
        errors["stop_reference_run"] = [_("Compare the length with a finished run or with a number of turns, not both.")
                                        if run is not None else _("Choose a finished run or a number of turns to compare the length with.")]
        return None
    if run is None:
        if not 0 < stop.reference_turns <= 10_000:
            errors["stop_reference_turns"] = [_("Give a number of turns above 0.")]
        return {"run": None, "mean": stop.reference_turns, "sd": None, "count": None}
    if run.status != run.Status.DONE or run.game != game or not run.result:
        errors["stop_reference_run"] = [_("The reference must be a finished run of the same game.")]
        return None
    length = run.result["length"]
    return {"run": run.pk, "mean": length["mean"], "sd": length["sd"], "count": length["count"]}


def _frozen_rules(ruleset, draft, game_options):
    if draft is None:
        return ruleset.freeze_rules(game_options)
    return ruleset.lab_rules(draft_document(draft), game_options)


def _check(ruleset, *, players, bots, games, options):
    """(game options, stored settings) of a run, or LabRunInvalid naming every problem at once."""
    errors = {}
    if not ruleset.has_lab:
        raise LabRunInvalid({"game": [_("%(game)s has no balance lab yet.") % {"game": ruleset.name}]})
    if not 1 <= games <= MAX_GAMES:
        errors["games"] = [_("Play between 1 and %(n)s games.") % {"n": grouped(MAX_GAMES)}]
    unknown = [b for b in bots if b not in ruleset.lab_bots]
    if not bots or unknown:
        errors["bots"] = [_("Choose bots among %(bots)s.") % {"bots": ", ".join(ruleset.lab_bots)}]
    game_options = settings = None
    try:
        game_options, settings = ruleset.lab_clean_options(options)
    except OptionsInvalid as exc:   # its errors name the option's field, or "__all__"
        for field, messages in exc.errors.items():
            errors.setdefault(field, []).extend(str(m) for m in messages)
    if game_options is not None:
        fewest, most = ruleset.player_limits(game_options)
        if not fewest <= players <= most:
            errors["players"] = [_("These options allow %(fewest)d to %(most)d players.") % {"fewest": fewest, "most": most}]
    if errors:
        raise LabRunInvalid(errors)
    return game_options, {"players": players, **settings, "bots": list(bots)}


def _playable(ruleset, rules, settings):
    try:
        ruleset.lab_play(rules, settings, 0, 0, 1)   # one game: an unplayable card set is refused here
    except Exception as exc:
        raise LabRunInvalid({"__all__": [_("These cards cannot be played: %(error)s") % {"error": exc}]}) from None


def start_run(request, *, user=None):
    """Validate and store a run, then have its chunks played (by workers, or in-process)."""
    ruleset = get_ruleset(request.game)
    game_options, settings = _check(ruleset, players=request.players, bots=tuple(request.bots),
                                    games=request.games, options=request.game_options())
    stopping = None
    if request.stopping is not None:
        stopping = stopping_rule(request.stopping, game=ruleset.slug, players=request.players)
    if request.draft is not None and not ruleset.lab_drafts:
        raise LabRunInvalid({"card_set": [_("%(game)s runs play published cards only.") % {"game": ruleset.name}]})
    try:
        rules = _frozen_rules(ruleset, request.draft, game_options)
    except (RulesUnavailable, LookupError) as exc:   # cards not loaded, a deck that is gone or unplayable
        raise LabRunInvalid({"__all__": [_("These cards cannot be played: %(error)s") % {"error": exc}]}) from None
    _playable(ruleset, rules, settings)
    seed = request.seed if request.seed is not None else random.SystemRandom().randrange(1 << 62)
    draft_name = request.draft.name if request.draft is not None else ""
    return _store(ruleset, rules=rules, settings=settings, seed=seed, games=request.games, name=request.name,
                  draft=request.draft, draft_name=draft_name, user=user, stopping=stopping)


def run_again(run, *, user=None):
    """A new run with a stored run's exact cards, options, seed and number of games: its frozen card set, not
    the draft as it is now. With the same software it gives the very same figures (if it has a stopping rule,
    played in one process, it stops where the first one did)."""
    ruleset = get_ruleset(run.game)
    options = {k: v for k, v in run.game_settings.items() if k not in ("players", "bots")}
    _, settings = _check(ruleset, players=run.options["players"], bots=tuple(run.options["bots"]),
                         games=run.games, options=options)
    _playable(ruleset, run.rules, settings)
    return _store(ruleset, rules=run.rules, settings=settings, seed=run.seed, games=run.games, name=run.name,
                  draft=run.draft, draft_name=run.draft_name, user=user, stopping=run.stopping)


def _store(ruleset, *, rules, settings, seed, games, name, draft, draft_name, user, stopping=None):
    options, chunk_size = settings, chunk_size_for(games)
    if stopping is not None:    # the rule is stored with the options (LabRun.stopping); the games never see it
        options, chunk_size = {**settings, "stopping": stopping}, stopping_chunk_size_for(games)
    with transaction.atomic():
        # No words are stored: a run without a name is titled in the reader's language (LabRun.title).
        run = LabRun.objects.create(
            name=name, game=ruleset.slug, draft=draft, draft_name=draft_name, rules=rules, options=options,
            seed=seed, games=games, chunk_size=chunk_size, software_version=software_version(),
            created_by=user)
        after_commit(lambda: runner.dispatch_run(run.pk), "a lab run")
    return run


def cancel_run(run_id):
    """Stop a run, keeping what it played: chunks not yet played are skipped, the stored ones make a partial
    result at once, and a chunk being played stops at its next look and adds its games (chunks.record_chunk)."""
    with transaction.atomic():
        run = LabRun.objects.select_for_update().get(pk=run_id)
        if run.is_final:
            return run
        run.status = LabRun.Status.CANCELLED
        run.finished_at = timezone.now()
        chunks.stop_for_cancel(run)
        run.save(update_fields=["status", "finished_at", "result"])
    return run
