"""A club night: an event's players, rounds, draws and tables, as the organiser enters them,
and where it stands, derived every time from its tables' games.

The arithmetic (standings with their tie-breaks, the draw) is the club engine's
(companion/club, pure); the games' outcomes come through tables.py as every page reads
them. Nothing derived is stored: a correction at a table changes the standings the next
time they are read. Nothing here knows about HTTP or HTML.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

import sqlite_utils

from . import club, derived, limits, rules, store, tables
from .refusals import Refusal
from .rules.base import N_, Ruling
from .club.scoring import scoring_note
from .rules.contract import Game, applicable, read_options

SCORINGS = ("placement", "points")
"""How a round scores: placement points at each table (ties sharing), or the game's own points."""

MAX_ROUNDS = 12
"""Rounds in one event: an evening holds four or five."""

MAX_PLAYERS = 1_000
"""Players in one event: one computer holds 250-350 tables of four (docs/operating.md, "Capacity")."""

EVENT_NAME = 40
"""Characters in an event's name: its tables are named after it and their round and number,
within limits.TABLE_NAME."""


class EventError(Refusal):
    """What the organiser asked cannot be done (refusals.Refusal); nothing was changed."""


NAME_LONG = N_("The event's name can be at most %(limit)s characters.")
NO_GAME = N_("Choose the game the event plays.")
ROUNDS_RANGE = N_("The number of rounds is a whole number from 1 to %(most)s.")
NO_SCORING = N_("Choose how a round scores.")
NAME_CONTROL = N_("The event's name cannot hold control characters.")
PLAYER_BLANK = N_("Enter the player's name.")
PLAYER_LONG = N_("A player's name can be at most %(limit)s characters.")
PLAYER_CONTROL = N_("A player's name cannot hold control characters.")
PLAYER_TWICE = N_("%(name)s is in the event already: give a different name (add an initial, say).")
PLAYERS_FULL = N_("The event has %(limit)s players, the most one event keeps.")
NO_PLAYER = N_("There is no such player in the event.")
ROUND_UNDER_WAY = N_("Round %(n)s is still being played: draw the next round once every table has finished.")
ALL_ROUNDS = N_("All %(n)s rounds have been played: the event is over.")
TOO_FEW = N_("A round needs at least %(least)s players who are here: add players first.")
NO_DRAW = N_("There is no draw to change: draw the round first.")
SWAP_SAME = N_("Choose two different players to swap.")
SWAP_UNKNOWN = N_("%(name)s is not in this round's draw.")
ALREADY_STARTED = N_("Round %(n)s has started already.")
DRAW_CHANGED = N_("The draw changed meanwhile (a swap, or a player arriving or leaving): check it, then start again.")
BAD_OPTIONS = N_("The house rules cannot be used: %(reason)s")


REDRAW_TRIES = 3
"""How often a redraw after a player arrives or leaves is tried again when another change
landed between its reading and its writing."""

REPEAT_REASONS = ("club.draw.no_repeats", "club.draw.repeats")
"""The draw's reasons about players meeting again (a swap makes them stale)."""

SIT_OUT_REASONS = ("club.draw.sit_out",)
"""The draw's reasons naming who sits out and why them (a swap with a sit-out makes them stale)."""


def reasons_of(draw: Mapping[str, Any]) -> tuple[Ruling, ...]:
    """A stored draw's reasons, as the club engine gave them."""
    return tuple(Ruling(str(r["key"]), club.words.CLAUSE, dict(r.get("params", {})))
                 for r in draw.get("reasons", []) if isinstance(r, Mapping) and "key" in r)


@dataclass(frozen=True)
class Seated:
    """One table an event's round seated, and how its game stands."""

    round: int
    number: int
    players: tuple[str, ...]
    """The players as drawn, in seat order (the event's names: a name corrected at the
    table changes only the table's page)."""
    scorer_token: str
    viewer_token: str
    status: str
    """"waiting" (no game yet), "playing", "over" (its result counts) or "abandoned"
    (its games were all abandoned: finished without a result)."""
    game_number: int
    """The number of the table's game that counts for the round (0 before any)."""
    points: tuple[int, ...] = ()
    places: tuple[int, ...] = ()

    @property
    def done(self) -> bool:
        return self.status in ("over", "abandoned")


