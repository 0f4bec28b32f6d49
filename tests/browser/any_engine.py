"""A Hyper Maker table played through any browser engine, on a 360x640 phone, by taps.

`play_a_table` takes two phones of one engine (tests/kit/phone.py: WebKit through Selenium in
tests/browser/test_webkit.py, Firefox through WebDriver BiDi in tests/browser/test_firefox.py):
the scorer's and a second one for the viewer's link. On a `companion serve` of its own (a
process, so that it can be stopped and started again, as tests/browser/test_outbox.py does),
it:

- switches the page's language by its own switch and seats a table of three from the home
  page by taps (tests/kit/seating.py), the home, seating and game pages fitting the phone;
- opens the viewer's link, read from the invite page, on the second phone;
- plays a whole game (tests/games/hyper_maker/table.py's `whole_game`), each card tapped in by
  its two keys (tests/kit/taps.py), every key on the first screen when tapped, the prompt
  naming the player the engine waits for; after every entry the viewer shows the same trick,
  strip and table version within a few seconds, without a reload (the live stream);
- taps a wrong card, and corrects it from the game page (the card where it lies, then the
  right card's keys on the correction page);
- stops the server, taps the next two cards, which wait in the outbox (each drawn in place,
  nothing stored), starts the server again: they are sent by themselves, each stored once,
  in order;
- at the end, the scores shown (scorer and viewer) equal the engine's replay of the
  exported record (tests/browser/evening.py's `record_differences`) and the engine's own
  final scores, the history marks the corrected entry, and the viewer is on the live stream.

`length` plays only the first entries of the game (the outbox's and the correction's among
them) for an engine whose automation is slow.
"""

from __future__ import annotations

import json
import sys
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from subprocess import Popen

from companion.rules import hyper_maker as hm
from companion.rules.base import CORRECT, Event, replay
from tests.browser.evening import READ_JS, record_differences, wrong_card
from tests.games.hyper_maker.table import expecting, final_scores, whole_game
from tests.kit.outbox import stored_cards, waiting_in_place
from tests.kit.phone import (
    TIMEOUT,
    Phone,
    Taps,
    attribute,
    count,
    phone_unfriendly,
    text,
    viewport,
    wait_for,
    wait_for_selector,
    wait_for_value,
)
from tests.kit.seating import START, sit_down_on
from tests.kit.taps import hyper_maker_keys

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import _harness  # noqa: E402

NAMES = ["Aki", "Ben", "Cho"]
SEED = 11
WRONG_AT = 6
"""The entry (from 0, a play) first tapped as a wrong card, then corrected from the page."""
DOWN_AT = 12
"""The entry (from 0, a master) tapped with the next one while the server is stopped."""
LIVE = 5.0
"""Seconds the viewer has to show an entry (the stream tells it at once; without the stream
the page asks every second)."""
BACK = 30.0
"""Seconds the outbox and the viewer have to catch up once the server is back."""
SAME_JS = """() => ({version: (document.getElementById('panel') || {dataset: {}}).dataset.version,
  trick: [...document.querySelectorAll('ol.trick li.row')].map(r => [...r.querySelectorAll('.who, .tile')]
    .map(e => e.textContent.replace(/\\s+/g, ' ').trim()).join(' ')),
  strip: (document.getElementById('standings') || {textContent: ''}).textContent.replace(/\\s+/g, ' ').trim()})"""
"""What the viewer must show as the scorer does: the table's version, the trick (each row's
player and card), the strip."""
SAYS_JS = """() => ({prompt: (document.getElementById('prompt') || {}).textContent,
  seq: (document.querySelector('form.picker input[name=seq]') || {}).value,
  said: [...document.querySelectorAll('#panel .error, [role=alert], #net-status, #outbox, #heard')]
    .map(e => e.id + ': ' + e.textContent.replace(/\\s+/g, ' ').trim()),
  sending: document.documentElement.hasAttribute('data-outbox-sending'),
  version: (document.getElementById('panel') || {dataset: {}}).dataset.version,
  pair: [...document.querySelectorAll('input.pair-radio:checked')].map(i => i.id),
  live: document.documentElement.dataset.live, online: navigator.onLine})"""
"""What the page says of an entry that was not taken."""
CONNECTION_NOTICE_JS = """() => [...document.querySelectorAll('#net-status:not([hidden]), #heard, #outbox')]
  .map(e => e.textContent.replace(/\\s+/g, ' ').trim()).join(' / ')"""
"""The words of the notices the page shows about its connection: offline, back, entries
waiting (empty when it shows none)."""


