"""Import card files into the database: all or nothing, idempotent, previewable.

Every file is read and checked first (reading.py). The database work then runs in one transaction:
each Lorenzo card is matched by its slug (made from its name) and added, changed in place (same id,
a new history record) or left alone when identical; Machi Koro documents go through
their own loader (cards.loading.load_card_file). If any card is refused, or for a dry run, the transaction is rolled
back, so the report says what would happen and nothing is written.
"""
from collections import Counter
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext, ngettext
from simple_history.utils import bulk_create_with_history

from cards.caching import bump_version
from cards.loading import CardDataError, LoadReport, load_card_file
from cards.models import CardGame, Extension

from cards.lorenzo import vocabulary as words
from cards.lorenzo.carddata import Problem
from cards.lorenzo.exporter import card_data, card_json
from cards.lorenzo.models import DevelopmentCard, DevelopmentCardEffect, Excommunication, LeaderCard, LeaderCardEffect
from cards.lorenzo.reading import MAX_ENTRIES_PER_IMPORT, TOO_MANY_ENTRIES, read_document, read_file

ADDED, CHANGED, UNCHANGED, KEPT, REFUSED = "added", "changed", "unchanged", "kept", "refused"
STATUSES = (ADDED, CHANGED, UNCHANGED, KEPT, REFUSED)
MACHI_KORO = "machi-koro"
LORENZO_GAME = {"slug": CardGame.LORENZO, "name": "Lorenzo il Magnifico", "name_fr": "Lorenzo le Magnifique"}
LORENZO_BASE = {"slug": "base", "name": "Lorenzo il Magnifico", "name_fr": "Lorenzo le Magnifique", "order": 0}
MODELS = {words.DEVELOPMENT: DevelopmentCard, words.EXCOMMUNICATION: Excommunication, words.LEADER: LeaderCard}
EFFECT_MODELS = {words.DEVELOPMENT: DevelopmentCardEffect, words.LEADER: LeaderCardEffect}
MAX_FILES_PER_IMPORT = 10  # with reading.py's entry limits, bounds the work of one import (docs/lorenzo.md)
TOO_MANY_FILES = "too_many_files"


@dataclass
class Outcome:
    """What the import does (or would do) with one card."""

    status: str
    kind: str
    name: str
    file: str
    path: str = ""
    changes: list = field(default_factory=list)  # the JSON fields that differ, for a changed card
    problems: list = field(default_factory=list)  # why a refused card is refused

    def as_dict(self):
        return {
            "status": self.status, "kind": self.kind, "name": self.name, "file": self.file, "path": self.path,
            "changes": self.changes, "problems": self.problems,
        }  # fmt: skip

    @property
    def kind_text(self):
        """The kind of card, for people (the preview page), in the active language."""
        return {
            words.DEVELOPMENT: gettext("development card"), words.EXCOMMUNICATION: gettext("excommunication"),
            words.LEADER: gettext("leader card"), MACHI_KORO: "Machi Koro",
        }.get(self.kind, self.kind)


def status_count(status, count):
    """"5 added", in the active language (French agrees with the number; English never changes)."""
    texts = {
        ADDED: ngettext("%(count)d added", "%(count)d added", count),
        CHANGED: ngettext("%(count)d changed", "%(count)d changed", count),
        UNCHANGED: ngettext("%(count)d unchanged", "%(count)d unchanged", count),
        KEPT: ngettext("%(count)d kept", "%(count)d kept", count),
        REFUSED: ngettext("%(count)d refused", "%(count)d refused", count),
    }
    return texts[status] % {"count": count}


def status_label(status):
    """"changed", "kept" ... as the import_cards command lists cards, in the active language."""
    return {
        ADDED: gettext("added"), CHANGED: gettext("changed"), UNCHANGED: gettext("unchanged"), KEPT: gettext("kept"),
        REFUSED: gettext("refused"),
    }[status]


