"""`companion judge GAME` imports what one ruling needs: GAME's package and the engines'
shared core, not the web stack, the database or the other games (docs/judge-api.md). Tested
by what the process imports rather than by a time, which this shared machine would make
flaky; bench/judge_start.py gives the time against a bare Python start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import rules

ROOT = Path(__file__).resolve().parents[2]
QUESTION = '{"ask": "trick", "master": "R5B6", "plays": ["R2G9", "B8Y3", "R9B2", "R7Y4"]}\n'
WEB_AND_DATABASE = ("flask", "flask_babel", "flask_wtf", "flask_compress", "werkzeug", "jinja2", "babel", "sqlite3",
                    "sqlite_utils", "click", "gevent", "gunicorn", "platformdirs", "segno", "ifaddr")
"""Libraries (top-level names) a rules question must not import."""
FILES = ("pathlib", "urllib", "ipaddress")
"""Standard modules for reading files and addresses, which a rules question never does: pathlib
alone, with what it imports, was a tenth of the judge's start (bench/judge_start.py)."""
PACKAGES = {slug: rules.GAMES[slug].__name__ for slug in rules.GAMES}  # type: ignore[attr-defined]

WRAPPER = """import json, sys
from companion.cli import main
status = main()
sys.stderr.write("\\nmodules: " + json.dumps(sorted(sys.modules)) + "\\n")
sys.exit(status)"""
"""Runs the command as the installed `companion` script does, then reports every module loaded."""


def judged(slug: str, *args: str, question: str = QUESTION, status: int = 0) -> tuple[str, set[str]]:
    """The judge's answer on stdout, and every module its process imported."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", WRAPPER, "judge", slug, *args], input=question, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == status, done.stderr[-2000:]
    modules = json.loads(done.stderr.rsplit("modules: ", 1)[1])
    return done.stdout, set(modules)


def game_packages(modules: set[str]) -> set[str]:
    return {name for name in PACKAGES.values() if name in modules}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_judging_one_game_imports_neither_the_web_nor_the_database_nor_another_game(lang: str) -> None:
    answer, modules = judged("hyper-maker", "--lang", lang)
    assert json.loads(answer)["winner"] == 2
    assert sorted(m for m in modules if m.split(".")[0] in WEB_AND_DATABASE) == []
    assert sorted(m for m in modules if m.split(".")[0] in FILES) == []
    assert game_packages(modules) == {PACKAGES["hyper-maker"]}
    assert sorted(m for m in modules if m.startswith("companion.") and not m.startswith("companion.rules.")) == [
        "companion.cli", "companion.i18n", "companion.rules"]  # no store, app, views, server or shelf


def test_judging_another_game_loads_that_game_alone() -> None:
    answer, modules = judged("saizen", question='{"ask": "nothing"}\n', status=2)
    assert "error" in json.loads(answer)  # a request the game refuses is still answered by that game alone
    assert game_packages(modules) == {PACKAGES["saizen"]}


def test_the_registry_lists_its_games_without_loading_them() -> None:
    code = ("import json, sys; from companion import rules; "
            "print(json.dumps([sorted(rules.GAMES), len(rules.GAMES), 'saizen' in rules.GAMES, sorted(sys.modules)]))")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60, check=True)
    slugs, count, found, modules = json.loads(done.stdout)
    assert (slugs, count, found) == (sorted(PACKAGES), len(PACKAGES), True)
    assert game_packages(set(modules)) == set()


def test_each_slug_names_the_package_that_answers_to_it() -> None:
    assert [game.SLUG for game in rules.GAMES.values()] == list(rules.GAMES)
    assert "chess" not in rules.GAMES and rules.GAMES.get("chess") is None
    with pytest.raises(KeyError):
        rules.GAMES["chess"]
