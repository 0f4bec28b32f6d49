"""Driving a Black Junky table through the test client, as the page's forms do.

A game is planned from a real deal (準備: the 13 crosses are the deck, the other 65 cards
dealt evenly): each round the page asks for every player's cards in seat order, then the
deck's cross. `plan_game` makes such a game (players aim near 21, sometimes lay several
cards, now and then their whole hand), so a test can enter it through the page and check
the page against the engine's own adjudication.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion.rules import black_junky as bj
from companion.rules.base import Event
from tests.conftest import soup

NAMES3 = ("Aki", "Ben", "Cho")


def seat_table(client: FlaskClient, names: Sequence[str] = NAMES3, **options: Any) -> str:
    """Create a table and start its first game of Black Junky with `options` as the new-game
    form sends them (red_suits: a list of letters, bust_21: True, black_measure, crosses);
    returns the game's URL."""
    response = client.post("/tables", data={"name": "Friday", "player": list(names), "game": bj.SLUG})
    assert response.status_code == 303, response.get_data(as_text=True)
    table_url = response.location.split("/new")[0]
    form: dict[str, Any] = {"game": bj.SLUG, "red_suits": ["H", "D"]}
    for name, value in options.items():
        if value is True:
            form[name] = "on"
        elif value is not False:
            form[name] = value if isinstance(value, list) else str(value)
    response = client.post(f"{table_url}/games", data=form)
    assert response.status_code == 303, soup(response).select_one(".error")
    return str(response.location)


def hidden_fields(form) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {i["name"]: i["value"] for i in form.select("input[type=hidden]")}


def form_fields(page: BeautifulSoup, selector: str) -> dict[str, str]:
    form = page.select_one(selector)
    assert form is not None, f"the page offers no {selector}"
    return hidden_fields(form)


def _post(client: FlaskClient, url: str, data: Mapping[str, object], htmx: bool):  # type: ignore[no-untyped-def]
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"{url}/entries", data=data, headers=headers)


def lay(client: FlaskClient, url: str, cards: Sequence[str], htmx: bool = False):  # type: ignore[no-untyped-def]
    """Tick `cards` on the picker the page shows for the player it asks for, and lay them."""
    fields = form_fields(soup(client.get(url)), "form#reveal")
    return _post(client, url, {**fields, "cards": list(cards)}, htmx)


def turn(client: FlaskClient, url: str, cross: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Tap the deck's cross (its code, "X7") on the deck picker the page shows."""
    fields = form_fields(soup(client.get(url)), "form#deck")
    return _post(client, url, {**fields, "card": cross}, htmx)


@dataclass
class Round:
    plays: list[tuple[str, ...]]
    """Per seat, the cards laid (codes); () for a player with no cards left."""
    deck: str


@dataclass
class Game:
    setup: dict[str, Any]
    rounds: list[Round] = field(default_factory=list)

    def events(self) -> Iterator[Event]:
        for r in self.rounds:
            for seat, cards in enumerate(r.plays):
                yield Event("reveal", {"seat": seat, "cards": list(cards)})
            yield Event("deck", {"card": r.deck})

    def state(self, rounds: int | None = None) -> bj.State:
        """The engine's state after the first `rounds` rounds (all by default)."""
        state = bj.initial(self.setup)
        for i, event in enumerate(self.events()):
            if rounds is not None and i >= rounds * (len(self.setup["players"]) + 1):
                break
            state = bj.apply(state, event)
        return state


def _choose(rng: random.Random, hand: list[bj.Card], red: Sequence[str], rounds_left: int) -> tuple[bj.Card, ...]:
    if not hand:
        return ()
    if rounds_left <= 1:
        return tuple(hand)
    most = max(1, len(hand) - rounds_left + 1)
    best: tuple[bj.Card, ...] = (hand[0],)
    gap = 10 ** 6
    target = rng.choice((10, 12, 14))
    for _ in range(10):
        cards = tuple(rng.sample(hand, rng.randint(1, min(most, 3))))
        total = sum(-c.value if c.suit in red else c.value for c in cards)
        if abs(total - target) < gap:
            best, gap = cards, abs(total - target)
    return best


def plan_game(names: Sequence[str] = NAMES3, seed: int = 1, options: Mapping[str, Any] | None = None,
              rounds: int | None = None, empty_seats: Sequence[int] = ()) -> Game:
    """A game from a real deal with `seed`: each round every player lays cards from their own
    hand, then the deck's next cross. Seats in `empty_seats` lay their whole hand in round 1
    (so they sit out afterwards). `rounds` stops the plan early."""
    rng = random.Random(seed)
    opts = dict(options or {})
    setup = {"players": list(names), "options": opts}
    state = bj.initial(setup)
    hands, deck, _aside = bj.deal(rng, len(names))
    game = Game(setup)
    red = state.setup.red
    for number in range(state.setup.rounds if rounds is None else rounds):
        plays = []
        for seat in range(len(names)):
            if number == 0 and seat in empty_seats:
                cards = tuple(hands[seat])
            else:
                cards = _choose(rng, hands[seat], red, state.setup.rounds - number)
            for card in cards:
                hands[seat].remove(card)
            plays.append(tuple(c.code for c in cards))
        game.rounds.append(Round(plays, deck[number].code))
    return game


def enter_round(client: FlaskClient, url: str, r: Round, htmx: bool = False) -> None:
    """Each player's cards as the page asks for them; a player with none is not asked. The
    deck's last cross is not asked either: the only one left, it is turned by itself."""
    for seat, cards in enumerate(r.plays):
        if not cards:
            continue
        response = lay(client, url, cards, htmx)
        assert response.status_code in (200, 303), (seat, cards, words(soup(response).select_one(".error")))
    if soup(client.get(url)).select_one("form#deck") is None:
        return
    response = turn(client, url, r.deck, htmx)
    assert response.status_code in (200, 303), (r.deck, words(soup(response).select_one(".error")))


def words(node) -> str:  # type: ignore[no-untyped-def]
    return " ".join(node.get_text(" ").split()) if node is not None else ""


def numbers(cells) -> list[int]:  # type: ignore[no-untyped-def]
    return [int(re.sub(r"[^\d-]", "", c.get_text())) for c in cells]


def wins_shown(page: BeautifulSoup) -> list[int]:
    """The round wins per player as the wins table shows them."""
    return [int(row.select("td")[0].get_text(strip=True)) for row in page.select("#wins .counts-table tbody tr")]


def totals_shown(page: BeautifulSoup) -> list[str]:
    """The last round's totals column, as shown ("" for a player sitting out)."""
    out = []
    for row in page.select("#totals tbody tr"):
        total = row.select_one(".total")
        out.append(total.get_text(strip=True) if total else "")
    return out
