"""Driving a Twin Shoot table through the test client, as the page's forms do.

Hands are made up as the table would play them: every player follows whenever the cards
they still hold allow (so no revoke is ever proven), and the two cards each player never
plays are their bid cards. Which bids are exact can be asked for: the hand is played
first and the leftover cards are then paired so that each bid hits (or misses) the tricks
that player took; the bid cards lie on the table during play, so any pairing is a deal the
table could have had.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask.testing import FlaskClient

from companion.rules import twin_shoot as ts
from companion.rules.base import Event
from tests.conftest import soup

NAMES4 = ("Aki", "Ben", "Cho", "Dan")
NAMES6 = ("Aki", "Ben", "Cho", "Dan", "Eve", "Fay")


def seat_table(client: FlaskClient, names: Sequence[str] = NAMES4, first: int = 0) -> str:
    """Create a table and start its first game; returns the game's URL."""
    response = client.post("/tables", data={"name": "Friday", "player": list(names), "game": ts.SLUG})
    assert response.status_code == 303, response.get_data(as_text=True)
    table_url = response.location.split("/new")[0]
    response = client.post(f"{table_url}/games", data={"game": ts.SLUG, "first_leader": str(first)})
    assert response.status_code == 303, response.get_data(as_text=True)
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


def play(client: FlaskClient, game_url: str, card: str, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Tap a card on the picker the page currently shows."""
    fields = form_fields(soup(client.get(game_url)))
    return _post(client, game_url, {**fields, "card": card}, htmx)


def reveal(client: FlaskClient, game_url: str, cards: Sequence[str], htmx: bool = False):  # type: ignore[no-untyped-def]
    """Tick the two bid cards of the player the page asks for and turn them up."""
    fields = form_fields(soup(client.get(game_url)), "form#reveal")
    return _post(client, game_url, {**fields, "cards": list(cards)}, htmx)


def open_bid(client: FlaskClient, game_url: str, first: Sequence[str], second: Sequence[str]):  # type: ignore[no-untyped-def]
    """Open both bids of the team the page offers the open bid to."""
    fields = form_fields(soup(client.get(game_url)), "#open-bid form")
    return _post(client, game_url, {**fields, "first_cards": list(first), "second_cards": list(second)}, False)


def set_leader(client: FlaskClient, game_url: str, seat: int):  # type: ignore[no-untyped-def]
    """Tap another player's name under "Another leader"."""
    fields = form_fields(soup(client.get(game_url)), "form.leader-form")
    return _post(client, game_url, {**fields, "seat": str(seat)}, False)


# --------------------------------------------------------------------------- made-up hands


@dataclass(frozen=True)
class PlannedHand:
    """One hand: its cards in the order they are entered, and every player's bid cards."""

    plays: tuple[str, ...]
    bids: tuple[tuple[str, str], ...]
    open_team: int | None

    def hidden_seats(self) -> list[int]:
        opened = set(ts.team_seats(self.open_team)) if self.open_team is not None else set()
        return [s for s in range(len(self.bids)) if s not in opened]


def apply_hand(state: ts.State, hand: PlannedHand) -> ts.State:
    """The engine's state after `hand`, entered as the page enters it."""
    if hand.open_team is not None:
        a, b = ts.team_seats(hand.open_team)
        state = ts.apply(state, Event("open_bid", {"team": hand.open_team,
                                                    "bids": [list(hand.bids[a]), list(hand.bids[b])]}))
    for code in hand.plays:
        state = ts.apply(state, Event("play", {"seat": state.expected_seat, "card": code}))
    for seat in hand.hidden_seats()[:-1]:  # the last bid, the two cards left, the engine turns up
        state = ts.apply(state, Event("reveal", {"seat": seat, "cards": list(hand.bids[seat])}))
    return state


def _legal(state: ts.State, seat: int, card: ts.Card) -> bool:
    """Whether `seat` may still hold `card`: not of a suit or rank it has shown out of."""
    return card.suit not in state.voids(seat) and card.rank_text not in state.void_ranks(seat)


def _follows(state: ts.State, card: ts.Card) -> bool:
    if not state.plays:
        return False
    lead = state.plays[0].card
    follow = state.follow
    return ((follow in (None, "suit") and card.suit == lead.suit)
            or (follow in (None, "rank") and card.rank == lead.rank))


def plan_hand(state: ts.State, seed: int, exact: Mapping[int, bool] | None = None,
              open_team: int | None = None) -> PlannedHand:
    """A legal hand from `state` (before its first card) in which seat s's bid is exact
    when exact[s] is True and missed when it is False (others as they fall)."""
    exact = dict(exact or {})
    n = state.players
    for attempt in itertools.count(seed * 1000):
        rng = random.Random(attempt)
        sim = state
        pool = list(ts.deck(n))
        rng.shuffle(pool)
        codes: list[str] = []
        stuck = False
        for _ in range(ts.TRICKS_PER_HAND * n):
            seat = sim.expected_seat
            assert seat is not None
            allowed = [c for c in pool if _legal(sim, seat, c)]
            if not allowed:
                stuck = True
                break
            following = [c for c in allowed if _follows(sim, c)]
            card = following[0] if following and rng.random() < 0.8 else allowed[0]
            pool.remove(card)
            codes.append(card.code)
            sim = ts.apply(sim, Event("play", {"seat": seat, "card": card.code}))
        if stuck or sim.revokes:
            continue
        pairs = _pair_up(pool, sim.tricks_won, exact)
        if pairs is not None:
            return PlannedHand(tuple(codes), pairs, open_team)
    raise AssertionError("unreachable")


def _pair_up(cards: list[ts.Card], won: Sequence[int], exact: Mapping[int, bool]) -> tuple[tuple[str, str], ...] | None:
    """Split the leftover cards into one bid per seat so that `exact` holds."""
    def fits(seat: int, pair: tuple[ts.Card, ts.Card]) -> bool:
        if seat not in exact:
            return True
        return (ts.bid_value(pair) == won[seat]) == exact[seat]

    def assign(seat: int, left: list[ts.Card]) -> list[tuple[ts.Card, ts.Card]] | None:
        if seat == len(won):
            return []
        for a, b in itertools.combinations(left, 2):
            if fits(seat, (a, b)):
                rest = assign(seat + 1, [c for c in left if c not in (a, b)])
                if rest is not None:
                    return [(a, b), *rest]
        return None

    found = assign(0, cards)
    return None if found is None else tuple((a.code, b.code) for a, b in found)


def enter_hand(client: FlaskClient, game_url: str, hand: PlannedHand) -> None:
    """Enter a whole hand through the page's forms: open bid, every card, every reveal."""
    if hand.open_team is not None:
        a, b = ts.team_seats(hand.open_team)
        response = open_bid(client, game_url, hand.bids[a], hand.bids[b])
        assert response.status_code == 303, response.get_data(as_text=True)
    for code in hand.plays:
        response = play(client, game_url, code)
        assert response.status_code == 303, (code, soup(response).select_one(".error"))
    for seat in hand.hidden_seats()[:-1]:  # the last bid, the two cards left, the engine turns up
        page = soup(client.get(game_url))
        assert form_fields(page, "form#reveal")["seat"] == str(seat)
        response = reveal(client, game_url, hand.bids[seat])
        assert response.status_code == 303, response.get_data(as_text=True)


def numbers(cells) -> list[int]:  # type: ignore[no-untyped-def]
    return [int(re.sub(r"[^\d-]", "", c.get_text())) for c in cells]


def points_table(page_html) -> dict[str, list[int]]:  # type: ignore[no-untyped-def]
    """The hand score table as the page shows it: row class -> one number per team."""
    table = page_html.select_one("#hand-score table#points")
    assert table is not None, "no hand score table"
    return {row["class"][0].removeprefix("k-"): numbers(row.select("td")) for row in table.select("tr[class]")}


def engine_points(state: ts.State) -> dict[str, list[int]]:
    """The same table from the engine's last scored hand."""
    h = state.last_hand
    assert h is not None
    return {
        "tricks": [s.tricks for s in h.breakdown], "shoot": [s.shoot for s in h.breakdown],
        "twin": [s.twin for s in h.breakdown], "overhead": [s.overhead for s in h.breakdown],
        "hand": [s.total for s in h.breakdown], "running": list(h.totals),
    }


def scoreboard_totals(page_html) -> list[int]:  # type: ignore[no-untyped-def]
    return numbers(page_html.select("#scoreboard tfoot td"))


def new_state(names: Sequence[str] = NAMES4, first: int = 0) -> ts.State:
    return ts.initial({"players": list(names), "first_leader": first, "options": {}})
