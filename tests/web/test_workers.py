"""`companion serve --workers 2`: two processes serve one port; racing phones still store
exactly one entry per entry number, a process that dies comes back, and stopping the
server stops them all. Run as a real server on loopback."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion import records, store
from companion.cli import default_workers

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found |= {int(t) for t in text}
    return found


def wait_until(check, seconds: float = 15.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return False


STARTED: list[subprocess.Popen[bytes]] = []


@pytest.fixture(autouse=True)
def _leave_no_server() -> Iterator[None]:
    """Whatever a failing test leaves running is killed (each server has its own process group)."""
    yield
    while STARTED:
        try:
            os.killpg(STARTED.pop().pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def start(db: Path, port: int, workers: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--db", str(db), "--port", str(port),
                             "--workers", str(workers)], cwd=ROOT, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    STARTED.append(proc)
    assert wait_until(lambda: accepts(port)), "the server did not start"
    return proc


def accepts(port: int) -> bool:
    """Whether a server takes connections on `port` on loopback."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def seat(db: Path) -> str:
    """A table with a Hyper Maker game and nothing entered yet; its game's address."""
    conn = store.connect(db)
    table = records.import_table(conn, {
        "format": records.FORMAT, "version": records.VERSION,
        "table": {"name": "race", "players": ["A", "B", "C"], "created": "2026-11-22T18:00:00"},
        "games": [{"number": 1, "kind": "hyper-maker", "created": "2026-11-22T18:00:00",
                   "setup": {"players": ["A", "B", "C"], "first_leader": 0}, "events": []}]})
    conn.conn.close()
    return f"/t/{table.scorer_token}/g/1"


def tap(port: int, game: str, seq: int, card: str) -> int:
    """A phone of its own: open the game page (session and CSRF token), then enter `card`
    as entry `seq`. The answer's status."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    conn.request("GET", game)
    page = conn.getresponse()
    html = page.read().decode()
    cookie = "; ".join(v.split(";", 1)[0] for k, v in page.getheaders() if k.lower() == "set-cookie")
    form = re.search(r'<form class="picker".*?</form>', html, re.S)
    assert form is not None, html[:300]
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))
    body = urllib.parse.urlencode({**fields, "seq": seq, "card": card})
    conn.request("POST", game + "/entries", body=body, headers={
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie, "HX-Request": "true"})
    answer = conn.getresponse()
    answer.read()
    conn.close()
    return answer.status


@contextmanager
def two_processes(db: Path) -> Iterator[tuple[subprocess.Popen[bytes], str, int]]:
    """`companion serve --workers 2` on a table seated in `db`: the server, the game's
    address and the port, once both processes are up; stopped (SIGTERM) at the end."""
    game = seat(db)
    port = free_port()
    server = start(db, port, workers=2)
    try:
        assert wait_until(lambda: len(children(server.pid)) == 2)
        # Each process binds its own socket as it starts: a phone that connects before the
        # second has bound can only reach the first.
        assert wait_until(lambda: listening(port) == 2)
        yield server, game, port
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=15)  # it does not wait on a process started after it was stopped


def test_two_processes_serve_and_racing_entries_land_exactly_once(tmp_path: Path) -> None:
    db = tmp_path / "workers.db"
    with two_processes(db) as (server, game, port):
        workers = children(server.pid)
        for seq, card in enumerate(["R5B6", "R2G9", "B8Y3"]):
            statuses: list[int] = []
            racers = [threading.Thread(target=lambda out=statuses, s=seq, c=card: out.append(tap(port, game, s, c)))
                      for _ in range(8)]
            for racer in racers:
                racer.start()
            for racer in racers:
                racer.join(timeout=30)
            assert statuses.count(200) == 1, statuses  # one lands; the others are told it is taken
            assert all(s in (200, 409, 422) for s in statuses), statuses
        events = store.events_of(store.connect(db, migrate=False), 1)
        assert [e.payload["card"] for e in events] == ["R5B6", "R2G9", "B8Y3"]

        # A process that dies is started again.
        os.kill(next(iter(workers)), signal.SIGKILL)
        assert wait_until(lambda: len(children(server.pid)) == 2 and children(server.pid) != workers)
        assert tap(port, game, 3, "R9B2") == 200
        workers = children(server.pid)
    assert_all_stopped(workers, port)


def test_the_processes_share_one_shelf_of_drawings_which_goes_when_the_server_stops(tmp_path: Path) -> None:
    from companion import shelf

    with two_processes(tmp_path / "workers.db") as (server, game, port):
        shelves = list(Path(shelf.default_base()).glob(f"{shelf.PREFIX}{server.pid}-*"))
        assert len(shelves) == 1
        assert tap(port, game, 0, "R5B6") == 200  # the entry's panel is drawn, and shelved
        assert wait_until(lambda: any(not f.name.endswith(".lock") for f in shelves[0].iterdir()))
    assert not shelves[0].exists()


def test_stopped_while_replacing_a_dead_process_starts_nothing_more(tmp_path: Path) -> None:
    with two_processes(tmp_path / "workers.db") as (server, _game, port):
        workers = children(server.pid)
        os.kill(next(iter(workers)), signal.SIGKILL)
        time.sleep(0.2)  # the server has seen it die and pauses before starting another: stopped now
    assert_all_stopped(workers, port)


def assert_all_stopped(workers: set[int], port: int) -> None:
    def gone(pid: int) -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
        except FileNotFoundError:
            return True

    assert wait_until(lambda: all(gone(pid) for pid in workers))
    with socket.socket() as probe:  # every process stopped: none holds the port
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(("127.0.0.1", port))


def listening(port: int) -> int:
    """How many sockets listen on `port` (one per serving process)."""
    lines = Path("/proc/net/tcp").read_text().splitlines()[1:] + Path("/proc/net/tcp6").read_text().splitlines()[1:]
    return sum(1 for f in (line.split() for line in lines) if int(f[1].rsplit(":", 1)[1], 16) == port and f[3] == "0A")


def connections_held(pid: int, port: int) -> int:
    """How many open connections to `port` process `pid` holds."""
    lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    served = {f"socket:[{f[9]}]" for f in (line.split() for line in lines)
              if int(f[1].rsplit(":", 1)[1], 16) == port and f[3] == "01"}  # local port, ESTABLISHED
    count = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            count += os.readlink(fd) in served
        except FileNotFoundError:
            pass
    return count


def test_the_connections_of_a_burst_of_phones_are_evened_out_over_the_processes(tmp_path: Path) -> None:
    """The kernel spreads a burst by a hash (13 and 27 of 40 is no rarity); a process holding
    more than its share answers with `Connection: close` until it holds its share, and the
    phones told so make their next request on a new connection (balance.py)."""
    with two_processes(tmp_path / "workers.db") as (server, game, port):
        workers = sorted(children(server.pid))
        phones = [http.client.HTTPConnection("127.0.0.1", port, timeout=20) for _ in range(40)]
        for phone in phones:  # all connected at once, as the phones of a hall are after a restart
            phone.connect()
        for _round in range(30):
            closed = 0
            for phone in phones:
                phone.request("GET", game)  # on a new connection if the last answer closed it
                response = phone.getresponse()
                assert response.status == 200 and response.read()
                closed += response.getheader("Connection", "").lower() == "close"
            if not closed:
                break
        assert closed == 0
        held = [connections_held(pid, port) for pid in workers]
        assert held == [20, 20], held
        for phone in phones:
            phone.close()


HOLD_THE_WRITE = """
import sys
from companion import store
db = store.connect(sys.argv[1], migrate=False)
with store.writing(db):
    print("holding", flush=True)
    sys.stdin.readline()
