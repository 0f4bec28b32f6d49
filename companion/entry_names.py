"""Entries as the table knows them ("trick 3, Ben's card"), and what a correction changed.

A person never reads an entry's place in the log: the history, the correction page and the
answer after a correction name an entry through its game (contract.Game.entry_name, from the
state before it) and say what changed from the engine's own output: the cards the entry
names (Game.names), the rulings, and the points of the outcome. Nothing here knows HTTP or
HTML; the words come from the catalog passed in (i18n.Words).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import i18n
from .rules.base import ABANDON, CORRECT, UNDO, Event, Ruling, SeatRef, SeatsRef
from .rules.contract import EntryName, EntryRef, Game

MINUS = "\u2212"
"""The minus sign of a points change ("Ann −3"), as printed scores write it."""


@dataclass(frozen=True)
class Walk:
    """A game's log walked entry by entry, as base.replay folds it, keeping what naming needs.

    `then[p]`: the state before entry p when it was entered (for a correction: before the
    entry it corrects, as that stood); None for an undo or an abandoning. `kept`: the
    positions in force with their events as corrected, and `states[i]` the state before
    kept[i] (the last one: the state now). `replaced[p]`: for correction p, the payload it
    replaced.
    """

    then: tuple[Any, ...]
    kept: tuple[tuple[int, Event], ...]
    states: tuple[Any, ...]
    replaced: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)

    def before_now(self, position: int) -> Any:
        """The state before entry `position` as the log stands (it must be in force)."""
        index = next(i for i, (at, _) in enumerate(self.kept) if at == position)
        return self.states[index]


def walk(game: Game, setup: Mapping[str, Any], events: Sequence[Event]) -> Walk:
    """The log walked as base.replay walks it (the same undo and correction rules), for a log
    the store has written: every entry in it was accepted when written."""
    kept: list[tuple[int, Event]] = []
    states: list[Any] = [game.initial(setup)]
    stack: list[int] = []
    replaced: dict[int, tuple[int, Event]] = {}
    then: list[Any] = []
    abandoned: set[int] = set()
    payloads: dict[int, Mapping[str, Any]] = {}
    for position, event in enumerate(events):
        if event.kind == UNDO:
            then.append(None)
            last = stack.pop()
            if last in abandoned:
                abandoned.discard(last)
            elif last in replaced:
                back, previous = replaced.pop(last)
                kept[back] = (kept[back][0], previous)
                _refold(game, kept, states, back)
            else:
                kept.pop()
                states.pop()
        elif event.kind == ABANDON:
            then.append(None)
            abandoned.add(position)
            stack.append(position)
        elif event.kind == CORRECT:
            target = event.payload.get("seq")
            index = next(i for i, (at, _) in enumerate(kept) if at == target)
            then.append(states[index])
            previous = kept[index][1]
            payloads[position] = previous.payload
            kept[index] = (kept[index][0], Event(previous.kind, event.payload.get("payload", {})))
            _refold(game, kept, states, index)
            replaced[position] = (index, previous)
            stack.append(position)
        else:
            then.append(states[-1])
            states.append(game.apply(states[-1], event))
            kept.append((position, event))
            stack.append(position)
    return Walk(tuple(then), tuple(kept), tuple(states), payloads)


def _refold(game: Game, kept: list[tuple[int, Event]], states: list[Any], index: int) -> None:
    del states[index + 1:]
    for _, event in kept[index:]:
        states.append(game.apply(states[-1], event))


def capital(text: str) -> str:
    """`text` starting a sentence: its first letter upper case (Japanese has none)."""
    return text[:1].upper() + text[1:]


def name_text(name: EntryName, words: i18n.Words, players: Sequence[str]) -> str:
    """An entry's name in the reader's language: "trick 3, Ben's card" / "第3トリック、ベンのカード"."""
    gettext = words.gettext
    seat = name.seat
    who = players[seat] if seat is not None and 0 <= seat < len(players) else (
        i18n.seat_label(seat, gettext) if seat is not None else "")
    what = gettext(name.what) % {"seat": who, "n": name.number if name.number is not None else ""}
    if not name.where:
        return what
    parts = [gettext(template) % {"n": n} for template, n in name.where]
    where = parts[0]
    for inner in parts[1:]:  # "round 2, trick 3" / "第2ラウンド第3トリック"
        where = gettext("%(outer)s, %(inner)s") % {"outer": where, "inner": inner}
    return gettext("%(where)s, %(what)s") % {"where": where, "what": what}


def cards_text(game: Game, codes: Sequence[str], words: i18n.Words) -> str:
    """Cards named in a list ("✚7, ♦3"); "—" for none."""
    return words.gettext(", ").join(game.card_text(c, words.gettext) for c in codes) or "—"


def card_change(game: Game, kind: str, old: Mapping[str, Any], new: Mapping[str, Any], words: i18n.Words,
                players: Sequence[str], over: bool = True) -> str:
    """A corrected entry before → after, as far as its game names it: its cards ("✚7 → ♦7"),
    its player where that changed ("Ben → Cho"); cards that lie face down are named only
    once the game is `over`. "" when the correction changed nothing of these (a spot, a choice)."""
    was, now = game.names(kind, old), game.names(kind, new)
    show_cards = was.cards != now.cards and not ((was.face_down or now.face_down) and not over)

    def side(ref: EntryRef) -> str:
        parts = []
        if was.seat != now.seat:
            parts.append(players[ref.seat] if ref.seat is not None and 0 <= ref.seat < len(players) else "—")
        if show_cards:
            parts.append(cards_text(game, ref.cards, words))
        return " ".join(parts)

    return f"{side(was)} → {side(now)}" if was.seat != now.seat or show_cards else ""


def points_change(was: Sequence[int], now: Sequence[int], players: Sequence[str], words: i18n.Words) -> str:
    """Each player's points change, in seat order ("Ann −3, Ben +3"); "" when none changed."""
    return words.gettext(", ").join(
        f"{players[i]} {'+' if b > a else MINUS}{abs(b - a)}" for i, (a, b) in enumerate(zip(was, now)) if a != b)


