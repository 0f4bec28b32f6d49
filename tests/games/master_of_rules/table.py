"""Driving a Master of Rules table through the test client, as the page's forms do.

`round_entries` walks one round in the order the engine asks for cards (the same order
the page prompts for them), so a test can enter it through the page and check the page
against the engine's own verdicts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion.rules import master_of_rules as mor
from companion.rules.base import Event
from tests.conftest import soup


def seat_table(client: FlaskClient, names: Sequence[str] = ("Aki", "Ben", "Cho"), first: int = 0) -> str:
    """Create a table and start its first game of Master of Rules; returns the game's URL."""
    response = client.post("/tables", data={"name": "Friday", "player": list(names), "game": mor.SLUG})
    assert response.status_code == 303, response.get_data(as_text=True)
    table_url = response.location.split("/new")[0]
    response = client.post(f"{table_url}/games", data={"game": mor.SLUG, "first_leader": str(first)})
    assert response.status_code == 303
    return response.location


def picker(page: BeautifulSoup, kind: str):  # type: ignore[no-untyped-def]
    """The form that enters an entry of `kind` ("number", "rule", "dummy_number", "dummy_rule")."""
    for form in page.select("form.picker"):
        if form.select_one(f"input[type=hidden][name=kind][value={kind}]") is not None:
            return form
    return None


def offered(page: BeautifulSoup) -> list[str]:
    """The entry kinds the page offers pickers for, in page order."""
    return [f.select_one("input[name=kind]")["value"] for f in page.select("form.picker")]


def hidden_fields(form) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {i["name"]: i["value"] for i in form.select("input[type=hidden]")}


def enter(client: FlaskClient, game_url: str, kind: str, fields: Mapping[str, str], htmx: bool = False):  # type: ignore[no-untyped-def]
    """Tap a key on the picker for `kind` the page shows now; the key must be offered and enabled.

    A rule card with "reveal" is tapped after ticking the reveal box, from the keys it shows.
    """
    page = soup(client.get(game_url))
    form = picker(page, kind)
    assert form is not None, (kind, offered(page))
    if "card" in fields:
        key = form.select_one(f"button[name=card][value={fields['card']}]")
    elif fields.get("reveal"):
        assert form.select_one("input.reveal-box[name=reveal]") is not None
        key = form.select_one(f".reveal-keys button[name=rule][value={fields['rule']}]")
    else:
        key = form.select_one(f".rule-keys button[name=rule][value={fields['rule']}]")
    assert key is not None and not key.has_attr("disabled"), (kind, fields)
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"{game_url}/entries", data={**hidden_fields(form), **fields}, headers=headers)


def post(client: FlaskClient, game_url: str, kind: str, fields: Mapping[str, str]):  # type: ignore[no-untyped-def]
    """Post an entry with the page's current sequence number, whatever the page offers (to test refusals)."""
    page = soup(client.get(game_url))
    seq = page.select_one("form.picker input[name=seq]")["value"]
    return client.post(f"{game_url}/entries", data={"seq": seq, "kind": kind, **fields})


@dataclass(frozen=True)
class Round:
    """One round's cards: per seat a number card and a rule card, and the dummies' cards."""

    numbers: Sequence[str]
    rules: Sequence[str]
    dummies: Sequence[str] = ()
    dummy_rule: str | None = None
    """Dummy 1's rule card with 3 players; by default the first rule no player lays."""
    rule_first: frozenset[int] = frozenset()
    """Seats that lay their rule card in lap 1 (the others lay their number card first)."""


