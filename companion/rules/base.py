"""The shared vocabulary of the rules engines.

Everything here is pure: no Flask, no SQLite, no I/O. Engines decide; the web and CLI
layers render their decisions in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar


def N_(message: str) -> str:
    """Mark `message` for the translation catalog without translating it here.

    Engines carry English message templates; the layer that shows them to a person
    looks them up in the catalog of that person's language.
    """
    return message


@dataclass(frozen=True)
class Plural:
    """A message template whose words depend on a count ("1 card" / "2 cards").

    The layer that shows it asks the catalog's ngettext for the form that fits the value
    of the parameter named `count`: a number, or several seats (their number), so that
    "Ann leads" and "Ann, Ben lead" come from one message. Japanese has a single form.
    """

    singular: str
    plural: str
    count: str = "count"
    """The name of the ruling's parameter that holds the count."""


Message = str | Plural
"""What a game's MESSAGES maps a key to: a template, or a template with a plural."""


def Np_(singular: str, plural: str, count: str = "count") -> Plural:
    """Mark a message with a plural for the catalog (extracted as Np_:1,2), counted by the
    parameter named `count`; like N_, nothing is translated here."""
    return Plural(singular, plural, count)


@dataclass(frozen=True)
class SeatRef:
    """A seat mentioned in a ruling: shown as the player's name."""

    index: int


@dataclass(frozen=True)
class SeatsRef:
    """Several seats mentioned together in a ruling: shown as their names in a list."""

    indices: tuple[int, ...]


@dataclass(frozen=True)
class SuitRef:
    """A suit mentioned in a ruling: shown as the suit's name in the reader's language."""

    code: str


@dataclass(frozen=True)
class CardRef:
    """A card mentioned in a ruling: shown the way the game prints its cards."""

    code: str


@dataclass(frozen=True)
class CardsRef:
    """Several cards mentioned together in a ruling."""

    codes: tuple[str, ...]


@dataclass(frozen=True)
class GameRef:
    """A game mentioned in a ruling (a record's game, say): shown as its name in the reader's language."""

    slug: str


@dataclass(frozen=True)
class CountsRef:
    """The numbers of players a game seats, mentioned in a ruling: shown as "2–8 players"."""

    counts: tuple[int, ...]


@dataclass(frozen=True)
class Ruling:
    """One decision with its reason: a message key, its parameters and the rulebook clause.

    `clause` is the section number as printed in the rulebook (for example "5(5)②"), or
    "RULINGS" for a decision the project made where the text is silent.
    """

    key: str
    clause: str
    params: Mapping[str, Any] = field(default_factory=dict)


class RuleError(ValueError):
    """An event or request the rules (or the card set) forbid, with the ruling saying why."""

    def __init__(self, key: str, clause: str = "", **params: Any) -> None:
        self.ruling = Ruling(key, clause, params)
        super().__init__(f"{key} [{clause}] {params}")


@dataclass(frozen=True)
class Finding:
    """One illegal play found by auditing a hand, with the evidence in `ruling`.

    `ref` names the play (the payload of the "accept" entry that marks it accepted by the
    table); the audit never changes a result by itself.
    """

    ruling: Ruling
    ref: Mapping[str, int]
    accepted: bool = False


@dataclass(frozen=True)
class Event:
    """One entry of a game's append-only log, as the engine sees it."""

    kind: str
    payload: Mapping[str, Any] = field(default_factory=dict)


UNDO = "undo"
CORRECT = "correct"
"""An entry that replaces an earlier one: {"seq": its number, "payload": the right payload}."""
ABANDON = "abandon"
"""The table stops a game under way: nothing more is entered, and it counts in no total."""

S = TypeVar("S")
T = TypeVar("T")


@dataclass(frozen=True)
class Replayed(Generic[S]):
    """The state a log leads to, and which entries of it were taken back or corrected.

    `undone` maps the position of each retracted entry to the position of the undo
    that retracted it; `corrected` maps the position of each entry replaced by a correction
    still in force to the position of that correction; `effective` lists the positions that
    still count, entries and corrections, in order (an undo takes back the last of them).
    """

    state: S
    undone: Mapping[int, int]
    effective: tuple[int, ...]
    corrected: Mapping[int, int] = field(default_factory=dict)
    abandoned: int | None = None
    """The position of the entry that abandoned the game, while it is in force."""


