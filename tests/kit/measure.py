"""Taps counted as a person makes them, and the ones a person would first have to scroll for.

Every tap of a browser test goes through `tap(page, target)`: it records the tap in the
page's recorder (`recorder(page)`), and records it as *scroll-needed* when the target's
box is not wholly inside the first screen at that moment: inside 0..width and 0..height
of the viewport with the page unscrolled (window.scrollY == 0). A scroll-needed target is
then scrolled into view and tapped anyway, so a whole game goes on and the test reports
every miss, not only the first.

The test marks where each entry begins (`recorder(page).begin(label)`); the recorder then
gives the taps of each entry and the scroll-needed taps with their entry and the target's
text. `assert_unscrolled(page)` after an entry holds that the page is back at the top
(`unscrolled(page)` records it instead, for a test that lists every miss at its end).
`off_the_first_screen(page, *selectors)` names those of what a person reads before tapping
(the prompt, Undo) that are not on the first screen.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.kit.phone import ELEMENT_BOX_JS, on_first_screen

SETTLE = 1000
"""How long (ms) a page may take after an entry's answer to come back to the top: the
scroll reset runs on htmx's swap events, a frame or two after the new panel is in."""


@dataclass
class Miss:
    """A tap whose target was not on the first screen: the entry it was part of and its words."""

    entry: str
    text: str
    where: str
    """The target's box and the page's scroll when it was wanted ("y 655-699, scrollY 0")."""

    def __str__(self) -> str:
        return f"{self.entry}: {self.text!r} at {self.where}"


@dataclass
class Entry:
    """One entry as it was tapped in: its label (set by the test), its taps and how it went in."""

    label: str
    taps: int = 0
    misses: list[Miss] = field(default_factory=list)
    by_form: bool = False
    """Submitted from script rather than tapped (a picker the kit does not tap yet)."""
    scrolled: int = 0
    """window.scrollY after the entry, when the page stayed scrolled (0 when it came back)."""


@dataclass
class Recorder:
    """The taps made on one page, entry by entry."""

    entries: list[Entry] = field(default_factory=list)

    def begin(self, label: str) -> Entry:
        """Mark the start of an entry: the taps that follow count for it."""
        self.entries.append(Entry(label))
        return self.entries[-1]

    @property
    def current(self) -> Entry:
        if not self.entries:
            self.begin("(before the first entry)")
        return self.entries[-1]

    @property
    def taps(self) -> int:
        return sum(e.taps for e in self.entries)

    @property
    def scroll_needed(self) -> list[Miss]:
        """Every tap whose target lay outside the unscrolled first screen, in order."""
        return [m for e in self.entries for m in e.misses]

    def taps_per_entry(self) -> list[tuple[str, int]]:
        return [(e.label, e.taps) for e in self.entries]


_recorders: weakref.WeakKeyDictionary[Page, Recorder] = weakref.WeakKeyDictionary()


def recorder(page: Page) -> Recorder:
    """The page's recorder (made on first use, gone with the page)."""
    if page not in _recorders:
        _recorders[page] = Recorder()
    return _recorders[page]


def located(page: Page, target: Locator | str) -> Locator:
    """A selector as page.click takes it (its first match), or a locator as it is."""
    return page.locator(target).first if isinstance(target, str) else target


def first_screen(page: Page, target: Locator) -> tuple[bool, str, str]:
    """Whether `target` lies wholly on the first screen now, its words, and where it is."""
    box = target.evaluate(ELEMENT_BOX_JS)
    size = page.viewport_size or {"width": box["width"], "height": box["height"]}
    inside, where = on_first_screen(box, size["width"], size["height"])
    return inside, str(box["text"]), where


TAP_JS = f"""el => {{
  if (!el.checkVisibility({{visibilityProperty: true}})) return null;
  const box = ({ELEMENT_BOX_JS})(el);
  const x = (box.left + box.right) / 2, y = (box.top + box.bottom) / 2;
  const hit = x >= 0 && y >= 0 && x < box.width && y < box.height ? document.elementFromPoint(x, y) : null;
  return {{...box, x, y, hit: !!hit && (hit === el || el.contains(hit))}};
}}"""
"""ELEMENT_BOX_JS of a shown element, with the middle of its box and whether a tap there
reaches it (nothing covers it there); null while it is not shown."""


def tap(page: Page, target: Locator | str) -> None:
    """Tap `target` as a person would, recording the tap (and whether it needed a scroll first).

    The tap lands in the middle of the target's box, as a finger does, once the target is
    shown; where something else would take a tap there (an overlay, a key still moving),
    Playwright's click waits until the target itself would, and fails if it never does. One
    question to the page and one tap, instead of Playwright's checks before every click:
    a whole evening is a thousand taps."""
    element = located(page, target)
    box = element.evaluate(TAP_JS)
    if box is None:
        element.wait_for(state="visible")
        box = element.evaluate(TAP_JS)
    size = page.viewport_size or {"width": box["width"], "height": box["height"]}
    inside, where = on_first_screen(box, size["width"], size["height"])
    entry = recorder(page).current
    entry.taps += 1
    if not inside:
        entry.misses.append(Miss(entry.label, box["text"] or str(target), where))
        element.scroll_into_view_if_needed()
        box = element.evaluate(TAP_JS)
    if box is not None and box["hit"]:
        page.mouse.click(box["x"], box["y"])
    else:
        element.click()


def fill(page: Page, target: Locator | str, text: str) -> None:
    """Type `text` into a field: a tap on the field, then a tap per key."""
    element = located(page, target)
    tap(page, element)
    recorder(page).current.taps += len(text)
    element.fill(text)


def by_form(page: Page) -> None:
    """Record that the current entry was submitted from script, not tapped."""
    recorder(page).current.by_form = True


def unscrolled(page: Page) -> bool:
    """Whether the page is back at the top after an entry (recorded on the entry if not)."""
    try:
        # A function, not an expression: a page whose Content-Security-Policy forbids eval
        # (the app's does) refuses an expression string.
        page.wait_for_function("() => window.scrollY === 0 && window.scrollX === 0", timeout=SETTLE)
        return True
    except PlaywrightTimeout:  # the page stayed scrolled
        recorder(page).current.scrolled = round(page.evaluate("window.scrollY")) or 1
        return False


def assert_unscrolled(page: Page) -> None:
    """The page is at the top after an entry (window.scrollY == 0)."""
    assert unscrolled(page), f"{recorder(page).current.label}: the page stayed scrolled " \
                             f"(scrollY {page.evaluate('window.scrollY')})"


def off_the_first_screen(page: Page, *selectors: str) -> list[str]:
    """Those of `selectors` (the prompt, Undo ...) that are not wholly on the first screen now,
    each with where it is; a selector that matches nothing shown is listed as missing."""
    missed = []
    for selector in selectors:
        shown = page.locator(f"{selector} >> visible=true")
        if shown.count() == 0:
            missed.append(f"{selector}: not shown")
            continue
        inside, text, where = first_screen(page, shown.first)
        if not inside:
            missed.append(f"{selector} {text!r} at {where}")
    return missed
