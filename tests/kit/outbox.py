"""What a waiting entry looks like in place (issue 32): the outbox draws a waiting card where
the panel will draw it once stored (data-outbox-slot), as a copy of the key it was entered
with, marked waiting for the eye (the class) and for screen readers (the words). And the
table's server out of a page's reach for a while (`Outage`), two ways (issue 47)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from playwright.sync_api import Locator, Page, Route, expect

WAITING_WORDS = "(waiting to be sent)"


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
        key = page.locator(f"#panel [name='{field}'][value='{value}']:not([type=hidden])").first
        label = key if key.evaluate("k => k.tagName") == "BUTTON" else key.locator("xpath=ancestor::label[1]")
        drawn = label.evaluate("k => Array.from(k.childNodes).filter(n => n.nodeName !== 'INPUT')"
                               ".map(n => n.textContent).join('')")
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


def stored_cards(db: Path) -> list[str]:
    """The cards stored at the tables of the database at `db`, in log order."""
    conn = sqlite3.connect(db)
    try:
        return [row[0] for row in conn.execute(
            "select json_extract(payload, '$.card') from events order by game_id, seq")]
    finally:
        conn.close()
