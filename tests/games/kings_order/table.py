"""Driving a King's Order table through the test client, as the page's forms do.

A round is planned on real hands (dealt from the 78 cards, held in rank order, played by
the rulebook: an end card or a half thrown away, a player chosen, the end cards of their
hand handed over); each turn is then entered step by step on the page: the card played on
the rank pad, an end card or the half kept, the discarded cards (a rank tapped once per
copy), the player chosen, the count handed over. Steps the counts settle (a hand of one or
two cards, an end card, a chosen hand without cards) are not asked, so not entered.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion.rules import kings_order as ko
from companion.rules.base import Event
from tests.conftest import soup

NAMES3 = ("Aki", "Ben", "Cho")
NAMES4 = ("Aki", "Ben", "Cho", "Dan")
NAMES6 = ("Aki", "Ben", "Cho", "Dan", "Eve", "Fay")

FORMS = {"turn": "form#whole-turn", "play": "form#whole-turn", "keep": "form#keep", "discard": "form#discard",
         "choose": "form#choose", "hand_over": "form#hand-over", "show": "form#show"}
"""The page's form for each kind of entry: a whole turn is the turn picker's; a turn's first
step alone (as the judge's API or an older page sends it) goes with the turn picker's fields."""


def seat_table(client: FlaskClient, names: Sequence[str] = NAMES3, first: int = 0,
               options: Mapping[str, str] | None = None) -> str:
    """Create a table and start its first round with the options' form fields; the game's URL."""
    response = client.post("/tables", data={"name": "Friday", "player": list(names), "game": ko.SLUG})
    assert response.status_code == 303, response.get_data(as_text=True)
    table_url = response.location.split("/new")[0]
    form = {"game": ko.SLUG, "first_leader": str(first), **(options or {})}
    response = client.post(f"{table_url}/games", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return str(response.location)


def words(node) -> str:  # type: ignore[no-untyped-def]
    return " ".join(node.get_text(" ").split())


def hidden_fields(form) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {i["name"]: i["value"] for i in form.select("input[type=hidden]")}


def form_fields(page: BeautifulSoup, selector: str) -> dict[str, str]:
    """The hidden fields of a form as the page renders it now."""
    form = page.select_one(selector)
    assert form is not None, f"the page offers no {selector}"
    return hidden_fields(form)


def post(client: FlaskClient, url: str, kind: str, data: Mapping[str, object], htmx: bool = False):  # type: ignore[no-untyped-def]
    """Submit the page's form for `kind` with `data` as its tapped key(s)."""
    fields = {**form_fields(soup(client.get(url)), FORMS[kind]), "kind": kind}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"{url}/entries", data={**fields, **data}, headers=headers)


def payload_data(event: Event) -> dict[str, object]:
    """What the taps of an entry send, beyond the form's hidden fields."""
    p = event.payload
    if event.kind == "turn":  # the turn picker's taps: the card, the cards thrown away, the player and count
        half = {"left": "hi", "right": "lo"}.get(str(p.get("side", "end")))
        data: dict[str, object] = {"card": ko.parse_card(str(p["card"])).rank_card.code,
                                   "to": f"{p['target']}:{p.get('count', '')}"}
        if half and p.get("thrown"):  # counted: one key, the side and how many
            data["thrown"] = f"{half}:{p['thrown']}"
        elif half:
            data[half] = [ko.parse_card(str(c)).rank_card.code for c in p.get("discarded", [])]
        return data
    if event.kind == "discard" and "count" in p:
        return {"count": str(p["count"])}
    return {"play": lambda: {"card": p["card"]}, "keep": lambda: {"side": p["side"]},
            "discard": lambda: {"cards": list(p["cards"])}, "choose": lambda: {"seat": str(p["seat"])},
            "hand_over": lambda: {"count": str(p["count"])}, "show": lambda: {"cards": list(p["cards"])},
            }[event.kind]()


def enter(client: FlaskClient, url: str, event: Event, htmx: bool = False):  # type: ignore[no-untyped-def]
    """Enter one planned entry through the page's form for it."""
    return post(client, url, event.kind, payload_data(event), htmx)


def enter_all(client: FlaskClient, url: str, log: Sequence[Event]) -> None:
    for i, event in enumerate(log):
        response = enter(client, url, event)
        assert response.status_code == 303, (i, event, words(soup(response).select_one(".error")))


def setup_of(names: Sequence[str], first: int = 0, rounds: str = "1") -> dict[str, Any]:
    return {"players": list(names), "first_leader": first, "options": {"rounds": rounds}}


