"""A round of King's Order as it stands: the setup, the turns entered, the audit.

A turn is entered step by step, as the table plays it (or all at once with "turn"):
  "play"      {"seat", "card"}     the card the turn player plays (a rank, or a full code);
  "keep"      {"side"}             "end" (an end card), or "left"/"right": the half kept;
  "discard"   {"cards": [...]}     the cards of the other half, thrown away, named;
              or {"count": n}      only how many were thrown away (the table checked them by eye);
  "choose"    {"seat"}             the player chosen (any other player, even one without cards);
  "hand_over" {"count"}            how many cards of the played rank they handed over (0-5).
Steps the counts settle are filled in by the engine: with one or two cards in hand the
card played is at an end (no "keep", no "discard"); an end card discards nothing (no
"discard"); a chosen player without cards hands over nothing (no "hand_over").
`State.awaiting` names the next step ("play", "keep", "discard", "choose", "hand_over"; None
once the round is over) and `State.turn_seat` whose turn it is.
After the round: "show" {"cards": [...]} the last hand, which completes the audit, and at
any time "accept" {"turn", "seat"} lets a finding stand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..base import CardRef, Event, Finding, RuleError, Ruling, SeatRef, SeatsRef, require_int, require_list
from ..contract import read_options
from ..kit.findings import accept
from ..kit.seats import Seating, left_of, read_seating
from .cards import COPIES, HAND_SIZE, RANKS, Card, parse_card
from .clauses import CHOOSE, CONTENTS, END, PLAY, PLAYERS, RULES, RULINGS, SETUP, TURN_END
from .options import OPTIONS, PLAYER_COUNTS
from .points import Score, score
from .turns import SIDES, Known, codes, hand_over_proof, hand_over_rulings, kept_proof

STEPS = ("play", "keep", "discard", "choose", "hand_over")
"""The entries of one turn, in order."""


@dataclass(frozen=True)
class Setup(Seating):
    """Who sits where (clockwise), the start player, the match's length in rounds, and how the
    page asks for the cards thrown away ("counted" or "named"; the engine takes both)."""

    rounds: int = 1
    discards: str = "counted"


@dataclass(frozen=True)
class Turn:
    """One turn, complete or being entered (the fields not yet entered are None)."""

    number: int
    seat: int
    card: Card
    hand_before: int
    """The turn player's hand size before playing."""
    side: str | None = None
    discarded: tuple[Card, ...] | None = None
    target: int | None = None
    target_before: int | None = None
    """The chosen player's hand size before the hand-over."""
    count: int | None = None
    unnamed: int = 0
    """How many cards were thrown away without being named (a counted discard)."""
    rulings: tuple[Ruling, ...] = ()

    @property
    def awaiting(self) -> str | None:
        """The next step of this turn, or None once it is complete."""
        if self.side is None:
            return "keep"
        if self.discarded is None:
            return "discard"
        if self.target is None:
            return "choose"
        if self.count is None:
            return "hand_over"
        return None

    @property
    def rank(self) -> int:
        return self.card.rank

    def throws(self, rank: int) -> bool:
        """Whether a card of `rank` can be among those thrown away, the half on `side` kept
        (ゲームのルール 1): keeping the left half throws away the cards right of the card
        played, none lower than it; keeping the right half, those left of it, none higher.
        Read by the engine and by the page that offers the discards."""
        return rank >= self.rank if self.side == "left" else rank <= self.rank

    @property
    def handed(self) -> tuple[Card, ...]:
        """The cards handed over: the played rank, `count` times (their suits unknown)."""
        return (Card(self.card.rank),) * (self.count or 0)

    @property
    def gone(self) -> tuple[Card, ...]:
        """What is known to have left the turn player's hand: the card played and the cards
        discarded by name (`unnamed` more left it, of ranks not entered)."""
        return (self.card, *(self.discarded or ()))

    @property
    def thrown(self) -> int:
        """How many cards were thrown away, named or not."""
        return len(self.discarded or ()) + self.unnamed


