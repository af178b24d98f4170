"""Read card files: JSON syntax (with line and column), which format a file is in, and every
Lorenzo card checked (schema, then payloads and the order rule) and normalised.

Nothing here touches the database. A file may be:

- a seed-000 array of development cards, excommunications or leader cards (or one card object);
- our Lorenzo document (``"format": "lorenzo-cards"``, the three sets in one file);
- our Machi Koro document (``"format": "machi-koro-cards"``, cards/data/machikoro.json);
- the whole-database export (``"format": "card-database"``, GET /api/export/).
"""
import json
from collections import Counter
from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_lazy, ngettext

from cards import json_safety
from cards.lorenzo import vocabulary as words
from cards.lorenzo.carddata import Problem, json_path
from cards.lorenzo.normalise import normalise_card
from cards.lorenzo.payloads import show
from cards.lorenzo.schema import card_schema_problems, document_envelope_problems

MACHI_KORO_FORMAT = "machi-koro-cards"
LORENZO_FORMAT = "lorenzo-cards"
LORENZO_VERSION = 1
DATABASE_FORMAT = "card-database"
# Games a whole-database export holds but import does not read: their cards come from load_cards' data files.
LOADED_NOT_IMPORTED = {
    "valeria": gettext_lazy("skipped: Valeria's cards are loaded from cards/data/valeria/ by load_cards, not imported"),
    "progress": gettext_lazy("skipped: Progress technologies are loaded by load_cards or edited in the admin, not "
                             "imported"),
    "aquarius": gettext_lazy("skipped: Aquarius decks are loaded with load_cards FILE (the /api/export/aquarius/ "
                             "format), not imported"),
}
# The most entries (cards, or the items of a Machi Koro document's lists) one file may hold: the official sets
# hold 137 Lorenzo cards and 67 Machi Koro items, and a bound keeps every import's work bounded (docs/lorenzo.md).
MAX_ENTRIES_PER_FILE = 1000
MAX_ENTRIES_PER_IMPORT = 2000  # all files of one import together
TOO_MANY_ENTRIES = "too_many_entries"
MAX_VALUES_PER_CARD = 500  # JSON values (keys count with theirs); the largest official card holds 50
MAX_PROBLEMS_PER_FILE = 500  # checking a file stops there
# Sections of our Lorenzo document, and the kind of card each holds.
LORENZO_SECTIONS = {
    "development_cards": words.DEVELOPMENT,
    "excommunications": words.EXCOMMUNICATION,
    "leader_cards": words.LEADER,
}


class _JSONObject(dict):
    """A parsed JSON object that remembers keys the text gave twice (JSON keeps only the last)."""

    duplicate_keys = ()


def _object(pairs):
    parsed = _JSONObject(pairs)
    if len(parsed) != len(pairs):
        parsed.duplicate_keys = [key for key, count in Counter(key for key, _ in pairs).items() if count > 1]
    return parsed


@dataclass
class CardSet:
    """The cards of one kind read from one place of a file."""

    kind: str
    cards: list = field(default_factory=list)


@dataclass
class ReadFile:
    """What a file holds, or why it cannot be imported."""

    name: str
    card_sets: list = field(default_factory=list)
    machikoro: dict | None = None
    errors: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    refused: list = field(default_factory=list)  # (kind, card name, path) of cards with errors
    entries: int = 0  # the entries the file holds (see entry_count), read or not
    stopped: bool = False  # checking stopped at MAX_PROBLEMS_PER_FILE

    @property
    def description(self):
        """What the file holds, in the active language: "96 development cards, a Machi Koro card set"."""
        parts = [card_count(s.kind, len(s.cards)) for s in self.card_sets]
        if self.machikoro is not None:
            parts.append(gettext("a Machi Koro card set"))
        return ", ".join(parts) or gettext("no cards")


def card_count(kind, count):
    """"96 development cards". English keeps its wording for any count ("1 leader cards"), hence the same singular
    and plural there; French agrees with the number."""
    if kind == words.DEVELOPMENT:
        text = ngettext("%(count)d development cards", "%(count)d development cards", count)
    elif kind == words.EXCOMMUNICATION:
        text = ngettext("%(count)d excommunications", "%(count)d excommunications", count)
    else:
        text = ngettext("%(count)d leader cards", "%(count)d leader cards", count)
    return text % {"count": count}


