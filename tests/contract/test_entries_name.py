"""What an entry names, as each game says it (contract.Game.names), checked over every game.

The web layer links a card on the panel to the entry that holds it through `names` alone,
so every code a game names must be a card its own card_text can name, and every seat a
seat at the table.
"""

from __future__ import annotations

import pytest

from companion import i18n, rules
from companion.rules.base import UNDO
from companion.rules.contract import EntryRef
from tests.contract.test_every_game import SEEDS, SLUGS, driver

EN = i18n.catalog("en")
JA = i18n.catalog("ja")


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_code_an_entry_names_is_a_card_the_game_can_name(slug: str, seed: int) -> None:
    game = rules.GAMES[slug]
    setup, log = driver(slug).random_game(seed)
    players = len(setup["players"])
    codes = seats = 0
    for event in log:
        if event.kind == UNDO:
            continue
        named = game.names(event.kind, event.payload)
        assert isinstance(named, EntryRef) and isinstance(named.cards, tuple), event
        for code in named.cards:
            assert game.card_text(code, EN.gettext) and game.card_text(code, JA.gettext), (event, code)
            codes += 1
        if named.seat is not None:
            assert 0 <= named.seat < players, event
            seats += 1
    assert codes, "no entry of a seeded game named a card"
    assert seats, "no entry of a seeded game named a seat"


@pytest.mark.parametrize("slug", SLUGS)
def test_an_entry_names_the_cards_and_the_seat_it_was_entered_with(slug: str) -> None:
    """Every code and seat `names` gives appears in the entry itself: nothing is made up."""
    game = rules.GAMES[slug]
    _setup, log = driver(slug).random_game(SEEDS[0])
    for event in log:
        named = game.names(event.kind, event.payload)
        written = repr(sorted(event.payload.items()))
        for code in named.cards:
            assert repr(code) in written, (event, code)
        if named.seat is not None:
            assert named.seat in [v for v in event.payload.values() if isinstance(v, int)], event


def test_a_kings_order_copy_is_linked_by_its_seat_and_a_dummys_card_by_none() -> None:
    """Two games whose cards repeat or whose entries are nobody's: the seat is said exactly."""
    order, mor = rules.GAMES["kings-order"], rules.GAMES["master-of-rules"]
    assert order.names("play", {"seat": 2, "card": "Q"}) == EntryRef(2, ("Q",))
    assert order.names("discard", {"cards": ["3", "4"]}) == EntryRef(None, ("3", "4"))
    assert mor.names("rule", {"seat": 1, "rule": "TRIO", "reveal": False}) == EntryRef(1, ("TRIO",))
    assert mor.names("dummy_number", {"dummy": 1, "card": "G3"}) == EntryRef(None, ("G3",))
