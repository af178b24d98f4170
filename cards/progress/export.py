"""Progress' cards as one document (in the whole database's export)."""
from cards.progress.api import TechnologySerializer
from cards.progress.selectors import technologies


def document():
    return {"game": "progress", "technologies": TechnologySerializer(technologies(), many=True).data}
