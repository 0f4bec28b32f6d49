"""The quick judge's taps: the cards entered so far travel in the page's address.

A person taps one card at a time; the address carries the cards so far ("cards", dot
separated), the newly tapped "card", or "back" to take the last one back. Anything
unreadable is dropped, never raised: the page simply shows what it could read.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from ..base import RuleError, form_text

C = TypeVar("C")

COUNT_DIGITS = 3
"""The most digits a count on a page may have: every count at a table is far below 1000."""


def form_count(fields: Mapping[str, Any], name: str, allowed: Container[int]) -> int | None:
    """A small whole number a form field sends (a player count), or None if it is not one of `allowed`.

    Only ASCII digits are read, and only a few of them: "①" passes str.isdigit but not
    int(), and a number of thousands of digits is past what int() will read. Anything else,
    "" and "-1" included, is None, never raised.
    """
    text = form_text(fields, name)
    if not (text.isascii() and text.isdigit() and len(text) <= COUNT_DIGITS):
        return None
    number = int(text)
    return number if number in allowed else None


def tapped(fields: Mapping[str, Any], parse: Callable[[str], C], limit: int,
           stop_at_bad: bool = False) -> list[C]:
    """The cards entered so far, plus the tapped one or minus the last, at most `limit`.

    A card already entered is not entered twice. `stop_at_bad` stops reading the carried
    cards at the first unreadable one (else it is skipped).
    """
    cards: list[C] = []
    carried = form_text(fields, "cards")
    for code in carried.split(".") if carried else ():
        try:
            card = parse(code)
        except RuleError:
            if stop_at_bad:
                break
            continue
        if card in cards:
            if stop_at_bad:
                break
            continue
        if len(cards) == limit:
            break
        cards.append(card)
    if "back" in fields:
        if cards:
            cards.pop()
    elif form_text(fields, "card") and len(cards) < limit:
        try:
            card = parse(form_text(fields, "card"))
        except RuleError:
            return cards
        if card not in cards:
            cards.append(card)
    return cards


class Coded(Protocol):
    """A card as a judge request names it: by its code."""

    @property
    def code(self) -> str: ...


K = TypeVar("K", bound=Coded)


def trick_request(fields: Mapping[str, Any], counts: Container[int], parse: Callable[[str, int], K],
                  shown: Callable[[Sequence[K]], Mapping[str, Any]]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The quick judge of one trick: a "trick" judge request once every player's card is in.

    `fields` holds "players" (one of `counts`) and the taps (see tapped; the carried cards
    are read up to the first unreadable or repeated one); `parse(code, players)` reads a card
    of that count's deck. Returns (the request or None, what the page shows: the players, the
    cards, what `shown` says of the cards so far, whether every card is in ("full"), and the
    fields to carry in the address ("carried")).
    """
    players = form_count(fields, "players", counts)
    cards: list[K] = []
    if players is not None:
        count = players
        cards = tapped(fields, lambda code: parse(code, count), count, stop_at_bad=True)
    entered: dict[str, Any] = {
        "players": players, "cards": tuple(cards), **shown(cards),
        "full": players is not None and len(cards) == players,
        "carried": {"players": players, "cards": ".".join(c.code for c in cards)} if players else {},
    }
    if not entered["full"]:
        return None, entered
    return {"ask": "trick", "players": players, "plays": [c.code for c in cards]}, entered