def replay(
    initial: Callable[[Mapping[str, Any]], S],
    apply: Callable[[S, Event], S],
    setup: Mapping[str, Any],
    events: Sequence[Event],
) -> Replayed[S]:
    """Fold a game's log into its state.

    An undo retracts the latest entry still in force (a correction included: the entry it
    replaced counts again). A correction replaces an earlier entry's payload and the game
    is played again from there: if the corrected entry is refused, that refusal is raised;
    if a later entry becomes impossible, "correct.breaks_later" names it (RULINGS: a
    correction never silently drops what came after). Raises RuleError for a log the store
    would never have written (an undo with nothing to take back).
    """
    kept: list[tuple[int, Event]] = []  # the entries in force, as corrected: (position, event)
    states: list[S] = [initial(setup)]  # states[i]: after kept[:i]
    stack: list[int] = []
    replaced: dict[int, tuple[int, Event]] = {}  # correction position -> (index in kept, event it replaced)
    undone: dict[int, int] = {}
    corrected: dict[int, int] = {}
    abandoned: int | None = None
    for position, event in enumerate(events):
        if event.kind != UNDO and abandoned is not None:
            raise RuleError("abandon.closed", "RULINGS")
        if event.kind == UNDO:
            if not stack:
                raise RuleError("undo.nothing", "RULINGS")
            last = stack.pop()
            undone[last] = position
            if last == abandoned:
                abandoned = None
            elif last in replaced:
                back, previous = replaced.pop(last)
                corrected.pop(kept[back][0], None)
                kept[back] = (kept[back][0], previous)
                _refold(apply, kept, states, back)
            else:
                kept.pop()
                states.pop()
        elif event.kind == ABANDON:
            abandoned = position
            stack.append(position)
        elif event.kind == CORRECT:
            target = require_int(event.payload, "seq")
            found = next((i for i, (at, _) in enumerate(kept) if at == target), None)
            if found is None:
                raise RuleError("correct.not_in_force", "RULINGS", entry=target + 1)
            index = found
            new_payload = event.payload.get("payload")
            if not isinstance(new_payload, Mapping):
                raise RuleError("input.not_object", "")
            previous = kept[index][1]
            kept[index] = (target, Event(previous.kind, new_payload))
            try:
                _refold(apply, kept, states, index)
            except RuleError:
                kept[index] = (target, previous)
                _refold(apply, kept, states, index)
                raise
            replaced[position] = (index, previous)
            corrected[target] = position
            stack.append(position)
        else:
            states.append(apply(states[-1], event))
            kept.append((position, event))
            stack.append(position)
    return Replayed(states[-1], undone, tuple(stack), corrected, abandoned)


def _refold(apply: Callable[[S, Event], S], kept: list[tuple[int, Event]], states: list[S], index: int) -> None:
    """Play the kept entries again from `index`; a later entry the change made impossible
    is refused with its number and the reason."""
    del states[index + 1:]
    for i in range(index, len(kept)):
        try:
            states.append(apply(states[-1], kept[i][1]))
        except RuleError as exc:
            if i == index:
                raise
            del states[index + 1:]
            raise RuleError("correct.breaks_later", "RULINGS", entry=kept[i][0] + 1, reason=exc.ruling) from exc


def require_list(payload: Mapping[str, Any], name: str) -> list[Any]:
    """Read a list field of a request, refusing it missing or of another kind."""
    if name not in payload:
        raise RuleError("input.missing", "", field=name)
    value = payload[name]
    if not isinstance(value, list):
        raise RuleError("input.not_list", "", field=name)
    return value


def read_lists(raw: Sequence[Any], name: str, parse: Callable[[Any], T]) -> list[list[T]]:
    """The lists a request's field `name` holds (hands, piles won), each item read by `parse`,
    refusing an entry that is not a list."""
    lists: list[list[T]] = []
    for entry in raw:
        if not isinstance(entry, list):
            raise RuleError("input.not_list", "", field=name)
        lists.append([parse(item) for item in entry])
    return lists


def read_ask(request: object, asks: Sequence[str]) -> str:
    """Which question a judge request asks, refusing what is not an object or not one of `asks`."""
    if not isinstance(request, Mapping):
        raise RuleError("input.not_object")
    ask = request.get("ask")
    if ask not in asks:
        raise RuleError("input.unknown_ask", "", ask=str(ask), known=", ".join(asks))
    return str(ask)


Answer = Callable[[Mapping[str, Any]], dict[str, Any]]
"""One question of a game's judge: the request in, plain data (rulings still Ruling objects) out."""


def answer(request: Mapping[str, Any], answers: Mapping[str, Answer]) -> dict[str, Any]:
    """A judge's answer: the function `answers` names for the question the request asks,
    refusing what is not an object or asks something else (read_ask)."""
    return answers[read_ask(request, tuple(answers))](request)


def require_int(payload: Mapping[str, Any], name: str) -> int:
    """Read an integer field of an event or request, refusing anything else."""
    value = payload.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError("input.not_integer", "", field=name)
    return value


