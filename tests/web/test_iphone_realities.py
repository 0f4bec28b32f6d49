"""What an iPhone does that a desktop browser does not (issue 47), read from the pages, the
stylesheets and the scripts: the page drawn to the screen's edges with its bars clear of the
home indicator, no hover style a first tap would only hover, keys that answer a tap at once,
nothing that needs a secure context (a phone opens the table at http://192.168.x.y) without
a way round it, no requestSubmit (Safari before 16 lacks it), and a live stream that says
something often enough for the page's watchdog to tell a quiet table from a dropped stream.
The browser side is in tests/browser/test_iphone_realities.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion import polls, server
from companion.app import create_app
from companion.server import served_in_thread
from tests.conftest import soup
from tests.games.hyper_maker.table import seat_table
from tests.web.test_live import Stream

ROOT = Path(__file__).resolve().parents[2]
STYLESHEETS = sorted([*ROOT.glob("static/*.css"), *ROOT.glob("companion/rules/*/static/*.css")])
SCRIPTS = sorted(ROOT.glob("static/*.js"))
OUR_SCRIPTS = [path for path in SCRIPTS if not path.name.endswith(".min.js")]
"""The project's own scripts; the vendored ones (htmx, idb-keyval) are minified, and the
secure-context check reads them too."""


@dataclass(frozen=True)
class Rule:
    """One style rule: its selectors, its declarations, and the at-rules it sits in."""

    selectors: str
    body: str
    within: tuple[str, ...]
    where: str


def rules_of(css: str, where: str = "") -> Iterator[Rule]:
    """Every style rule of a stylesheet, with the at-rules (@media ...) around it."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    within: list[str] = []
    start = 0
    for found in re.finditer(r"[{};]", css):
        text = css[start:found.start()].strip()
        if found.group() == ";":
            if text.startswith("@"):  # @import ...; nothing to read in it
                start = found.end()
            continue
        if found.group() == "{":
            if text.startswith("@"):
                within.append(re.sub(r"\s+", " ", text))
                start = found.end()
                continue
            end = css.index("}", found.end())
            line = css.count("\n", 0, found.start()) + 1
            yield Rule(re.sub(r"\s+", " ", text), css[found.end():end], tuple(within), f"{where}:{line}")
            start = end + 1
            continue
        if within:  # the end of an at-rule's block
            within.pop()
        start = found.end()


def stylesheet_rules() -> Iterator[Rule]:
    for path in STYLESHEETS:
        yield from rules_of(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))


HOVER_MEDIA = re.compile(r"@media[^{]*\(\s*hover\s*:\s*hover\s*\)")


def hover_outside_hover_media(rules: Iterator[Rule]) -> list[str]:
    return [f"{rule.where} {rule.selectors}" for rule in rules
            if ":hover" in rule.selectors and not any(HOVER_MEDIA.match(at) for at in rule.within)]


def test_the_stylesheets_are_all_read() -> None:
    names = {path.name for path in STYLESHEETS}
    assert {"companion.css", "seating.css", "club.css", "book.css", "kit.css", "hyper-maker.css"} <= names
    assert sum(1 for _ in stylesheet_rules()) > 300


def test_no_hover_style_outside_media_hover_hover() -> None:
    """On a phone a first tap on an element with a :hover style only shows the hover: every
    :hover rule of every stylesheet sits inside @media (hover: hover)."""
    assert hover_outside_hover_media(stylesheet_rules()) == []


def test_the_hover_check_finds_a_hover_rule_outside_the_media_query() -> None:
    css = """a:hover { color: red; }
    @media (hover: hover) { b:hover { color: red; } }
    @media (min-width: 40rem) { i:hover, i:focus { color: red; } }
    @media (hover: hover) and (pointer: fine) { u:hover { color: red; } }"""
    assert hover_outside_hover_media(rules_of(css, "sample")) == ["sample:1 a:hover", "sample:3 i:hover, i:focus"]


def declarations(rule: Rule) -> dict[str, str]:
    found = {}
    for part in rule.body.split(";"):
        name, _, value = part.partition(":")
        if value:
            found[name.strip().lower()] = re.sub(r"\s+", " ", value.strip())
    return found


def test_the_viewport_reaches_the_screens_edges(client: FlaskClient) -> None:
    """viewport-fit=cover: the page is drawn under the home indicator and beside the notch,
    where the stylesheet's safe-area insets keep what is read and tapped clear of them
    (without it, env(safe-area-inset-*) is 0 and a bar at the foot sits on the indicator)."""
    game_url = seat_table(client)
    for path in ("/", "/seat/hyper-maker", game_url):
        meta = soup(client.get(path)).select_one("meta[name=viewport]")
        assert meta is not None, path
        parts = {p.strip() for p in str(meta["content"]).split(",")}
        assert {"width=device-width", "initial-scale=1", "viewport-fit=cover"} <= parts, (path, parts)


def test_every_bar_held_at_the_foot_clears_the_home_indicator() -> None:
    bars = [rule for rule in stylesheet_rules()
            if re.search(r"\b(sticky|fixed)\b", declarations(rule).get("position", ""))
            and "bottom" in declarations(rule)]
    assert ".start-bar" in [rule.selectors for rule in bars]
    for rule in bars:
        padding = declarations(rule)
        said = padding.get("padding-bottom", "") + " " + padding.get("padding", "")
        assert "env(safe-area-inset-bottom" in said, f"{rule.where} {rule.selectors}: {said}"