@dataclass(frozen=True)
class State:
    """Everything known about one round, derived only from its setup and log."""

    setup: Setup
    sizes: tuple[int, ...]
    seen: tuple[int, ...]
    """Copies of each rank seen this deal (played, discarded, handed over, shown), A first."""
    next_seat: int
    """Where the search for the next turn player starts (the start player, then the left neighbour)."""
    turns: tuple[Turn, ...] = ()
    current: Turn | None = None
    won: tuple[tuple[int, ...], ...] = ()
    """The ranks each seat has received as score cards."""
    used: frozenset[str] = frozenset()
    """Full card codes seen this deal (cards entered by rank alone are only counted)."""
    shown: tuple[Card, ...] | None = None
    accepted: frozenset[tuple[int, int]] = frozenset()
    """(turn, seat) of findings the table has chosen to let stand."""
    latest: tuple[Ruling, ...] = ()
    """The rulings explaining the latest entry."""

    @property
    def players(self) -> int:
        return self.setup.size

    @property
    def holders(self) -> tuple[int, ...]:
        """The seats with cards in hand."""
        return tuple(seat for seat, size in enumerate(self.sizes) if size)

    @property
    def is_over(self) -> bool:
        """ゲームの終了と得点計算: over once a complete turn leaves at most one hand with cards."""
        return self.current is None and len(self.holders) <= 1

    @property
    def turn_seat(self) -> int | None:
        """Whose turn it is: players without cards are skipped (RULINGS); None once over."""
        if self.current is not None:
            return self.current.seat
        if self.is_over:
            return None
        return next_holder(self.sizes, self.next_seat)

    @property
    def awaiting(self) -> str | None:
        """The entry expected next: one of STEPS, or None once the round is over."""
        if self.current is not None:
            return self.current.awaiting
        return None if self.is_over else "play"

    @property
    def turn_number(self) -> int:
        """The number of the turn being entered (1-based), or of the last one once over."""
        return len(self.turns) + (0 if self.is_over else 1)

    @property
    def last_turn(self) -> Turn | None:
        return self.turns[-1] if self.turns else None

    @property
    def last_hand(self) -> int | None:
        """Once the round is over, the seat still holding cards (None if every hand is empty)."""
        return self.holders[0] if self.is_over and self.holders else None

    @property
    def can_show(self) -> bool:
        """Whether the last hand may be shown now (the round is over, it exists, not yet shown)."""
        return self.last_hand is not None and self.shown is None

    def unseen(self, rank: int) -> int:
        """Copies of `rank` not yet seen this deal: in someone's hand, or out of the game."""
        return COPIES - self.seen[rank - 1]

    @property
    def score(self) -> Score:
        """The score cards counted as they stand (live points; final once the round is over)."""
        return score(self.won)

    @property
    def points(self) -> tuple[int, ...]:
        return self.score.points

    @property
    def leaders(self) -> tuple[int, ...]:
        return self.score.winners


def next_holder(sizes: Sequence[int], start: int) -> int:
    """The first seat from `start` clockwise that still has cards."""
    n = len(sizes)
    for step in range(n):
        seat = (start + step) % n
        if sizes[seat]:
            return seat
    return start


def make_setup(raw: Mapping[str, Any]) -> Setup:
    """Read a setup {"players": [...], "first_leader": i, "options": {"rounds": "1" | "3",
    "discards": "counted" | "named"}}."""
    players, first = read_seating(raw, PLAYER_COUNTS, "ko.player_count", PLAYERS, SETUP)
    options = read_options(OPTIONS, raw.get("options"))
    return Setup(players, first, int(options["rounds"]), str(options["discards"]))


def initial(raw_setup: Mapping[str, Any]) -> State:
    """ゲームの準備: 13 cards each, nothing seen yet, the start player to play."""
    setup = make_setup(raw_setup)
    n = setup.size
    return State(setup=setup, sizes=(HAND_SIZE,) * n, seen=(0,) * len(RANKS), next_seat=setup.first_leader,
                 won=((),) * n)


# --------------------------------------------------------------------------- entries


def apply(state: State, event: Event) -> State:
    """Take one entry (see the module's docstring); RuleError names the clause it breaks."""
    payload = event.payload
    if event.kind == "accept":
        return _accept(state, require_int(payload, "turn"), require_int(payload, "seat"))
    if event.kind == "show":
        return _show(state, _cards(payload, "cards"))
    if event.kind not in (*STEPS, "turn"):
        raise RuleError("input.unknown_event", "", kind=event.kind)
    if state.is_over:
        raise RuleError("ko.game_over", END)
    if event.kind == "turn":
        return _turn(state, payload)
    if event.kind != state.awaiting:
        raise _awaiting_error(state)
    if event.kind == "play":
        return _play(state, require_int(payload, "seat"), parse_card(payload.get("card")))
    if event.kind == "keep":
        return _keep(state, payload.get("side"))
    if event.kind == "discard":
        if "count" in payload:
            if payload.get("cards"):
                raise RuleError("ko.discard_both", PLAY)
            return _discard_counted(state, _thrown(payload, "count"))
        return _discard(state, _cards(payload, "cards"))
    if event.kind == "choose":
        return _choose(state, require_int(payload, "seat"))
    return _hand_over(state, require_int(payload, "count"))


