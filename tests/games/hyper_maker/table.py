"""Driving a Hyper Maker table through the test client, as the page's forms do."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from flask.testing import FlaskClient

from companion.rules import hyper_maker as hm

from tests.conftest import soup


def seat_table(client: FlaskClient, names: Sequence[str] = ("Aki", "Ben", "Cho"),
               first: int = 0, tie_winner_leads: bool = False) -> str:
    """Create a table and start its first game; returns the game's URL."""
    response = client.post("/tables", data={"name": "Friday", "player": list(names), "game": hm.SLUG})
    assert response.status_code == 303, response.get_data(as_text=True)
    table_url = response.location.split("/new")[0]
    form = {"game": hm.SLUG, "first_leader": str(first)}
    if tie_winner_leads:
        form["tie_winner_leads"] = "on"
    response = client.post(f"{table_url}/games", data=form)
    assert response.status_code == 303
    return response.location


def form_fields(page_html) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The hidden fields of the card picker as the page renders them now."""
    form = page_html.select_one("form.picker")
    assert form is not None, "the page offers no card picker"
    return {i["name"]: i["value"] for i in form.select("input[type=hidden]")}


def enter(client: FlaskClient, game_url: str, card: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Tap a card on the picker the page currently shows."""
    page = soup(client.get(game_url))
    fields = form_fields(page)
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"{game_url}/entries", data={**fields, "card": card}, headers=headers)


@dataclass
class Deal:
    hands: list[list[hm.Card]]
    masters: list[hm.Card]


def deal(players: int, seed: int) -> Deal:
    hands, pile = hm.deal(random.Random(seed), players)
    return Deal(hands, pile)


def choose(hand: list[hm.Card], master: hm.Card) -> hm.Card:
    """A legal card: the first that follows the master, else the first in hand."""
    return next((c for c in hand if hm.follows(c, master)), hand[0])


def whole_game(players: int, seed: int, first: int = 0) -> Iterator[tuple[str, int | None, hm.Card]]:
    """Yield (kind, seat, card) for a whole legal game, adjudicating with the engine as it goes."""
    d = deal(players, seed)
    state = hm.initial({"players": [f"P{i}" for i in range(players)], "first_leader": first})
    from companion.rules.base import Event

    for master in d.masters:
        yield "master", None, master
        state = hm.apply(state, Event("master", {"card": master.code}))
        for _ in range(players):
            seat = state.expected_seat
            assert seat is not None
            card = choose(d.hands[seat], master)
            d.hands[seat].remove(card)
            yield "play", seat, card
            state = hm.apply(state, Event("play", {"seat": seat, "card": card.code}))


def final_scores(players: int, seed: int, first: int = 0) -> tuple[int, ...]:
    from companion.rules.base import Event

    state = hm.initial({"players": [f"P{i}" for i in range(players)], "first_leader": first})
    for kind, seat, card in whole_game(players, seed, first):
        payload = {"card": card.code} if seat is None else {"seat": seat, "card": card.code}
        state = hm.apply(state, Event(kind, payload))
    assert state.is_over
    return state.scores


def expecting(seq: int) -> str:
    """What the page shows once entry `seq - 1` is in: the picker asking for entry `seq`, or the
    game over (a selector, the same on any engine)."""
    return f"form.picker input[name=seq][value='{seq}'], section.over"


def scoreboard_totals(page_html) -> list[int]:  # type: ignore[no-untyped-def]
    cells = page_html.select("#scoreboard tfoot td")
    return [int(re.sub(r"\D", "", c.get_text())) for c in cells]
