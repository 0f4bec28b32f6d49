"""The contract every game satisfies, and the small value types the web layer reads.

A game is a package under `companion/rules/<game>/` whose `__init__` offers the members of
`Game` below; each package ends by assigning itself to a name typed `Game[ItsState]`
(`_GAME`), so mypy checks every game package against this protocol, generic over its own
state type, and a game missing a member fails the type check, not a table at run time.
The registry (`rules.GAMES`, a lazy `Mapping[str, Game]`) imports a package when its game
is first looked up. Everything here is pure: no Flask, no SQLite, no I/O.

The manner is a rules engine's (OpenSpiel's legal_actions / apply_action / returns,
python-chess's Board): build a state from a setup, apply one event at a time (a new frozen
state, or RuleError naming the clause broken), and ask the state what it means.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from .base import Event, Finding, Message, RuleError, Ruling

Gettext = Callable[[str], str]
"""A translation function: English message in, the reader's language out."""

Fields = Mapping[str, Sequence[str]]
"""A submitted page form: every field's list of values, as the browser sent them."""


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Choice:
    """One value a choice option may take, with its label (N_-marked)."""

    value: str
    label: str


@dataclass(frozen=True)
class BoolOption:
    """A house rule that is on or off: a checkbox."""

    name: str
    label: str
    default: bool = False
    clause: str = ""
    hint: str = ""
    """What the unticked box means, if that needs saying (N_-marked)."""
    players: tuple[int, ...] = ()
    """The player counts it applies to (empty: every count); at any other count the form
    leaves it out and a value sent for it is ignored, never refused."""

    def check(self, raw: object) -> bool:
        if not isinstance(raw, bool):
            raise RuleError("input.not_bool", "", field=self.name)
        return raw

    def read(self, fields: Fields) -> bool:
        return _first(fields, self.name) == "on"


@dataclass(frozen=True)
class ChoiceOption:
    """One of a few values: radio buttons."""

    name: str
    label: str
    choices: tuple[Choice, ...]
    default: str
    clause: str = ""
    hint: str = ""
    players: tuple[int, ...] = ()
    """The player counts it applies to (empty: every count); at any other count the form
    leaves it out and a value sent for it is ignored, never refused."""

    def check(self, raw: object) -> str:
        # A list or an object is refused before any set or dict lookup (they are unhashable).
        if not isinstance(raw, str) or raw not in {c.value for c in self.choices}:
            raise RuleError("option.not_a_choice", "", field=self.name, value=shown(raw),
                            known=", ".join(c.value for c in self.choices))
        return raw

    def read(self, fields: Fields) -> str:
        return _first(fields, self.name) or self.default


@dataclass(frozen=True)
class NumberOption:
    """A whole number between `minimum` and `maximum`: a number field."""

    name: str
    label: str
    default: int
    minimum: int
    maximum: int
    clause: str = ""
    hint: str = ""
    players: tuple[int, ...] = ()
    """The player counts it applies to (empty: every count); at any other count the form
    leaves it out and a value sent for it is ignored, never refused."""

    def check(self, raw: object) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise RuleError("input.not_integer", "", field=self.name)
        if not self.minimum <= raw <= self.maximum:
            raise RuleError("option.out_of_range", "", field=self.name, value=shown(raw),
                            minimum=self.minimum, maximum=self.maximum)
        return raw

    def read(self, fields: Fields) -> int | str:
        text = _first(fields, self.name)
        if not text:
            return self.default
        sign, digits = (-1, text[1:]) if text.startswith("-") else (1, text)
        if digits.isascii() and digits.isdigit() and len(digits) <= 6:
            return sign * int(digits)
        return text  # check() refuses it by name


@dataclass(frozen=True)
class SuitSetOption:
    """Any set of the game's suits: a checkbox per suit. Stored as a list in suit order."""

    name: str
    label: str
    suits: tuple[Choice, ...]
    default: tuple[str, ...]
    clause: str = ""
    hint: str = ""
    players: tuple[int, ...] = ()
    """The player counts it applies to (empty: every count); at any other count the form
    leaves it out and a value sent for it is ignored, never refused."""

    def check(self, raw: object) -> tuple[str, ...]:
        known = [c.value for c in self.suits]
        if not isinstance(raw, (list, tuple)) or any(not isinstance(s, str) or s not in known for s in raw):
            raise RuleError("option.not_suits", "", field=self.name, known=", ".join(known))
        return tuple(s for s in known if s in raw)

    def read(self, fields: Fields) -> list[str]:
        chosen = set(fields.get(self.name, ()))
        return [c.value for c in self.suits if c.value in chosen]


