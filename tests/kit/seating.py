"""Sitting down in a browser as a person does: the home page's tile for the game, then the names.

`sit_down(page, base, slug, names)` taps the game's tile, taps "Add a player" until there is a
field for every name, types the names (typing is not counted as taps), and waits until the
form has been drawn again for them (the start question names them, the options are those for
this many players). It leaves the page on the seating form, Start not yet tapped: the caller
checks what it wants, chooses, and taps Start (`button.primary[type=submit]`).
Every tap goes through tests/kit/measure.py's `tap`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, Response, expect

from tests.kit import measure

SETTLED = "() => document.querySelector('#game-setup') !== null && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
"""No redraw of the form under way (htmx marks what it is requesting and swapping)."""


def sit_down(page: Page, base: str, slug: str, names: Sequence[str]) -> None:
    """From the home page to the seating form of `slug` with `names` typed in, in seat order."""
    page.goto(base + "/")
    measure.tap(page, f"a.game-tile[href='/seat/{slug}']")
    page.wait_for_url(re.compile(rf"/seat/{re.escape(slug)}$"))
    fields = page.locator("form#seating input[name=player]")
    while fields.count() < len(names):
        before = fields.count()
        measure.tap(page, "button.add-seat")
        expect(fields).to_have_count(before + 1)
    wanted = list(names) + [""] * (fields.count() - len(names))

    def drawn_for_all(response: Response) -> bool:
        query = parse_qs(urlsplit(response.url).query, keep_blank_values=True)
        return f"/seat/{slug}" in response.url and query.get("player", []) == wanted

    with page.expect_response(drawn_for_all):
        for i, name in enumerate(names):
            fields.nth(i).fill(name)
    page.wait_for_function(SETTLED)
