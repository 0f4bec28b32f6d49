"""Driving a King's Trick table through the test client, as the page's forms do.

A game is planned with the engine (tests/games/kings_trick/test_random.py deals real hands
and plays them); each entry is then tapped on the page: a card of the trick on the play
picker, a card of the draft on the draft picker, an アガリ answer on the asked player's form.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from flask.testing import FlaskClient

from companion.rules import kings_trick as kt
from companion.rules.base import Event
from tests.conftest import soup

NAMES3 = ("Aki", "Ben", "Cho")
NAMES4 = ("Aki", "Ben", "Cho", "Dan")
NAMES5 = ("Aki", "Ben", "Cho", "Dan", "Eve")
NAMES6 = ("Aki", "Ben", "Cho", "Dan", "Eve", "Fay")


def seat_table(client: FlaskClient, names: Sequence[str] = NAMES4, first: int = 0,
               options: Mapping[str, str] | None = None) -> str:
    """Create a table and start its first game with the options' form fields; the game's URL."""
    response = client.post("/tables", data={"name": "Friday", "player": list(names), "game": kt.SLUG})
    assert response.status_code == 303, response.get_data(as_text=True)
    table_url = response.location.split("/new")[0]
    form = {"game": kt.SLUG, "first_leader": str(first), **(options or {})}
    response = client.post(f"{table_url}/games", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return response.location


def hidden_fields(form) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {i["name"]: i["value"] for i in form.select("input[type=hidden]")}


def form_fields(page_html, selector: str = "form.picker") -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The hidden fields of a form as the page renders it now."""
    form = page_html.select_one(selector)
    assert form is not None, f"the page offers no {selector}"
    return hidden_fields(form)


def _post(client: FlaskClient, game_url: str, data: Mapping[str, object], htmx: bool):  # type: ignore[no-untyped-def]
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"{game_url}/entries", data=data, headers=headers)


def tap(client: FlaskClient, game_url: str, card: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Tap a card on the picker the page shows now (a card of the trick, or of the draft)."""
    fields = form_fields(soup(client.get(game_url)))
    return _post(client, game_url, {**fields, "card": card}, htmx)


def answer(client: FlaskClient, game_url: str, seat: int, declare: bool, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Tap "agari" or "pass" on the form of the asked player in `seat`."""
    fields = form_fields(soup(client.get(game_url)), f"form#agari-{seat}")
    return _post(client, game_url, {**fields, "kind": "declare" if declare else "pass"}, htmx)


def enter(client: FlaskClient, game_url: str, event: Event, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Enter one planned entry through the page."""
    if event.kind in ("play", "pick"):
        return tap(client, game_url, str(event.payload["card"]), htmx)
    return answer(client, game_url, int(event.payload["seat"]), event.kind == "declare", htmx)


def setup_of(names: Sequence[str], first: int = 0, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    return {"players": list(names), "first_leader": first, "options": dict(options or {})}


def plan(setup: dict[str, Any], seed: int, declare: float = 1.0, stop=None) -> tuple[list[Event], kt.State]:  # type: ignore[no-untyped-def]
    """A whole game with the engine: real hands dealt with `seed`, random cards and picks, and
    at each アガリ question a declaration with probability `declare`. `stop(state)` ends early."""
    rng = random.Random(seed)
    n = len(setup["players"])
    state = kt.initial(setup)
    hands = [[c.code for c in hand] for hand in kt.deal(rng, n, state.setup.removed)]
    log: list[Event] = []
    while not state.is_over and not (stop and stop(state)):
        seat = state.expected_seat
        assert seat is not None
        if state.phase == kt.PLAY:
            code = rng.choice(hands[seat])
            hands[seat].remove(code)
            event = Event("play", {"seat": seat, "card": code})
        elif state.phase == kt.DRAFT:
            event = Event("pick", {"seat": seat, "card": rng.choice(state.pool).code})
        else:
            event = Event("declare" if rng.random() < declare else "pass", {"seat": seat})
        state = kt.apply(state, event)
        log.append(event)
    return log, state


def replayed(setup: dict[str, Any], log: Sequence[Event]) -> kt.State:
    state = kt.initial(setup)
    for event in log:
        state = kt.apply(state, event)
    return state


def scoreboard_totals(page_html) -> list[int]:  # type: ignore[no-untyped-def]
    cells = page_html.select("#scoreboard tfoot td")
    return [int(re.sub(r"\D", "", c.get_text())) for c in cells]
