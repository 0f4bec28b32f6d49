"""The judge: a trick, a score or a deal decided from JSON (`companion judge saizen`).

Asks (issue 16):
- "trick": who wins a trick under the lead suit's rule card, with its play-off stages;
  with `hands`, which plays kept MUST follow and 必勝;
- "score": totals and places from the tricks won per round;
- "deal": hand sizes and which dealt set each seat holds in rounds 1-3.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Answer, CardRef, RuleError, Ruling, SeatRef, SeatsRef, SuitRef, answer, read_lists, require_int, require_list
from ..contract import read_options
from ..kit.evening import places
from .cards import Card, hand_sizes, parse_card, parse_suit, set_held
from .options import JUDGE_OPTIONS, MAX_PLAYERS, MIN_PLAYERS, ROUNDS
from .rulecards import RuleCard, read_rules
from .tricks import JOIN, STRONGER_PAIR, WIN_NOW, decide, follow_breach, must_win_slip, standing, surely_legal

MAX_JOKERS = 2


def judge(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one rules question; rulings stay Ruling objects for the caller to render."""
    return answer(request, ANSWERS)


# --------------------------------------------------------------------------- trick


def _count_ok(cards: Sequence[Card]) -> None:
    """Each card once, jokers at most twice (1, 2.4)."""
    seen: Counter[Card] = Counter(cards)
    for card, count in seen.items():
        if card.is_joker and count > MAX_JOKERS:
            raise RuleError("sz.jokers_too_many", "2.4", count=count)
        if not card.is_joker and count > 1:
            raise RuleError("sz.card_twice", "1", card=CardRef(card.code))


def _stages(raw: object) -> list[list[Card | None]]:
    if not isinstance(raw, list):
        raise RuleError("input.not_list", "", field="playoff")
    stages: list[list[Card | None]] = []
    for stage in raw:
        if not isinstance(stage, list):
            raise RuleError("input.not_list", "", field="playoff")
        stages.append([None if entry is None else parse_card(entry) for entry in stage])
    return stages


def _trick(request: Mapping[str, Any]) -> dict[str, Any]:
    if "rules" not in request:
        raise RuleError("input.missing", "", field="rules")
    rules = read_rules(request["rules"])
    raw_plays = require_list(request, "plays")
    if not MIN_PLAYERS <= len(raw_plays) <= MAX_PLAYERS:
        raise RuleError("sz.play_count", "2.2", count=len(raw_plays))
    plays = [parse_card(code) for code in raw_plays]
    players = len(plays)
    if "players" in request:
        players = require_int(request, "players")
        if not len(plays) <= players <= MAX_PLAYERS:
            raise RuleError("sz.players_vs_plays", "2.2", players=players, plays=len(plays))
    options = read_options(JUDGE_OPTIONS, request.get("options"))
    lead = _lead_suit(plays[0], request)
    stages = _stages(request["playoff"]) if "playoff" in request else []
    complete = players == len(plays)
    if stages and not complete:
        raise RuleError("sz.playoff_before_all_played", "2.3", plays=len(plays), players=players)
    _count_ok(plays + [c for stage in stages for c in stage if c is not None])
    hands = _hands(request, plays, stages, players) if "hands" in request else None
    rule = rules[lead]
    seats = list(range(len(plays)))
    rulings: list[Ruling] = [Ruling("sz.rule_applies", "2.3", {"suit": SuitRef(lead), "faces": rule.faces_ref})]
    if plays[0].is_joker:
        rulings.insert(0, Ruling("sz.joker_names", "RULINGS", {"seat": SeatRef(0), "suit": SuitRef(lead),
                                                               "faces": rule.faces_ref}))
    answer: dict[str, Any] = {"lead_suit": lead, "complete": complete}
    if complete:
        left = [len(hand) - 1 for hand in hands[:len(plays)]] if hands is not None else None
        verdict = decide(lead, rule, plays, seats, stages, left)
        rulings += verdict.rulings
        answer.update(winner=verdict.winner if verdict.decided else None,
                      playoff=[list(stage) for stage in verdict.stages],
                      pending=None if verdict.pending is None else list(verdict.pending))
        stage_players = verdict.stages
    else:
        best, pair = standing(lead, rule, plays)
        if pair:
            rulings.append(Ruling("sz.pair_now", "2.3", {"seats": SeatsRef(pair)}))
        elif best is not None:
            rulings.append(Ruling("sz.winning_now", "2.2", {"seat": SeatRef(best), "card": CardRef(plays[best].code)}))
        answer.update(winner=best, playoff=[], pending=list(pair) if pair else None)
        stage_players = ()
    if hands is not None:
        legal, playoff_legal, flags = _legality(rule, lead, plays, stages, stage_players, hands, options)
        answer["legal"] = legal
        answer["playoff_legal"] = playoff_legal
        rulings += flags
    answer["rulings"] = rulings
    return answer