@dataclass
class ImportReport:
    dry_run: bool = False
    files: list = field(default_factory=list)  # (file name, what it holds)
    outcomes: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    machikoro_unchanged: int = 0  # Machi Koro's loader counts unchanged rows without naming them
    written: bool = False

    @property
    def ok(self):
        return not self.errors

    def counts(self):
        counts = Counter(outcome.status for outcome in self.outcomes)
        counts[UNCHANGED] += self.machikoro_unchanged
        return {status: counts[status] for status in STATUSES}

    def by_status(self, status):
        return [outcome for outcome in self.outcomes if outcome.status == status]

    def summary(self):
        """"96 added, 0 changed, 0 unchanged, 0 refused" and what became of them, in the active language."""
        counts = self.counts()
        text = ", ".join(status_count(status, counts[status]) for status in STATUSES if counts[status] or status != KEPT)
        if self.errors:
            return ngettext("%(counts)s; refused, nothing was imported (%(errors)d error)",
                            "%(counts)s; refused, nothing was imported (%(errors)d errors)",
                            len(self.errors)) % {"counts": text, "errors": len(self.errors)}
        if self.dry_run:
            return gettext("%(counts)s; dry run, nothing was written") % {"counts": text}
        return text

    def as_dict(self):
        return {
            "dry_run": self.dry_run,
            "written": self.written,
            "summary": self.summary(),
            "counts": self.counts(),
            "files": [{"name": name, "holds": holds} for name, holds in self.files],
            "cards": [outcome.as_dict() for outcome in self.outcomes],
            "errors": [problem.as_dict() for problem in self.errors],
            "warnings": [problem.as_dict() for problem in self.warnings],
        }

    def as_load_report(self):
        """The shape cards.loading reports in (manage.py load_cards)."""
        report = LoadReport(unchanged=self.counts()[UNCHANGED])
        for outcome in self.outcomes:
            label = f"{words.KIND_LABELS.get(outcome.kind, outcome.kind)} {outcome.name}"
            {ADDED: report.created, CHANGED: report.updated, KEPT: report.kept}.get(outcome.status, []).append(label)
        return report


def lorenzo_extension():
    """The base box of Lorenzo il Magnifico, created with its game on first use."""
    game, _ = CardGame.objects.get_or_create(
        slug=LORENZO_GAME["slug"], defaults={"name": LORENZO_GAME["name"], "name_fr": LORENZO_GAME["name_fr"]}
    )
    extension, _ = Extension.objects.get_or_create(
        game=game, slug=LORENZO_BASE["slug"], defaults={k: v for k, v in LORENZO_BASE.items() if k != "slug"}
    )
    return extension


def _edited_by_designer(card):
    latest = card.history.order_by("-history_date", "-history_id").first()
    return latest is not None and latest.history_user_id is not None


def _changed_fields(old, new):
    before, after = card_json(old), card_json(new)
    return [key for key in words.FIELD_ORDER[new.kind] if before.get(key) != after.get(key)]


