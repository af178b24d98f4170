"""Lorenzo il Magnifico cards in seed 000's JSON format (docs/lorenzo.md).

vocabulary (the format's words), payloads (shape checks), schema (JSON Schema), normalise and reading
(files to checked, normalised CardData), importer and exporter (database in and out), explain
(English), scoring (end of the game), admin_views (upload, preview, confirm).
"""
