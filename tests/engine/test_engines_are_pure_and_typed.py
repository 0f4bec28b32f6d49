"""The rules engines stand alone: typed throughout, and free of the web and the database."""

from __future__ import annotations

import ast
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "companion" / "rules"
OUTSIDE = ("flask", "flask_babel", "flask_wtf", "werkzeug", "jinja2", "sqlite3", "sqlite_utils", "companion")
"""No engine imports these; inside `companion`, only `companion.rules` itself."""


def test_the_engines_and_the_app_around_them_pass_mypy_strict() -> None:
    report, errors, status = api.run(["--strict", "--no-incremental", "--config-file", str(ROOT / "pyproject.toml"),
                                      str(ROOT / "companion")])
    assert status == 0, report + errors


def imported(source: Path) -> list[str]:
    """Every module `source` imports, relative imports resolved to absolute names."""
    package = ".".join(source.relative_to(ROOT).with_suffix("").parts[:-1])
    names: list[str] = []
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                names.append(node.module or "")
            else:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                names.append(".".join(base + ([node.module] if node.module else [])))
    return names


def test_no_engine_imports_the_web_or_the_database() -> None:
    sources = sorted(RULES.rglob("*.py"))
    assert any(s.parent != RULES for s in sources), "the game packages are checked too"
    found = [(str(source.relative_to(RULES)), name) for source in sources for name in imported(source)
             if name.split(".")[0] in OUTSIDE and not name.startswith("companion.rules")]
    assert found == []
