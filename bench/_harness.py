"""Shared by the bench scripts: start servers on loopback, and play tables over HTTP.

Only loopback addresses are used. Every loop here is bounded in count and time.
"""

from __future__ import annotations

import http.client
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.rules import hyper_maker as hm  # noqa: E402
from companion.rules.base import Event  # noqa: E402

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def serving_processes(args: list[str]) -> int:
    """How many processes of `args` listen on the port: `companion serve` one per core
    unless --workers says; anything else one."""
    if "--workers" in args:
        return int(args[args.index("--workers") + 1])
    if "serve" in args:
        return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return 1


def listening_sockets(port: int) -> int:
    """Sockets listening on `port` (each serving process binds its own, sharing the port);
    counted from Linux's /proc/net tables, or 1 where there are none to read."""
    tables = [Path("/proc/net/tcp"), Path("/proc/net/tcp6")]
    if not any(t.exists() for t in tables):
        return 1
    count = 0
    for table in tables:
        if table.exists():
            for line in table.read_text().splitlines()[1:]:
                fields = line.split()
                if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                    count += 1
    return count


def start(args: list[str], port: int, timeout: float = 20.0) -> subprocess.Popen[bytes]:
    """Start a server process and wait until every one of its serving processes listens.

    Waiting for all of them matters: each binds its own socket on the port once it has
    started, and a connection made before the last has bound cannot reach it; a bench whose
    clients all connect in the first moment and keep their connections would then run on
    one process of several and measure that."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, *args], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    wanted = serving_processes(args)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=0.2):
                pass
        except OSError:
            time.sleep(0.05)
            continue
        if listening_sockets(port) >= wanted:
            return proc
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"server on port {port} did not start")


def start_companion(db: Path, port: int, threads: int | None = None) -> subprocess.Popen[bytes]:
    """`companion serve` on `db`, with its own default threads unless `threads` is given."""
    return start(["-m", "companion.cli", "serve", "--db", str(db), "--port", str(port),
                  *(["--threads", str(threads)] if threads else [])], port)


def kill(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass
    proc.wait(timeout=10)


def whole_game(players: int, seed: int) -> list[str]:
    """The cards of a whole legal Hyper Maker game, in entry order (master, then each player)."""
    hands, pile = hm.deal(random.Random(seed), players)
    state = hm.initial({"players": [f"P{i}" for i in range(players)], "first_leader": 0})
    cards: list[str] = []
    for master in pile:
        state = hm.apply(state, Event("master", {"card": master.code}))
        cards.append(master.code)
        for _ in range(players):
            seat = state.expected_seat
            assert seat is not None
            card = next((c for c in hands[seat] if hm.follows(c, master)), hands[seat][0])
            hands[seat].remove(card)
            state = hm.apply(state, Event("play", {"seat": seat, "card": card.code}))
            cards.append(card.code)
    return cards


class Phone:
    """One browser at the table: a kept-alive connection, its cookies, the CSRF token."""

    def __init__(self, base: str, timeout: float = 10.0) -> None:
        self.base = base
        self.timeout = timeout
        parsed = urllib.parse.urlparse(base)
        self.host, self.port = parsed.hostname or HOST, parsed.port or 80
        self.conn: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.game = ""

    def request(self, path: str, data: dict[str, object] | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, str, dict[str, str]]:
        """One request on the kept-alive connection (reopened if the server dropped it)."""
        body = None if data is None else urllib.parse.urlencode(data, doseq=True)
        sent = {"Accept-Language": "en", "Accept-Encoding": "identity", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                self.conn.request("POST" if body is not None else "GET", path, body=body, headers=sent)
                resp = self.conn.getresponse()
                text = resp.read().decode()
                break
            except (OSError, http.client.HTTPException):
                self.conn.close()
                self.conn = None
                if attempt == 2 or body is not None:
                    raise  # a write is never sent twice blindly: the caller asks the page
        for header, value in resp.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        return resp.status, text, dict(resp.getheaders())

    def _token(self, html: str) -> None:
        found = re.search(r'name="csrf_token" value="([^"]+)"', html)
        if found:
            self.csrf = found.group(1)

    def seat(self, players: int) -> None:
        """Seat a table and start its first game."""
        _, html, _ = self.request("/")
        self._token(html)
        names = [f"P{i}" for i in range(players)]
        status, _, headers = self.request("/tables", {"csrf_token": self.csrf, "player": names,
                                                      "game": "hyper-maker"})
        assert status == 303, status
        table = urllib.parse.urlparse(headers["Location"]).path.split("/new")[0]
        status, _, headers = self.request(f"{table}/games", {"csrf_token": self.csrf,
                                                             "game": "hyper-maker", "first_leader": 0})
        assert status == 303, status
        self.game = urllib.parse.urlparse(headers["Location"]).path

    def next_game(self) -> None:
        """Start the table's next game (the first lead moves on, as the page suggests)."""
        table = self.game.split("/g/")[0]
        status, _, headers = self.request(f"{table}/games", {"csrf_token": self.csrf,
                                                             "game": "hyper-maker", "first_leader": 0})
        assert status == 303, status
        self.game = urllib.parse.urlparse(headers["Location"]).path

    def fields(self) -> dict[str, str]:
        """The hidden fields of the picker the game page shows now ({} once the game is over)."""
        _, html, _ = self.request(self.game)
        self._token(html)
        return next_fields(html)

    def enter(self, fields: dict[str, str], card: str) -> tuple[int, str]:
        """Tap a card as htmx does; returns the status and the panel HTML."""
        status, html, _ = self.request(f"{self.game}/entries", {**fields, "card": card},
                                       headers={"HX-Request": "true", "X-CSRFToken": self.csrf})
        return status, html


def next_fields(panel_html: str) -> dict[str, str]:
    form = re.search(r'<form class="picker".*?</form>', panel_html, re.S)
    if not form:
        return {}
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def group_cpu_seconds(pid: int) -> float:
    """User + system CPU time used so far by the server started as `pid` and every process
    it forked (companion serve runs one per core; they share its process group, since
    `start` gives the server a session of its own)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def callgrind_instructions(script: str, args: list[str]) -> int:
    """Instructions callgrind counts for one run of `script` with `args` (entry_cost.py and
    seen_cost.py count their inner runs so): the same hash seed every run, so two runs of
    the same code count alike."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", sys.executable, script, *args],
            env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise RuntimeError(run.stderr[-2000:])
    return int(found.group(1))
