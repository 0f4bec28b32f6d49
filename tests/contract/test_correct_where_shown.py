"""Correcting where the card is shown, over every registered game (issue 31, goal 4): at
every step of a seeded whole game, the card entered last is a link on the scorer's game page
to its entry's correction (in the trick under way, or in the last trick, round or turn
once that is complete), and the viewer's page, loaded after the scorer's, shows the same
cards without a link and never the scorer's link."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import records, rules, store
from companion.rules.base import ABANDON, CORRECT, UNDO, Event
from tests.conftest import english_client, soup
from tests.contract.test_every_game import SLUGS
from tests.kit.pages import driver

NAMES = ("Ann", "Ben", "Cho", "Dan", "Eri", "Fay", "Gus", "Hal")


class Seated:
    """A table seated for a seeded whole game of a game (no entry made yet): its setup and
    log, the table, a scorer's and a viewer's client, and `enter`, which stores the next
    entry as a phone's would be (at the position after the last)."""

    def __init__(self, app: Flask, slug: str, seed: int) -> None:
        setup, self.log = driver(slug).random_game(seed)
        self.setup = {**setup, "players": list(NAMES[: len(setup["players"])])}
        self.table = empty_table(app, slug, self.setup)
        self.scorer, self.viewer = english_client(app), english_client(app)
        self.db = store.connect(app.config["DATABASE"])
        self.game_id = store.game_by_number(self.db, self.table.id, 1).id  # type: ignore[union-attr]
        self.entered: list[Event] = []

    def enter(self, event: Event) -> None:
        n = len(self.entered)
        with store.writing(self.db):
            store.insert_event(self.db, self.game_id, n, event.kind, dict(event.payload),
                               created=f"2026-11-22T20:{n // 60 % 60:02d}:{n % 60:02d}.{n:06d}")
        self.entered.append(event)


def empty_table(app: Flask, slug: str, setup: dict[str, Any]) -> store.TableRow:
    """A table seated for `slug` (as test_corrections_every_game seats one), no entry made yet."""
    record = {"format": records.FORMAT, "version": records.VERSION,
              "table": {"name": "Friday", "players": setup["players"], "created": "2026-11-22T20:00:00"},
              "games": [{"number": 1, "kind": slug, "setup": setup, "created": "2026-11-22T20:00:00",
                         "events": []}]}
    return records.import_table(store.connect(app.config["DATABASE"]), record)


def newest_card_entry(slug: str, log: list[Event]) -> int | None:
    """The position of the newest entry still in force that names a card (an undo takes back
    the latest entry in force), or None while none does."""
    game = rules.GAMES[slug]
    in_force: list[int] = []
    for position, event in enumerate(log):
        if event.kind == UNDO:
            in_force.pop()
        elif event.kind not in (CORRECT, ABANDON):
            in_force.append(position)
    naming = [p for p in in_force if game.names(log[p].kind, log[p].payload).cards]
    return naming[-1] if naming else None


def lies_face_down(slug: str, event: Event) -> bool:
    """Whether the cards `event` names lie face down (a share card handed out): no page
    shows them as cards while the game goes on (at its end only within each player's haul,
    counted by suit), so they are corrected from the history."""
    return rules.GAMES[slug].names(event.kind, event.payload).face_down


def card_links(client: FlaskClient, url: str, whole: bool = False) -> tuple[list[str], str]:
    """The hrefs of the cards on the game page that open a correction, and its HTML: the
    panel as htmx fetches it after each entry, or the `whole` page as a reload shows it.
    Read from the start tags alone: parsing every page of every step would take most of
    the test's time."""
    response = client.get(url, headers={} if whole else {"HX-Request": "true"})
    assert response.status_code == 200, url
    page = response.get_data(as_text=True)
    links = []
    for tag in LINK.findall(page):
        attributes = dict(ATTRIBUTE.findall(tag))
        if "correct-card" in attributes.get("class", "").split():
            links.append(html.unescape(attributes["href"]))
    if whole:  # the same links as a parser finds them
        assert links == [str(a["href"]) for a in soup(response).select("a.correct-card")], url
    return links, page


LINK = re.compile(r"<a\s[^>]*>")
ATTRIBUTE = re.compile(r'\s([\w-]+)="([^"]*)"')


@pytest.mark.parametrize("slug", SLUGS)
def test_the_card_entered_last_opens_its_correction_at_every_step(app: Flask, slug: str) -> None:
    seated = Seated(app, slug, 1)
    log, table, scorer, viewer = seated.log, seated.table, seated.scorer, seated.viewer
    missing: list[int] = []
    steps = 0
    for position, event in enumerate(log):
        seated.enter(event)
        newest = newest_card_entry(slug, log[: position + 1])
        if newest is None or lies_face_down(slug, log[newest]):
            continue
        steps += 1
        whole = steps % 10 == 1 or position == len(log) - 1
        links, _ = card_links(scorer, f"/t/{table.scorer_token}/g/1", whole)
        if not any(href.endswith(f"/correct/{newest}") for href in links):
            missing.append(position)
        shown, html = card_links(viewer, f"/t/{table.viewer_token}/g/1", whole)
        assert not shown and table.scorer_token not in html, (slug, position)
    assert steps, slug
    assert not missing, f"{slug}: {len(missing)} of {steps} steps without a link to the newest card: {missing}"


@pytest.mark.parametrize("slug", SLUGS)
def test_a_decided_part_is_drawn_for_each_role_and_each_entry(app: Flask, slug: str) -> None:
    """A decided trick or round (a part a panel might remember once drawn, as Hyper Maker's
    and Black Junky's once did under keys their templates made) is drawn per role and per
    entry, in every game: the viewer's plain cards are never
    served to the scorer, and a card taken back and entered again links to the entry that
    holds it now, not the one taken back. At every card entry of a seeded whole game the
    viewer loads first; then the entry is taken back and made again."""
    game = rules.GAMES[slug]
    seated = Seated(app, slug, 2)
    log, table, scorer, viewer = seated.log, seated.table, seated.scorer, seated.viewer
    enter, entered = seated.enter, seated.entered
    checked = 0
    for event in log:
        enter(event)
        if event.kind in (UNDO, CORRECT, ABANDON) or not game.names(event.kind, event.payload).cards \
                or lies_face_down(slug, event):
            continue
        for step in ("entered", "made again"):
            if step == "made again":
                taken_back = len(entered) - 1
                enter(Event(UNDO, {}))
                enter(event)
            shown, html = card_links(viewer, f"/t/{table.viewer_token}/g/1")
            assert not shown and table.scorer_token not in html, (slug, len(entered))
            links, _ = card_links(scorer, f"/t/{table.scorer_token}/g/1")
            assert any(href.endswith(f"/correct/{len(entered) - 1}") for href in links), (slug, step, len(entered))
            if step == "made again":
                assert not any(href.endswith(f"/correct/{taken_back}") for href in links), (slug, len(entered))
        checked += 1
    assert checked, slug
