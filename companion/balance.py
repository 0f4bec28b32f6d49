"""An even share of the phones' connections for each serving process of `companion serve`.

The kernel hands a new connection to one of the processes sharing the port by a hash of
its addresses: even on average, not at any one table. A phone keeps its connection all
evening, so twenty phones can sit fourteen on one process and six on the other for good,
and the fourteen wait behind each other while the other core idles (bench/table_load.py
showed entries twice as slow on the crowded process, in a run out of four).

Each process writes how many connections it holds for requests (its live streams, which
stay where they are and cost little, aside) into its slot of a small file in the
server's folder (the shelf's), mapped into every process's memory. A process holding more
than its share (all the processes' connections over their number, rounded up) answers
the request in hand with `Connection: close`, as HTTP lets a server do: the phone makes its
next request on a new connection, which the kernel hands to any process; the crowded one
closes again until it holds its share. Nothing is lost or sent twice: the answer is
complete, and the phone opens the next connection only for its next request.

A process takes its slot with an exclusive flock of the slot's file, which the kernel drops
when the process dies, so the process gunicorn starts in its place takes the same slot.
"""

from __future__ import annotations

import mmap
import os
import struct
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows, where `serve` runs one process
    fcntl = None  # type: ignore[assignment]

COUNTS = "connections"
"""The file of the processes' counts in the server's folder: a 4-byte integer per process."""

SLOT = struct.Struct("=i")

class Balance:
    """This process's slot among `processes` in `folder`, and whether it holds more than its share."""

    def __init__(self, folder: str | Path, processes: int) -> None:
        self.processes = processes
        self.slot: int | None = None
        self._lock = -1
        fd = os.open(Path(folder) / COUNTS, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            size = SLOT.size * processes
            if os.fstat(fd).st_size < size:
                os.ftruncate(fd, size)
            self.counts = mmap.mmap(fd, size)
        finally:
            os.close(fd)  # the mapping stays
        self.all = struct.Struct(f"={processes}i")
        self._claim(Path(folder))
        self.held(0)

    def _claim(self, folder: Path) -> None:
        if fcntl is None:
            return
        for slot in range(self.processes):
            fd = os.open(folder / f"{COUNTS}-{slot}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                continue
            self.slot, self._lock = slot, fd  # held for the process's life
            return

    def held(self, connections: int) -> None:
        """Say how many connections this process holds now."""
        if self.slot is not None:
            SLOT.pack_into(self.counts, SLOT.size * self.slot, connections)

    def over(self, connections: int) -> bool:
        """Whether `connections` (this process's) is more than its share of all of them."""
        if self.slot is None:
            return False
        total: int = sum(self.all.unpack_from(self.counts))
        return connections > -(-total // self.processes)
