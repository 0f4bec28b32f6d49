"""Master of Rules' cards: 45 number cards (5 colours x 1-9) and 12 of each of five rule cards."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..base import N_, CardsRef, RuleError
from ..contract import Gettext
from ..kit.cards import read_code
from ..kit.words import COLOUR_MARKS, COLOUR_NAMES, suit_words
from .clauses import CONTENTS

COLOURS = ("B", "R", "Y", "G", "P")
"""内容物: blue 青, red 赤, yellow 黄, green 緑, purple 紫; one card of each number 1-9."""

SUIT_NAMES: Mapping[str, str] = {colour: COLOUR_NAMES[colour] for colour in COLOURS}
SUIT_SYMBOLS: Mapping[str, str] = {colour: COLOUR_MARKS[colour] for colour in COLOURS}

LOWEST, HIGHEST = 1, 9

TRIO = "TRIO"
ONLY_ONE = "ONLY_ONE"
LIMIT_23 = "LIMIT_23"
BEST_OF_THE_BEST = "BEST_OF_THE_BEST"
SUPPORT_RIGHT = "SUPPORT_RIGHT"

RULES = (TRIO, ONLY_ONE, LIMIT_23, BEST_OF_THE_BEST, SUPPORT_RIGHT)
"""The five rules, in the order 5つのルール lists them."""

RULE_NAMES: Mapping[str, str] = {
    TRIO: N_("TRIO"),
    ONLY_ONE: N_("ONLY ONE"),
    LIMIT_23: N_("LIMIT 23"),
    BEST_OF_THE_BEST: N_("BEST of the BEST"),
    SUPPORT_RIGHT: N_("SUPPORT RIGHT"),
}
"""How each rule card is printed (the same in both languages)."""

RULE_CLAUSES: Mapping[str, str] = {
    TRIO: "TRIO",
    ONLY_ONE: "ONLY ONE",
    LIMIT_23: "LIMIT 23",
    BEST_OF_THE_BEST: "BEST of the BEST",
    SUPPORT_RIGHT: "SUPPORT RIGHT",
}
"""Each rule's own heading under 5つのルール, its clause label."""

COPIES = 12
"""内容物: 12 rule cards of each kind."""

HAND_NUMBERS = 4
HAND_RULES = 3
"""ゲームの準備: each player's hand, 4 number cards and 3 rule cards, kept so by refilling."""


@dataclass(frozen=True, order=True)
class Number:
    """A number card: a colour and a number 1-9."""

    colour: str
    value: int

    @property
    def code(self) -> str:
        """The short code, for example "B7"."""
        return f"{self.colour}{self.value}"

    def __str__(self) -> str:
        return self.code


DECK: tuple[Number, ...] = tuple(Number(c, v) for c in COLOURS for v in range(LOWEST, HIGHEST + 1))
"""All 45 number cards."""


def parse_number(text: object) -> Number:
    """Read a number card code such as "B7" (or "b7"), refusing anything not in the deck."""
    colour, number = read_code(text, COLOURS, "mor.card_malformed", "mor.card_unknown_colour", CONTENTS,
                               ranks=r"\d{1,2}", letter="colour")
    value = int(number)
    if not LOWEST <= value <= HIGHEST:
        raise RuleError("mor.card_number_range", CONTENTS, text=text)
    return Number(colour, value)


def parse_rule(text: object) -> str:
    """Read a rule name: "TRIO", "only_one", "LIMIT 23", "BEST of the BEST" ..."""
    if isinstance(text, str):
        name = re.sub(r"[\s\-]+", "_", text.strip()).upper()
        if name in RULES:
            return name
    raise RuleError("mor.rule_unknown", CONTENTS, text=str(text))


def rule_name(rule: str) -> str:
    """The rule as printed on its card, for a ruling's parameters."""
    return RULE_NAMES[rule]


def codes(cards: Sequence[Number]) -> CardsRef:
    """Number cards as a ruling's parameter."""
    return CardsRef(tuple(c.code for c in cards))


def suit_text(code: str, gettext: Gettext) -> str:
    """A colour as words: its mark and its name ("■ blue")."""
    return suit_words(SUIT_SYMBOLS[code], SUIT_NAMES[code], gettext)


def card_text(code: str, gettext: Gettext) -> str:
    """A number card as words ("■ blue 7"), or a rule card by its printed name ("LIMIT 23")."""
    if code in RULE_NAMES:
        return gettext(RULE_NAMES[code])
    card = parse_number(code)
    return gettext("%(symbol)s %(suit)s %(value)s") % {
        "symbol": SUIT_SYMBOLS[card.colour], "suit": gettext(SUIT_NAMES[card.colour]), "value": card.value}