class _Writer:
    """Writes normalised cards of one kind, reporting each outcome.

    New cards and their effects are inserted in bulk, with their history records; changed cards are
    saved one by one, so each keeps its id and gets a history record saying what changed.
    """

    def __init__(self, kind, report, *, user, overwrite, reason):
        self.kind = kind
        self.model = MODELS[kind]
        self.report = report
        self.user = user
        self.overwrite = overwrite
        self.reason = reason
        self.extension = None

    def existing(self, cards):
        queryset = self.model.objects.filter(slug__in=[card.slug for card in cards])
        if self.kind != words.EXCOMMUNICATION:
            queryset = queryset.prefetch_related("effects")
        return {card.slug: card for card in queryset}

    def write_all(self, cards):
        existing = self.existing(cards)
        added = []
        for card in cards:
            current = existing.get(card.slug)
            outcome = Outcome(ADDED, self.kind, card.name, card.file, card.path)
            if current is None:
                added.append((self.new_row(card, outcome), card))
            else:
                old = card_data(current)
                if old == card:
                    outcome.status = UNCHANGED
                elif not self.overwrite and _edited_by_designer(current):
                    outcome.status = KEPT
                else:
                    outcome.status, outcome.changes = CHANGED, _changed_fields(old, card)
                    self.update(current, card, outcome)
            self.report.outcomes.append(outcome)
        if added:
            self.insert(added)

    def fill(self, row, card):
        row.name, row.source_name, row.image_name = card.name, card.source_name, card.image_name
        if self.kind == words.EXCOMMUNICATION:
            row.period = card.period
            for timing in (words.INSTANT, words.PERMANENT):
                effect = next((e for e in card.effects if e.timing == timing), None)
                setattr(row, f"{timing}_effect", effect.effect if effect else "")
                setattr(row, f"{timing}_payload", effect.payload if effect else None)
        elif self.kind == words.LEADER:
            row.requirements = card.requirements
        else:
            row.period, row.card_type, row.costs = card.period, card.card_type, card.costs
            row.requirements, row.minimum_action_value = card.requirements, card.minimum_action_value
            row.exclusive_permanent_effect = card.exclusive_permanent_effect
        return row

    def new_row(self, card, outcome):
        self.extension = self.extension or lorenzo_extension()
        row = self.fill(self.model(slug=card.slug, extension=self.extension), card)
        self.check(row, outcome)
        return row

    def insert(self, added):
        rows = bulk_create_with_history(
            [row for row, _ in added], self.model, default_user=self.user, default_change_reason=self.reason
        )
        if self.kind == words.EXCOMMUNICATION:
            return
        effects = []
        for row, (_, card) in zip(rows, added):
            positions = Counter()
            for effect in card.effects:
                effects.append(EFFECT_MODELS[self.kind](
                    card=row, timing=effect.timing, position=positions[effect.timing], effect_type=effect.effect,
                    payload=effect.payload,
                ))  # fmt: skip
                positions[effect.timing] += 1
        for effect in effects:
            self.check(effect, None)
        bulk_create_with_history(effects, EFFECT_MODELS[self.kind], default_user=self.user, default_change_reason=self.reason)

    def update(self, row, card, outcome):
        self.fill(row, card)
        row._history_user = self.user
        row._change_reason = f"{self.reason}: {', '.join(outcome.changes)} changed"
        self.check(row, outcome)
        row.save()
        if self.kind != words.EXCOMMUNICATION:
            self.update_effects(row, card, outcome)

    def update_effects(self, row, card, outcome):
        """Effects are matched by slot and position, so an unchanged effect keeps its row and history."""
        rows = {(effect.timing, effect.position): effect for effect in row.effects.all()}
        positions = Counter()
        for effect in card.effects:
            key = (effect.timing, positions[effect.timing])
            positions[effect.timing] += 1
            current = rows.pop(key, None)
            if current is not None and (current.effect_type, current.payload) == (effect.effect, effect.payload):
                continue
            current = current or EFFECT_MODELS[self.kind](card=row, timing=key[0], position=key[1])
            current.effect_type, current.payload = effect.effect, effect.payload
            current._history_user = self.user
            current._change_reason = row._change_reason
            self.check(current, outcome)
            current.save()
        for leftover in rows.values():
            leftover._history_user = self.user
            leftover.delete()

    def check(self, row, outcome):
        """The model's own validation, as the admin runs it (the reader should have caught everything).
        Relations are ours and known to exist, so they are not looked up again."""
        try:
            row.full_clean(exclude=["extension", "card"], validate_unique=False, validate_constraints=False)
        except ValidationError as exc:
            details = "; ".join(gettext("%(where)s: %(message)s") % {"where": key, "message": " ".join(messages)}
                                for key, messages in exc.message_dict.items())
            if outcome:
                where = gettext("%(file)s, card %(name)r, %(path)s") % {
                    "file": outcome.file, "name": outcome.name, "path": outcome.path}
            else:
                where = gettext("an effect")
            raise CardDataError(gettext("%(where)s: %(message)s") % {"where": where, "message": details}) from exc


def _cards_by_kind(reads, report):
    """Each kind's cards from every file; the same card in two files is ambiguous, so it is refused."""
    seen, by_kind = {}, {kind: [] for kind in words.CARD_KINDS}
    for read in reads:
        for card_set in read.card_sets:
            for card in card_set.cards:
                key = (card_set.kind, card.slug)
                if key in seen:
                    message = gettext("duplicate card: also in %(place)s") % {"place": seen[key]}
                    report.errors.append(Problem(message, card.file, card.path, card.name))
                    report.outcomes.append(Outcome(REFUSED, card_set.kind, card.name, card.file, card.path,
                                                   problems=[message]))  # fmt: skip
                    continue
                seen[key] = f"{card.file} {card.path}"
                by_kind[card_set.kind].append(card)
    return by_kind


def _problems_by_card(read):
    """{card path: the problems inside it} for the file's refused cards, in one pass over its problems (a
    problem's card is the prefix of its path, cut before a "." or "[", that is a refused card's path; the old
    pass over every problem for each refused card took 55 s for 4,000 cards)."""
    found = {path: [] for _, _, path in read.refused}
    for problem in read.errors:
        path = problem.path
        for end in [*(i for i, char in enumerate(path) if char in ".["), len(path)]:
            if path[:end] in found:
                found[path[:end]].append(problem)
                break
    return found


def _relative(problem, card_path):
    """A card's problem as "instantPayload[1].REGIONID: message" (the card is named already)."""
    rest = problem.path[len(card_path):].lstrip(".")
    return gettext("%(where)s: %(message)s") % {"where": rest, "message": problem.message} if rest else problem.message