@dataclass
class Table:
    """The table as the test has played it: its server, its phones and its log."""

    scorer: Phone
    viewer: Phone
    db: Path
    port: int
    server: Popen[bytes]
    taps: Taps
    log: list[Event] = field(default_factory=list)
    game: str = ""

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def keys(self, code: str, within: str = "#panel") -> None:
        """Tap a card's two keys. A key pushed off the first screen by a notice about the
        connection is noted apart (tests/kit/phone.py's Taps.excused): the notices stand
        above the picker in every engine."""
        for key in hyper_maker_keys(code, within):
            self.taps.excuse = self.scorer.run(CONNECTION_NOTICE_JS)
            try:
                self.taps.tap(self.scorer, key)
            except AssertionError as missing:
                raise AssertionError(f"{self.taps.entry}: {missing}; the page: {self.scorer.run(SAYS_JS)}") from None
        self.taps.excuse = ""

    def enter(self, event: Event) -> None:
        """One card by its two keys; the picker then asks for the next entry."""
        self.keys(str(event.payload["card"]))
        self.log.append(event)
        self.taken()

    def taken(self, timeout: float = TIMEOUT) -> None:
        """The picker asks for the entry after the log's last (or the game is over); if it
        does not, what the page says instead."""
        try:
            wait_for_selector(self.scorer, expecting(len(self.log)), timeout=timeout)
        except AssertionError:
            raise AssertionError(f"{self.taps.entry}: entry {len(self.log) - 1} not taken: "
                                 f"{self.scorer.run(SAYS_JS)}") from None
        assert self.scorer.run("() => window.scrollY === 0 && window.scrollX === 0"), \
            f"{self.taps.entry}: the page stayed scrolled"

    def state(self) -> hm.State:
        return replay(hm.initial, hm.apply, {"players": NAMES, "first_leader": 0}, self.log).state

    def viewer_follows(self, timeout: float = LIVE) -> None:
        """The viewer shows the table as the scorer's page does, without a reload."""
        wait_for_value(self.viewer, SAME_JS, self.scorer.run(SAME_JS), timeout=timeout,
                       what=f"{self.taps.entry}: the viewer's trick, strip and version as the scorer's")

    def fits(self, where: str) -> None:
        unfit = phone_unfriendly(self.scorer)
        assert unfit == [], f"{where}: {unfit}"


@contextmanager
def served(db: Path) -> Iterator[tuple[int, list[Popen[bytes]]]]:
    """`companion serve` on `db` (its port, and a one-item list the test may replace the
    process in after stopping and starting it); stopped at the end."""
    port = _harness.free_port()
    running = [_harness.start_companion(db, port)]
    try:
        yield port, running
    finally:
        _harness.kill(running[0])


def play_a_table(scorer: Phone, viewer: Phone, db: Path, language: str, length: int | None = None) -> None:
    with served(db) as (port, running):
        table = Table(scorer, viewer, db, port, running[0], Taps(360, 640))
        seat(table, language)
        speak(viewer, table.base, language)
        assert viewport(scorer) == (360, 640) and viewport(viewer) == (360, 640), "the page is not a phone's"
        open_viewer(table)
        events = [Event(kind, {"card": card.code} if who is None else {"seat": who, "card": card.code})
                  for kind, who, card in whole_game(len(NAMES), SEED)]
        assert events[WRONG_AT].kind == "play" and events[DOWN_AT].kind == "master"
        events = events[:length]
        i = 0
        while i < len(events):
            event = events[i]
            table.taps.entry = f"entry {i + 1} ({event.kind} {event.payload['card']})"
            who = event.payload.get("seat")
            prompt = text(scorer, "#prompt") or ""
            assert who is None or NAMES[who] in prompt, f"{table.taps.entry}: the prompt says {prompt!r}"
            if i == WRONG_AT:
                wrong_then_correct(table, event)
            elif i == DOWN_AT:
                through_a_stopped_server(table, events[i], events[i + 1], running)
                i += 1
            else:
                table.enter(event)
            table.viewer_follows(BACK if i == DOWN_AT + 1 else LIVE)
            if i in (1, len(events) - 1):
                table.fits(table.taps.entry)
            i += 1
        at_the_end(table, over=length is None)


def speak(phone: Phone, base: str, language: str) -> None:
    """The home page, switched to `language` by its own switch if it is in the other."""
    phone.goto(base + "/")
    if attribute(phone, "html", "lang") != language:
        phone.tap(f"nav.langs a[lang={language}]")
        wait_for(phone, "l => document.documentElement.lang === l && document.readyState === 'complete'",
                 language, what=f"the page in {language}")


