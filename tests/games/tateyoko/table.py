"""Driving a Tateyoko table through the test client, as the page's forms do.

A card laid is tapped as a person taps it: the page offers only the cards that fit somewhere,
each with its spots; a card that fits one spot is laid there by its key, one that fits several
opens their list and a spot is tapped. Pass and done are one tap each; a hand at the end is a
count per suit (or the cards ticked). Whole games are
planned by the seeded table of tests/games/tateyoko/driver.py (real hands, legal plays).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from flask.testing import FlaskClient

from companion.rules import tateyoko as ty
from companion.rules.base import Event
from tests.conftest import soup
from tests.games.tateyoko import driver

NAMES3 = ("Aki", "Ben", "Cho")
NAMES4 = ("Aki", "Ben", "Cho", "Dan")
EXAMPLE = ("Alice", "Betty", "Catherine", "Dolly", "Elsa")
"""The rulebook's example: Alice to Elsa, seats 0 to 4."""


def words(node) -> str:  # type: ignore[no-untyped-def]
    return " ".join(node.get_text(" ").split())


def seat_table(client: FlaskClient, names: Sequence[str] = NAMES4, first: int = 0,
               options: Mapping[str, str] | None = None) -> str:
    """Create a table and start its first game with the options' form fields; the game's URL."""
    response = client.post("/tables", data={"name": "Friday", "player": list(names), "game": ty.SLUG})
    assert response.status_code == 303, response.get_data(as_text=True)
    table_url = response.location.split("/new")[0]
    form = {"game": ty.SLUG, "first_leader": str(first), "match_limit": "-20", **(options or {})}
    response = client.post(f"{table_url}/games", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return response.location


def hidden_fields(form) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {i["name"]: i["value"] for i in form.select("input[type=hidden]")}


def form_fields(page_html, selector: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    form = page_html.select_one(selector)
    assert form is not None, f"the page offers no {selector}"
    return hidden_fields(form)


def _post(client: FlaskClient, url: str, data: Mapping[str, object], htmx: bool):  # type: ignore[no-untyped-def]
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"{url}/entries", data=data, headers=headers)


def start(client: FlaskClient, url: str, card: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    """The starting card: its suit tab, then its rank."""
    page = soup(client.get(url))
    form = page.select_one("form#start")
    assert form is not None and form.select_one(f"button[name=card][value={card}]") is not None
    return _post(client, url, {**hidden_fields(form), "card": card}, htmx)


def ordered(spots) -> list[str]:  # type: ignore[no-untyped-def]
    """Spots ("x,y", or elements carrying one as their value or text) by x, then y, as the engine sorts them."""
    texts = [s if isinstance(s, str) else s.get("value") or s.get_text() for s in spots]
    return sorted(texts, key=lambda t: tuple(int(n) for n in t.split(",")))


def offered(page_html, card: str) -> list[str]:  # type: ignore[no-untyped-def]
    """The spots the picker offers `card` (by x then y): one on its own key, several in the list
    its key opens; none when it fits nowhere (its key struck out) or the page offers no card."""
    form = page_html.select_one("form#lay")
    if form is None:
        return []
    one = form.select_one(f"button[name=at][data-card={card}]")
    if one is not None:
        return [one["value"].split("@")[1]]
    return ordered(form.select(f".spots[data-spots-of={card}] button[name=spot]"))


def highlighted(client: FlaskClient, url: str, card: str) -> list[str]:
    """The spots the page offers `card` now, by x then y."""
    return offered(soup(client.get(url)), card)


def lay(client: FlaskClient, url: str, spot: str, card: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    """A card laid as tapped: its key (a card that fits one spot is laid there by it), or its key
    and then the spot in the list it opens."""
    form = soup(client.get(url)).select_one("form#lay")
    assert form is not None, "the page offers no card"
    one = form.select_one(f"button[name=at][data-card={card}]")
    if one is not None:
        assert one["value"] == f"{card}@{spot}", f"{card} fits {one['value']} only"
        return _post(client, url, {**hidden_fields(form), "at": one["value"]}, htmx)
    assert form.select_one(f".spots[data-spots-of={card}] button[name=spot][value='{spot}']") is not None, \
        f"{spot} is not offered for {card}"
    return _post(client, url, {**hidden_fields(form), "card": card, "spot": spot}, htmx)


def lay_anyway(client: FlaskClient, url: str, spot: str, card: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    """A card and a spot sent with the page's lay form whether or not the page offers them (a
    form made by hand, or a page left open while the table moved on): the engine decides."""
    page = soup(client.get(url))
    form = page.select_one("form#lay") or page.select_one("form#pass") or page.select_one("form#done")
    assert form is not None
    return _post(client, url, {**hidden_fields(form), "kind": "lay", "card": card, "spot": spot}, htmx)


def done(client: FlaskClient, url: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    return _post(client, url, form_fields(soup(client.get(url)), "form#done"), htmx)


def pass_(client: FlaskClient, url: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    return _post(client, url, form_fields(soup(client.get(url)), "form#pass"), htmx)


def hand(client: FlaskClient, url: str, counts: Mapping[str, int] | None = None,
         cards: Sequence[str] | None = None, htmx: bool = False):  # type: ignore[no-untyped-def]
    """The awaited player's hand: counts per suit typed in, or the cards ticked."""
    page = soup(client.get(url))
    if cards is not None:
        form = page.select_one("form#hand-cards")
        assert form is not None
        return _post(client, url, {**hidden_fields(form), "cards": list(cards)}, htmx)
    form = page.select_one("form#hand")
    assert form is not None
    typed = {f"count_{s}": str(n) for s, n in (counts or {}).items()}
    return _post(client, url, {**hidden_fields(form), **typed}, htmx)


def went_out(client: FlaskClient, url: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Scores only: the awaited player went out (one tap)."""
    return _post(client, url, form_fields(soup(client.get(url)), "form#went-out"), htmx)


def enter(client: FlaskClient, url: str, event: Event, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Enter one planned entry through the page, as its taps."""
    p = event.payload
    if event.kind == "start":
        return start(client, url, str(p["card"]), htmx)
    if event.kind == "lay":
        return lay(client, url, f"{p['x']},{p['y']}", str(p["card"]), htmx)
    if event.kind == "done":
        return done(client, url, htmx)
    if event.kind == "pass":
        return pass_(client, url, htmx)
    assert event.kind == "hand"
    page = soup(client.get(url))
    fields = form_fields(page, "form#hand")
    assert fields["seat"] == str(p["seat"]), "the page asks for the hands in seat order"
    if "cards" in p:
        return hand(client, url, cards=list(p["cards"]), htmx=htmx)
    return hand(client, url, counts=dict(p["counts"]), htmx=htmx)


def plan(seed: int, players: int, scores_only: bool = False, pass_rate: float = 0.1) -> tuple[dict[str, Any], list[Event]]:
    """A whole game of the seeded table (real hands, legal plays, no undo), its hands entered in
    seat order (as the page asks for them)."""
    run = driver.play(seed, players=players, scores_only=scores_only, undo_rate=0.0, pass_rate=pass_rate)
    log = [e for e in run.log if e.kind != "hand"]
    hands = sorted((e for e in run.log if e.kind == "hand"), key=lambda e: int(e.payload["seat"]))
    return run.table.setup, log + hands


def replayed(setup: Mapping[str, Any], log: Sequence[Event]) -> ty.State:
    state = ty.initial(dict(setup))
    for event in log:
        state = ty.apply(state, event)
    return state


def scoreboard_totals(page_html) -> list[int]:  # type: ignore[no-untyped-def]
    cells = page_html.select("#scoreboard tfoot td")
    return [int(re.sub(r"[^\d-]", "", c.get_text().replace("−", "-"))) for c in cells]