@dataclass
class Plan:
    """A round played on real hands: the entries, the hands at the end, the turns' truths."""

    setup: dict[str, Any]
    hands: list[list[ko.Card]]
    log: list[Event] = field(default_factory=list)
    withheld: int | None = None
    """The turn whose hand-over was withheld, if any."""

    def state(self, upto: int | None = None) -> ko.State:
        state = ko.initial(self.setup)
        for event in self.log[:upto]:
            state = ko.apply(state, event)
        return state

    @property
    def last_hand(self) -> list[str]:
        """The cards of the hand still held at the end, as rank codes."""
        return [c.rank_card.code for hand in self.hands for c in hand]


def plan(setup: dict[str, Any], seed: int, stop=None, middle: float = 0.6,  # type: ignore[no-untyped-def]
         withhold: int | None = None, aim: float = 0.0, whole: bool = True) -> Plan:
    """A round by the rules on hands dealt with `seed`: each turn a card from the middle with
    probability `middle` (a random half kept), else from an end; a random other player chosen;
    their end cards of that rank handed over (with probability `aim` a player whose hand has
    that rank at an end, if there is one). `stop(state)` ends the plan early. From turn
    `withhold` on, the first chosen player who has cards due keeps them back and the table
    records nothing handed over (the mistake the audit proves)."""
    rng = random.Random(seed)
    n = len(setup["players"])
    hands = ko.deal(rng, n)
    result = Plan(setup, hands)
    state = ko.initial(setup)

    def add(kind: str, payload: dict[str, Any]) -> None:
        nonlocal state
        event = Event(kind, payload)
        state = ko.apply(state, event)
        result.log.append(event)

    while not state.is_over and not (stop and stop(state)):
        seat = state.turn_seat
        assert seat is not None
        hand = hands[seat]
        size = len(hand)
        i = rng.randrange(1, size - 1) if size > 2 and rng.random() < middle else rng.choice([0, size - 1])
        card = hand[i]
        if card.rank in (hand[0].rank, hand[-1].rank):  # an end card, or a copy of an end rank
            side, kept, thrown = "end", hand[:i] + hand[i + 1:], []
        else:
            side = rng.choice(["left", "right"])
            kept, thrown = (hand[:i], hand[i + 1:]) if side == "left" else (hand[i + 1:], hand[:i])
        hands[seat] = kept
        steps: list[tuple[str, dict[str, Any]]] = [("play", {"seat": seat, "card": card.rank_card.code})]
        if size > 2:
            steps.append(("keep", {"side": side}))
        if side != "end":
            steps.append(("discard", {"cards": [c.rank_card.code for c in thrown]}))
        others = [s for s in range(n) if s != seat]
        hits = [s for s in others if ko.hand_over(hands[s], card.rank)[0]]
        target = rng.choice(hits if hits and rng.random() < aim else others)
        given, left = ko.hand_over(hands[target], card.rank)
        had = len(hands[target])
        if given and withhold is not None and len(state.turns) + 1 >= withhold:
            given, left, withhold = (), hands[target], None
            result.withheld = len(state.turns) + 1
        hands[target] = list(left)
        steps.append(("choose", {"seat": target}))
        if had:
            steps.append(("hand_over", {"count": len(given)}))
        if not whole:
            for kind, payload in steps:
                add(kind, payload)
            continue
        turn: dict[str, Any] = {"seat": seat, "card": card.rank_card.code, "target": target}
        if size > 2:
            turn["side"] = side
        turn["discarded"] = [c.rank_card.code for c in thrown]
        if had:
            turn["count"] = len(given)
        add("turn", turn)
    return result


def counted(log: Sequence[Event]) -> list[Event]:
    """The same entries with each discard counted, not named, as a table with the default
    option "discards" enters them: a whole turn's "thrown", a discard step's "count"."""
    out = []
    for event in log:
        p = dict(event.payload)
        if event.kind == "turn" and p.get("discarded"):
            p["thrown"] = len(p.pop("discarded"))
        elif event.kind == "discard":
            p = {"count": len(p["cards"])}
        out.append(Event(event.kind, p))
    return out


def scoreboard_totals(page: BeautifulSoup) -> list[int]:
    return [int(re.sub(r"\D", "", c.get_text())) for c in page.select("#scoreboard tfoot td")]


def players_rows(page: BeautifulSoup) -> list[list[str]]:
    """The hands-and-score-cards table: name, in hand, score cards, points, per player."""
    return [[words(c) for c in tr.select("th, td")] for tr in page.select("#players tbody tr")]
