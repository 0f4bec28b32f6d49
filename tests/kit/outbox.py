"""What a waiting entry looks like in place (issue 32): the outbox draws a waiting card where
the panel will draw it once stored (data-outbox-slot), as a copy of the key it was entered
with, marked waiting for the eye (the class) and for screen readers (the words). And the
table's server out of a page's reach for a while (`Outage`), two ways (issue 47).

`expect_waiting_in_place` checks it through Playwright; `waiting_in_place` reads it on any
engine's phone (tests/kit/phone.py); both read the keys with the same script. `stored_cards`
reads the cards a table's log holds from its database file."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, Route, expect

from tests.kit.phone import Phone

WAITING_WORDS = "(waiting to be sent)"

KEY_WORDS_JS = """([field, value]) => {
  const key = document.querySelector(`#panel [name='${field}'][value='${value}']:not([type=hidden])`);
  if (!key) return null;
  const label = key.tagName === 'BUTTON' ? key : key.closest('label');
  return Array.from(label.childNodes).filter(n => n.nodeName !== 'INPUT').map(n => n.textContent).join('');
}"""
"""The words the picker draws on the key for `value` of `field` (a button, or the label of a
box), its box left out; null when the panel has no such key."""

WAITING_JS = """place => [...document.querySelectorAll(place)].flatMap(p => [...p.querySelectorAll('.outbox-waiting')]
  .concat(p.matches('.outbox-waiting') ? [p] : [])).map(w => ({
    cards: [...w.querySelectorAll('.outbox-card')].map(c => c.textContent.replace(/\\s+/g, ' ').trim()),
    said: ([...w.querySelectorAll('.sr-only')].pop() || {textContent: ''}).textContent.trim()}))"""
"""Each waiting entry drawn in the places `place` matches, in order: the words of its cards,
and the last words it says to screen readers."""


def words(text: str | None) -> str:
    return re.sub(r"\s+", " ", text or "").strip()


def expect_waiting_in_place(page: Page, place: Locator, field: str, *values: str) -> None:
    """`place` (a row, say) holds one waiting entry showing the keys of `field` = each value,
    in order, as the picker shows them, and says it waits."""
    waiting = place.locator(".outbox-waiting")
    expect(waiting).to_have_count(1)
    shown = waiting.locator(".outbox-card")
    expect(shown).to_have_count(len(values))
    for n, value in enumerate(values):
        drawn = page.evaluate(KEY_WORDS_JS, [field, value])
        assert drawn is not None, f"the panel has no key for {field}={value}"
        expect(shown.nth(n)).to_contain_text(words(drawn))
    expect(waiting.locator(".sr-only").last).to_have_text(WAITING_WORDS)


ABORT_ALL = "**/*"
LIVE = "**/live"


class Outage:
    """The table's server out of a page's reach for a while, one of two ways:
    - "wifi": the phone's network drops (the browser says it is offline, and drops its
      connections, the live stream's too);
    - "server": the server stops answering while the phone's network stays up (every request
      refused). Such a page is kept without the live stream from the start (`prepare`), as a
      browser or a server without it is: it asks for its panel once a second, and those asks
      fail once the server is gone (an open stream would go on hearing the server).
    """

    def __init__(self, page: Page, way: str) -> None:
        assert way in ("wifi", "server"), way
        self.page = page
        self.way = way
        self.down = False

    @staticmethod
    def _refuse(route: Route) -> None:
        route.abort()

    def prepare(self) -> None:
        """Before the page is opened: for "server", no live stream (see above)."""
        if self.way == "server":
            self.page.route(LIVE, self._refuse)

    def start(self) -> None:
        self.down = True
        if self.way == "wifi":
            self.page.context.set_offline(True)
        else:
            self.page.route(ABORT_ALL, self._refuse)

    def end(self) -> None:
        self.down = False
        if self.way == "wifi":
            self.page.context.set_offline(False)
        else:
            self.page.unroute(ABORT_ALL, self._refuse)


PICKER_AHEAD_JS = """() => {
  const p = document.getElementById('panel');
  const form = p && (p.querySelector('form.picker[data-outbox]') || p.querySelector('form[data-outbox]:not(.inline)'));
  if (!form) return -1;
  if (form.dataset.outboxStopped === '1') return -1;
  return JSON.parse(form.dataset.outboxAhead || '[]').length;
}"""


def picker_ahead(page: Page) -> int:
    """How many entries past the next the panel's picker takes without the table's answer
    (its data-outbox-ahead, as the outbox reads it); -1 when it takes none now (no picker, or
    it waits for the table's answer)."""
    return int(page.evaluate(PICKER_AHEAD_JS))


def waiting_in_place(phone: Phone, place: str, field: str, values: list[list[str]]) -> list[str]:
    """What is wrong with the waiting entries drawn in `place` (empty when nothing is): one
    waiting entry for each list of `values`, in order, each showing the keys of `field` for
    its values as the picker draws them, and saying it waits in the page's own words."""
    said = phone.run("() => document.getElementById('outbox-words').dataset.waitingCard")
    shown: list[dict[str, Any]] = phone.run(WAITING_JS, place)
    wrong = []
    if len(shown) != len(values):
        wrong.append(f"{len(shown)} waiting entries in {place!r}, not {len(values)}: {shown}")
    for entry, wanted in zip(shown, values):
        drawn = [words(phone.run(KEY_WORDS_JS, [field, value])) for value in wanted]
        if len(entry["cards"]) != len(drawn) or not all(d in c for d, c in zip(drawn, entry["cards"])):
            wrong.append(f"a waiting entry shows {entry['cards']}, its keys read {drawn}")
        if entry["said"] != words(said):
            wrong.append(f"a waiting entry says {entry['said']!r} to screen readers, not {said!r}")
    return wrong


def stored_cards(db: Path) -> list[str]:
    """The cards stored at the table, in log order."""
    conn = sqlite3.connect(db)
    try:
        return [row[0] for row in conn.execute(
            "select json_extract(payload, '$.card') from events order by game_id, seq")]
    finally:
        conn.close()
