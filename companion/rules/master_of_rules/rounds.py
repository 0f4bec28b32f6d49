"""A round of Master of Rules: the order of its entries (two laps, then the dummies), the
entries themselves, and the judged round (1. カードの出し方, 3, 4人プレイ)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..base import Ruling, SeatRef
from ..kit.seats import left_of
from .cards import rule_name
from .clauses import PLAYING
from .rules_cards import Verdict

TABLE_CARDS = 5
"""3, 4人プレイ: every round is judged on exactly five number cards, dummies making up the rest."""

ROUNDS: Mapping[int, int] = {3: 12, 4: 12, 5: 10}
"""5. ゲームの終了 (5 players) and 3, 4人プレイ 2 (3 or 4 players)."""

NUMBER = "number"
RULE = "rule"
DUMMY_NUMBER = "dummy_number"
DUMMY_RULE = "dummy_rule"
EVENT_KINDS = (NUMBER, RULE, DUMMY_NUMBER, DUMMY_RULE)

DUMMY_CARDS: Mapping[int, tuple[tuple[int, tuple[str, ...]], ...]] = {
    3: ((1, (DUMMY_NUMBER, DUMMY_RULE)), (2, (DUMMY_NUMBER,))),
    4: ((1, (DUMMY_NUMBER,)),),
    5: (),
}
"""3, 4人プレイ: which dummy gets which cards; dummy d gets its cards after lap d."""


@dataclass(frozen=True)
class Play:
    """One entry of the round: a player's card (seat) or a dummy's card (dummy 1 or 2).

    `lap` is the lap it was played in, or for a dummy the lap after which it was turned.
    """

    kind: str
    lap: int
    seat: int | None = None
    dummy: int | None = None
    card: str | None = None
    rule: str | None = None
    reveal: bool = False


@dataclass(frozen=True)
class Expected:
    """What the page must ask for next: a player's card or a dummy's, and which kinds."""

    lap: int
    kinds: tuple[str, ...]
    seat: int | None = None
    dummy: int | None = None

    @property
    def is_dummy(self) -> bool:
        return self.dummy is not None


@dataclass(frozen=True)
class RoundResult:
    """A judged round: the five number cards and every player's verdict."""

    number: int
    start_player: int
    cards: tuple[str, ...]
    total: int
    verdicts: tuple[Verdict, ...]
    dummy_numbers: tuple[str, ...]
    dummy_rule: str | None
    plays: tuple[Play, ...]
    rulings: tuple[Ruling, ...]

    @property
    def reveals(self) -> tuple[Play, ...]:
        return tuple(p for p in self.plays if p.reveal)

    @property
    def achievers(self) -> tuple[int, ...]:
        return tuple(v.seat for v in self.verdicts if v.achieved)


def next_step(players: int, start: int, plays: Sequence[Play]) -> Expected | None:
    """The next entry a round of `players` needs, or None once it is complete."""
    n = players
    humans = [p for p in plays if p.seat is not None]
    for lap in (1, 2):
        done = [p for p in humans if p.lap == lap]
        if len(done) < n:
            seat = left_of(start, n, len(done))
            if lap == 1:
                return Expected(1, (NUMBER, RULE), seat=seat)
            first = next(p.kind for p in humans if p.lap == 1 and p.seat == seat)
            return Expected(2, (RULE,) if first == NUMBER else (NUMBER,), seat=seat)
        for dummy, kinds in DUMMY_CARDS[n]:
            if dummy != lap:
                continue
            given = {p.kind for p in plays if p.dummy == dummy}
            missing = tuple(k for k in kinds if k not in given)
            if missing:
                return Expected(lap, missing, dummy=dummy)
    return None


def reveal_rulings(plays: Sequence[Play]) -> tuple[Ruling, ...]:
    """1: each rule card laid after its player revealed their rule cards, for the page."""
    out = []
    for play in plays:
        if play.reveal:
            assert play.seat is not None and play.rule is not None
            out.append(Ruling("mor.reveal", PLAYING, {"seat": SeatRef(play.seat), "rule": rule_name(play.rule)}))
    return tuple(out)
