"""What a waiting entry looks like in place (issue 32): the outbox draws a waiting card where
the panel will draw it once stored (data-outbox-slot), as a copy of the key it was entered
with, marked waiting for the eye (the class) and for screen readers (the words)."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

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
