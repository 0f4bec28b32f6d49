"""Driving a Tateyoko table through the test client, as the page's forms do.

A card laid is tapped as a person taps it: the card first (the page comes back with the spots
it fits highlighted), then the spot; or the spot first, then the card. Pass and done are one
tap each; a hand at the end is six counts per suit (or the cards ticked). Whole games are
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


def choose(client: FlaskClient, url: str, card: str | None = None, spot: str | None = None, htmx: bool = False):  # type: ignore[no-untyped-def]
    """The first tap of a card laid: the card (its rank key) or a free spot; the page comes back
    with it chosen (the address carries it)."""
    query = {"card": card} if card else {"spot": spot}
    return client.get(url, query_string=query, headers={"HX-Request": "true"} if htmx else {})


def ordered(spots) -> list[str]:  # type: ignore[no-untyped-def]
    """Spots ("x,y", or elements carrying one as their value or text) by x, then y, as the engine sorts them."""
    texts = [s if isinstance(s, str) else s.get("value") or s.get_text() for s in spots]
    return sorted(texts, key=lambda t: tuple(int(n) for n in t.split(",")))


def highlighted(client: FlaskClient, url: str, card: str) -> list[str]:
    """The spots the page highlights once `card` is chosen, by x then y."""
    page = soup(choose(client, url, card=card))
    return ordered(page.select("form#lay button.spot.ok"))


def lay(client: FlaskClient, url: str, spot: str, card: str, htmx: bool = False, spot_first: bool = False):  # type: ignore[no-untyped-def]
    """A card laid: the card, then the spot it lies on (or the spot, then the card)."""
    if spot_first:
        page = soup(choose(client, url, spot=spot))
        form = page.select_one("form#lay")
        assert form is not None and form.select_one(f"button[name=card][value={card}]") is not None
        return _post(client, url, {**hidden_fields(form), "card": card}, htmx)
    page = soup(choose(client, url, card=card))
    form = page.select_one("form#lay")
    assert form is not None, "no card chosen"
    assert form.select_one(f"button[name=spot][value='{spot}']") is not None, f"{spot} is not offered"
    return _post(client, url, {**hidden_fields(form), "spot": spot}, htmx)


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
