"""A club night's tables played quickly: a seeded whole game from the game's test driver
(tests/games/<pkg>/driver.py) whose setup is the one an event's table starts with, posted
entry by entry to the table's scorer link, as a phone's form posts them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from flask.testing import FlaskClient

from companion import rules
from companion.rules.base import UNDO, Event
from companion.rules.contract import option_defaults
from tests.contract.test_every_game import driver
from tests.kit.taps import form_fields


def games_for(slug: str, players: int, options: dict[str, Any] | None = None) -> Iterator[list[Event]]:
    """Logs of whole seeded games of `slug` for a table of `players` as an event starts it:
    the first seat leads, the event's house rules (default: the game's defaults)."""
    module = rules.get(slug)
    wanted = option_defaults(module.OPTIONS) if options is None else options
    first = (module.start_choices([f"P{i}" for i in range(players)]) or (None,))[0]
    for seed in range(2000):
        setup, log = driver(slug).random_game(seed)
        if len(setup["players"]) == players and setup.get("first_leader") == first \
                and {**option_defaults(module.OPTIONS), **setup.get("options", {})} == wanted:
            yield log


def post(client: FlaskClient, token: str, seq: int, event: Event, number: int = 1) -> int:
    """One entry as the scorer's phone posts it; the answer's status."""
    base = f"/t/{token}/g/{number}"
    if event.kind == UNDO:
        return client.post(f"{base}/undo", data={"seq": str(seq)}).status_code
    data: dict[str, Any] = {"kind": event.kind, "seq": str(seq), **form_fields(dict(event.payload))}
    return client.post(f"{base}/entries", data=data).status_code


def play(client: FlaskClient, token: str, log: list[Event], number: int = 1) -> None:
    """Every entry of `log` at the table of scorer link `token`, each taken (303)."""
    for seq, event in enumerate(log):
        status = post(client, token, seq, event, number)
        assert status == 303, (seq, event, status)
