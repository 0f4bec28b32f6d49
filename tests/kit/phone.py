"""A phone as any browser engine's automation drives it, and what a test asks of one.

The Chromium tests drive Playwright's `Page`; the WebKit and Firefox tests drive WebKitGTK
through Selenium (tests/kit/webkit.py) and Firefox through WebDriver BiDi (tests/kit/bidi.py).
Each of these is a `Phone`: it opens an address, runs a JavaScript function in the page and
taps an element as a person does (a real pointer input, scrolled into sight first when it is
not on the screen). Everything else a test needs is written once here, on top of those
few calls, in JavaScript the three engines run alike: waiting for the page to say
something, reading it, and checking it fits a phone.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

TIMEOUT = 10.0
"""Seconds a wait gives the page (a browser under load on a shared machine is slow)."""


class Phone(Protocol):
    """A browser tab at phone size, driven by some engine's automation."""

    def goto(self, url: str) -> None:
        """Open `url` and wait until its page has loaded."""

    @property
    def url(self) -> str:
        """The address the tab shows."""

    def run(self, function: str, *args: Any) -> Any:
        """The value of the JavaScript function `function` (its source: `(a, b) => ...`)
        called in the page with `args` (JSON values); its value comes back as JSON."""

    def tap(self, selector: str) -> None:
        """A tap (the engine's own pointer input) on the first element `selector` matches,
        scrolled into sight first if it is not on the screen."""

    def type(self, selector: str, text: str) -> None:
        """Type `text` into the field `selector` matches (a tap on it, then its keys)."""


TARGETS = ("button, a, summary, select, textarea, input:not([type]), "
           "input:is([type=text], [type=number], [type=search], [type=url], [type=email], [type=tel]), "
           "label[for], label:has(input[type=radio], input[type=checkbox])")
"""What a person taps: buttons, links, the summary that opens a details, lists to choose
from, fields to type in (text and numbers), and the labels a person taps for a radio or a
checkbox, whether tied to it by `for` (the box visually hidden, the label drawn as the key)
or wrapped around it. A label around a number or text field is its caption; the field is
the target."""

SMALL_TARGETS_JS = """targets => [...document.querySelectorAll(targets)]
    .filter(e => e.checkVisibility({visibilityProperty: true}))
    .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect()])
    .filter(([, r]) => r.width < 44 || r.height < 44)
    .map(([html, r]) => `${html} ${r.width.toFixed(2)}x${r.height.toFixed(2)}`)"""
"""Each visible tap target (TARGETS, the argument) under 44 CSS px either way, with its size.
Visible: laid out (no display: none on it or above it) and not visibility: hidden, as a
picker keeps the other suits' keys in its form, out of sight."""

HORIZONTAL_SCROLL_JS = "() => document.documentElement.scrollWidth > window.innerWidth"

ELEMENT_BOX_JS = """el => {
  const r = el.getBoundingClientRect();
  const text = (el.innerText || el.value || el.getAttribute('aria-label') || el.getAttribute('title') || '')
    .replace(/\\s+/g, ' ').trim();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, scrollX: window.scrollX,
          scrollY: window.scrollY, width: window.innerWidth, height: window.innerHeight, text: text.slice(0, 60)};
}"""
"""The element's box in the viewport, the page's scroll, the viewport's size and the words on the element."""

SHOWN_BOX_JS = f"""selector => {{ const el = document.querySelector(selector);
  return el && el.checkVisibility({{visibilityProperty: true}}) ? ({ELEMENT_BOX_JS})(el) : null; }}"""
"""ELEMENT_BOX_JS of the first element `selector` matches, once it is shown (null until then:
none matches, or it is not laid out or is visibility: hidden, as a picker's keys are until
their suit is chosen)."""

SETTLED_JS = "() => document.readyState === 'complete' && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
"""The page has loaded and htmx is neither asking for nor drawing anything."""


def on_first_screen(box: dict[str, Any], width: float, height: float) -> tuple[bool, str]:
    """Whether an element's box (ELEMENT_BOX_JS) lies wholly on the first screen of `width` x
    `height` (the page unscrolled), and where it is, in words."""
    # A page wider than the phone makes the layout viewport wider than the screen: the
    # screen is the smaller of the two.
    width, height = min(box["width"], width), min(box["height"], height)
    inside = (box["scrollY"] == 0 and box["scrollX"] == 0 and box["left"] >= 0 and box["top"] >= 0
              and box["right"] <= width and box["bottom"] <= height)
    where = (f"x {round(box['left'])}-{round(box['right'])}, y {round(box['top'])}-{round(box['bottom'])}, "
             f"scrollY {round(box['scrollY'])}, screen {round(width)}x{round(height)}")
    return inside, where


