"""Storing what a lab run's chunks play: a chunk's tally (the last one finishes the run), a failure, and the
run's status as the chunks see it (cancelled, final). stats.lab.runner plays the chunks and calls these."""
from django.db import transaction
from django.utils import timezone, translation

from games.rulesets import get_ruleset
from stats.lab.summary import merge_tallies, summarise
from stats.models import LabChunk, LabRun


def is_cancelled(run_id):
    return LabRun.objects.filter(pk=run_id, status=LabRun.Status.CANCELLED).exists()


def is_final(run_id):
    """Cancelled, failed or done (or deleted): nothing more to play."""
    return not LabRun.objects.filter(pk=run_id).exclude(status__in=LabRun.FINAL).exists()


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
            ruleset = get_ruleset(run.game)
            with translation.override("en"):
                names = ruleset.lab_names(run.rules)
            run.result = summarise(total, names, ruleset)
            run.status = LabRun.Status.DONE
            run.finished_at = timezone.now()
            fields += ["result", "status", "finished_at"]
        run.save(update_fields=fields)
    return run


def fail_run(run_id, message):
    LabRun.objects.filter(pk=run_id).exclude(status__in=LabRun.FINAL).update(
        status=LabRun.Status.FAILED, error=message[:2000], finished_at=timezone.now())
