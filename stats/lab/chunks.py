"""Storing what a lab run's chunks play: a chunk's tally (the last one finishes the run, a stopping rule's look
may finish it sooner), a cancelled run's partial result, a failure, and the run's status as the chunks see it
(cancelled, final). stats.lab.runner plays the chunks and calls these."""
import json

from django.db import transaction
from django.db.models.fields.json import KT
from django.utils import timezone, translation

from games.rulesets import get_ruleset
from stats.lab import sequential
from stats.lab.summary import merge_tallies, summarise
from stats.models import LabChunk, LabRun


def is_final(run_id):
    """Cancelled, failed or done (or deleted): nothing more to play."""
    return not LabRun.objects.filter(pk=run_id).exclude(status__in=LabRun.FINAL).exists()


def mark_running(run_id):
    LabRun.objects.filter(pk=run_id, status=LabRun.Status.QUEUED).update(status=LabRun.Status.RUNNING)


def record_chunk(run_id, index, tally):
    """Store one chunk's tally (idempotent), under the run row's lock.

    The chunk that completes the run merges all of them. With a stopping rule, every stored chunk is followed
    by a look at the games so far, which may end the run early. A chunk that lands after the run was stopped
    (cancelled, or by its rule: a chunk being played stops at its next look and sends what it played) is
    stored too and the result merged again from every stored chunk, so it is neither lost nor counted twice.
    """
    with transaction.atomic():
        run = LabRun.objects.select_for_update().get(pk=run_id)
        if (run.is_final and not run.keeps_late_chunks) or tally["games"] == 0:
            return run
        _, created = LabChunk.objects.get_or_create(run=run, index=index,
                                                    defaults={"games": tally["games"], "tally": tally})
        if not created:
            return run
        run.games_done += tally["games"]
        fields = ["games_done"]
        if run.keeps_late_chunks:
            run.result = _result(run, partial=run.status == LabRun.Status.CANCELLED,
                                 stopping=(run.result or {}).get("stopping"))
            fields.append("result")
        elif run.chunks.count() == run.chunk_count:
            stopping = _look_record(run, sequential.look(run.stopping, _counts(run))) if run.stopping else None
            _finish(run, _result(run, stopping=stopping))
            fields += ["result", "status", "finished_at"]
        elif run.stopping:
            look = sequential.look(run.stopping, _counts(run))
            if look is not None and look.decision is not None:
                _finish(run, _result(run, stopping=_look_record(run, look)))
                fields += ["result", "status", "finished_at"]
        run.save(update_fields=fields)
    return run


def _finish(run, result):
    run.result = result
    run.status = LabRun.Status.DONE
    run.finished_at = timezone.now()


def _result(run, partial=None, stopping=None):
    """The summary of every chunk stored so far; `partial` when the run was cancelled, `stopping` the rule's
    last look (stats.lab.sequential)."""
    total = merge_tallies(run.chunks.order_by("index").values_list("tally", flat=True))
    # The result keeps English names whoever's language is active here (an eager run in a French
    # request): its downloads are the same in every language; the page names cards for its reader.
    ruleset = get_ruleset(run.game)
    with translation.override("en"):
        names = ruleset.lab_names(run.rules)
    result = summarise(total, names, ruleset)
    if partial:
        result["partial"] = True
    if stopping:
        result["stopping"] = stopping
    return result


def _counts(run):
    """The counts a stopping rule looks at, summed over the stored chunks (read from their tallies' JSON
    without loading the rest: a run with early stopping has many small chunks)."""
    # Seat "0" is read from the whole wins_by_seat: a digit in a JSON path is an array index, not a key.
    rows = run.chunks.values_list(KT("tally__games"), KT("tally__unfinished"), KT("tally__turns_sum"),
                                  KT("tally__turns_squares"), KT("tally__wins_by_seat"))
    counts = dict.fromkeys(("games", "unfinished", "turns_sum", "turns_squares", "seat1_wins"), 0)
    for games, unfinished, turns_sum, turns_squares, wins_by_seat in rows:
        counts["games"] += int(games)
        counts["unfinished"] += int(unfinished)
        counts["turns_sum"] += int(turns_sum)
        counts["turns_squares"] += int(turns_squares)
        counts["seat1_wins"] += json.loads(wins_by_seat).get("0", 0)
    return counts


def _look_record(run, look):
    """A look as stored in the result: the decision (None: the run played every game undecided), the games it
    looked at, its LLRs and bounds."""
    if look is None:
        return {"decision": None, "games": run.games_done}
    return {"decision": look.decision, "games": run.games_done, "llr": look.llr, "llr_up": look.llr_up,
            "llr_down": look.llr_down, "lower": look.lower, "upper": look.upper}


def stop_for_cancel(run):
    """A run being cancelled (its row locked by the caller): what its stored chunks played, marked partial."""
    run.result = _result(run, partial=True) if run.chunks.exists() else None


def fail_run(run_id, message):
    LabRun.objects.filter(pk=run_id).exclude(status__in=LabRun.FINAL).update(
        status=LabRun.Status.FAILED, error=message[:2000], finished_at=timezone.now())