def _cards(payload: Mapping[str, Any], name: str) -> list[Card]:
    return [parse_card(code) for code in require_list(payload, name)]


def _thrown(payload: Mapping[str, Any], name: str) -> int:
    """A count of cards thrown away, refusing what is not a whole number in words of the game."""
    value = payload.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError("ko.thrown_not_count", PLAY, value=str(value))
    return value


def _awaiting_error(state: State) -> RuleError:
    """The refusal of an entry that is not the one expected, saying which one is."""
    turn = state.current
    if turn is None:
        return RuleError("ko.await_play", RULES, seat=SeatRef(state.turn_seat or 0))
    params: dict[str, Any] = {"seat": SeatRef(turn.seat), "card": CardRef(turn.card.code)}
    if turn.awaiting == "hand_over":
        params["target"] = SeatRef(turn.target or 0)
    return RuleError(f"ko.await_{turn.awaiting}", RULES, **params)


def _seen_with(state: State, cards: Sequence[Card]) -> tuple[tuple[int, ...], frozenset[str]]:
    """The deal's seen counts and codes with `cards` added, refusing a card that cannot exist:
    a full code seen already, or a seventh copy of a rank (内容物: six of each)."""
    seen = list(state.seen)
    used = set(state.used)
    for card in cards:
        if card.suit and card.code in used:
            raise RuleError("ko.card_used", CONTENTS, card=CardRef(card.code))
        if seen[card.rank - 1] >= COPIES:
            raise RuleError("ko.rank_exhausted", CONTENTS, card=CardRef(card.rank_card.code), copies=COPIES)
        seen[card.rank - 1] += 1
        if card.suit:
            used.add(card.code)
    return tuple(seen), frozenset(used)


def _with_size(sizes: tuple[int, ...], seat: int, change: int) -> tuple[int, ...]:
    return tuple(size + change if i == seat else size for i, size in enumerate(sizes))


def _play(state: State, seat: int, card: Card) -> State:
    expected = state.turn_seat
    if not 0 <= seat < state.players:
        raise RuleError("ko.seat_unknown", RULES, seat=seat)
    if seat != expected:
        if not state.sizes[seat]:
            raise RuleError("ko.seat_empty", RULINGS, seat=SeatRef(seat), expected=SeatRef(expected or 0))
        raise RuleError("ko.not_your_turn", RULES, seat=SeatRef(expected or 0))
    seen, used = _seen_with(state, (card,))
    before = state.sizes[seat]
    rulings = [Ruling("ko.played", PLAY, {"seat": SeatRef(seat), "card": CardRef(card.code)})]
    turn = Turn(len(state.turns) + 1, seat, card, before)
    if before <= 2:
        turn = replace(turn, side="end", discarded=())
        rulings.append(Ruling("ko.only_ends", RULINGS, {"seat": SeatRef(seat), "count": before,
                                                         "card": CardRef(card.code)}))
    turn = replace(turn, rulings=tuple(rulings))
    return replace(state, current=turn, sizes=_with_size(state.sizes, seat, -1), seen=seen, used=used,
                   latest=turn.rulings)


def _keep(state: State, side: object) -> State:
    turn = state.current
    assert turn is not None
    if side not in SIDES:
        raise RuleError("ko.side_bad", PLAY, side=str(side))
    if side == "end":
        ruling = Ruling("ko.end_card", PLAY, {"seat": SeatRef(turn.seat), "card": CardRef(turn.card.code)})
        turn = replace(turn, side="end", discarded=(), rulings=turn.rulings + (ruling,))
    else:
        turn = replace(turn, side=str(side))
    return replace(state, current=turn, latest=turn.rulings)