def ruling_changes(game: Game, start: Any, old: Sequence[Event], new: Sequence[Event]) -> tuple[Ruling, ...]:
    """What the engine now says differently because of a correction: both runs of the entries
    from the corrected one on are replayed from `start`, the state before it, and the first
    step after which the rulings differ gives its new rulings that the old run did not give
    (the corrected trick's winner, the round's result); none if they never differ."""
    before = after = start
    for was, now in zip(old, new):
        before, after = game.apply(before, was), game.apply(after, now)
        said, says = game.rulings(before), game.rulings(after)
        if said != says:
            return tuple(r for r in says if r not in said)
    return ()


def _whose(rulings: Sequence[Ruling]) -> tuple[Ruling, ...]:
    """Rulings that name a player first (who wins, who scores, who leads next): the result
    of a correction as the table asks about it."""
    def names_a_player(ruling: Ruling) -> bool:
        return any(isinstance(v, (SeatRef, SeatsRef)) for v in ruling.params.values())

    return tuple(sorted(rulings, key=lambda r: not names_a_player(r)))


def sentences(parts: Sequence[str]) -> str:
    """Sentences one after another: a space after an English full stop, none after "。"."""
    return " ".join(parts).replace("。 ", "。")


@dataclass(frozen=True)
class Answer:
    """What a correction changed, as the game page says it right after: the entry's name and
    its cards before → after, one ruling the engine now gives differently, naming a player
    where one does (who wins, who scores), unless the game page shows it already as the
    latest decision, and each player's points change."""

    entry: str
    change: str
    rulings: tuple[str, ...]
    points: str

    def text(self, words: i18n.Words) -> str:
        gettext = words.gettext
        first = (gettext("%(entry)s: %(change)s.") % {"entry": capital(self.entry), "change": self.change}
                 if self.change else gettext("%(entry)s corrected.") % {"entry": capital(self.entry)})
        last = gettext("Points: %(changes)s.") % {"changes": self.points} if self.points \
            else gettext("No points changed.")
        return sentences([first, *self.rulings, last])