@dataclass(frozen=True)
class Night:
    """An event as it stands: what the organiser entered, each table's game, the standings."""

    event: store.ClubEvent
    module: Game
    players: tuple[store.ClubPlayer, ...]
    rounds: tuple[store.ClubRound, ...]
    seated: tuple[Seated, ...]
    standings: tuple[club.Standing, ...]
    version: str
    note: Ruling | None = None
    """How the event scores, as the club engine says it (scoring_note)."""

    @property
    def started(self) -> int:
        """How many rounds have started."""
        return sum(1 for r in self.rounds if r.started)

    @property
    def pending(self) -> store.ClubRound | None:
        """The round drawn and not yet started, if any."""
        return next((r for r in self.rounds if not r.started), None)

    @property
    def current(self) -> int:
        """The latest round started (0 before the first)."""
        return self.started

    def tables_of(self, round_number: int) -> tuple[Seated, ...]:
        return tuple(s for s in self.seated if s.round == round_number)

    def round_done(self, round_number: int) -> bool:
        return all(s.done for s in self.tables_of(round_number))

    @property
    def over(self) -> bool:
        """Every round played: the standings are final."""
        return self.started >= self.event.rounds and self.round_done(self.started)

    def here(self, round_number: int) -> tuple[str, ...]:
        """The players who may be drawn into `round_number`: arrived by then, not gone."""
        return _here(self.players, round_number)

    def next_seat(self, name: str) -> tuple[int, int] | None:
        """(round, table number) of `name` in the round drawn next (pending, or the current
        one while it is being played); None if they sit out or nothing is drawn."""
        pending = self.pending
        if pending is not None:
            for number, players in enumerate(pending.draw.get("tables", []), start=1):
                if name in players:
                    return pending.number, number
            return None
        for s in self.tables_of(self.current):
            if name in s.players:
                return s.round, s.number
        return None

    def sitting_out(self, round_number: int) -> tuple[str, ...]:
        """Who sits out `round_number` by its draw (none before it is drawn)."""
        drawn = next((r for r in self.rounds if r.number == round_number), None)
        return tuple(drawn.draw.get("sit_out", [])) if drawn is not None else ()

    def met(self) -> frozenset[frozenset[str]]:
        """Every pair of players who have sat at one table in a started round."""
        return frozenset(frozenset(pair) for s in self.seated for pair in combinations(s.players, 2))


def event_by_link(db: sqlite_utils.Database, token: str) -> store.ClubEvent:
    """The event an organiser or viewer link opens (store.NotFound if none)."""
    return store.club_event_by_token(db, token)


# --------------------------------------------------------------------------- set-up


def clean_event_name(raw: str) -> str:
    """The event's name as typed, spaces collapsed; refused overlong or with hidden characters."""
    name = " ".join(raw.split())
    if any(tables.hidden(ch) for ch in name):
        raise EventError(NAME_CONTROL, "name")
    if len(name) > EVENT_NAME:
        raise EventError(NAME_LONG, "name", limit=EVENT_NAME)
    return name


def clean_player(raw: str) -> str:
    """A player's name as typed, spaces collapsed; refused blank, overlong or with hidden characters."""
    name = " ".join(raw.split())
    if not name:
        raise EventError(PLAYER_BLANK, "player")
    if any(tables.hidden(ch) for ch in name):
        raise EventError(PLAYER_CONTROL, "player")
    if len(name) > limits.PLAYER_NAME:
        raise EventError(PLAYER_LONG, "player", limit=limits.PLAYER_NAME)
    return name


def rounds_of(raw: str) -> int:
    digits = raw.strip()
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 3) or not 1 <= int(digits) <= MAX_ROUNDS:
        raise EventError(ROUNDS_RANGE, "rounds", most=MAX_ROUNDS)
    return int(digits)