def parse_json(content, file_name):
    """``(document, problems)``: the parsed JSON, or a syntax problem with its line and column."""
    if isinstance(content, bytes):
        try:
            content = content.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            return None, [Problem(gettext("not UTF-8 text (byte %(byte)s at offset %(offset)s)") % {
                "byte": f"{exc.object[exc.start]:#04x}", "offset": exc.start}, file_name)]
    try:
        return json_safety.loads(content, object_pairs_hook=_object), []
    except json_safety.UnsafeJSON as exc:
        return None, [Problem(gettext("refused: %(reason)s") % {"reason": exc}, file_name)]
    except json.JSONDecodeError as exc:
        unterminated = exc.msg.startswith("Unterminated string")
        detail = gettext("unterminated string starting here") if unterminated else exc.msg  # else: Python's words
        message = gettext("invalid JSON: %(detail)s") % {"detail": detail}
        if exc.pos >= len(content.rstrip()) or (unterminated and '"' not in content[exc.pos + 1 :]):
            message = gettext("%(message)s (the file ends before the JSON is complete: is it truncated?)") % {
                "message": message}
        return None, [Problem(message, file_name, line=exc.lineno, column=exc.colno)]


def _duplicate_keys(node, path=()):
    """Every (path, key) of a key written twice in one object."""
    found = []
    if isinstance(node, dict):
        found += [(path, key) for key in getattr(node, "duplicate_keys", ())]
        for key, value in node.items():
            found += _duplicate_keys(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _duplicate_keys(value, (*path, index))
    return found


def detect_kind(items):
    """Which kind of Lorenzo card a list holds: development cards carry a cardType, excommunications
    a period, leaders requirements or flag effects. None when nothing tells."""
    cards = [item for item in items if isinstance(item, dict)]
    if any("cardType" in card for card in cards):
        return words.DEVELOPMENT
    if any("period" in card for card in cards):
        return words.EXCOMMUNICATION
    if any("requirements" in card or "flagEffect" in card for card in cards):
        return words.LEADER
    return None


def _oversized(item):
    """Whether a card holds more than MAX_VALUES_PER_CARD JSON values (counting stops there)."""
    stack, count = [item], 0
    while stack:
        node = stack.pop()
        count += 1
        if count > MAX_VALUES_PER_CARD:
            return True
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


def _stop_checking(read, where):
    read.stopped = True
    read.errors.append(Problem(gettext("checking stopped after %(limit)s problems (MAX_PROBLEMS_PER_FILE); fix "
                                       "them and import the file again") % {"limit": MAX_PROBLEMS_PER_FILE},
                               read.name, json_path(*where)))


def read_cards(items, kind, read, prefix):
    """Check and normalise a list of cards of ``kind`` into ``read`` (a ReadFile)."""
    card_set = CardSet(kind)
    seen = {}
    for index, item in enumerate(items):
        where = (*prefix, index)
        if read.stopped or len(read.errors) >= MAX_PROBLEMS_PER_FILE:
            if not read.stopped:
                _stop_checking(read, where)
            break
        label = item.get("name") if isinstance(item, dict) and isinstance(item.get("name"), str) else ""

        def problem(path, message, label=label, where=where):
            return Problem(message, read.name, json_path(*where, *path), card=label)

        if not isinstance(item, dict) or _oversized(item):
            message = (gettext("expected a card object, got %(value)s") % {"value": show(item)}
                       if not isinstance(item, dict) else
                       gettext("the card holds more than %(limit)s JSON values (MAX_VALUES_PER_CARD); the largest "
                               "official card holds 50") % {"limit": MAX_VALUES_PER_CARD})
            read.errors.append(problem((), message))
            read.refused.append((kind, label, json_path(*where)))
            continue
        errors = [problem(path, message) for path, message in card_schema_problems(item, kind)]
        errors += [
            problem(path + (key,), gettext("the key %(key)r is written twice in this object; JSON would keep only the "
                                           "last") % {"key": key})
            for path, key in _duplicate_keys(item)
        ]
        if not errors:
            card, card_errors, card_warnings = normalise_card(item, kind)
            errors += [problem(path, message) for path, message in card_errors]
            read.warnings += [problem(path, message) for path, message in card_warnings]
            if card.name and card.slug in seen:
                errors.append(problem(("name",), gettext("duplicate card: %(name)r is already %(path)s")
                                      % {"name": card.name, "path": seen[card.slug]}))
            elif card.name:
                seen[card.slug] = json_path(*where)
        if errors:
            read.errors += errors
            read.refused.append((kind, label, json_path(*where)))
            continue
        card.file, card.path = read.name, json_path(*where)
        card_set.cards.append(card)
    read.card_sets.append(card_set)


def _read_lorenzo_document(document, read, prefix=()):
    if "format" in document:
        read.errors += [
            Problem(message, read.name, json_path(*prefix, *path) or "(document)")
            for path, message in document_envelope_problems(document)
        ]
    for section, kind in LORENZO_SECTIONS.items():
        items = document.get(section)
        if items is None:
            continue
        if not isinstance(items, list):
            read.errors.append(Problem(gettext("expected an array of cards, got %(value)s") % {"value": show(items)},
                                       read.name, json_path(*prefix, section)))
            continue
        read_cards(items, kind, read, (*prefix, section))


def _list_length(value):
    return len(value) if isinstance(value, list) else 0


def _lorenzo_entries(document):
    return sum(_list_length(document.get(section)) for section in LORENZO_SECTIONS)


def _list_items(document):
    return sum(_list_length(value) for value in document.values())


def entry_count(document):
    """How many entries the importer would read in a parsed file: its cards, and a Machi Koro document's items."""
    if isinstance(document, list):
        return len(document)
    if not isinstance(document, dict):
        return 0
    if document.get("format") == MACHI_KORO_FORMAT:
        return _list_items(document)
    if document.get("format") == LORENZO_FORMAT:
        return _lorenzo_entries(document)
    games = document.get("games") if document.get("format") == DATABASE_FORMAT else None
    if isinstance(games, dict):
        machikoro, lorenzo = games.get("machi-koro"), games.get("lorenzo")
        return ((_list_items(machikoro) if isinstance(machikoro, dict) else 0)
                + (_lorenzo_entries(lorenzo) if isinstance(lorenzo, dict) else 0))
    return 1 if "name" in document else 0


def _too_many_entries(count, name, entries_left):
    """Why a file is not read: it holds more entries than one file, or than what is left of the import's share."""
    if count > MAX_ENTRIES_PER_FILE:
        message = gettext("refused: the file holds %(count)s entries, more than the %(limit)s a file may hold "
                          "(MAX_ENTRIES_PER_FILE); split it into several imports") % {
            "count": count, "limit": MAX_ENTRIES_PER_FILE}
    elif entries_left is not None and count > entries_left:
        message = gettext("refused: with this file the import holds more than %(limit)s entries "
                          "(MAX_ENTRIES_PER_IMPORT); import the files in several goes") % {
            "limit": MAX_ENTRIES_PER_IMPORT}
    else:
        return None
    return Problem(message, name, code=TOO_MANY_ENTRIES)


def read_document(document, name, kind=None, entries_left=None):
    """A parsed file, sorted out: which cards it holds, checked and normalised. A file of more than
    MAX_ENTRIES_PER_FILE entries, or more than `entries_left` (what the import may still read), is refused
    before any of them is checked."""
    read = ReadFile(name, entries=entry_count(document))
    refusal = _too_many_entries(read.entries, name, entries_left)
    if refusal:
        read.errors.append(refusal)
        return read
    if isinstance(document, list):
        kind = kind or detect_kind(document)
        if kind is None:
            if document:
                read.errors.append(Problem(gettext(
                    "cannot tell which cards this array holds: development cards have a cardType, excommunications "
                    "a period, leader cards requirements; name the kind (--kind, or kind= in the API)"), name))  # fmt: skip
            return read
        read_cards(document, kind, read, ("cards",))
    elif isinstance(document, dict) and document.get("format") == MACHI_KORO_FORMAT:
        read.machikoro = document
    elif isinstance(document, dict) and document.get("format") == LORENZO_FORMAT:
        _read_lorenzo_document(document, read)
    elif isinstance(document, dict) and document.get("format") == DATABASE_FORMAT:
        games = document.get("games")
        if not isinstance(games, dict):
            read.errors.append(Problem(gettext("expected an object of games, got %(value)s") % {"value": show(games)},
                                       name, "games"))
            return read
        for slug, game_document in games.items():
            if slug == "machi-koro" and isinstance(game_document, dict):
                read.machikoro = game_document
            elif slug == "lorenzo" and isinstance(game_document, dict):
                _read_lorenzo_document(game_document, read, ("games", "lorenzo"))
            elif slug in LOADED_NOT_IMPORTED:
                read.warnings.append(Problem(str(LOADED_NOT_IMPORTED[slug]), name, json_path("games", slug)))
            else:
                read.errors.append(Problem(gettext("no importer for this game"), name, json_path("games", slug)))
    elif isinstance(document, dict) and "name" in document:
        kind = kind or detect_kind([document])
        if kind is None:
            read.errors.append(Problem(gettext("cannot tell which kind of card this is; name the kind"), name))
            return read
        read_cards([document], kind, read, ("cards",))
    else:
        read.errors.append(Problem(gettext(
            "not a card file: expected an array of Lorenzo cards (seed 000), one card, or a document whose "
            '"format" is %(lorenzo)r, %(machikoro)r or %(database)r') % {
                "lorenzo": LORENZO_FORMAT, "machikoro": MACHI_KORO_FORMAT, "database": DATABASE_FORMAT},
            name))  # fmt: skip
    return read


def read_file(content, name, kind=None, entries_left=None):
    """Parse and check one file's content (text or bytes)."""
    document, problems = parse_json(content, name)
    if problems:
        return ReadFile(name, errors=problems)
    return read_document(document, name, kind, entries_left)