def _discard(state: State, cards: Sequence[Card]) -> State:
    turn = state.current
    assert turn is not None
    most = turn.hand_before - 2
    if not cards:
        raise RuleError("ko.discard_none", PLAY, seat=SeatRef(turn.seat), card=CardRef(turn.card.code))
    if len(cards) > most:
        raise RuleError("ko.discard_too_many", PLAY, seat=SeatRef(turn.seat), size=turn.hand_before, most=most,
                        count=len(cards))
    wrong = tuple(c for c in cards if not turn.throws(c.rank))
    if wrong:
        raise RuleError(f"ko.discard_wrong_side_{turn.side}", PLAY, card=CardRef(turn.card.code), cards=codes(wrong))
    seen, used = _seen_with(state, cards)
    ordered = tuple(sorted(cards, key=lambda c: c.rank))
    ruling = Ruling(f"ko.kept_{turn.side}", PLAY, {"seat": SeatRef(turn.seat), "card": CardRef(turn.card.code),
                                                   "cards": codes(ordered)})
    turn = replace(turn, discarded=ordered, rulings=turn.rulings + (ruling,))
    return replace(state, current=turn, sizes=_with_size(state.sizes, turn.seat, -len(cards)), seen=seen,
                   used=used, latest=turn.rulings)


def _discard_counted(state: State, count: int) -> State:
    """ゲームのルール 1 with the cards counted, not named: the table looked at each one as it went
    face up on the pile; the app keeps only how many left the hand (RULINGS, the option
    "discards"). Nothing is seen by rank, so the deal's counts do not change."""
    turn = state.current
    assert turn is not None
    most = turn.hand_before - 2
    if count < 1:
        raise RuleError("ko.discard_none", PLAY, seat=SeatRef(turn.seat), card=CardRef(turn.card.code))
    if count > most:
        raise RuleError("ko.discard_too_many", PLAY, seat=SeatRef(turn.seat), size=turn.hand_before, most=most,
                        count=count)
    # 内容物: six of each rank. The cards thrown away are of the ranks on the other side of
    # the card played (its own rank included), and none of them can have been seen already.
    other_side = [r for r in RANKS if turn.throws(r)]
    left = sum(state.unseen(r) for r in other_side)
    if count > left:
        raise RuleError(f"ko.discard_unseen_{turn.side}", CONTENTS, card=CardRef(turn.card.rank_card.code),
                        count=left, thrown=count)
    ruling = Ruling(f"ko.kept_{turn.side}_counted", PLAY, {"seat": SeatRef(turn.seat),
                                                           "card": CardRef(turn.card.code), "count": count})
    turn = replace(turn, discarded=(), unnamed=count, rulings=turn.rulings + (ruling,))
    return replace(state, current=turn, sizes=_with_size(state.sizes, turn.seat, -count), latest=turn.rulings)


def _choose(state: State, target: int) -> State:
    turn = state.current
    assert turn is not None
    if not 0 <= target < state.players:
        raise RuleError("ko.seat_unknown", CHOOSE, seat=target)
    if target == turn.seat:
        raise RuleError("ko.choose_self", CHOOSE, seat=SeatRef(turn.seat))
    before = state.sizes[target]
    turn = replace(turn, target=target, target_before=before)
    if before == 0:
        return _complete(replace(state, current=replace(turn, count=0)), 0)
    ruling = Ruling("ko.chose", CHOOSE, {"seat": SeatRef(turn.seat), "target": SeatRef(target),
                                         "card": CardRef(turn.card.rank_card.code)})
    turn = replace(turn, rulings=turn.rulings + (ruling,))
    return replace(state, current=turn, latest=turn.rulings)


def _hand_over(state: State, count: int) -> State:
    turn = state.current
    assert turn is not None and turn.target is not None
    target, rank = turn.target, turn.rank
    face = CardRef(turn.card.rank_card.code)
    if count < 0:
        raise RuleError("ko.hand_over_negative", CHOOSE, count=count)
    if count > state.sizes[target]:
        raise RuleError("ko.hand_over_more_than_hand", CHOOSE, target=SeatRef(target), size=state.sizes[target],
                        count=count)
    if count > state.unseen(rank):
        raise RuleError("ko.hand_over_unseen", CONTENTS, card=face, left=state.unseen(rank), count=count,
                        copies=COPIES)
    seen = tuple(n + count if r == rank else n for r, n in zip(RANKS, state.seen))
    won = tuple(ranks + (rank,) * count if seat == turn.seat else ranks for seat, ranks in enumerate(state.won))
    state = replace(state, current=replace(turn, count=count), sizes=_with_size(state.sizes, target, -count),
                    seen=seen, won=won)
    return _complete(state, count)