def round_entries(state: mor.State, r: Round) -> Iterator[tuple[str, dict[str, str], mor.State]]:
    """(kind, form fields, state after) for each entry of the round, in the order asked.

    A rule already on the table is laid with a reveal, as a player holding only such cards must.
    """
    number = len(state.results) + 1
    while len(state.results) < number:
        e = state.expected
        assert e is not None
        fields: dict[str, str]
        if e.is_dummy:
            kind = e.kinds[0]
            if kind == mor.DUMMY_NUMBER:
                fields = {"dummy": str(e.dummy), "card": r.dummies[e.dummy - 1]}
            else:
                rule = r.dummy_rule or next(x for x in mor.RULES if x not in r.rules)
                fields = {"dummy": str(e.dummy), "rule": rule}
        else:
            seat = e.seat
            assert seat is not None
            if len(e.kinds) > 1:
                kind = mor.RULE if seat in r.rule_first else mor.NUMBER
            else:
                kind = e.kinds[0]
            if kind == mor.NUMBER:
                fields = {"seat": str(seat), "card": r.numbers[seat]}
            else:
                fields = {"seat": str(seat), "rule": r.rules[seat]}
                if r.rules[seat] in state.rules_taken:
                    fields["reveal"] = "on"
        state = mor.apply(state, Event(kind, mor.form_payload(kind, {k: [v] for k, v in fields.items()})))
        yield kind, fields, state


def play_round(client: FlaskClient, game_url: str, state: mor.State, r: Round) -> mor.State:
    """Enter a whole round through the page's pickers; returns the engine's state after it."""
    for kind, fields, after in round_entries(state, r):
        response = enter(client, game_url, kind, fields)
        assert response.status_code == 303, soup(response).select_one(".error")
        state = after
    return state


def new_state(names: Sequence[str] = ("Aki", "Ben", "Cho"), first: int = 0) -> mor.State:
    return mor.initial({"players": list(names), "first_leader": first, "options": {}})


# Five rounds for three players (Aki, Ben, Cho) in which everyone achieves their rule: Aki
# one of each rule (all five), Ben 2 LIMIT 23 + 3 TRIO, Cho 3 BEST of the BEST + 2 LIMIT 23.
# Everyone ends on 7 points; TRIO splits them: Ben, Aki, Cho.
BLUES = ("B1", "B2", "B3")
DUMMIES = ("R1", "G1")
SCORING_ROUNDS = (
    Round(BLUES, (mor.TRIO, mor.LIMIT_23, mor.BEST_OF_THE_BEST), DUMMIES),
    Round(("P9", "B2", "B3"), (mor.ONLY_ONE, mor.LIMIT_23, mor.BEST_OF_THE_BEST), DUMMIES),
    Round(BLUES, (mor.LIMIT_23, mor.TRIO, mor.BEST_OF_THE_BEST), DUMMIES),
    Round(("B3", "B2", "B1"), (mor.BEST_OF_THE_BEST, mor.TRIO, mor.LIMIT_23), DUMMIES),
    Round(BLUES, (mor.SUPPORT_RIGHT, mor.TRIO, mor.LIMIT_23), DUMMIES),
)
REPEAT_ROUND = SCORING_ROUNDS[0]
"""Aki TRIO, Ben LIMIT 23, Cho BEST of the BEST: all achieved."""


def whole_game(state: mor.State) -> list[Round]:
    """The scoring rounds, then the first one again until the game's last round."""
    return [*SCORING_ROUNDS, *[REPEAT_ROUND] * (state.rounds - len(SCORING_ROUNDS))]


def cells(page: BeautifulSoup, row: str) -> list[str]:
    """The score table's cells of the row whose header reads `row`."""
    for tr in page.select("#score tr"):
        th = tr.select_one("th")
        if th is not None and th.get_text(strip=True) == row:
            return [td.get_text(strip=True) for td in tr.select("td")]
    raise AssertionError(f"no row {row!r} in the score table")


def words(element) -> str:  # type: ignore[no-untyped-def]
    return " ".join(element.get_text(" ").split())


def scoreboard_totals(page: BeautifulSoup) -> list[int]:
    return [int(re.sub(r"\D", "", c.get_text())) for c in page.select("#scoreboard tfoot td")]