Option = BoolOption | ChoiceOption | NumberOption | SuitSetOption
"""A table option of RULINGS.md: its form field, its default and its check."""


SHOWN_LIMIT = 40
"""How much of a refused value a message repeats: enough to recognise it, never a page of it."""


def shown(raw: object) -> str:
    """A refused option value as a message repeats it: JSON-like, cut short when long.

    A list or an object is named by its brackets; a number too long to print (past Python's
    digit limit) by an ellipsis.
    """
    if raw is None or isinstance(raw, bool):
        return {None: "null", True: "true", False: "false"}[raw]
    if isinstance(raw, (list, tuple)):
        return "[…]"
    if isinstance(raw, Mapping):
        return "{…}"
    if isinstance(raw, int) and raw.bit_length() > 64:
        return "…"
    text = str(raw)
    return text if len(text) <= SHOWN_LIMIT else text[:SHOWN_LIMIT] + "…"


def _first(fields: Fields, name: str) -> str:
    values = fields.get(name, ())
    return str(values[0]).strip() if values else ""


def applicable(options: Sequence[Option], players: int) -> tuple[Option, ...]:
    """The options that apply to a table of `players` (those naming no count apply to every one)."""
    return tuple(o for o in options if not o.players or players in o.players)


def option_defaults(options: Sequence[Option]) -> dict[str, Any]:
    """Every option at its default, as a setup stores it (JSON values)."""
    return {o.name: list(o.default) if isinstance(o, SuitSetOption) else o.default for o in options}


def read_options(options: Sequence[Option], raw: object) -> dict[str, Any]:
    """A setup's options checked against the game's, missing ones at their defaults.

    Unknown names are refused: a record or a request naming an option the game does not
    have was made for another game or another version.
    """
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise RuleError("input.not_object", "")
    known = {o.name: o for o in options}
    for name in raw:
        if name not in known:
            raise RuleError("option.unknown", "", field=shown(name))
    out = option_defaults(options)
    for name, value in raw.items():
        checked = known[name].check(value)
        out[name] = list(checked) if isinstance(checked, tuple) else checked
    return out


def options_from_form(options: Sequence[Option], fields: Fields) -> dict[str, Any]:
    """The options a new-game form sent, not yet checked (the engine's setup checks them)."""
    return {o.name: o.read(fields) for o in options}


# --------------------------------------------------------------------------- outcomes


@dataclass(frozen=True)
class Outcome:
    """Where one game stands: points per seat, whether it is over, the places.

    `points` gives a team's points to each of its members; `places` is 1 for first, with
    equal places shared under the game's own tie-breaks (1, 1, 3...). `teams` lists the
    seats that score together, when the game has teams. `facts` carries what the game's
    next setup or evening rule needs from this game (for example who scored), as plain
    values.
    """

    points: tuple[int, ...]
    over: bool
    places: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Evening:
    """The state of a series (consecutive games of one kind at a table).

    `totals` per seat, whether the evening is over by the game's own rule, who leads
    (several when they share), and a note saying where the evening stands with its clause.
    """

    totals: tuple[int, ...]
    over: bool
    leaders: tuple[int, ...]
    note: Ruling | None = None


@dataclass(frozen=True)
class Words:
    """The game's own words for the shared pages (each N_-marked English)."""

    start_question: str
    """The new-game form's question for the start choices ("Who leads first?")."""
    judge_question: str
    """The quick judge's question for this game ("Who wins this trick?")."""
    findings_title: str = ""
    """The heading over the audit's findings ("Proven revokes"); empty if nothing to audit."""


@dataclass(frozen=True)
class EntryRef:
    """What one log entry names, as its game reads it: the seat whose entry it is (None when
    the entry is nobody's, like a card turned from the deck) and the codes of the cards it
    puts on the table. The web layer links a card shown on the panel to the entry that holds
    it through this, and never reads a payload itself."""

    seat: int | None = None
    cards: tuple[str, ...] = ()
    face_down: bool = False
    """The cards lie face down until the game is over (a share card handed out): pages that
    everyone reads name them only then."""


