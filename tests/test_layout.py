"""The code's layout holds (docs/architecture.md): no import circles among the apps' modules, no import hidden
inside a function or placed mid-file, no app using another's private names, and every definition named for a
game inside that game's package. import-linter (.importlinter) checks the layers; these are the rest.

An import inside a function is allowed only for an optional heavy dependency, marked on its line with
`# optional:` and why.
"""
import ast
import pathlib

import grimp
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
APPS = ("cards", "games", "stats", "config")
GAME_WORDS = {"machikoro": ("machikoro", "machi_koro", "machi"), "aquarius": ("aquarius",),
              "lorenzo": ("lorenzo",), "valeria": ("valeria",), "progress": ("progress",)}


def sources():
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            parts = path.relative_to(ROOT).parts
            if any(p in ("tests", "migrations", "__pycache__") or p.startswith("test_") for p in parts):
                continue
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def where(path, node):
    return f"{path.relative_to(ROOT)}:{node.lineno}"


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph(*APPS, include_external_packages=False)


def test_no_import_circles(graph):
    circles = set()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if graph.chain_exists(importer=imported, imported=module):
                circles.add(" <-> ".join(sorted((module, imported))))
    assert sorted(circles) == []


def test_no_import_inside_a_function():
    found = []
    for path, tree in sources():
        lines = path.read_text(encoding="utf-8").splitlines()
        for function in ast.walk(tree):
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found += [where(path, node) for node in ast.walk(function)
                          if isinstance(node, (ast.Import, ast.ImportFrom))
                          and "# optional:" not in lines[node.lineno - 1]]
    assert sorted(set(found)) == []


def test_no_import_after_the_first_definition():
    found = []
    for path, tree in sources():
        defined = False
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defined = True
            elif defined and isinstance(node, (ast.Import, ast.ImportFrom)):
                found.append(where(path, node))
    assert found == []


def test_no_app_imports_another_apps_private_names():
    found = []
    for path, tree in sources():
        app = path.relative_to(ROOT).parts[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in APPS:
                if node.module.split(".")[0] != app:
                    found += [f"{where(path, node)} {node.module}.{a.name}" for a in node.names
                              if a.name.startswith("_") and not a.name.startswith("__")]
    assert found == []


def test_definitions_named_for_a_game_live_in_its_package():
    found = []
    for path, tree in sources():
        place = "/".join(path.relative_to(ROOT).with_suffix("").parts).lower()
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = node.name.lower()
                found += [f"{where(path, node)} {node.name}" for words in GAME_WORDS.values()
                          if any(w in name for w in words) and not any(w in place for w in words)]
    assert found == []