"""


def test_a_writer_waits_while_another_process_writes_then_writes(tmp_path: Path) -> None:
    """Two serving processes' writers take turns: one waits in SQLite's busy handler (the
    connection's timeout) while the other holds the write lock, and is not refused."""
    db_file = tmp_path / "turns.db"
    seat(db_file)
    holder = subprocess.Popen([sys.executable, "-c", HOLD_THE_WRITE, str(db_file)], cwd=ROOT, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert holder.stdin is not None and holder.stdout is not None
    try:
        assert holder.stdout.readline().strip() == "holding"
        outcome: list[str] = []

        def write() -> None:
            db = store.connect(db_file, migrate=False)
            try:
                with store.writing(db):
                    db.execute("update tables set name = 'turns'")
                outcome.append("written")
            except sqlite3.OperationalError as exc:
                outcome.append(str(exc))

        writer = threading.Thread(target=write)
        writer.start()
        writer.join(0.5)
        assert writer.is_alive() and outcome == []  # waiting for the other process's write to end
        holder.stdin.write("done\n")
        holder.stdin.flush()
        writer.join(15)
        assert outcome == ["written"]
    finally:
        holder.kill()
        holder.wait()


def test_one_process_per_core_by_default() -> None:
    assert default_workers() == len(os.sched_getaffinity(0))


def test_stopping_ends_the_live_streams_rather_than_waiting_out_the_grace(tmp_path: Path) -> None:
    from companion.processes import STOP_GRACE

    game = seat(tmp_path / "streams.db")
    port = free_port()
    server = start(tmp_path / "streams.db", port, workers=2)
    assert wait_until(lambda: len(children(server.pid)) == 2)
    streams = []
    for _ in range(4):  # on both processes, most likely: each holds its stream open
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(f"GET {game.split('/g/')[0]}/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        assert sock.recv(4096).startswith(b"HTTP/1.1 200 ")
        streams.append(sock)
    started = time.monotonic()
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=STOP_GRACE + 10)
    assert time.monotonic() - started < STOP_GRACE - 1  # not held until the processes are killed
    for sock in streams:  # each stream was ended and its connection closed by the server
        sock.settimeout(2)
        while chunk := sock.recv(4096):
            assert b"data: " in chunk or chunk.endswith(b"0\r\n\r\n"), chunk
        sock.close()


def test_the_terminal_hears_companion_not_gunicorns_start_lines(tmp_path: Path) -> None:
    """`companion serve` says where it serves; gunicorn's own start lines ("Listening at:
    (pid)" with no address, since each process binds its own socket, and a line per process)
    would only puzzle the person who started it. Its warnings and errors still show."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--db", str(tmp_path / "t.db"),
                             "--port", str(port), "--workers", "2"], cwd=ROOT, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "LANG": "en_US.UTF-8", "LC_ALL": ""})
    STARTED.append(proc)
    assert wait_until(lambda: accepts(port)), "the server did not start"
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=20)
    assert f"open http://127.0.0.1:{port}/" in out
    assert "[INFO]" not in err and "Listening at" not in err, err
