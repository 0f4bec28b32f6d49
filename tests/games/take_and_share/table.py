"""Driving a Take & Share table through the test client, as the page's forms do.

A game is made up as the table would play it: the deck of the player count shuffled and
dealt, the share cards entered first, every player following suit whenever they can (so no
revoke unless asked for), and after each trick the share handed out one card at a time in
the order the page asks about them, each to a player the seeded random table picks.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from flask.testing import FlaskClient

from companion.rules import take_and_share as tns
from companion.rules.base import Event
from tests.conftest import soup

NAMES3 = ("Aki", "Ben", "Cho")
NAMES4 = ("Aki", "Ben", "Cho", "Dan")


def seat_table(client: FlaskClient, names: Sequence[str] = NAMES4, first: int = 0,
               target: str | None = None) -> str:
    """Create a table and start its first game; returns the game's URL."""
    response = client.post("/tables", data={"name": "Friday", "player": list(names), "game": tns.SLUG})
    assert response.status_code == 303, response.get_data(as_text=True)
    table_url = response.location.split("/new")[0]
    form = {"game": tns.SLUG, "first_leader": str(first), "long_game_target": target or "printed"}
    response = client.post(f"{table_url}/games", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(response.location)


def form_fields(page_html, selector: str = "form.picker") -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The hidden fields of a form as the page renders it now."""
    form = page_html.select_one(selector)
    assert form is not None, f"the page offers no {selector}"
    return {i["name"]: i["value"] for i in form.select("input[type=hidden]")}


def _post(client: FlaskClient, game_url: str, data: dict[str, str], htmx: bool):  # type: ignore[no-untyped-def]
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"{game_url}/entries", data=data, headers=headers)


def tap_card(client: FlaskClient, game_url: str, code: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Tap a card (a share card or the next card of the trick) on the picker the page shows."""
    fields = form_fields(soup(client.get(game_url)))
    assert fields["kind"] in ("share", "play"), fields
    return _post(client, game_url, {**fields, "card": code}, htmx)


def tap_name(client: FlaskClient, game_url: str, seat: int, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Tap who got the share card the page asks about."""
    fields = form_fields(soup(client.get(game_url)), "form.give-form")
    return _post(client, game_url, {**fields, "seat": str(seat)}, htmx)


def asked_card(client: FlaskClient, game_url: str) -> str:
    """The share card the page asks about now."""
    return form_fields(soup(client.get(game_url)), "form.give-form")["card"]


# --------------------------------------------------------------------------- made-up games


@dataclass(frozen=True)
class Entry:
    """One entry as the page takes it: "share" (card), "play" (seat, card), "give" (seat, card)."""

    kind: str
    seat: int | None
    card: str

    @property
    def event(self) -> Event:
        if self.kind == "share":
            return Event("share", {"card": self.card})
        return Event(self.kind, {"seat": self.seat, "card": self.card})


def new_state(names: Sequence[str] = NAMES4, first: int = 0, target: str = "printed") -> tns.State:
    return tns.initial({"players": list(names), "first_leader": first, "options": {"long_game_target": target}})


def whole_game(players: int, seed: int, first: int = 0, revoke_in: int | None = None) -> Iterator[Entry]:
    """Every entry of a whole legal game, in the order the page asks for them. With
    `revoke_in`, the first follower of that trick (or a later one) who holds the lead suit
    and another plays the other suit: a revoke a later card will prove."""
    rng = random.Random(seed)
    hands, share = tns.deal(rng, players)
    state = tns.initial({"players": [f"P{i}" for i in range(players)], "first_leader": first})
    revoked = False
    for card in share:
        yield Entry("share", None, card.code)
        state = tns.apply(state, Event("share", {"card": card.code}))
    while not state.is_over:
        if state.phase == tns.GIVE:
            h = state.handout
            assert h is not None
            entry = Entry("give", rng.choice(h.waiting), h.left[0].code)
        else:
            seat = state.expected_seat
            assert seat is not None
            hand = hands[seat]
            lead = state.lead_suit
            follow = [c for c in hand if c.suit == lead]
            other = [c for c in hand if c.suit != lead]
            if (revoke_in is not None and not revoked and state.trick_number >= revoke_in and follow and other):
                card, revoked = rng.choice(other), True
            else:
                card = rng.choice(follow or hand)
            hand.remove(card)
            entry = Entry("play", seat, card.code)
        yield entry
        state = tns.apply(state, entry.event)


def play_through(entries: Sequence[Entry], state: tns.State) -> tns.State:
    for entry in entries:
        state = tns.apply(state, entry.event)
    return state


def enter(client: FlaskClient, game_url: str, entry: Entry, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Enter one entry through the page: two taps for a card, one tap for a hand-out."""
    if entry.kind == "give":
        assert asked_card(client, game_url) == entry.card
        assert entry.seat is not None
        return tap_name(client, game_url, entry.seat, htmx)
    return tap_card(client, game_url, entry.card, htmx)


def numbers(cells) -> list[int]:  # type: ignore[no-untyped-def]
    return [int(re.sub(r"[^\d-]", "", c.get_text())) for c in cells]


def scoreboard_totals(page_html) -> list[int]:  # type: ignore[no-untyped-def]
    return numbers(page_html.select("#scoreboard tfoot td"))


def received_counts(page_html) -> list[int]:  # type: ignore[no-untyped-def]
    return numbers(page_html.select("#received .counts b"))
