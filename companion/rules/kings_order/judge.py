"""The judge: one turn decided, or a round's score cards counted, from JSON
(`companion judge kings-order` and the API)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Answer, CardRef, RuleError, answer, read_lists, require_list
from .cards import COPIES, HAND_SIZE, Card, parse_card
from .clauses import CONTENTS, PLAY, PLAYERS, SETUP
from .options import MAX_PLAYERS, MIN_PLAYERS
from .points import score
from .turns import play_turn



def judge(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one rules question (the JSON contract of `companion judge kings-order`).

    "turn": {"hand" (as held, left to right), "played" (a position in it, 0 the leftmost, or
    a card), "keep" (for a card not at an end), "target_hand"} ->
    {"at_end", "discarded", "hand_after", "handed_over", "target_after", "rulings"}.
    "score": {"won": [[cards] per seat]} -> {"points", "numbers", "majority", "winners", "rulings"}.
    Returns plain data, with rulings still as Ruling objects for the caller to render.
    """
    return answer(request, ANSWERS)


def _hand(request: Mapping[str, Any], name: str) -> list[Card]:
    """A hand as the player holds it: ascending rank order, at most 13 cards."""
    cards = [parse_card(code) for code in require_list(request, name)]
    if len(cards) > HAND_SIZE:
        raise RuleError("ko.judge_hand_too_big", SETUP, field=name, count=len(cards))
    if any(a.rank > b.rank for a, b in zip(cards, cards[1:])):
        raise RuleError("ko.judge_not_ascending", SETUP, field=name)
    return cards


def _check_deck(cards: Sequence[Card]) -> None:
    """内容物: each card once, each rank at most six times."""
    seen: set[str] = set()
    for card in cards:
        if card.suit:
            if card.code in seen:
                raise RuleError("ko.card_twice", CONTENTS, card=CardRef(card.code))
            seen.add(card.code)
    for rank, count in sorted(Counter(c.rank for c in cards).items()):
        if count > COPIES:
            raise RuleError("ko.rank_too_many", CONTENTS, card=CardRef(Card(rank).code), count=count, copies=COPIES)


def _turn(request: Mapping[str, Any]) -> dict[str, Any]:
    for name in ("hand", "played", "target_hand"):
        if name not in request:
            raise RuleError("input.missing", "", field=name)
    hand = _hand(request, "hand")
    target = _hand(request, "target_hand")
    raw = request["played"]
    # A position in the hand as given (0 the leftmost), or a card (played_position).
    played: Card | int = raw if isinstance(raw, int) and not isinstance(raw, bool) else parse_card(raw)
    keep = request.get("keep")
    if keep is not None and keep not in ("left", "right"):
        raise RuleError("ko.keep_bad", PLAY, keep=str(keep))
    _check_deck(hand + target)
    result = play_turn(hand, played, keep, target)
    return {
        "at_end": result.at_end,
        "discarded": [c.code for c in result.discarded],
        "hand_after": [c.code for c in result.hand_after],
        "handed_over": [c.code for c in result.handed_over],
        "target_after": [c.code for c in result.target_after],
        "rulings": list(result.rulings),
    }


def _score(request: Mapping[str, Any]) -> dict[str, Any]:
    won = require_list(request, "won")
    if not MIN_PLAYERS <= len(won) <= MAX_PLAYERS:
        raise RuleError("ko.seat_count", PLAYERS, count=len(won))
    hands = read_lists(won, "won", parse_card)
    _check_deck([c for cards in hands for c in cards])
    result = score([[c.rank for c in cards] for cards in hands])
    return {
        "points": list(result.points),
        "numbers": list(result.numbers),
        "majority": {face: list(seats) for face, seats in result.majority.items()},
        "winners": list(result.winners),
        "rulings": list(result.rulings),
    }


ANSWERS: Mapping[str, Answer] = {"turn": _turn, "score": _score}
"""The questions this judge answers (in the order a refusal lists them), each by its function."""
ASKS = tuple(ANSWERS)
