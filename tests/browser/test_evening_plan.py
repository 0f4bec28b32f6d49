"""The whole-evening kit's plans without a browser: what it taps is what the page asks for."""

from __future__ import annotations

import pytest

from companion import rules
from companion.rules.base import replay
from tests.browser.evening import _take_and_share, asked
from tests.games.take_and_share import driver


@pytest.mark.parametrize("seed", range(0, 40))
def test_take_and_share_hand_outs_are_planned_card_by_card_as_the_page_asks(seed: int) -> None:
    """Each planned give names the share card the page asks about (the hand-out's first card
    left), the last card of a hand-out is never entered (the engine gives it), and the planned
    log hands every card to the player the driver's table gave it to."""
    module = rules.GAMES["take-and-share"]
    setup, planned = _take_and_share(seed)
    table = driver.simulate(seed, players=4, target="10")
    state = module.initial(setup)
    for event in planned:
        if event.kind == "give":
            assert asked(state, event), f"{event.payload} while the page asks about {state.handout.left[0].code}"
            assert len(state.handout.left) > 1
        state = module.apply(state, event)
    theirs = replay(module.initial, module.apply, table.setup, list(table.events)).state
    assert state.is_over and state.received == theirs.received
    assert module.outcome(state).points == module.outcome(theirs).points
