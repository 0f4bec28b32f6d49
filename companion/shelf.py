"""Drawings shared by the serving processes of one server: a panel is drawn once per table
version, role, language and theme, whichever process its phones are connected to.

`companion serve` runs one process per core, and the kernel hands each phone's connection
to any of them, so the four phones of a table are spread over the processes. Each process
remembers the panels it drew (memory.py), but before the shelf every process drew its own
copy of each new panel: about two drawings per entry more than needed, a fifth of the
server's work in a full hall.

The shelf is a folder in memory (/dev/shm where there is one) made by the server before it
starts its processes, and removed when it stops. Each slot (a table, a role, a language and
a theme: what a phone's panel is drawn for, whatever its version) holds the latest drawing
made for it in one file, with the full key it was drawn for: a drawing for another key (an
older or newer version, another game) is not used, so a drawing is never stale; the slot's
file is replaced whole (written beside it, then renamed over it), so a reader never sees
half of one. A process that finds no drawing takes the slot's lock (a flock, which the
kernel drops if the process dies) and draws it; another process that wants the same slot
meanwhile waits for that drawing rather than drawing it too. The files are bounded by the
slots in use: one per table, role, language and theme.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Hashable
from contextlib import suppress
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows, where `serve` runs one process
    fcntl = None  # type: ignore[assignment]

PREFIX = "companion-shelf-"
"""The shelf folders' names: PREFIX, the serving parent's process id, a random part."""

WAIT = 1.0
"""Seconds a process waits for another's drawing of the same slot before drawing it itself."""

STEP = 0.002
"""Seconds between looks at a slot's lock while another process draws (a drawing takes a
few milliseconds)."""


class Shelf:
    """The drawings in `folder`, shared by every process that opens a Shelf on it."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)

    def get_or_make(self, slot: Hashable, key: Hashable, make: Callable[[], str]) -> str:
        """The drawing for `key` in `slot`: the one on the shelf, or `make()`'s, put there."""
        path = self._path(slot)
        found = self._read(path, key)
        if found is not None or fcntl is None:
            return found if found is not None else make()
        try:
            fd = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError:  # the shelf is gone (the server is stopping): draw it here
            return make()
        try:
            self._lock(fd)
            found = self._read(path, key)  # drawn by another process while this one waited
            if found is None:
                found = make()
                self._write(path, key, found)
            return found
        finally:
            os.close(fd)  # lets go of the lock

    def put(self, slot: Hashable, key: Hashable, value: str) -> None:
        """Shelve a drawing made elsewhere (an entry's answer draws the scorer's panel)."""
        self._write(self._path(slot), key, value)

    def _path(self, slot: Hashable) -> Path:
        return self.folder / hashlib.sha1(repr(slot).encode()).hexdigest()

    @staticmethod
    def _lock(fd: int) -> None:
        """The slot's lock, or after WAIT none (a process stuck while drawing holds up no one)."""
        deadline = time.monotonic() + WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except OSError as exc:
                if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN) or time.monotonic() > deadline:
                    return
            time.sleep(STEP)

    @staticmethod
    def _read(path: Path, key: Hashable) -> str | None:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:  # not drawn yet (or the shelf is gone: the server is stopping)
            return None
        first, _, value = text.partition("\n")
        return value if first == json.dumps(repr(key)) else None

    @staticmethod
    def _write(path: Path, key: Hashable, value: str) -> None:
        # Written beside the slot under a name of this thread's own (a process's threads
        # and the server's processes never share one), then renamed over it. A full or
        # vanished shelf: the drawing is still answered, just not shared.
        temporary = path.parent / f".{os.getpid()}-{threading.get_ident()}"
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
        except OSError:
            return
        try:
            try:
                data = memoryview((json.dumps(repr(key)) + "\n" + value).encode())
                while data:
                    data = data[os.write(fd, data):]
            finally:
                os.close(fd)
            os.replace(temporary, path)
        except OSError:
            with suppress(OSError):
                os.unlink(temporary)


def make_folder(base: str | Path | None = None) -> str:
    """A new shelf folder for this server, in `base` (by default in memory, where the system
    has /dev/shm); the folders of servers no longer running are removed first."""
    if base is None:
        base = default_base()
    for old in Path(base).glob(PREFIX + "*"):
        owner = old.name.removeprefix(PREFIX).split("-")[0]
        if owner.isdigit() and not _running(int(owner)):
            shutil.rmtree(old, ignore_errors=True)
    return tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=base)


def default_base() -> str:
    """Where shelves are made: in memory where the system has /dev/shm."""
    return "/dev/shm" if os.access("/dev/shm", os.W_OK) else tempfile.gettempdir()


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True
