"""A small thread-safe memory of recent results, dropping the least recently used.

The server's threads share these: replays of game logs, tables found by their links,
rendered fragments. Each user says in its own words why what it keeps stays true.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Remembered(Generic[K, V]):
    """Up to `keep` values by key; reading one makes it the most recently used."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

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

    def __len__(self) -> int:
        return len(self._items)
