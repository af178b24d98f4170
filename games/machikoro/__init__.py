"""Machi Koro in the games app: its rules engine (`engine/`, plain Python, no Django) and the platform's
adapter around it (`ruleset.py`, with its wording in `text.py`, its create-page fields in `forms.py` and its
balance-lab plug-ins in `lab.py`)."""