def _complete(state: State, count: int) -> State:
    """The turn's last step is in: the hand-over's rulings, then the next player or the end."""
    turn = state.current
    assert turn is not None and turn.target is not None and turn.target_before is not None
    rulings = turn.rulings + hand_over_rulings(turn.seat, turn.target, turn.card, turn.target_before, count)
    turn = replace(turn, rulings=rulings)
    state = replace(state, turns=state.turns + (turn,), current=None, next_seat=left_of(turn.seat, state.players))
    after: list[Ruling] = []
    if count:
        after.append(Ruling("ko.score_cards", TURN_END, {"seat": SeatRef(turn.seat), "count": count}))
    if state.is_over:
        last = state.last_hand
        if last is None:
            after.append(Ruling("ko.round_over_empty", RULINGS, {}))
        else:
            after.append(Ruling("ko.round_over", END, {"seat": SeatRef(last), "count": state.sizes[last]}))
            after.append(Ruling("ko.last_hand_nothing", RULINGS, {"seat": SeatRef(last)}))
        after.extend(state.score.rulings)
    else:
        following = state.turn_seat
        assert following is not None
        skipped = tuple(seat for seat in _between(turn.seat, following, state.players) if not state.sizes[seat])
        if skipped:
            after.append(Ruling("ko.skipped", RULINGS, {"seats": SeatsRef(skipped)}))
        after.append(Ruling("ko.next_turn", RULES, {"seat": SeatRef(following)}))
    return replace(state, latest=rulings + tuple(after))


def _between(seat: int, following: int, players: int) -> tuple[int, ...]:
    """The seats strictly between `seat` and `following`, clockwise."""
    out = []
    step = left_of(seat, players)
    while step != following and step != seat:
        out.append(step)
        step = left_of(step, players)
    return tuple(out)


def _turn(state: State, payload: Mapping[str, Any]) -> State:
    """A whole turn in one entry: {"seat", "card", "side", "discarded" or "thrown", "target", "count"}.

    "discarded" names the cards thrown away; "thrown" only counts them (not both). "side",
    "discarded"/"thrown" and "count" may be left out where the counts settle them; given
    there, they must agree with what the counts settle.
    """
    if state.awaiting != "play":
        raise _awaiting_error(state)
    state = _play(state, require_int(payload, "seat"), parse_card(payload.get("card")))
    turn = state.current
    assert turn is not None
    if state.awaiting == "keep":
        if "side" not in payload:
            raise RuleError("input.missing", "", field="side")
        state = _keep(state, payload["side"])
    elif "side" in payload and payload["side"] != "end":
        if payload["side"] not in SIDES:
            raise RuleError("ko.side_bad", PLAY, side=str(payload["side"]))
        raise RuleError("ko.no_middle", PLAY, seat=SeatRef(turn.seat), count=turn.hand_before)
    thrown = _thrown(payload, "thrown") if "thrown" in payload else None
    if thrown and payload.get("discarded"):
        raise RuleError("ko.discard_both", PLAY)
    if state.awaiting == "discard":
        if thrown is not None and not payload.get("discarded"):
            state = _discard_counted(state, thrown)
        else:
            state = _discard(state, _cards(payload, "discarded"))
    elif ("discarded" in payload and _cards(payload, "discarded")) or thrown:
        raise RuleError("ko.end_discards", PLAY, card=CardRef(turn.card.code))
    if "target" not in payload:
        raise RuleError("input.missing", "", field="target")
    state = _choose(state, require_int(payload, "target"))
    if state.awaiting == "hand_over":
        if "count" not in payload:
            raise RuleError("input.missing", "", field="count")
        state = _hand_over(state, require_int(payload, "count"))
    elif "count" in payload and require_int(payload, "count") != 0:
        target = require_int(payload, "target")
        raise RuleError("ko.hand_over_more_than_hand", CHOOSE, target=SeatRef(target), size=0,
                        count=payload["count"])
    return state


def _show(state: State, cards: Sequence[Card]) -> State:
    """The last hand shown once the round is over: every hand can now be rebuilt (the audit)."""
    if not state.is_over:
        raise RuleError("ko.show_not_over", END)
    last = state.last_hand
    if last is None:
        raise RuleError("ko.show_nothing", RULINGS)
    if state.shown is not None:
        raise RuleError("ko.show_twice", RULINGS, seat=SeatRef(last))
    if len(cards) != state.sizes[last]:
        raise RuleError("ko.show_count", RULINGS, seat=SeatRef(last), size=state.sizes[last], count=len(cards))
    seen, used = _seen_with(state, cards)
    shown = tuple(sorted(cards, key=lambda c: c.rank))
    state = replace(state, shown=shown, seen=seen, used=used)
    findings = audit(state)
    rulings = [Ruling("ko.shown", RULINGS, {"seat": SeatRef(last), "cards": codes(shown)})]
    if findings:
        rulings.append(Ruling("ko.audit_found", RULINGS, {"count": len(findings)}))
    else:
        rulings.append(Ruling("ko.audit_clean", RULINGS, {}))
    return replace(state, latest=tuple(rulings))


