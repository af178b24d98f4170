"""Load Lorenzo il Magnifico's official cards (cards/data/lorenzo/) through its importer (importer.py), reported like
every game's cards (cards/loading.py)."""
from cards.loading import DATA_DIR, CardDataError, read_json

from cards.lorenzo.importer import import_documents

EXCOMMUNICATIONS_FILE = DATA_DIR / "lorenzo" / "excom_cards.json"
FILES = [DATA_DIR / "lorenzo" / name for name in ("cards.json", "excom_cards.json", "leader_cards.json")]


def _load_lorenzo(documents, kind=None, overwrite=False):
    """Lorenzo card lists through the Lorenzo importer (cards/lorenzo/importer.py), reported like the rest."""
    report = import_documents(documents, kind=kind, overwrite=overwrite, reason="Loaded")
    if report.errors:
        raise CardDataError("; ".join(str(problem) for problem in report.errors[:10]))
    return report.as_load_report()


def load_excommunications(items, *, overwrite=False):
    """Load excommunication tiles in seed 000's JSON format (a list of cards)."""
    if not isinstance(items, list):
        raise CardDataError("excommunications: expected a JSON array of cards")
    return _load_lorenzo([("excommunications", items)], kind="excommunication", overwrite=overwrite)


def load_lorenzo_cards(*, overwrite=False):
    """Lorenzo's 96 development cards, 21 excommunications and 20 leaders, in one transaction."""
    return _load_lorenzo([(path.name, read_json(path)) for path in FILES], overwrite=overwrite)


def load_official_cards(*, overwrite=False):
    return load_lorenzo_cards(overwrite=overwrite)