def form_text(fields: Mapping[str, Any], name: str) -> str:
    """The first value a page form sent for `name` ("" if none), stripped.

    Forms arrive as lists of values per field (a field may repeat); engines read them
    through these helpers in their form_payload and quick_judge_request.
    """
    value = fields.get(name, "")
    return str(value[0] if isinstance(value, (list, tuple)) and value else value or "").strip()


def form_int(fields: Mapping[str, Any], name: str) -> int | str:
    """A whole number from a form, or the text as sent for apply() to refuse by name."""
    text = form_text(fields, name)
    digits = text[1:] if text.startswith("-") else text
    return int(text) if digits.isascii() and digits.isdigit() and len(digits) <= 9 else text


MESSAGES: Mapping[str, Message] = {
    "undo.nothing": N_("There is nothing left to take back in this game."),
    "abandon.closed": N_("This game was abandoned: nothing more can be entered. Undo takes the abandoning back."),
    "correct.not_in_force": N_("Entry %(entry)s is not in force (it was taken back, or is not an entry of play), so it cannot be corrected."),
    "correct.breaks_later": N_("This correction would make entry %(entry)s impossible: %(reason)s Nothing was changed."),
    "input.not_integer": N_("The field “%(field)s” must be a whole number."),
    "input.not_json": N_("The request is not valid JSON: %(detail)s"),
    "input.not_object": N_("The request must be a JSON object."),
    "input.missing": N_("The field “%(field)s” is missing."),
    "input.not_list": N_("The field “%(field)s” must be a list."),
    "input.not_bool": N_("The field “%(field)s” must be true or false."),
    "input.unknown_ask": N_("Unknown question “%(ask)s”; this game answers: %(known)s."),
    "input.unknown_game": N_("Unknown game “%(game)s”."),
    "input.unknown_event": N_("Unknown entry “%(kind)s”."),
    "input.too_large": N_("The request is too large."),
    "input.too_deep": N_("The request nests lists or objects too deeply to be a rules question."),
    "option.not_a_choice": N_("The option “%(field)s” cannot be “%(value)s”; choose one of: %(known)s."),
    "option.out_of_range": N_("The option “%(field)s” must be from %(minimum)s to %(maximum)s; got %(value)s."),
    "option.not_suits": N_("The option “%(field)s” must be a list of suits from: %(known)s."),
    "option.unknown": N_("This game has no option “%(field)s”."),
    "setup.first_leader": N_("Choose who leads first from the players at the table."),
    "table.too_few": N_("Enter the players' names in clockwise seat order."),
    "table.too_many": N_("No game here seats %(count)s players."),
    "table.name_long": N_("Keep each name to %(limit)s characters."),
    "table.rename_count": N_("This table seats %(count)s players: correct their names, or seat a new table for other players."),
    "table.name_twice": N_("Two players have the same name; tell them apart."),
    "record.not_a_record": N_("This file is not a table record exported by this app."),
    "record.version": N_("This record has format version %(version)s, which this app cannot read."),
    "record.players": N_("Game %(number)s of the record is set up for other players than the table."),
    "record.refused": N_("Game %(number)s of the record, the entry with seq %(entry)s: %(reason)s Nothing was imported."),
    "record.setup_refused": N_("Game %(number)s of the record, its setup: %(reason)s Nothing was imported."),
    "table.name_control": N_("A name cannot contain control characters or text-direction marks."),
    "store.conflict": N_("Another entry got there first; this is the table as it stands now. Check it and enter again if needed."),
    "table.title_long": N_("Keep the table's name to %(limit)s characters."),
    "store.game_full": N_("This game holds %(limit)s entries, the most one game keeps: nothing more can be entered in it. Start the next game."),
    "store.table_full": N_("This table holds %(limit)s entries in all, the most one table keeps: seat a new table to go on playing."),
    "store.games_full": N_("This table has played %(limit)s games, the most one table keeps: seat a new table to go on playing."),
    "record.too_large": N_("This record is larger than %(limit)s MB, more than one table ever holds. Nothing was imported."),
    "record.too_large_web": N_("This record is larger than the %(limit)s MB this page takes: import it with “companion import” on the computer serving the app, which takes up to %(most)s MB. Nothing was imported."),
    "record.too_many_games": N_("This record holds %(count)s games, more than the %(limit)s one table keeps. Nothing was imported."),
    "record.too_many_entries": N_("Game %(number)s of the record holds %(count)s entries, more than the %(limit)s one game keeps. Nothing was imported."),
    "record.too_many_entries_table": N_("This record holds %(count)s entries in all, more than the %(limit)s one table keeps. Nothing was imported."),
    "record.player_count": N_("%(kind)s is for %(players)s; this record seats %(count)s. Nothing was imported."),
    "record.names": N_("The record's table name or players' names: %(reason)s Nothing was imported."),
}
"""Messages shared by every game: malformed input and the undo rule."""