def wait_for(phone: Phone, function: str, *args: Any, timeout: float = TIMEOUT, what: str = "") -> Any:
    """Ask the page `function(*args)` until it answers something truthy; that answer.
    Fails with `what` (or the function) once `timeout` seconds pass."""
    deadline = time.monotonic() + timeout
    while True:
        answer = phone.run(function, *args)
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise AssertionError(f"{what or function} still not so after {timeout:.0f} s (page {phone.url})")
        time.sleep(0.05)


def wait_for_value(phone: Phone, function: str, wanted: Any, *args: Any, timeout: float = TIMEOUT,
                   what: str = "") -> None:
    """Ask the page `function(*args)` until its answer equals `wanted` (as JSON values); fails
    with `what` and the last answer once `timeout` seconds pass."""
    deadline = time.monotonic() + timeout
    while True:
        answer = phone.run(function, *args)
        if answer == wanted:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"{what or function}: {answer} after {timeout:.0f} s, not {wanted} (page {phone.url})")
        time.sleep(0.05)


def wait_for_selector(phone: Phone, selector: str, timeout: float = TIMEOUT) -> None:
    """Something matches `selector` (in the page, seen or not)."""
    wait_for(phone, "s => document.querySelector(s) !== null", selector, timeout=timeout,
             what=f"{selector!r} in the page")


def wait_for_url(phone: Phone, ending: str, timeout: float = TIMEOUT) -> None:
    """The tab shows an address (its path and query) ending with `ending`, loaded."""
    wait_for(phone, "e => (location.pathname + location.search).endsWith(e) && document.readyState === 'complete'",
             ending, timeout=timeout, what=f"the address ending {ending!r}")


def count(phone: Phone, selector: str) -> int:
    return int(phone.run("s => document.querySelectorAll(s).length", selector))


def text(phone: Phone, selector: str) -> str | None:
    """The words of the first element `selector` matches, white space made single; None if none."""
    answer = phone.run("s => { const e = document.querySelector(s); "
                       "return e ? e.textContent.replace(/\\s+/g, ' ').trim() : null; }", selector)
    return None if answer is None else str(answer)


def attribute(phone: Phone, selector: str, name: str) -> str | None:
    answer = phone.run("(s, n) => { const e = document.querySelector(s); return e ? e.getAttribute(n) : null; }",
                       selector, name)
    return None if answer is None else str(answer)


def viewport(phone: Phone) -> tuple[int, int]:
    """The page's window as the page sees it: innerWidth x innerHeight."""
    width, height = phone.run("() => [window.innerWidth, window.innerHeight]")
    return int(width), int(height)


def phone_unfriendly(phone: Phone) -> list[str]:
    """What makes the page unfit for a phone: a horizontal scroll, and each visible tap target
    under 44 CSS px either way (empty when it fits)."""
    wait_for(phone, SETTLED_JS, what="the page settled")
    found = ["horizontal scroll"] if phone.run(HORIZONTAL_SCROLL_JS) else []
    return found + list(phone.run(SMALL_TARGETS_JS, TARGETS))


@dataclass
class Taps:
    """The taps made on one phone, and each whose target was not on the first screen."""

    width: int
    height: int
    made: int = 0
    misses: list[str] = field(default_factory=list)
    entry: str = ""
    """The entry being made (set by the test), named with a miss."""
    excuse: str = ""
    """Why a miss is noted apart now (set by the test; empty: a miss counts)."""
    excused: list[str] = field(default_factory=list)

    def tap(self, phone: Phone, selector: str) -> None:
        """Tap `selector` once it is shown, as a person would, noting whether it was on the
        first screen."""
        box = wait_for(phone, SHOWN_BOX_JS, selector, what=f"{selector!r} shown, to tap")
        inside, where = on_first_screen(box, self.width, self.height)
        if not inside:
            miss = f"{self.entry}: {box['text'] or selector!r} at {where}"
            (self.excused if self.excuse else self.misses).append(f"{miss} ({self.excuse})" if self.excuse else miss)
        self.made += 1
        phone.tap(selector)

    def taps(self, phone: Phone, selectors: Sequence[str]) -> None:
        for selector in selectors:
            self.tap(phone, selector)
