"""What the page's forms and the quick judge's taps send, as entries and judge requests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..base import RuleError, form_int, form_text
from ..contract import EntryRef
from ..kit.entries import entry_ref
from ..kit.taps import form_count
from .cards import Number, parse_number, parse_rule
from .options import PLAYER_COUNTS
from .rounds import DUMMY_NUMBER, DUMMY_RULE, NUMBER, RULE, TABLE_CARDS

TRUE_WORDS = frozenset({"on", "true", "1", "yes"})
"""How a ticked checkbox arrives from a form."""


def form_payload(kind: str, fields: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """One entry's payload from the page's form (each field a list of the values sent).

    Takes only the fields the entry `kind` reads: "seat" or "dummy" as whole numbers, the
    number card's "card", the rule card's "rule", and the reveal checkbox as a real bool
    (ticked "on", unticked absent). The colour radio of the two-tap picker is left out.
    """
    payload: dict[str, Any] = {}
    if kind in (NUMBER, RULE):
        payload["seat"] = form_int(fields, "seat")
    elif kind in (DUMMY_NUMBER, DUMMY_RULE) and "dummy" in fields:
        payload["dummy"] = form_int(fields, "dummy")
    if kind in (NUMBER, DUMMY_NUMBER):
        payload["card"] = form_text(fields, "card")
    elif kind in (RULE, DUMMY_RULE):
        payload["rule"] = form_text(fields, "rule")
    if kind == RULE:
        payload["reveal"] = form_text(fields, "reveal").lower() in TRUE_WORDS
    return payload


@dataclass(frozen=True)
class JudgeSlot:
    """The next card the quick judge asks for: a player's number or rule card, or a dummy's number."""

    kind: str
    """NUMBER, RULE or DUMMY_NUMBER."""
    index: int
    """The player's seat, or the dummy (1 or 2)."""


@dataclass(frozen=True)
class JudgeEntries:
    """What the quick judge has been given so far, in the order it asks for the cards.

    Player A's number card and rule card, then B's, and so on; then the dummies' number
    cards (5 - players of them).
    """

    players: int | None
    numbers: tuple[Number, ...] = ()
    """The players' number cards in seat order, then the dummies'."""
    rules: tuple[str, ...] = ()

    @property
    def dummies(self) -> int:
        return TABLE_CARDS - self.players if self.players else 0

    @property
    def next(self) -> JudgeSlot | None:
        """The card asked for now, or None when the round is complete (or no count chosen)."""
        n = self.players
        if n is None:
            return None
        given, ruled = len(self.numbers), len(self.rules)
        if ruled < n:
            return JudgeSlot(NUMBER, given) if given == ruled else JudgeSlot(RULE, ruled)
        if given < TABLE_CARDS:
            return JudgeSlot(DUMMY_NUMBER, given - n + 1)
        return None

    @property
    def full(self) -> bool:
        return self.players is not None and self.next is None

    @property
    def player_numbers(self) -> tuple[Number, ...]:
        return self.numbers[: self.players or 0]

    @property
    def dummy_numbers(self) -> tuple[Number, ...]:
        return self.numbers[self.players or 0:]

    @property
    def carried(self) -> dict[str, str]:
        """The entries as the page's form carries them: dot-separated codes."""
        return {"players": str(self.players or ""), "numbers": ".".join(c.code for c in self.numbers),
                "rules": ".".join(self.rules)}

    def add_number(self, card: Number) -> JudgeEntries:
        slot = self.next
        if slot is None or slot.kind == RULE or card in self.numbers:
            return self
        return replace(self, numbers=self.numbers + (card,))

    def add_rule(self, rule: str) -> JudgeEntries:
        slot = self.next
        if slot is None or slot.kind != RULE:
            return self
        return replace(self, rules=self.rules + (rule,))

    def back(self) -> JudgeEntries:
        """Without the card entered last."""
        if len(self.numbers) > len(self.rules):  # a number card, a player's or a dummy's
            return replace(self, numbers=self.numbers[:-1])
        return replace(self, rules=self.rules[:-1])


def quick_judge_request(fields: Mapping[str, Any]) -> tuple[dict[str, Any] | None, JudgeEntries]:
    """The quick judge's form, as a "round" judge request once all five number cards are in.

    `fields` holds "players" (3-5), the cards entered so far ("numbers" and "rules",
    dot-separated, in the order JudgeEntries asks for them), a newly tapped "card" or
    "rule", or "back" to take the last one back. Anything unreadable is dropped, never
    raised. Returns (request or None, the entries so far).

    Not kit.taps.tapped: the taps here fill two lists (number cards and rule cards) in
    the asking order of JudgeEntries, and "back" takes back whichever came last.
    """
    players = form_count(fields, "players", PLAYER_COUNTS)
    entries = JudgeEntries(players)
    if players is None:
        return None, entries
    numbers = form_text(fields, "numbers").split(".") if form_text(fields, "numbers") else []
    rules = form_text(fields, "rules").split(".") if form_text(fields, "rules") else []
    # Replay what was carried in asking order, so a hand-edited address cannot skip a slot.
    while (slot := entries.next) is not None:
        pending = rules if slot.kind == RULE else numbers
        if not pending:
            break
        before = entries
        try:
            if slot.kind == RULE:
                entries = entries.add_rule(parse_rule(pending.pop(0)))
            else:
                entries = entries.add_number(parse_number(pending.pop(0)))
        except RuleError:
            break
        if entries is before:  # a card given twice
            break
    if "back" in fields:
        if entries.numbers:
            entries = entries.back()
    elif form_text(fields, "card"):
        try:
            entries = entries.add_number(parse_number(form_text(fields, "card")))
        except RuleError:
            pass
    elif form_text(fields, "rule"):
        try:
            entries = entries.add_rule(parse_rule(form_text(fields, "rule")))
        except RuleError:
            pass
    if not entries.full:
        return None, entries
    return {
        "ask": "round",
        "players": players,
        "numbers": [c.code for c in entries.player_numbers],
        "rules": list(entries.rules),
        "dummy_numbers": [c.code for c in entries.dummy_numbers],
    }, entries


def names(kind: str, payload: Mapping[str, Any]) -> EntryRef:
    """What an entry names: a player's "number" or "rule" card with their seat; a dummy's
    card with no seat (a dummy is not a seat)."""
    if kind == NUMBER:
        return entry_ref(payload, cards=("card",))
    if kind == RULE:
        return entry_ref(payload, cards=("rule",))
    if kind == DUMMY_NUMBER:
        return entry_ref(payload, seat=None, cards=("card",))
    if kind == DUMMY_RULE:
        return entry_ref(payload, seat=None, cards=("rule",))
    return entry_ref(payload)