def _accept(state: State, turn: int, seat: int) -> State:
    found = {(f.ref["turn"], f.ref["seat"]) for f in audit(state)}
    params = {"turn": turn, "seat": SeatRef(seat) if 0 <= seat < state.players else seat}
    accepted = accept(state.accepted, (turn, seat), found, "ko.accept_unknown", "ko.accept_twice", params)
    return replace(state, accepted=accepted, latest=(Ruling("ko.accepted", RULINGS, params),))


# --------------------------------------------------------------------------- the audit


def audit(state: State) -> tuple[Finding, ...]:
    """Every turn whose discard or hand-over cannot have been right (RULINGS).

    Cards never enter a hand, so a hand at any turn held every card that left it later:
    played, discarded, handed over, or shown at the end. Going back from the latest turn,
    each hand is rebuilt from what left it afterwards; cards still in a hand are unknown
    (none once the hand is empty or shown), and so are cards thrown away by count alone,
    and only what no unknown cards could excuse is reported.
    """
    n = state.players
    later: list[list[Card]] = [[] for _ in range(n)]
    last = state.last_hand
    if state.shown is not None and last is not None:
        later[last] += state.shown
    unknown = [0 if state.shown is not None and seat == last else size for seat, size in enumerate(state.sizes)]
    if state.current is not None:
        later[state.current.seat] += state.current.gone
        unknown[state.current.seat] += state.current.unnamed
    found: list[Finding] = []
    for turn in reversed(state.turns):
        assert turn.side is not None and turn.target is not None and turn.count is not None
        seat, target, rank = turn.seat, turn.target, turn.rank
        kept = Known(tuple(later[seat]), unknown[seat])
        proof = kept_proof(turn.side, rank, kept)
        if proof is not None:
            key, evidence = proof
            params: dict[str, Any] = {"turn": turn.number, "seat": SeatRef(seat), "card": CardRef(turn.card.code)}
            if key == "ko.audit_end":
                params.update(low=CardRef(evidence[0].code), high=CardRef(evidence[1].code))
            else:
                params["cards"] = codes(sorted(evidence))
            found.append(_finding(state, Ruling(key, PLAY, params), turn.number, seat))
        if turn.target_before:
            held = Known(tuple(later[target]), unknown[target])
            key_or_none = hand_over_proof(rank, turn.count, held)
            if key_or_none is not None:
                found.append(_finding(state, _hand_over_finding(key_or_none, turn, held), turn.number, target))
        later[seat] += turn.gone
        unknown[seat] += turn.unnamed  # cards of unknown rank that were in the hand
        later[target] += turn.handed
    return tuple(reversed(found))


def _hand_over_finding(key: str, turn: Turn, held: Known) -> Ruling:
    assert turn.target is not None
    rank = turn.rank
    params: dict[str, Any] = {"turn": turn.number, "seat": SeatRef(turn.seat), "target": SeatRef(turn.target),
                              "card": CardRef(turn.card.rank_card.code), "count": turn.count}
    if key == "ko.audit_copy_kept":
        params["copies"] = len(held.equal(rank))
    elif key == "ko.audit_not_at_end":
        params.update(low=CardRef(min(held.lower(rank)).code), high=CardRef(max(held.higher(rank)).code))
    else:
        params["hand"] = codes(sorted(held.cards))
        if held.unknown:
            key = "ko.audit_withheld_partial"
            params["unknown"] = held.unknown
    return Ruling(key, CHOOSE, params)


def _finding(state: State, ruling: Ruling, turn: int, seat: int) -> Finding:
    return Finding(ruling, {"turn": turn, "seat": seat}, (turn, seat) in state.accepted)


def rulings(state: State) -> tuple[Ruling, ...]:
    """What explains the latest entry: the turn so far, or the whole last turn (with the
    score once the round is over), or the last hand shown, or a finding accepted."""
    return state.latest


def scores(state: State) -> tuple[int, ...]:
    """Points per seat so far (the score cards counted as if the round ended now)."""
    return state.points