@dataclass(frozen=True)
class EntryName:
    """An entry as the table knows it, never by its place in the log ("trick 3, Ben's card").

    `where` is where it sits in the game, outermost first: each part an N_-marked template
    reading its number as %(n)s, with that number (("round %(n)s", 2), ("trick %(n)s", 3)).
    `what` is what the entry is, an N_-marked phrase in which %(seat)s stands for the name
    of `seat` and %(n)s for `number` ("%(seat)s's card", "the master card").
    """

    what: str
    seat: int | None = None
    where: tuple[tuple[str, int], ...] = ()
    number: int | None = None


# --------------------------------------------------------------------------- the protocol


class State(Protocol):
    """What the shared layer reads from any game's state; the game's templates read the rest."""

    @property
    def is_over(self) -> bool: ...


if TYPE_CHECKING:  # a type variable with a default (PEP 696): in typing only from Python 3.13
    from typing_extensions import TypeVar

    S = TypeVar("S", bound=State, default=Any)
else:
    from typing import TypeVar

    S = TypeVar("S", bound=State)
"""A game's own state type. `Game` alone (the registry's view) reads states as Any; each game
package checks itself as `Game[its State]`, so mypy holds every function of the package to
the one state type it builds (see `_GAME` at the end of each package's `__init__`)."""


class Game(Protocol[S]):
    """What the web and CLI layers use from every game package. See docs/developing.md, "Add a game".

    Generic over the game's state type. Events stay `base.Event` (a kind and a JSON payload):
    the log stores payloads as JSON and each game reads its own kinds, so a payload type per
    game would only move the same checks into casts.
    """

    @property
    def SLUG(self) -> str:
        """The game's name in URLs, records and the registry (lower case, words joined by "-")."""

    @property
    def NAME(self) -> str:
        """The game's name for people (N_-marked English)."""

    @property
    def PLAYER_COUNTS(self) -> tuple[int, ...]:
        """The numbers of players the game seats."""

    @property
    def OPTIONS(self) -> tuple[Option, ...]:
        """The table options (house rules) of RULINGS.md, with their defaults."""

    @property
    def WORDS(self) -> Words:
        """The game's own words for the shared pages."""

    @property
    def MESSAGES(self) -> Mapping[str, Message]:
        """Every ruling's message key -> N_-marked English template (Np_-marked with a plural)."""

    def initial(self, setup: Mapping[str, Any]) -> S:
        """The state before the first entry. `setup` is {"players": [names clockwise],
        "first_leader": seat, "options": {name: value}} plus what the game adds; raises
        RuleError for a setup the game forbids."""

    def apply(self, state: S, event: Event) -> S:
        """One log entry (a base.Event) applied: a new state, or RuleError naming the clause."""

    def outcome(self, state: S) -> Outcome:
        """Points, over or not, places, for the game as it stands."""

    def evening(self, outcomes: Sequence[Outcome], players: int) -> Evening:
        """Where a series of this game's games stands, from their outcomes in order."""

    def next_setup(self, last: S) -> Mapping[str, Any]:
        """The next game's default "first_leader" and "options", from the last game's state."""

    def start_choices(self, players: Sequence[str]) -> tuple[int, ...]:
        """Who may lead (or start) the first game; empty when nobody does."""

    def rulings(self, state: S) -> tuple[Ruling, ...]:
        """What explains the latest decision."""

    def audit(self, state: S) -> tuple[Finding, ...]:
        """Every play proven illegal so far (base.Finding); an "accept" entry lets one stand."""

    def card_text(self, code: str, gettext: Gettext) -> str:
        """A card as words in the reader's language ("● red 5 / ■ blue 6")."""

    def suit_text(self, code: str, gettext: Gettext) -> str:
        """A suit (or colour) as words in the reader's language ("● red")."""

    def judge(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """One rules question answered (the JSON contract in docs/judge-api.md); rulings inside stay
        Ruling objects for the caller to render; RuleError for a request it cannot answer."""

    def quick_judge_request(self, fields: Mapping[str, Any]) -> tuple[dict[str, Any] | None, Any]:
        """The quick judge page's taps as a judge request once enough are in, and what the
        game's judge template shows of them."""

    def form_payload(self, kind: str, fields: Mapping[str, Any]) -> dict[str, Any]:
        """An entry from a page form's lists of values, shaped as apply() reads it."""

    def names(self, kind: str, payload: Mapping[str, Any]) -> EntryRef:
        """The seat and the cards an entry of this game names (every code one card_text
        accepts); an entry naming no card gives no codes."""

    def entry_name(self, before: S, kind: str, payload: Mapping[str, Any]) -> EntryName:
        """Where an entry sits and what it is, in the game's own words, from the state
        `before` it (its trick, round or turn), as the history and a correction name it."""
