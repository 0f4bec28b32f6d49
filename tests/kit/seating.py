"""Sitting down in a browser as a person does: the home page's tile for the game, then the names.

`sit_down(page, base, slug, names)` taps the game's tile, taps "Add a player" until there is a
field for every name, types the names (typing is not counted as taps), and waits until the
form has been drawn again for them (the start question names them, the options are those for
this many players). It leaves the page on the seating form, Start not yet tapped: the caller
checks what it wants, chooses, and taps Start (`START`).
Every tap goes through tests/kit/measure.py's `tap`. `sit_down_on` does the same on any
engine's phone (tests/kit/phone.py), with the same selectors.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, Response, expect

from tests.kit import measure
from tests.kit.phone import Phone, Taps, count, wait_for, wait_for_url

SETTLED = "() => document.querySelector('#game-setup') !== null && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
"""No redraw of the form under way (htmx marks what it is requesting and swapping)."""
FIELDS = "form#seating input[name=player]"
ADD_SEAT = "button.add-seat"
START = "form#seating button.primary[type=submit]"
DRAWN_FOR_JS = f"""names => ({SETTLED})() && JSON.stringify(
    [...document.querySelectorAll('#start-question label.chip')].map(c => c.textContent.trim())) === JSON.stringify(names)"""
"""The form has been drawn again for `names`: its start question names each, in seat order,
and nothing is being drawn (a game that asks no start question is not seated this way)."""


def tile(slug: str) -> str:
    """The home page's tile for the game `slug`."""
    return f"a.game-tile[href='/seat/{slug}']"


def field(n: int) -> str:
    """The name field of seat `n` (from 0)."""
    return f"form#seating fieldset.names label.seat:nth-of-type({n + 1}) input[name=player]"


def sit_down(page: Page, base: str, slug: str, names: Sequence[str]) -> None:
    """From the home page to the seating form of `slug` with `names` typed in, in seat order."""
    page.goto(base + "/")
    measure.tap(page, tile(slug))
    page.wait_for_url(re.compile(rf"/seat/{re.escape(slug)}$"))
    fields = page.locator(FIELDS)
    while fields.count() < len(names):
        before = fields.count()
        measure.tap(page, ADD_SEAT)
        expect(fields).to_have_count(before + 1)
    wanted = list(names) + [""] * (fields.count() - len(names))

    def drawn_for_all(response: Response) -> bool:
        query = parse_qs(urlsplit(response.url).query, keep_blank_values=True)
        return f"/seat/{slug}" in response.url and query.get("player", []) == wanted

    with page.expect_response(drawn_for_all):
        for i, name in enumerate(names):
            fields.nth(i).fill(name)
    page.wait_for_function(SETTLED)


def sit_down_on(phone: Phone, taps: Taps, base: str, slug: str, names: Sequence[str]) -> None:
    """`sit_down` on any engine's phone (tests/kit/phone.py): from the home page to the
    seating form of `slug` with `names` typed in, drawn again for them, Start not yet tapped."""
    phone.goto(base + "/")
    taps.tap(phone, tile(slug))
    wait_for_url(phone, f"/seat/{slug}")
    while count(phone, FIELDS) < len(names):
        before = count(phone, FIELDS)
        taps.tap(phone, ADD_SEAT)
        wait_for(phone, "(s, n) => document.querySelectorAll(s).length === n", FIELDS, before + 1,
                 what=f"{before + 1} name fields")
    for i, name in enumerate(names):
        phone.type(field(i), name)  # typing is not counted as taps
    wait_for(phone, DRAWN_FOR_JS, list(names), what=f"the start question naming {list(names)}")
