"""The rules engines stand alone: typed throughout, and free of the web and the database."""

from __future__ import annotations

import ast
from pathlib import Path

from mypy import api

RULES = Path(__file__).resolve().parents[2] / "companion" / "rules"
OUTSIDE = ("flask", "flask_babel", "flask_wtf", "werkzeug", "jinja2", "sqlite3", "sqlite_utils",
           "companion.store", "companion.tables", "companion.views", "companion.app")


def test_the_engines_pass_mypy_strict() -> None:
    report, errors, status = api.run(["--strict", "--no-incremental", str(RULES)])
    assert status == 0, report + errors


def test_no_engine_imports_the_web_or_the_database() -> None:
    found = []
    for source in sorted(RULES.glob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
            found += [(source.name, n) for n in names if n.split(".")[0] in OUTSIDE or n.startswith(OUTSIDE)]
    assert found == []
