"""Driving a Saizen table through the test client, as the page's forms do.

A game is planned with the engine's seeded driver (tests/games/saizen/driver.py deals a real
deck and plays the hands it dealt); each entry is then tapped on the page: a chip on the
suit's column of the chip picker (or "pass"), a card on the play picker, the suit a joker
lead names on its four keys.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from flask.testing import FlaskClient

from companion.rules import saizen as sz
from companion.rules.base import UNDO, Event
from tests.conftest import soup
from tests.games.saizen import driver

NAMES2 = ("Aki", "Ben")
NAMES3 = ("Aki", "Ben", "Cho")
NAMES4 = ("Aki", "Ben", "Cho", "Dan")
NAMES6 = ("Aki", "Ben", "Cho", "Dan", "Eve", "Fay")


def form_options(**options: Any) -> dict[str, str]:
    """The fields the new-game form sends: every option at its default (a ticked box sends
    "on", an unticked one nothing), then `options` (booleans for the boxes)."""
    fields: dict[str, str] = {}
    for o in sz.OPTIONS:
        value = options.get(o.name, o.default)
        if isinstance(value, bool):
            if value:
                fields[o.name] = "on"
        else:
            fields[o.name] = str(value)
    return fields


def seat_table(client: FlaskClient, names: Sequence[str] = NAMES4, first: int = 0, **options: Any) -> str:
    """Create a table and start its first game through the new-game form; the game's URL."""
    response = client.post("/tables", data={"name": "Friday", "player": list(names), "game": sz.SLUG})
    assert response.status_code == 303, response.get_data(as_text=True)
    table_url = response.location.split("/new")[0]
    form = {"game": sz.SLUG, "first_leader": str(first), **form_options(**options)}
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
    """Tap a card on the play picker the page shows now (a card of the trick or of a play-off)."""
    fields = form_fields(soup(client.get(game_url)))
    assert fields["kind"] == "play", fields
    return _post(client, game_url, {**fields, "card": card}, htmx)


def flip(client: FlaskClient, game_url: str, suit: str, row: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Tap a row on the suit's column of the chip picker."""
    fields = form_fields(soup(client.get(game_url)), f"form#flip-{suit}")
    return _post(client, game_url, {**fields, "row": row}, htmx)


def pass_chip(client: FlaskClient, game_url: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Tap "passes: no chip"."""
    return _post(client, game_url, form_fields(soup(client.get(game_url)), "form#pass"), htmx)


def name_suit(client: FlaskClient, game_url: str, suit: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Tap the suit a joker lead names."""
    return _post(client, game_url, {**form_fields(soup(client.get(game_url)), "form#name-suit"), "suit": suit}, htmx)


def undo(client: FlaskClient, game_url: str):  # type: ignore[no-untyped-def]
    seq = form_fields(soup(client.get(game_url)), "form[action$=undo]")["seq"]
    return client.post(f"{game_url}/undo", data={"seq": seq})


def enter(client: FlaskClient, game_url: str, event: Event, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Enter one planned entry through the page."""
    p = event.payload
    if event.kind == "play":
        return tap(client, game_url, str(p["card"]), htmx)
    if event.kind == "flip":
        return flip(client, game_url, str(p["suit"]), str(p["row"]), htmx)
    if event.kind == "pass":
        return pass_chip(client, game_url, htmx)
    if event.kind == "name":
        return name_suit(client, game_url, str(p["suit"]), htmx)
    if event.kind == UNDO:
        return undo(client, game_url)
    raise AssertionError(event)


def effective(log: Sequence[Event]) -> list[Event]:
    """The entries still in force once every undo has taken back the latest one."""
    kept: list[Event] = []
    for event in log:
        if event.kind == UNDO:
            kept.pop()
        else:
            kept.append(event)
    return kept


def plan(seed: int, players: int | None = None, **options: Any) -> tuple[dict[str, Any], list[Event]]:
    """A whole game with the engine's driver (a real deal, random faces and chips, now and then
    a rule broken), names from NAMES6; `options` replace the drawn ones. Undos left out."""
    game = driver.new_game(seed, players)
    n = len(game.setup["players"])
    game.setup["players"] = list(NAMES6[:n])
    game.setup["options"].update(options)
    if "jokers" in options:
        game.sets = driver.deal(game.rng, n, game.setup["options"]["jokers"], game.setup["first_leader"])
    game.state = sz.initial(game.setup)
    driver.play_out(game)
    return game.setup, effective(game.log)


def seat_planned(client: FlaskClient, setup: Mapping[str, Any]) -> str:
    """A table seated for a planned game, with its options chosen on the new-game form."""
    return seat_table(client, setup["players"], setup["first_leader"], **setup["options"])


def replayed(setup: Mapping[str, Any], log: Sequence[Event]) -> sz.State:
    state = sz.initial(setup)
    for event in log:
        state = sz.apply(state, event)
    return state


def scoreboard_totals(page_html) -> list[int]:  # type: ignore[no-untyped-def]
    cells = page_html.select("#scoreboard tfoot td")
    return [int(re.sub(r"\D", "", c.get_text())) for c in cells]
