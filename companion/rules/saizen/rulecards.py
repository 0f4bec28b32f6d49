"""The four rule cards (2.3): each suit's five rows, and the chips that flip them (2.2).

Each row shows one of two faces; the side without a chip is in force. A row is a bool
named after its first-named face's opposite where that reads better in code:
high (大 True / 小 False), later (後 / 先), playoff (決勝 True / 無視 False),
must_follow (MUST / MAY), must_win (必勝 / 自由).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base import N_, RuleError, Ruling

SUITS = ("S", "H", "D", "C")
"""RULINGS: the suits in the order the app lists them: spades, hearts, diamonds, clubs."""

ROWS = ("high", "later", "playoff", "must_follow", "must_win")
"""2.3: the five rows of a rule card, top to bottom; a finding's `row` counts them from 1."""

FACES: Mapping[str, tuple[str, str]] = {
    "high": ("大", "小"),
    "later": ("後", "先"),
    "playoff": ("決勝", "無視"),
    "must_follow": ("MUST", "MAY"),
    "must_win": ("必勝", "自由"),
}
"""Each row's printed face when the row is True, and when it is False."""

FACE_WORDS: Mapping[str, str] = {
    "大": N_("High"), "小": N_("Low"), "後": N_("Later"), "先": N_("Earlier"),
    "決勝": N_("Play-off"), "無視": N_("Ignore"), "MUST": N_("MUST"), "MAY": N_("MAY"),
    "必勝": N_("Must win"), "自由": N_("Free"),
}
"""Each printed face in words, short enough for a key: the English a page in English shows
(MUST and MAY are printed in English); the Japanese catalog gives back the face as printed
(大, 後, ...)."""

FACE_KEYS: Mapping[str, str] = {
    "大": "sz.face_high", "小": "sz.face_low", "後": "sz.face_later", "先": "sz.face_earlier",
    "決勝": "sz.face_playoff", "無視": "sz.face_ignored", "MUST": "sz.face_must_follow",
    "MAY": "sz.face_may_follow", "必勝": "sz.face_must_win", "自由": "sz.face_free",
}
"""Each printed face's message (messages.py): a ruling names a face through it, so a page
in English reads "High" where the card shows 大."""

DEFAULT_FACES: Mapping[str, bool] = {
    "high": True, "later": True, "playoff": False, "must_follow": True, "must_win": True,
}
"""RULINGS: until the table says otherwise each row shows its first-named face:
大, 後, 無視, MUST, 必勝."""


@dataclass(frozen=True)
class RuleCard:
    """One suit's rule card as it stands: applied when that suit is led (2.3)."""

    high: bool = True
    later: bool = True
    playoff: bool = False
    must_follow: bool = True
    must_win: bool = True

    def row(self, name: str) -> bool:
        return bool(getattr(self, name))

    def flipped(self, name: str) -> RuleCard:
        """The card with row `name` turned to its other face."""
        return replace(self, **{name: not self.row(name)})

    def face(self, name: str) -> str:
        """The printed face row `name` shows now ("大")."""
        return FACES[name][0 if self.row(name) else 1]

    @property
    def faces(self) -> str:
        """The five faces in force, top to bottom ("大・後・無視・MUST・必勝")."""
        return "・".join(self.face(name) for name in ROWS)

    def face_ref(self, name: str) -> Ruling:
        """Row `name`'s face in force, for a ruling's parameters (worded in the reader's language)."""
        return face_ref(self.face(name))

    @property
    def faces_ref(self) -> Ruling:
        """The five faces in force, for a ruling's parameters ("High · Later wins · ..." / "大・後・...")."""
        return Ruling("sz.faces", "2.3", {name: self.face_ref(name) for name in ROWS})

    def as_json(self) -> dict[str, bool]:
        return {name: self.row(name) for name in ROWS}


def face_ref(face: str) -> Ruling:
    """A printed face ("大") as a ruling's parameter: its words in the reader's language."""
    return Ruling(FACE_KEYS[face], "2.3")


def face_option_name(suit: str, row: str) -> str:
    """The option holding a suit's row at game start ("S_high")."""
    return f"{suit}_{row}"


def rules_from_options(options: Mapping[str, Any]) -> tuple[RuleCard, ...]:
    """The four cards at game start, in SUITS order, from a setup's checked options."""
    return tuple(RuleCard(**{row: bool(options[face_option_name(suit, row)]) for row in ROWS}) for suit in SUITS)


def read_rules(raw: object) -> dict[str, RuleCard]:
    """A judge request's `rules`: every suit, each with all five rows as true/false."""
    if not isinstance(raw, Mapping):
        raise RuleError("sz.rules_malformed", "2.3")
    cards: dict[str, RuleCard] = {}
    for name in raw:
        if name not in SUITS:
            raise RuleError("sz.rules_unknown_suit", "2.3", suit=str(name))
    for suit in SUITS:
        if suit not in raw:
            raise RuleError("sz.rules_missing_suit", "2.3", suit=suit)
        rows = raw[suit]
        if not isinstance(rows, Mapping):
            raise RuleError("sz.rules_malformed", "2.3")
        for name in rows:
            if name not in ROWS:
                raise RuleError("sz.rules_unknown_row", "2.3", suit=suit, row=str(name), known=", ".join(ROWS))
        values: dict[str, bool] = {}
        for row in ROWS:
            if row not in rows:
                raise RuleError("sz.rules_missing_row", "2.3", suit=suit, row=row)
            if not isinstance(rows[row], bool):
                raise RuleError("input.not_bool", "", field=f"rules.{suit}.{row}")
            values[row] = rows[row]
        cards[suit] = RuleCard(**values)
    return cards