def _lead_suit(lead_card: Card, request: Mapping[str, Any]) -> str:
    """RULINGS: a joker lead names the suit; otherwise the lead card's suit, which a given
    `lead_suit` must not contradict."""
    given = request.get("lead_suit")
    if lead_card.is_joker:
        if given is None:
            raise RuleError("sz.joker_lead_needs_suit", "RULINGS")
        return parse_suit(given)
    if given is not None and parse_suit(given) != lead_card.suit:
        raise RuleError("sz.lead_suit_contradicts", "2.3", card=CardRef(lead_card.code), suit=SuitRef(parse_suit(given)))
    return lead_card.suit


def _hands(request: Mapping[str, Any], plays: list[Card], stages: list[list[Card | None]],
           players: int) -> list[list[Card]]:
    raw = require_list(request, "hands")
    if len(raw) not in (len(plays), players):
        raise RuleError("sz.hands_count", "", count=len(raw), plays=len(plays))
    hands = read_lists(raw, "hands", parse_card)
    _count_ok([c for hand in hands for c in hand])
    return hands


def _legality(rule: RuleCard, lead: str, plays: list[Card], stages: list[list[Card | None]],
              stage_players: Sequence[Sequence[int]], hands: list[list[Card]],
              options: Mapping[str, Any]) -> tuple[list[bool], list[list[bool]], list[Ruling]]:
    """MUST follow and 必勝 for every card, on the full hands given (before the trick)."""
    remaining = [Counter(hand) for hand in hands]
    flags: list[Ruling] = []

    def take(i: int, card: Card) -> list[Card]:
        if remaining[i][card] <= 0:
            raise RuleError("sz.play_not_in_hand", "", seat=SeatRef(i), card=CardRef(card.code))
        hand = sorted(remaining[i].elements())
        remaining[i][card] -= 1
        return hand

    legal: list[bool] = []
    for i, card in enumerate(plays):
        hand = take(i, card)
        ok = True
        if i > 0:
            breach = follow_breach(card, hand, lead, rule, bool(options["joker_obliges"]))
            if breach is not None:
                ok = False
                held, joker = breach
                flags.append(Ruling("sz.breaks_must_follow_joker" if joker else "sz.breaks_must_follow", "2.3", {
                    "seat": SeatRef(i), "card": CardRef(card.code), "suit": SuitRef(lead), "held": CardRef(held.code)}))
            ok = _slip(card, plays[:i], surely_legal(hand, True, lead, rule, bool(options["joker_obliges"])),
                       lead, rule, i, flags) and ok
        legal.append(ok)
    playoff_legal: list[list[bool]] = []
    for k, stage in enumerate(stages):
        who = stage_players[k] if k < len(stage_players) else ()
        row: list[bool] = []
        down: list[Card] = []
        for i, entry in zip(who, stage):
            if entry is None:
                if sum(remaining[i].values()) > 0:
                    raise RuleError("sz.playoff_null_with_cards", "2.3.2", seat=SeatRef(i), stage=k + 1)
                row.append(True)
                continue
            hand = take(i, entry)
            ok = True
            if options["playoff_reveal"] == "in_turn":
                ok = _slip(entry, down, hand, None, rule, i, flags)
            down.append(entry)
            row.append(ok)
        playoff_legal.append(row)
    return legal, playoff_legal, flags


