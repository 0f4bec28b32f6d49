"""Regions of remembered values: the mechanism only.

What is remembered, under which key, and the one rule for when a value goes stale are in
derived.py, the only module that reads or writes a region. A Region keeps up to so many
values by key and lets the least recently used go first; a Memory is an app's regions,
one per kind of value (each app has its own: two apps in one process never share).
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

    def __len__(self) -> int:
        return len(self._items)


MAKING_WAIT = 5.0
"""Seconds a thread waits for another's making of the same value before making it itself."""

class Memory:
    """An app's regions, one per kind of derived value, with how many each keeps (derived.SIZES)."""

    def __init__(self, sizes: Mapping[str, int]) -> None:
        self._regions: dict[str, Region[Any, Any]] = {name: Region(keep) for name, keep in sizes.items()}

    def __getitem__(self, name: str) -> Region[Any, Any]:
        return self._regions[name]