def test_the_page_and_its_bar_keep_clear_of_the_notch_and_the_indicator() -> None:
    found = {rule.selectors: declarations(rule) for rule in rules_of(
        (ROOT / "static/companion.css").read_text(encoding="utf-8"))}
    for side in ("left", "right", "bottom"):
        assert f"env(safe-area-inset-{side}" in found["main"]["padding"], side
    for side in ("left", "right"):
        assert f"env(safe-area-inset-{side}" in found[".bar"]["padding"], side


def test_every_key_answers_a_tap_at_once() -> None:
    """touch-action: manipulation on everything a person taps: no wait for a double-tap zoom
    (the browser test measures it on the keys of every game's picker)."""
    tapped = [rule.selectors for rule in rules_of((ROOT / "static/companion.css").read_text(encoding="utf-8"))
              if declarations(rule).get("touch-action") == "manipulation" and not rule.within]
    assert tapped, "no touch-action: manipulation"
    selectors = {s.strip() for s in ",".join(tapped).split(",")}
    assert {"a", "button", ".button", "label", "summary", "input", "select", "textarea"} <= selectors


SECURE_ONLY = re.compile(
    r"\bwakeLock\b|\brandomUUID\b|\bclipboard\b|\bserviceWorker\b|\bcrypto\.subtle\b|navigator\.share\b"
    r"|navigator\.storage\b|navigator\.credentials\b|\bmediaDevices\b|\bgetUserMedia\b|\bgeolocation\b"
    r"|\bNotification\b|\bPaymentRequest\b|\bcaches\.|navigator\.(usb|serial|hid|bluetooth)\b|show\w+FilePicker")
"""APIs a browser offers only in a secure context (https, or the computer's own loopback):
a phone opening the table at http://192.168.x.y has none of them."""

GUARD_LINES = 5
"""How far above a use its guard (`isSecureContext`) may be."""


def unguarded(source: str, where: str) -> list[str]:
    lines = source.splitlines()
    found = []
    for n, line in enumerate(lines):
        code = re.sub(r"//.*", "", line)
        if SECURE_ONLY.search(code) and not any("isSecureContext" in above
                                                for above in lines[max(0, n - GUARD_LINES):n + 1]):
            found.append(f"{where}:{n + 1}: {line.strip()}")
    return found


def test_nothing_needs_a_secure_context_without_a_way_round_it() -> None:
    """Each use of an API only a secure context has is guarded by `isSecureContext`, beside
    the way the page does without it (the silent clip for the wake lock, selecting the link
    for the clipboard); the browser test plays a game at a plain-http LAN name."""
    assert OUR_SCRIPTS and any(p.name == "companion.js" for p in OUR_SCRIPTS)
    found = []
    for path in SCRIPTS:
        found += unguarded(path.read_text(encoding="utf-8"), path.name)
    assert found == []


def test_the_secure_context_check_finds_an_unguarded_use() -> None:
    source = "var id = crypto.randomUUID();\nif (window.isSecureContext) {\n  navigator.wakeLock.request('screen');\n}\n"
    assert unguarded(source, "sample.js") == ["sample.js:1: var id = crypto.randomUUID();"]


def test_no_script_calls_request_submit() -> None:
    """Safari before 16 has no HTMLFormElement.requestSubmit: a script that sends a form
    clicks its submit button instead (the browser test plays taps without requestSubmit,
    SubmitEvent.submitter or FormData's submitter, as Safari 15 has them)."""
    found = [f"{p.name}:{n}" for p in SCRIPTS
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
             if "requestSubmit" in line]
    assert found == []


def test_the_game_page_says_how_long_its_stream_may_stay_quiet(client: FlaskClient) -> None:
    """The page's watchdog reopens a stream quiet for data-live-quiet seconds; the server
    speaks every HEARTBEAT seconds: the page allows two of them and a margin."""
    panel = soup(client.get(seat_table(client))).select_one("#panel")
    assert panel is not None
    assert panel["data-live-quiet"] == str(polls.QUIET)
    assert polls.QUIET >= 2 * server.HEARTBEAT + 5


@pytest.fixture
def short_heartbeat(monkeypatch: pytest.MonkeyPatch) -> float:
    monkeypatch.setattr(server, "HEARTBEAT", 0.3)
    return 0.3


def test_a_quiet_table_s_stream_still_says_its_version_every_heartbeat(
        tmp_path: Path, short_heartbeat: float) -> None:
    """The heartbeat is a message the page sees (an event `version`, not a comment line,
    which EventSource hides from the page): its watchdog hears a quiet table's stream."""
    app = create_app({"DATABASE": str(tmp_path / "live.db"), "WTF_CSRF_ENABLED": False})
    game_url = seat_table(app.test_client())
    token = game_url.split("/t/")[1].split("/")[0]
    with served_in_thread(app) as serving:
        stream = Stream(serving.port, f"/t/{token}/live")
        try:
            versions = stream.versions()
            said = [next(versions) for _ in range(4)]  # at once, then three heartbeats
        finally:
            stream.close()
    assert len(set(said)) == 1
