"""Progress' cards as one document (in the whole database's export)."""
from cards.export import stamped

from cards.progress.api import TechnologySerializer
from cards.progress.selectors import technologies


def document():
    return stamped({"game": "progress", "technologies": TechnologySerializer(technologies(), many=True).data})
