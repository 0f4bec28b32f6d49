"""What the app remembers of what it derived: one mechanism, one rule for staleness.

The rule. A remembered value is keyed by everything it was derived from, and nothing it
is derived from changes in place:
- a game's log only grows, so a replay is keyed by the game and its log's mark (the
  number of entries and the time of the last); a longer log has another mark;
- a table's row (name, players, links) is keyed by its link and is dropped by `forget`
  whenever the row is written (a rename; another server process on the same file keeps
  its remembered row until it drops it, which is why one process serves a table);
- a rendered fragment is keyed by its template, the language and the values it shows.
So a remembered value is never stale: when its source changes, its key changes. Values
leave only when a region is full (the least recently used goes first).

Each app has its own Memory (two apps in one process never share); the app hands it to
every connection it opens, and `memory_of(db)` finds it from a connection (a connection
opened outside an app, by the CLI, has a private one).

A process's memory is its own. What the serving processes of one server share is the
panels they draw (shelf.py), by the same rule: keyed by everything they show.

Values derived only from what ships with the code (compiled catalogs, rulebook files,
a card's name in a language) cannot change while the process runs; they are computed
once per process with functools.cache where they are defined.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Region(Generic[K, V]):
    """Up to `keep` values by key; reading one makes it the most recently used. Thread-safe."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        self._making: dict[K, threading.Event] = {}

    def get(self, key: K) -> V | None:
        with self._lock:
            hit = self._items.get(key)
            if hit is not None:
                self._items.move_to_end(key)
            return hit

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.keep:
                self._items.popitem(last=False)

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value at `key`, made by `make` and kept if there is none. While one thread
        makes it, the others that want the same key wait for that one instead of making it
        again: every phone of a table asks for the new panel at the same moment, and it is
        drawn once. A waiter whose maker failed (or took over MAKING_WAIT) makes it itself."""
        with self._lock:
            hit = self._items.get(key)
            if hit is not None:
                self._items.move_to_end(key)
                return hit
            making = self._making.get(key)
            mine = making is None
            if making is None:
                making = self._making[key] = threading.Event()
        if not mine:
            making.wait(MAKING_WAIT)
            hit = self.get(key)
            return hit if hit is not None else self._made(key, make)
        try:
            return self._made(key, make)
        finally:
            with self._lock:
                del self._making[key]
            making.set()

    def _made(self, key: K, make: Callable[[], V]) -> V:
        value = make()
        self.put(key, value)
        return value

    def forget(self, key: K) -> None:
        with self._lock:
            self._items.pop(key, None)

    def __len__(self) -> int:
        return len(self._items)


MAKING_WAIT = 5.0
"""Seconds a thread waits for another's making of the same value before making it itself."""

SIZES: Mapping[str, int] = {
    "tokens": 65536,    # a table's id by link, for answering unchanged polls
    "replays": 1024,    # a game's log and its replay, by game (each process: every live table's)
    "outcomes": 65536,  # a game's outcome at a log mark (small: points and places)
    "games": 65536,     # a game's row (its setup decoded), by id
    "boards": 1024,     # a table's games before its latest, with their outcomes
    "panels": 2048,     # a phone's panel, by table, game, version, language and role
    "links": 1024,      # a game panel's URLs, by link and game
    "fragments": 1024,  # rendered parts of pages, by template, language and what they show
    "static": 256,      # fragments that depend only on the game and the language (pickers)
    "slots": 256,       # where each picker key's value sits in a rendered picker
    "compressed": 1024,  # a viewer's panel compressed, by encoding, table, game, version and language
    "csrf": 8192,       # a session's signed CSRF token, by its raw token (csrf.py)
    "exports": 2048,    # a game's part of a JSON export (by game and log mark); a CSV's earlier rows
}


class Memory:
    """The app's regions, one per kind of derived value (SIZES)."""

    def __init__(self, sizes: Mapping[str, int] = SIZES) -> None:
        self._regions: dict[str, Region[Any, Any]] = {name: Region(keep) for name, keep in sizes.items()}

    def __getitem__(self, name: str) -> Region[Any, Any]:
        return self._regions[name]


def memory_of(db: Any) -> Memory:
    """The Memory handed to this connection (store.connect sets one on every connection)."""
    found = getattr(db, "companion_memory", None)
    if found is None:
        found = Memory()
        db.companion_memory = found
    assert isinstance(found, Memory)
    return found
