"""Seeded King's Order rounds played at a simulated table, for the random and contract tests.

The table is simulated from the rulebook text, independently of the engine: real hands are
dealt from the 78 cards and held in rank order; each turn a card is played from a random
position, a half is thrown away, a player is chosen and the ranks at the ends of their hand
are handed over. Now and then someone makes a mistake a real table makes (keeps a card of
the half they should have thrown away, plays a middle card as if it were at an end, keeps
back cards they should hand over, hands over some copies only, or hands over a middle card),
and the record is whether each turn was right, judged here from the text alone. Entries
are made step by step or as whole turns; some are entered wrong first and taken back. The
cards thrown away are entered by name, or only counted (the option "discards"), as the
table's `counted_rate` says; that choice draws on a random source of its own, so a seed
plays the same game either way.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from companion.rules import base
from companion.rules import kings_order as ko
from companion.rules.base import Event, RuleError

MISTAKE_RATE = 0.06
UNDO_RATE = 0.05


@dataclass
class Record:
    """One turn as the table really played it."""

    number: int
    seat: int
    card: ko.Card
    side: str
    discarded: list[ko.Card]
    target: int
    handed: list[ko.Card]
    hand_before: list[ko.Card]
    target_before: list[ko.Card]
    kept: list[ko.Card]
    counted: bool = False
    """The cards thrown away were entered counted, not named."""

    @property
    def count(self) -> int:
        return len(self.handed)


def ranks(cards: list[ko.Card]) -> list[int]:
    return sorted(c.rank for c in cards)


def turn_was_right(record: Record) -> bool:
    """ゲームのルール 1, from the text: some copy of the played rank, at some position of the
    hand held in rank order, gives exactly this end-card play or this half kept and thrown."""
    hand = ranks(record.hand_before)
    n = len(hand)
    for i, rank in enumerate(hand):
        if rank != record.card.rank:
            continue
        left, right = hand[:i], hand[i + 1:]
        if record.side == "end" and i in (0, n - 1) and not record.discarded and ranks(record.kept) == left + right:
            return True
        if 0 < i < n - 1:
            kept, thrown = (left, right) if record.side == "left" else (right, left)
            if record.side != "end" and ranks(record.kept) == kept and ranks(record.discarded) == thrown:
                return True
    return False


def hand_over_was_right(record: Record) -> bool:
    """ゲームのルール 2, from the text: the played number at the left or right end goes, every copy."""
    hand = ranks(record.target_before)
    rank = record.card.rank
    due = hand.count(rank) if hand and (hand[0] == rank or hand[-1] == rank) else 0
    return record.count == due


@dataclass
class Table:
    players: int
    rng: random.Random
    setup: dict[str, Any]
    hands: list[list[ko.Card]]
    state: ko.State
    log: list[Event] = field(default_factory=list)
    states_at: list[ko.State] = field(default_factory=list)
    stack: list[ko.State] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)
    next_seat: int = 0
    undos: int = 0
    decoys: int = 0
    composite: int = 0
    shown: bool = False
    composite_rate: float = 0.3
    """How often a turn goes in as one "turn" entry (as the judge API takes it) rather than
    the page's steps; 0 for a log to tap in through the page."""
    counted_rate: float = 1.0
    """How often a turn's discards go in counted ("thrown": n, or a discard {"count": n})
    rather than named: 1 (every one), as a table with the default option enters them, so a
    log can be tapped in through the page; the random test mixes both forms."""
    counting: random.Random = field(default_factory=random.Random)
    """Draws whether a turn's discards are counted, apart from `rng`, so the game is the same."""

    # ----------------------------------------------------------------- the log

    def enter(self, kind: str, payload: dict[str, Any]) -> None:
        """Enter one entry; now and then enter something else first and take it back."""
        if self.rng.random() < UNDO_RATE:
            decoy = self.decoy(kind, payload)
            try:
                self._apply(Event(kind, decoy))
            except RuleError:
                pass
            else:
                self.decoys += 1
                self.undo()
        self._apply(Event(kind, payload))
        if self.rng.random() < UNDO_RATE:
            self.undo()
            self._apply(Event(kind, payload))

    def _apply(self, event: Event) -> None:
        new = ko.apply(self.state, event)
        self.stack.append(self.state)
        self.state = new
        self.log.append(event)
        self.states_at.append(new)

    def undo(self) -> None:
        self.state = self.stack.pop()
        self.log.append(Event(base.UNDO))
        self.states_at.append(self.state)
        self.undos += 1

    def decoy(self, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
        """A different entry of the same kind (the engine may refuse it)."""
        rng = self.rng
        out = dict(payload)
        if kind in ("play", "turn"):
            out["card"] = rng.choice(ko.PAD)
        if kind == "keep":
            out["side"] = rng.choice(ko.SIDES)
        if kind == "choose":
            out["seat"] = rng.randrange(self.players)
        if kind == "hand_over":
            out["count"] = rng.randrange(0, 3)
        if kind == "discard" and "count" in payload:
            out["count"] = rng.randrange(0, 4)
        elif kind == "discard":
            out["cards"] = list(payload["cards"])[:-1] or [rng.choice(ko.PAD)]
        return out

    # ----------------------------------------------------------------- the table

    def code(self, card: ko.Card) -> str:
        """Half the time the rank alone (the rank pad), else the full code."""
        return card.code if self.rng.random() < 0.5 else card.rank_card.code

    def holders(self) -> list[int]:
        return [seat for seat, hand in enumerate(self.hands) if hand]

    def over(self) -> bool:
        return len(self.holders()) <= 1

    def play_turn(self) -> Record:
        rng = self.rng
        n = self.players
        seat = next(s % n for s in range(self.next_seat, self.next_seat + n) if self.hands[s % n])
        hand = self.hands[seat]
        before = list(hand)
        size = len(hand)
        if size <= 2 or rng.random() < 0.35:
            i = rng.choice([0, size - 1])
        else:
            i = rng.randrange(1, size - 1)
        card = hand[i]
        if i in (0, size - 1):
            side, kept, thrown = "end", hand[:i] + hand[i + 1:], []
        else:
            side = rng.choice(["left", "right"])
            kept, thrown = (hand[:i], hand[i + 1:]) if side == "left" else (hand[i + 1:], hand[:i])
            if rng.random() < MISTAKE_RATE:
                if len(thrown) >= 2:      # keeps back one card of the half to throw away
                    j = rng.randrange(len(thrown))
                    kept, thrown = kept + [thrown[j]], thrown[:j] + thrown[j + 1:]
                else:                    # plays a middle card as if it were at an end
                    side, kept, thrown = "end", hand[:i] + hand[i + 1:], []
        others = [s for s in range(n) if s != seat]
        with_cards = [s for s in others if self.hands[s]]
        target = rng.choice(with_cards) if with_cards and rng.random() < 0.85 else rng.choice(others)
        target_hand = self.hands[target]
        target_before = list(target_hand)
        due = ko.hand_over(target_hand, card.rank)[0]
        handed = list(due)
        if rng.random() < MISTAKE_RATE * 2:
            inner = [c for c in target_hand if c.rank == card.rank]
            if due:
                handed = [] if rng.random() < 0.5 or len(due) == 1 else list(due[:-1])
            elif inner:
                handed = inner           # hands over copies from the middle
        self.hands[seat] = sorted(kept, key=lambda c: c.rank)
        for c in handed:
            target_hand.remove(c)
        record = Record(len(self.records) + 1, seat, card, side, thrown, target, handed, before, target_before,
                        list(self.hands[seat]))
        self.records.append(record)
        self.next_seat = (seat + 1) % n
        self.enter_turn(record)
        return record

    def enter_turn(self, r: Record) -> None:
        rng = self.rng
        r.counted = r.side != "end" and self.counting.random() < self.counted_rate
        if rng.random() < self.composite_rate:
            payload: dict[str, Any] = {"seat": r.seat, "card": self.code(r.card), "target": r.target}
            if len(r.hand_before) >= 3 or rng.random() < 0.3:
                payload["side"] = r.side
            if r.side != "end" or rng.random() < 0.3:
                named = [self.code(c) for c in r.discarded]
                if r.counted:
                    payload["thrown"] = len(named)
                else:
                    payload["discarded"] = named
            if r.target_before or rng.random() < 0.3:
                payload["count"] = r.count
            self.composite += 1
            self.enter("turn", payload)
            return
        self.enter("play", {"seat": r.seat, "card": self.code(r.card)})
        if len(r.hand_before) >= 3:
            self.enter("keep", {"side": r.side})
        if r.side != "end":
            named = [self.code(c) for c in r.discarded]
            self.enter("discard", {"count": len(named)} if r.counted else {"cards": named})
        self.enter("choose", {"seat": r.target})
        if r.target_before:
            self.enter("hand_over", {"count": r.count})

    def show(self) -> None:
        last = self.holders()
        if last:
            self.enter("show", {"cards": [self.code(c) for c in self.hands[last[0]]]})
            self.shown = True

    def wrong_turns(self) -> set[tuple[int, int]]:
        """(turn, seat) of every record that was not right, by the text."""
        wrong = set()
        for r in self.records:
            if not turn_was_right(r):
                wrong.add((r.number, r.seat))
            if not hand_over_was_right(r):
                wrong.add((r.number, r.target))
        return wrong


def new_table(seed: int, players: int | None = None) -> Table:
    rng = random.Random(seed)
    players = players if players is not None else 3 + seed % 4
    hands = ko.deal(rng, players)
    for hand in hands:
        rng.shuffle(hand)
        hand.sort(key=lambda c: c.rank)   # equal ranks in any order
    setup = {"players": [f"P{i}" for i in range(players)], "first_leader": rng.randrange(players),
             "options": {"rounds": rng.choice(["1", "3"])}}
    table = Table(players, rng, setup, hands, ko.initial(setup), counting=random.Random(seed + 7919))
    table.next_seat = setup["first_leader"]
    return table


def play_out(table: Table, show: bool = True, accept: bool = True) -> Table:
    while not table.over():
        table.play_turn()
    if show and table.rng.random() < 0.85:
        table.show()
    findings = ko.audit(table.state)
    if accept and findings and table.rng.random() < 0.7:
        ref = table.rng.choice(findings).ref
        table.enter("accept", {"turn": ref["turn"], "seat": ref["seat"]})
    return table


def random_game(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and the complete log of a whole round (undo entries included), each turn one
    "turn" entry with its discards counted ("thrown": n), as the page's turn picker enters it
    at a table with the default option (the random test enters steps and named cards too)."""
    table = new_table(seed)
    table.composite_rate = 1.0
    table.counted_rate = 1.0
    play_out(table)
    return table.setup, table.log


def tap_limit(kind: str, payload: dict[str, Any]) -> int:
    """Taps an entry may take on the page (issue 31): a turn's card and the player chosen with
    the count, two taps (an end card); a card inside the hand one more, the side and count
    thrown away in one key, at a table that counts them (3, within the issue's six), or one
    per card thrown away at a table that names them (2 plus one a card: each card named is
    a tap); the last hand shown, a tap per card and one to send it; a finding let stand, one
    tap. The step entries of a turn entered elsewhere: one tap each, a discard counted one,
    a discard named a tap per card and one to send."""
    if kind == "turn":
        return 2 + (1 if payload.get("thrown") else len(payload.get("discarded") or []))
    if kind == "discard" and "count" in payload:
        return 1
    if kind in ("show", "discard"):
        return len(payload["cards"]) + 1
    return 1


def random_partial(seed: int) -> tuple[dict[str, Any], list[Event]]:
    """A setup and a log stopped at a random point of a round."""
    setup, log = random_game(seed)
    return setup, log[: random.Random(seed).randrange(len(log))]


def deck_counts(table: Table) -> Counter[int]:
    """Copies of each rank in the hands right now (the truth the engine never sees)."""
    return Counter(c.rank for hand in table.hands for c in hand)


def judge_fields(seed: int) -> dict[str, str]:
    """The quick judge's address once a whole turn is tapped: the player's hand and the place
    of the card played in it (with the half kept for a card not at an end), then the chosen player's
    hand (it may be empty), its last card as the newly tapped "card"; one value per field,
    as the page carries them."""
    rng = random.Random(seed)
    hands = ko.deal(rng, 2)
    hand = sorted(rng.sample(hands[0], rng.randint(1, ko.HAND_SIZE)), key=lambda c: c.rank)
    at = rng.randrange(len(hand))
    played = hand[at]
    target = rng.sample(hands[1], rng.randint(0, 6))
    if rng.random() < 0.5 and sum(c.rank == played.rank for c in hand + target) < ko.COPIES:
        target.append(ko.Card(played.rank))  # often the played rank is in the chosen hand too
    target.sort(key=lambda c: c.rank)
    codes = [c.rank_card.code for c in hand]
    fields = {"hand": ".".join(codes), "at": str(at), "to": "target"}
    if at not in (0, len(hand) - 1):
        fields["keep"] = rng.choice(["left", "right"])
    taps = [c.rank_card.code for c in target]
    if taps:
        fields["target"] = ".".join(taps[:-1])
        fields["card"] = taps[-1]
    return fields