def import_read_files(reads, *, user=None, dry_run=False, overwrite=True, reason="Imported"):
    """Apply checked files (ReadFile objects) to the database, or only report for a dry run."""
    report = ImportReport(dry_run=dry_run)
    for read in reads:
        report.files.append((read.name, read.description))
        report.errors += read.errors
        report.warnings += read.warnings
        problems_by_card = _problems_by_card(read)
        for kind, name, path in read.refused:
            problems = [_relative(problem, path) for problem in problems_by_card[path]]
            report.outcomes.append(Outcome(REFUSED, kind, name, read.name, path, problems=problems))
    by_kind = _cards_by_kind(reads, report)
    names = ", ".join(read.name for read in reads)
    with transaction.atomic():
        for read in reads:
            if read.machikoro is not None:
                _load_card_set(read, report, overwrite)
        for kind, cards in by_kind.items():
            if not cards:
                continue
            writer = _Writer(kind, report, user=user, overwrite=overwrite, reason=f"{reason} from {names}")
            try:
                with transaction.atomic():
                    writer.write_all(cards)
            except (CardDataError, IntegrityError) as exc:
                # The checks above should have caught it; report it rather than fail the request.
                message = {
                    words.DEVELOPMENT: gettext("the database refused the development cards: %(reason)s"),
                    words.EXCOMMUNICATION: gettext("the database refused the excommunications: %(reason)s"),
                    words.LEADER: gettext("the database refused the leader cards: %(reason)s"),
                }[kind]
                report.errors.append(Problem(message % {"reason": exc}))
        if report.errors or dry_run:
            transaction.set_rollback(True)
        else:
            report.written = True
            if report.by_status(ADDED):
                bump_version()  # bulk inserts send no save signals; changed cards' saves raised it already
    return report


def _load_card_set(read, report, overwrite):
    """A Machi Koro card document among the files, through its own game's loader."""
    try:
        with transaction.atomic():
            loaded = load_card_file(read.machikoro, overwrite=overwrite)
    except CardDataError as exc:
        report.errors.append(Problem(str(exc), read.name))
        report.outcomes.append(Outcome(REFUSED, MACHI_KORO, gettext("Machi Koro card set"), read.name,
                                       problems=[str(exc)]))
        return
    for status, labels in ((ADDED, loaded.created), (CHANGED, loaded.updated), (KEPT, loaded.kept)):
        report.outcomes += [Outcome(status, MACHI_KORO, label, read.name) for label in labels]
    report.machikoro_unchanged += loaded.unchanged


def too_many_files(count, dry_run=False):
    """The refused report of an import of more than MAX_FILES_PER_IMPORT files (none of them is read)."""
    report = ImportReport(dry_run=dry_run)
    report.errors.append(Problem(gettext(
        "refused: %(count)s files, more than the %(limit)s one import may hold (MAX_FILES_PER_IMPORT); import "
        "them in several goes") % {"count": count, "limit": MAX_FILES_PER_IMPORT}, code=TOO_MANY_FILES))
    return report


def _read_within_limits(sources, read_one, dry_run):
    """Every source read in turn, each file's entries counted against MAX_ENTRIES_PER_IMPORT; None and a refused
    report when there are more than MAX_FILES_PER_IMPORT files (none is read)."""
    if len(sources) > MAX_FILES_PER_IMPORT:
        return None, too_many_files(len(sources), dry_run)
    reads, entries_left = [], MAX_ENTRIES_PER_IMPORT
    for name, source in sources:
        read = read_one(source, name, entries_left)
        if not any(problem.code == TOO_MANY_ENTRIES for problem in read.errors):  # a refused file is not read
            entries_left -= read.entries
        reads.append(read)
    return reads, None


def import_files(files, *, kind=None, user=None, dry_run=False, overwrite=True, reason="Imported"):
    """Import ``[(file name, text or bytes), ...]`` as one all-or-nothing operation."""
    reads, refused = _read_within_limits(files, lambda content, name, left: read_file(content, name, kind, left), dry_run)
    return refused or import_read_files(reads, user=user, dry_run=dry_run, overwrite=overwrite, reason=reason)


def import_documents(documents, *, kind=None, user=None, dry_run=False, overwrite=True, reason="Imported"):
    """The same for documents already parsed: ``[(name, document), ...]``."""
    reads, refused = _read_within_limits(
        documents, lambda document, name, left: read_document(document, name, kind, left), dry_run)
    return refused or import_read_files(reads, user=user, dry_run=dry_run, overwrite=overwrite, reason=reason)