def check_options(module: Game, raw: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options, checked by the game at every table size it seats (each size
    with the options that apply to it, as a table of that size starts its game)."""
    from .rules.base import RuleError

    try:
        options = read_options(module.OPTIONS, raw)
        for size in module.PLAYER_COUNTS:
            module.initial(setup_for(module, [f"P{i}" for i in range(size)], options))
    except RuleError as exc:
        raise EventError(BAD_OPTIONS, "options", reason=exc.ruling) from exc
    return options


def setup_for(module: Game, players: Sequence[str], options: Mapping[str, Any]) -> dict[str, Any]:
    """The setup an event's table starts its game with: its players in the drawn seats, the
    first seat leading where the game asks who leads, and the event's house rules that apply
    to a table of this size (the others at their defaults)."""
    shown = {o.name for o in applicable(module.OPTIONS, len(players))}
    setup: dict[str, Any] = {"players": list(players)}
    choices = module.start_choices(players)
    if choices:
        setup["first_leader"] = choices[0]
    setup["options"] = read_options(module.OPTIONS, {k: v for k, v in options.items() if k in shown})
    return setup


def create_event(db: sqlite_utils.Database, name: str, kind: str, rounds: str, scoring: str,
                 options: Mapping[str, Any], players: Sequence[str] = ()) -> store.ClubEvent:
    """Set up an event with fresh organiser and viewer links, and the players already here."""
    title = clean_event_name(name)
    if kind not in rules.GAMES:
        raise EventError(NO_GAME, "game")
    module = rules.get(kind)
    count = rounds_of(rounds)
    if scoring not in SCORINGS:
        raise EventError(NO_SCORING, "scoring")
    checked = check_options(module, options)
    names = check_distinct([clean_player(p) for p in players if p.strip()])
    with store.writing(db):
        event = store.insert_club_event(db, title, kind, count, scoring, checked, secrets.randbelow(2**31))
        for player in names:
            store.insert_club_player(db, event.id, player, 1)
    return event


def check_distinct(names: Sequence[str]) -> list[str]:
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise EventError(PLAYER_TWICE, "player", name=name)
        seen.add(name.casefold())
    if len(names) > MAX_PLAYERS:
        raise EventError(PLAYERS_FULL, "player", limit=MAX_PLAYERS)
    return list(names)


# --------------------------------------------------------------------------- players


def add_player(db: sqlite_utils.Database, event: store.ClubEvent, raw: str) -> bool:
    """A player arrives: drawn from the next round not yet started. Returns whether a round
    drawn and not yet started was drawn again to take them in."""
    name = clean_player(raw)
    with store.writing(db):
        players = store.club_players(db, event.id)
        check_distinct([p.name for p in players] + [name])
        rounds = store.club_rounds(db, event.id)
        started = sum(1 for r in rounds if r.started)
        store.insert_club_player(db, event.id, name, started + 1)
        store.touch_club_event(db, event.id)
    return _redraw(db, event)


def set_leaving(db: sqlite_utils.Database, event: store.ClubEvent, number: int, leaving: bool) -> bool:
    """A player leaves (they sit out from the next round not yet started) or comes back.
    Returns whether a round drawn and not yet started was drawn again."""
    with store.writing(db):
        if all(p.number != number for p in store.club_players(db, event.id)):
            raise EventError(NO_PLAYER)
        started = sum(1 for r in store.club_rounds(db, event.id) if r.started)
        store.set_club_player_left(db, event.id, number, started + 1 if leaving else None)
        store.touch_club_event(db, event.id)
    return _redraw(db, event)


def _redraw(db: sqlite_utils.Database, event: store.ClubEvent) -> bool:
    """Draw a pending round again after the players changed; whether there was one."""
    night = load(db, event)
    if night.pending is None:
        return False
    for _ in range(REDRAW_TRIES):
        try:
            draw_round(db, event)
            return True
        except EventError as exc:
            if exc.message != DRAW_CHANGED:
                break  # too few players now: the draw is set aside until there are enough
            # Another change landed between this draw's reading and its writing: draw again from
            # the event as it now stands. Still losing, the draw stays as it was and a start
            # refuses it (it does not seat the players here), so the organiser draws again.
    else:
        return True
    with store.writing(db):
        store.drop_club_draw(db, event.id, night.pending.number)
        store.touch_club_event(db, event.id)
    return True


# --------------------------------------------------------------------------- rounds


def draw_round(db: sqlite_utils.Database, event: store.ClubEvent) -> store.ClubRound:
    """Draw the next round (or draw the pending one again): round 1 at random, later rounds
    by the standings, keeping apart players who have met wherever possible (the club
    engine's draw). Refused while the round before is still being played."""
    night = load(db, event)
    number = night.started + 1
    if night.started >= event.rounds:
        raise EventError(ALL_ROUNDS, n=event.rounds)
    if night.started and not night.round_done(night.started):
        raise EventError(ROUND_UNDER_WAY, n=night.started)
    here = night.here(number)
    least = min(night.module.PLAYER_COUNTS)
    if len(here) < least:
        raise EventError(TOO_FEW, least=least)
    ranked = [s.player for s in night.standings if s.player in here]
    order = ranked + [name for name in here if name not in ranked]
    sat_out = {r.number: list(r.draw.get("sit_out", [])) for r in night.rounds if r.started}
    drawn = club.draw(order, night.met(), night.module.PLAYER_COUNTS, number, event.seed, sat_out=sat_out)
    draw = {"tables": [list(t.players) for t in drawn.tables], "sit_out": list(drawn.sit_out),
            "repeats": drawn.repeats, "reasons": [{"key": r.key, "params": dict(r.params)} for r in drawn.reasons]}
    with store.writing(db):
        if any(r.number == number and r.started for r in store.club_rounds(db, event.id)):
            raise EventError(ALREADY_STARTED, n=number)
        _unchanged_since(db, night)  # an arrival's redraw may have landed since it was read
        store.put_club_draw(db, event.id, number, draw)
        store.touch_club_event(db, event.id)
    return store.ClubRound(number, draw, "")


def swap(db: sqlite_utils.Database, event: store.ClubEvent, first: str, second: str) -> None:
    """Swap two players of the pending draw (at two tables, or a table and the sit-outs)."""
    night = load(db, event)
    pending = night.pending
    if pending is None:
        raise EventError(NO_DRAW)
    if first == second:
        raise EventError(SWAP_SAME, "swap")
    groups = [list(t) for t in pending.draw["tables"]] + [list(pending.draw["sit_out"])]
    where = {}
    for name in (first, second):
        found = next(((g, i) for g, group in enumerate(groups) for i, p in enumerate(group) if p == name), None)
        if found is None:
            raise EventError(SWAP_UNKNOWN, "swap", name=name)
        where[name] = found
    (g1, i1), (g2, i2) = where[first], where[second]
    groups[g1][i1], groups[g2][i2] = second, first
    met = night.met()
    # The draw's own account of its repeats no longer holds once the organiser has swapped, nor
    # its account of who sits out (and why them) once a swap has moved a sit-out.
    stale = REPEAT_REASONS + (SIT_OUT_REASONS if len(groups) - 1 in (g1, g2) else ())
    reasons = [r for r in pending.draw.get("reasons", []) if not str(r.get("key", "")).startswith(stale)]
    draw = {"tables": groups[:-1], "sit_out": groups[-1], "reasons": reasons,
            "repeats": sum(1 for t in groups[:-1] for pair in combinations(t, 2) if frozenset(pair) in met)}
    with store.writing(db):
        now = next((r for r in store.club_rounds(db, event.id) if r.number == pending.number), None)
        if now is not None and now.started:
            raise EventError(ALREADY_STARTED, n=pending.number)
        if now is None or now.draw != pending.draw:
            raise EventError(DRAW_CHANGED)  # an arrival's redraw (or another swap) landed since it was read
        store.put_club_draw(db, event.id, pending.number, draw)
        store.touch_club_event(db, event.id)


def start_round(db: sqlite_utils.Database, event: store.ClubEvent) -> int:
    """Seat the pending round: a real table per drawn table, its game started with its
    players in the drawn seats (the first seat leads where the game asks who leads), each
    with its own scorer and viewer links. Returns the round's number.

    Each table's names and setup are checked as tables.open_table and tables.start_game
    check them (the game's player counts and options); then the round's start and all its
    tables and games are written in one transaction, so two taps on Start seat one set of
    tables, and a failure seats none.
    """
    night = load(db, event)
    pending = night.pending
    if pending is None:
        raise EventError(NO_DRAW)
    module = night.module
    seatings = []
    for number, players in enumerate(pending.draw["tables"], start=1):
        names = tables.clean_names(players)
        setup = setup_for(module, names, event.options)
        module.initial(setup)
        title = tables.clean_title(f"{event.name} · {pending.number}-{number}" if event.name
                                   else f"{pending.number}-{number}")
        seatings.append((number, title, names, setup))
    with store.writing(db):
        now = next((r for r in store.club_rounds(db, event.id) if r.number == pending.number), None)
        if now is not None and not now.started and now.draw != pending.draw:
            raise EventError(DRAW_CHANGED)  # a swap or a redraw landed since it was read
        _unchanged_since(db, night)
        if now is not None and not now.started and _drawn(now.draw) != set(_here(store.club_players(db, event.id), now.number)):
            raise EventError(DRAW_CHANGED)  # a player arrived or left, and the redraw has not landed yet
        if not store.start_club_round(db, event.id, pending.number):
            raise EventError(ALREADY_STARTED, n=pending.number)
        for number, title, names, setup in seatings:
            table = store.insert_table(db, title, names)
            store.insert_game(db, table.id, 1, module.SLUG, setup)
            store.insert_club_table(db, event.id, pending.number, number, table.id)
        store.touch_club_event(db, event.id)
    return pending.number


def _unchanged_since(db: sqlite_utils.Database, night: Night) -> None:
    """Inside a write transaction: refuse (DRAW_CHANGED) if anything changed the event (a
    player, a draw, a swap, a start) since `night` was read; what was computed from it would
    overwrite that change."""
    if store.get_club_event(db, night.event.id).revision != night.event.revision:
        raise EventError(DRAW_CHANGED)


def _drawn(draw: Mapping[str, Any]) -> set[str]:
    """Everyone a draw names: its tables' players and its sit-outs."""
    return {name for table in draw.get("tables", []) for name in table} | set(draw.get("sit_out", []))


def _here(players: Sequence[store.ClubPlayer], round_number: int) -> tuple[str, ...]:
    """The players who may be drawn into `round_number`: arrived by then, not gone."""
    return tuple(p.name for p in players
                 if p.arrived <= round_number and (p.left is None or p.left > round_number))


# --------------------------------------------------------------------------- where it stands


def load(db: sqlite_utils.Database, event: store.ClubEvent) -> Night:
    """The event as it stands, its standings derived from its tables' games as they are now,
    every part read from one snapshot of the database (a change landing meanwhile is in all
    of them or in none, and the version and revision say which)."""
    with store.reading(db):
        return _load(db, event)


def _load(db: sqlite_utils.Database, event: store.ClubEvent) -> Night:
    version = store.club_version(db, event.id)
    event = store.get_club_event(db, event.id)  # the row as of now (its revision moves)
    module = rules.get(event.kind)
    rounds = tuple(store.club_rounds(db, event.id))
    draws = {r.number: r.draw for r in rounds}
    seated = tuple(_seated_at(db, t, draws[t.round]["tables"][t.number - 1]) for t in store.club_tables(db, event.id))
    players = tuple(store.club_players(db, event.id))
    results = [club.Result(s.round, s.players, s.places, s.points) for s in seated if s.status == "over"]
    sat_out = {r.number: list(r.draw.get("sit_out", [])) for r in rounds if r.started}
    largest = max((len(s.players) for s in seated), default=0)  # R before a table of that size finishes
    standing = club.standings([p.name for p in players], results, scoring=event.scoring, sat_out=sat_out,
                              largest=largest)
    unscored = {(s.round, name) for s in seated if s.status != "over" for name in s.players}
    shown = _once_per_shared_rank(tuple(_at_the_event(s, unscored) for s in standing), bool(results))
    return Night(event, module, players, rounds, seated, shown, version,
                 scoring_note(results, event.scoring, largest))


def _once_per_shared_rank(standing: tuple[club.Standing, ...], scored: bool) -> tuple[club.Standing, ...]:
    """The engine's note that players share a rank under the first of them only (it names
    them all), and under nobody before any table has a result (everyone shares rank 1)."""
    seen: set[int] = set()
    out = []
    for line in standing:
        keep = []
        for ruling in line.reasons:
            if ruling.key == "club.tie.shared":
                if not scored or line.rank in seen:
                    continue
                seen.add(line.rank)
            keep.append(ruling)
        out.append(replace(line, reasons=tuple(keep)))
    return tuple(out)


def _at_the_event(standing: club.Standing, seated: set[tuple[int, str]]) -> club.Standing:
    """The standing without the engine's note that the player was not at the event in a
    round in which they sat at a table that has no result (yet, or at all: an abandoned
    game); the engine sees only the tables' results."""
    reasons = []
    for ruling in standing.reasons:
        if ruling.key == "club.absent":
            rounds = [r for r in ruling.params.get("rounds", []) if (r, standing.player) not in seated]
            if not rounds:
                continue
            ruling = Ruling(ruling.key, ruling.clause, {**ruling.params, "rounds": rounds, "count": len(rounds)})
        reasons.append(ruling)
    return replace(standing, reasons=tuple(reasons))


def _seated_at(db: sqlite_utils.Database, t: store.ClubTable, players: Sequence[str]) -> Seated:
    """How a round's table stands, derived once per table version (derived.event_table):
    an entry at one table derives that table alone again."""
    return derived.event_table(db, (t.table_id, t.version, tuple(players)), lambda: _seated(db, t, players))


def _seated(db: sqlite_utils.Database, t: store.ClubTable, players: Sequence[str]) -> Seated:
    """A round's table and its game: the table's first game not abandoned counts (a round is
    one game at each table); a table whose every game was abandoned finished without a result."""
    board = tables.scoreboard(db, t.table_id)
    rows = [(row, outcome, row.id in series.abandoned) for series in board.series for row, outcome in series.rows]
    base = (t.round, t.number, tuple(players), t.scorer_token, t.viewer_token)
    counted = next(((row, outcome) for row, outcome, abandoned in rows if not abandoned), None)
    if counted is None:
        return Seated(*base, "abandoned" if rows else "waiting", rows[-1][0].number if rows else 0)
    row, outcome = counted
    if not outcome.over:
        return Seated(*base, "playing", row.number)
    return Seated(*base, "over", row.number, tuple(outcome.points), tuple(outcome.places))