def _slip(card: Card, down: Sequence[Card], legal: Sequence[Card], lead: str | None, rule: RuleCard,
          seat: int, flags: list[Ruling]) -> bool:
    slip = must_win_slip(card, down, legal, lead, rule)
    if slip is None:
        return True
    held, reached = slip
    kind = {WIN_NOW: "win_now", STRONGER_PAIR: "stronger_pair", JOIN: "join"}[reached]
    clause = "2.3.4" if rule.playoff or lead is None else ("2.3.5" if not rule.must_follow else "2.3.1")
    flags.append(Ruling(f"sz.misses_{kind}", clause, {"seat": SeatRef(seat), "card": CardRef(card.code),
                                                     "held": CardRef(held.code)}))
    return False


# --------------------------------------------------------------------------- score


def _jokers(request: Mapping[str, Any]) -> int:
    if "jokers" not in request:
        return 0
    jokers = require_int(request, "jokers")
    if not 0 <= jokers <= MAX_JOKERS:
        raise RuleError("sz.jokers_count", "2.4", count=jokers)
    return jokers


def _score(request: Mapping[str, Any]) -> dict[str, Any]:
    rounds = require_list(request, "tricks")
    if not 1 <= len(rounds) <= ROUNDS:
        raise RuleError("sz.rounds_count", "2.2", count=len(rounds))
    jokers = _jokers(request)
    players = 0
    for number, won in enumerate(rounds, start=1):
        if not isinstance(won, list):
            raise RuleError("input.not_list", "", field="tricks")
        if not MIN_PLAYERS <= len(won) <= MAX_PLAYERS:
            raise RuleError("sz.player_count", "ゲーム概要", count=len(won))
        if players and len(won) != players:
            raise RuleError("sz.rounds_differ", "2.2", round=number)
        players = len(won)
        for count in won:
            if isinstance(count, bool) or not isinstance(count, int):
                raise RuleError("input.not_integer", "", field="tricks")
            if count < 0:
                raise RuleError("sz.tricks_negative", "2.2", round=number)
        smallest = min(hand_sizes(players, jokers, 0))
        if sum(won) > smallest:
            raise RuleError("sz.round_too_many_tricks", "2.2", round=number, count=sum(won), limit=smallest)
    totals = [sum(won[seat] for won in rounds) for seat in range(players)]
    rank = list(places(totals))
    best = max(totals)
    rulings = [Ruling("sz.score", "2.2", {"rounds": len(rounds)}),
               Ruling("sz.game_won" if len(rounds) == ROUNDS else "sz.leading", "2.2", {
                   "seats": SeatsRef(tuple(s for s in range(players) if totals[s] == best)), "tricks": best})]
    return {"totals": totals, "rank": rank, "rulings": rulings}


# --------------------------------------------------------------------------- deal


def _deal(request: Mapping[str, Any]) -> dict[str, Any]:
    players = require_int(request, "players")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError("sz.player_count", "ゲーム概要", count=players)
    jokers = _jokers(request)
    start = require_int(request, "start") if "start" in request else 0
    if not 0 <= start < players:
        raise RuleError("setup.first_leader", "2.1")
    sizes = hand_sizes(players, jokers, start)
    sets = [[set_held(seat, r, players) for seat in range(players)] for r in range(ROUNDS)]
    extra = (52 + jokers) % players
    dealt = (Ruling("sz.deal", "2.1", {"cards": 52 + jokers, "seat": SeatRef(start), "extra": extra}) if extra else
             Ruling("sz.deal_even", "2.1", {"cards": 52 + jokers, "seat": SeatRef(start), "size": sizes[0]}))
    rulings = [dealt, Ruling("sz.sets_rotate", "2.2", {})]
    return {"hand_sizes": list(sizes), "sets": sets, "rulings": rulings}


ANSWERS: Mapping[str, Answer] = {"trick": _trick, "score": _score, "deal": _deal}
"""The questions this judge answers (in the order a refusal lists them), each by its function."""
ASKS = tuple(ANSWERS)