def answer(game: Game, setup: Mapping[str, Any], events: Sequence[Event], players: Sequence[str],
           words: i18n.Words) -> Answer | None:
    """What the log's last entry, a correction, changed; None if the last entry is none."""
    if not events or events[-1].kind != CORRECT:
        return None
    done = walk(game, setup, events)
    position = len(events) - 1
    target = events[position].payload.get("seq")
    index = next(i for i, (at, _) in enumerate(done.kept) if at == target)
    kind, new = done.kept[index][1].kind, done.kept[index][1].payload
    old = done.replaced[position]
    start = done.states[index]
    now_run = [event for _, event in done.kept[index:]]
    old_run = [Event(kind, old), *now_run[1:]]
    shown = game.rulings(done.states[-1])  # the latest decision, which the game page shows itself
    rulings = tuple(r for r in ruling_changes(game, start, old_run, now_run) if r not in shown)
    before = start
    for event in old_run:
        before = game.apply(before, event)
    return Answer(
        entry=name_text(game.entry_name(start, kind, new), words, players),
        change=card_change(game, kind, old, new, words, players, done.states[-1].is_over),
        rulings=tuple(i18n.render(r, game, words, players) for r in _whose(rulings)[:1]),
        points=points_change(game.outcome(before).points, game.outcome(done.states[-1]).points, players, words),
    )


@dataclass(frozen=True)
class HistoryRow:
    """One line of the history as a person reads it: the entry's name, the entry as its game
    shows it (`kind` and `payload`, for the game's _entry.html), and what became of it."""

    position: int
    kind: str
    payload: Mapping[str, Any]
    created: str
    name: str
    tags: tuple[str, ...]
    in_force: bool
    undone: bool
    corrected: bool


def history(game: Game, setup: Mapping[str, Any], events: Sequence[Event], created: Sequence[str],
            undone: Mapping[int, int], corrected: Mapping[int, int], over: bool, players: Sequence[str],
            words: i18n.Words) -> list[HistoryRow]:
    """Every entry of a game, newest first, named as the table knows it: a correction by the
    entry it corrects, an undo by the entry it took back. A corrected entry says what it
    became ("corrected: ✚7 → ♦7"); cards that lie face down are named once the game is over."""
    gettext = words.gettext
    done = walk(game, setup, events)
    in_force = {at for at, _ in done.kept}
    took_back = {undo: entry for entry, undo in undone.items()}

    def name_of(position: int) -> str:
        event = events[position]
        if event.kind == UNDO:
            return name_of(took_back[position]) if position in took_back else ""
        if event.kind == ABANDON:
            return gettext("Game abandoned")
        if event.kind == CORRECT:
            target = events[event.payload.get("seq", 0)]
            return name_text(game.entry_name(done.then[position], target.kind, event.payload.get("payload", {})),
                             words, players)
        before = done.before_now(position) if position in in_force else done.then[position]
        return name_text(game.entry_name(before, event.kind, event.payload), words, players)

    def change(kind: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> str:
        return card_change(game, kind, old, new, words, players, over)

    rows = []
    for position in reversed(range(len(events))):
        event = events[position]
        kind, payload, tags = event.kind, event.payload, []
        if event.kind == CORRECT:
            kind = events[event.payload.get("seq", 0)].kind
            payload = event.payload.get("payload", {})
            moved = change(kind, done.replaced.get(position, payload), payload) if position in done.replaced else ""
            tags.append(gettext("correction: %(change)s") % {"change": moved} if moved else gettext("correction"))
        if position in corrected:
            fixed = events[corrected[position]].payload.get("payload", {})
            moved = change(event.kind, event.payload, fixed)
            tags.append(gettext("corrected: %(change)s") % {"change": moved} if moved else gettext("corrected"))
        if position in undone:
            tags.append(gettext("taken back"))
        rows.append(HistoryRow(position, kind, payload, created[position], capital(name_of(position)), tuple(tags),
                               position in in_force and event.kind not in (UNDO, CORRECT, ABANDON),
                               position in undone, position in corrected))
    return rows
