"""Writing lab runs: start one, cancel one, store a chunk's tally and finish the run with the last chunk."""
import random
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation

from games.rulesets import get_ruleset
from stats.models import LabChunk, LabRun, grouped

from .summary import merge_tallies, summarise
from .version import software_version
from django.utils.translation import gettext as _

MAX_GAMES = 100_000
CHUNKS_WANTED = 40          # enough chunks for a smooth progress bar and for several workers to share
MIN_CHUNK, MAX_CHUNK = 10, 2_500


class LabRunInvalid(ValueError):
    """A run that cannot be started; `errors` maps form fields ("__all__" for the whole) to messages."""

    def __init__(self, errors):
        super().__init__("; ".join(m for ms in errors.values() for m in ms))
        self.errors = errors


@dataclass(frozen=True)
class LabRequest:
    game: str
    players: int
    extensions: tuple
    market: object            # "all" or a number of stacks
    bots: tuple
    games: int
    seed: int = None
    draft: object = None      # a cards.CardSetDraft, or None for the published cards
    name: str = ""


def chunk_size_for(games):
    return max(MIN_CHUNK, min(MAX_CHUNK, -(-games // CHUNKS_WANTED)))


def _frozen_rules(ruleset, request, game_options):
    if request.draft is None:
        return ruleset.freeze_rules(game_options)
    from cards.drafts.services import draft_document

    return ruleset.lab_rules(draft_document(request.draft), game_options)


def start_run(request, *, user=None):
    """Validate and store a run, then have its chunks played (by workers, or in-process)."""
    ruleset = get_ruleset(request.game)
    errors = {}
    if not ruleset.has_lab:
        raise LabRunInvalid({"game": [_("%(game)s has no balance lab yet.") % {"game": ruleset.name}]})
    if not 1 <= request.games <= MAX_GAMES:
        errors["games"] = [_("Play between 1 and %(n)s games.") % {"n": grouped(MAX_GAMES)}]
    unknown = [b for b in request.bots if b not in ruleset.lab_bots]
    if not request.bots or unknown:
        errors["bots"] = [_("Choose bots among %(bots)s.") % {"bots": ", ".join(ruleset.lab_bots)}]
    try:
        game_options = ruleset.clean_options({"extensions": list(request.extensions),
                                               "market_rule": request.market != "all",
                                               "stacks": None if request.market == "all" else request.market})
    except Exception as exc:  # OptionsInvalid: its message names the problem
        errors["extensions"] = [str(exc)]
        game_options = None
    if game_options is not None:
        fewest, most = ruleset.player_limits(game_options)
        if not fewest <= request.players <= most:
            errors["players"] = [_("These options allow %(fewest)d to %(most)d players.") % {"fewest": fewest, "most": most}]
    if errors:
        raise LabRunInvalid(errors)
    rules = _frozen_rules(ruleset, request, game_options)
    options = {"players": request.players, "extensions": list(game_options["extensions"]),
               "market": game_options["market"], "bots": list(request.bots)}
    try:
        ruleset.lab_play(rules, options, 0, 0, 1)   # one game: an unplayable card set is refused here
    except Exception as exc:
        raise LabRunInvalid({"__all__": [_("These cards cannot be played: %(error)s") % {"error": exc}]}) from None
    seed = request.seed if request.seed is not None else random.SystemRandom().randrange(1 << 62)
    with transaction.atomic():
        # No words are stored: a run without a name is titled in the reader's language (LabRun.title).
        run = LabRun.objects.create(
            name=request.name, game=ruleset.slug, draft=request.draft,
            draft_name=request.draft.name if request.draft is not None else "", rules=rules, options=options,
            seed=seed, games=request.games,
            chunk_size=chunk_size_for(request.games), software_version=software_version(), created_by=user)
        from .runner import dispatch_run

        transaction.on_commit(lambda: dispatch_run(run.pk))
    return run


def cancel_run(run_id):
    """Stop a run: chunks not yet played are skipped; a chunk being played stops at its next game."""
    with transaction.atomic():
        run = LabRun.objects.select_for_update().get(pk=run_id)
        if run.is_final:
            return run
        run.status = LabRun.Status.CANCELLED
        run.finished_at = timezone.now()
        run.save(update_fields=["status", "finished_at"])
    return run


def is_cancelled(run_id):
    return LabRun.objects.filter(pk=run_id, status=LabRun.Status.CANCELLED).exists()


def mark_running(run_id):
    LabRun.objects.filter(pk=run_id, status=LabRun.Status.QUEUED).update(status=LabRun.Status.RUNNING)


def record_chunk(run_id, index, tally):
    """Store one chunk's tally (idempotent); the chunk that completes the run merges all of them."""
    with transaction.atomic():
        run = LabRun.objects.select_for_update().get(pk=run_id)
        if run.is_final:
            return run
        _, created = LabChunk.objects.get_or_create(run=run, index=index,
                                                    defaults={"games": tally["games"], "tally": tally})
        if not created:
            return run
        run.games_done += tally["games"]
        fields = ["games_done"]
        if run.chunks.count() == run.chunk_count:
            total = merge_tallies(run.chunks.order_by("index").values_list("tally", flat=True))
            # The result keeps English names whoever's language is active here (an eager run in a French
            # request): its downloads are the same in every language; the page names cards for its reader.
            with translation.override("en"):
                names = get_ruleset(run.game).lab_names(run.rules)
            run.result = summarise(total, names)
            run.status = LabRun.Status.DONE
            run.finished_at = timezone.now()
            fields += ["result", "status", "finished_at"]
        run.save(update_fields=fields)
    return run


def fail_run(run_id, message):
    LabRun.objects.filter(pk=run_id).exclude(status__in=LabRun.FINAL).update(
        status=LabRun.Status.FAILED, error=message[:2000], finished_at=timezone.now())


def in_process():
    """Runs are played in the server process when there is no worker (Celery eager: the embedded default)."""
    from config.celery import app

    return bool(app.conf.task_always_eager) or getattr(settings, "LAB_IN_PROCESS", False)