def seat(table: Table, language: str) -> None:
    """The home page in `language`, then a table of three seated by taps."""
    scorer = table.scorer
    speak(scorer, table.base, language)
    table.fits("the home page")
    sit_down_on(scorer, table.taps, table.base, hm.SLUG, NAMES)
    assert count(scorer, "input[name=first_leader][value='0']:checked") == 1
    table.fits("the seating form")
    table.taps.tap(scorer, START)
    wait_for_selector(scorer, expecting(0))
    assert attribute(scorer, "html", "lang") == language
    table.game = scorer.run("() => location.pathname")
    table.fits("the game's first screen")


def open_viewer(table: Table) -> None:
    """The viewer's link from the invite page, opened on the second phone."""
    table.scorer.tap("#panel .actions a[href$='/share']")
    wait_for_selector(table.scorer, "a.link#link-viewer")
    link = text(table.scorer, "a.link#link-viewer")
    assert link and link.startswith(table.base), link
    table.scorer.goto(table.base + table.game)
    wait_for_selector(table.scorer, expecting(0))
    table.viewer.goto(link)
    wait_for_selector(table.viewer, "#panel .watching")
    assert count(table.viewer, "form.picker") == 0, "the viewer is offered the picker"
    table.viewer_follows()


def wrong_then_correct(table: Table, event: Event) -> None:
    """A wrong card tapped in, then corrected from the game page: the card where it lies,
    then the right card's keys on the correction page."""
    wrong = wrong_card(hm, table.state(), table.log, event)
    table.enter(wrong)
    seq = len(table.log) - 1
    table.taps.entry += ", corrected"
    table.taps.tap(table.scorer, f"#panel a.correct-card[href$='/correct/{seq}']")
    wait_for_selector(table.scorer, "#correct form.picker")
    table.fits("the correction page")
    table.keys(str(event.payload["card"]), within="#correct")
    wait_for_selector(table.scorer, "#latest-correction")
    table.log.append(Event(CORRECT, {"seq": seq, "payload": dict(event.payload)}))
    table.taken()
    table.fits("the game page after a correction")


def through_a_stopped_server(table: Table, first: Event, second: Event, running: list[Popen[bytes]]) -> None:
    """Two cards tapped while the server is stopped wait in the outbox, drawn in place, and
    are stored once each, in order, by themselves once it is back."""
    cards = [e.payload.get("card") for e in table.log]
    _harness.kill(running[0])
    for event in (first, second):
        table.keys(str(event.payload["card"]))
    # The page's own words for two waiting ("Waiting (2)", or "2 waiting" where counts come in
    # the language's plural forms).
    waiting = wait_for(table.scorer, """() => {
        const box = document.getElementById('outbox'), w = document.getElementById('outbox-words').dataset;
        return !!box && box.textContent.replace(/\\s+/g, ' ').includes((w.countOther || w.waiting).replace('#', '2')); }""",
                       what="the outbox saying two cards wait")
    assert waiting
    wrong = waiting_in_place(table.scorer, "ol.trick li.row", "card",
                             [[str(first.payload["card"])], [str(second.payload["card"])]])
    assert wrong == [], wrong
    table.fits("the outbox while the server is stopped")
    assert stored_cards(table.db) == cards, "a card was stored while the server was stopped"
    running[0] = table.server = _harness.start_companion(table.db, table.port)
    table.log += [first, second]
    table.taken(timeout=BACK)
    wait_for(table.scorer, "() => !document.getElementById('outbox') && !document.querySelector('.outbox-waiting')",
             what="the outbox empty")
    assert stored_cards(table.db) == [e.payload.get("card") for e in table.log]


def at_the_end(table: Table, over: bool) -> None:
    """The scores shown equal the replay of the exported record (and, the game over, the
    engine's final scores), on both phones; the history marks the correction."""
    scorer, viewer = table.scorer, table.viewer
    if over:
        wait_for_selector(scorer, "section.over")
        table.fits("the game over")
    href = attribute(scorer, "#panel .actions a[href$='export.json']", "href")
    assert href, "the panel offers no record to export"
    with urllib.request.urlopen(table.base + href, timeout=10) as answer:
        record = json.loads(answer.read())
    shown = scorer.run(READ_JS)["series"]
    points = {row["number"]: row["points"] for s in shown for row in s["rows"]}
    assert 1 in points, f"the scoreboard shows no row for the game: {shown}"
    assert record_differences(points, record) == []
    if over:
        assert shown[-1]["totals"] == list(final_scores(len(NAMES), SEED)), shown
    wait_for_value(viewer, f"() => ({READ_JS})().series", shown, timeout=LIVE,
                   what="the viewer's scoreboard as the scorer's")
    assert viewer.run("() => document.documentElement.dataset.live") == "stream", "the viewer is not on the live stream"
    assert table.taps.misses == [], table.taps.misses
    scorer.goto(table.base + table.game + "/history")
    assert count(scorer, ".history > li.replaced") == 1, "the history does not mark the corrected entry"
