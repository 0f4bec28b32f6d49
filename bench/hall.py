"""A club hall on one machine: many tables, four phones each, against `companion serve`.

    python bench/hall.py [--tables 250] [--seconds 60] [--warmup 10] [--workers 0] [--asking]
    python bench/hall.py --find-max [--seconds 30]

Each table has four phones that stay connected as the page keeps them (static/companion.js):
each holds the table's live stream open and, when it says a version other than the one the
phone shows, asks for its panel (If-None-Match, on a second kept-alive connection). With
--asking, the phones have no stream and ask for their panel every second instead (the
page's fallback). Two phones opened the scorer's link and two the viewer's; all accept
compressed answers as a browser does. The scorer enters a card every 3 s (the htmx POST the page sends). For
every entry it measures how long the entry took, and for every phone how long after the
entry was confirmed that phone had the new panel. All phones run in one asyncio loop on
this machine, beside the server. Loopback only; every loop is bounded in time.

The last line is JSON: {"tables", "phones", "entry_p95_ms", "seen_p95_ms", "seen_max_ms",
"errors", "server_cpu_pct", "cores"}. --find-max raises the number of tables while entry
p95 <= 100 ms and seen p95 <= 1000 ms, and reports the largest that held.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path

from _harness import HOST, free_port, group_cpu_seconds, kill, percentile, start, whole_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import records, store  # noqa: E402

PLAYERS = 4
PHONES = 4
ENTRY_EVERY = 3.0
POLL_EVERY = 1.0
SCORING_PHONES = 2
"""Of a table's phones, how many opened the scorer's link (the others the viewer's)."""
BROWSER_ENCODINGS = "gzip, deflate, br, zstd"
"""What a phone's browser accepts: answers are compressed as they would be for it."""


def seat_tables(path: Path, count: int) -> list[tuple[str, str]]:
    """`count` tables, each with a 4-player Hyper Maker game just started; their game's
    address under the scorer's link and under the viewer's."""
    db = store.connect(path)
    links = []
    for n in range(count):
        table = records.import_table(db, {
            "format": records.FORMAT, "version": records.VERSION,
            "table": {"name": f"Table {n + 1}", "players": [f"P{i}" for i in range(PLAYERS)],
                      "created": "2026-11-22T18:00:00"},
            "games": [{"number": 1, "kind": "hyper-maker", "created": "2026-11-22T18:00:00",
                       "setup": {"players": [f"P{i}" for i in range(PLAYERS)], "first_leader": 0},
                       "events": []}]})
        links.append((f"/t/{table.scorer_token}/g/1", f"/t/{table.viewer_token}/g/1"))
    db.conn.close()
    return links


class Connection:
    """One phone's kept-alive HTTP/1.1 connection (reopened if the server closes it)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.cookies: dict[str, str] = {}

    async def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                      body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
        for attempt in (1, 2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
            sent = {"Host": f"{HOST}:{self.port}", "Accept-Language": "en", "Accept-Encoding": BROWSER_ENCODINGS,
                    **(headers or {})}
            if self.cookies:
                sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            if body:
                sent["Content-Length"] = str(len(body))
                sent["Content-Type"] = "application/x-www-form-urlencoded"
            head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in sent.items()) + "\r\n"
            try:
                assert self.reader is not None
                self.writer.write(head.encode() + body)
                await self.writer.drain()
                return await self._answer()
            except (OSError, asyncio.IncompleteReadError, ValueError):
                self.close()
                if attempt == 2 or body:
                    raise
        raise RuntimeError("unreachable")

    async def _answer(self) -> tuple[int, dict[str, str], bytes]:
        assert self.reader is not None
        status_line = await self.reader.readline()
        if not status_line:
            raise ValueError("closed")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while True:
            line = (await self.reader.readline()).decode("latin-1").rstrip("\r\n")
            if not line:
                break
            name, _, value = line.partition(":")
            name = name.strip().lower()
            if name == "set-cookie":
                key, _, rest = value.strip().partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
            headers[name] = value.strip()
        if "content-length" in headers:
            data = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding") == "chunked":
            data = b""
            while True:
                size = int((await self.reader.readline()).strip(), 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                data += chunk[:-2]
        else:
            data = b""
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, headers, unpacked(data, headers.get("content-encoding", ""))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def stream_versions(reader: asyncio.StreamReader, stop_at: float):  # type: ignore[no-untyped-def]
    """The versions a live stream says (its answer is chunked), until `stop_at`."""
    status = await reader.readline()
    if not status.startswith(b"HTTP/1.1 200"):
        raise ValueError(f"stream refused: {status!r}")
    while (await reader.readline()).strip():
        pass  # the headers
    buffer = b""
    while True:
        left = stop_at - time.monotonic()
        if left <= 0:
            return
        try:
            size_line = await asyncio.wait_for(reader.readline(), left)
        except TimeoutError:
            return
        size = int(size_line.strip() or b"0", 16)
        if size == 0:
            raise ValueError("stream ended")
        buffer += (await reader.readexactly(size + 2))[:-2]
        while b"\n\n" in buffer:
            message, buffer = buffer.split(b"\n\n", 1)
            for line in message.split(b"\n"):
                if line.startswith(b"data: "):
                    yield line[6:].decode()


def unpacked(data: bytes, encoding: str) -> bytes:
    """An answer's body as the browser reads it."""
    if encoding == "br":
        import brotli

        return bytes(brotli.decompress(data))
    if encoding == "gzip":
        import gzip

        return gzip.decompress(data)
    return data


class Hall:
    def __init__(self, port: int, links: list[tuple[str, str]], stop_at: float, measure_from: float,
                 asking: bool) -> None:
        self.asking = asking
        self.port = port
        self.links = links
        self.stop_at = stop_at
        self.measure_from = measure_from
        self.entry_ms: list[float] = []
        self.had: list[tuple[str, str, float]] = []  # a phone had (table, version) at this time
        self.errors = 0
        self.confirmed: dict[str, dict[str, float]] = {}  # link -> version -> when confirmed

    async def scorer(self, link: str, index: int) -> None:
        conn = Connection(self.port)
        rng = random.Random(index)
        cards = whole_game(PLAYERS, 1000 + index)
        status, _, html = await conn.request("GET", link)
        page = html.decode()
        await asyncio.sleep(rng.random() * ENTRY_EVERY)
        for card in cards:
            if time.monotonic() >= self.stop_at:
                break
            form = re.search(r'<form class="picker".*?</form>', page, re.S)
            if form is None:
                break
            fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))
            from urllib.parse import urlencode

            body = urlencode({**fields, "card": card}).encode()
            began = time.monotonic()
            try:
                status, headers, html = await conn.request(
                    "POST", link + "/entries", {"HX-Request": "true", "X-CSRFToken": fields.get("csrf_token", "")}, body)
            except (OSError, ValueError, asyncio.IncompleteReadError):
                self.errors += began >= self.measure_from
                break
            done = time.monotonic()
            if status != 200:
                self.errors += began >= self.measure_from
                break
            page = html.decode()
            version = re.search(r'"If-None-Match": "\\"([^\\"]+)\\""', page)
            if version:
                self.confirmed.setdefault(link, {})[version.group(1)] = done
            if began >= self.measure_from:
                self.entry_ms.append((done - began) * 1000)
            await asyncio.sleep(max(0.0, ENTRY_EVERY - (time.monotonic() - began)))
        conn.close()

    async def open_page(self, conn: Connection, link: str, index: int) -> str | None:
        """A phone opens the game at a moment of its own; the version it shows (None: failed)."""
        await asyncio.sleep(random.Random(index).random() * POLL_EVERY)
        try:
            _, headers, _ = await conn.request("GET", link + "/panel", {"HX-Request": "true"})
        except (OSError, ValueError, asyncio.IncompleteReadError):
            self.errors += 1
            return None
        return headers.get("etag", "").strip('"').split(":")[0]

    async def phone(self, table: str, link: str, index: int) -> None:
        """A phone with the table's live stream open, as the page keeps it (`table`: the
        scorer's address, which names the table in what is measured)."""
        conn = Connection(self.port)
        shown = await self.open_page(conn, link, index)
        if shown is None:
            return
        live = link.split("/g/")[0] + "/live"
        while time.monotonic() < self.stop_at:
            began = time.monotonic()
            try:
                reader, writer = await asyncio.open_connection(HOST, self.port)
            except OSError:
                self.errors += began >= self.measure_from
                await asyncio.sleep(1)
                continue
            try:
                writer.write(f"GET {live} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\nAccept: text/event-stream\r\n\r\n".encode())
                await writer.drain()
                async for version in stream_versions(reader, self.stop_at):
                    if version == shown:
                        continue
                    status, headers, data = await conn.request(
                        "GET", link + "/panel", {"HX-Request": "true", "If-None-Match": f'"{shown}"'})
                    now = time.monotonic()
                    if status == 200 and data:
                        shown = headers.get("etag", "").strip('"').split(":")[0]
                        self.had.append((table, shown, now))
                    elif status != 200:
                        self.errors += now >= self.measure_from
            except (TimeoutError, OSError, ValueError, asyncio.IncompleteReadError):
                self.errors += time.monotonic() >= self.measure_from
                conn.close()
            finally:
                writer.close()
        conn.close()

    async def asking_phone(self, table: str, link: str, index: int) -> None:
        """A phone without a stream: asks for its panel every second."""
        conn = Connection(self.port)
        shown = await self.open_page(conn, link, index)
        if shown is None:
            return
        while time.monotonic() < self.stop_at:
            began = time.monotonic()
            try:
                status, headers, data = await conn.request(
                    "GET", link + "/panel", {"HX-Request": "true", "If-None-Match": f'"{shown}"'})
            except (OSError, ValueError, asyncio.IncompleteReadError):
                self.errors += began >= self.measure_from
                conn.close()
                await asyncio.sleep(POLL_EVERY)
                continue
            now = time.monotonic()
            if status == 200 and data:
                version = headers.get("etag", "").strip('"').split(":")[0]
                self.had.append((table, version, now))
                shown = version
            elif status not in (200, 304):
                self.errors += began >= self.measure_from
            await asyncio.sleep(max(0.0, POLL_EVERY - (time.monotonic() - began)))
        conn.close()

    async def run(self) -> None:
        tasks = []
        for index, (scoring, viewing) in enumerate(self.links):
            tasks.append(self.scorer(scoring, index))
            phone = self.asking_phone if self.asking else self.phone
            tasks += [phone(scoring, scoring if p < SCORING_PHONES else viewing, index * PHONES + p)
                      for p in range(PHONES)]
        await asyncio.gather(*tasks)

    @property
    def seen_ms(self) -> list[float]:
        """For each entry measured and each phone that had it: confirmed -> had, in ms (a
        phone can have it before its scorer's answer arrives: 0)."""
        seen = []
        for link, version, when_had in self.had:
            confirmed = self.confirmed.get(link, {}).get(version)
            if confirmed is not None and confirmed >= self.measure_from:
                seen.append(max(0.0, when_had - confirmed) * 1000)
        return seen


def one_run(tables: int, seconds: float, warmup: float, workers: int, asking: bool = False) -> dict[str, object]:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, tables * (2 * PHONES + 1) + 500)), hard))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hall.db"
        links = seat_tables(path, tables)
        port = free_port()
        args = ["-m", "companion.cli", "serve", "--db", str(path), "--port", str(port)]
        if workers:
            args += ["--workers", str(workers)]
        server = start(args, port)
        try:
            began = time.monotonic()
            hall = Hall(port, links, began + warmup + seconds, began + warmup, asking)
            cpu_at: list[float] = []

            async def main() -> None:
                async def sample() -> None:
                    await asyncio.sleep(warmup)
                    cpu_at.append(group_cpu_seconds(server.pid))
                    await asyncio.sleep(seconds)
                    cpu_at.append(group_cpu_seconds(server.pid))

                try:  # every phone stops by itself at the end; one that hangs is an error
                    await asyncio.wait_for(asyncio.gather(hall.run(), sample()), warmup + seconds + 30)
                except TimeoutError:
                    hall.errors += 1
                    print("a phone was still waiting 30 s after the end", file=sys.stderr)

            asyncio.run(main())
        finally:
            kill(server)
    cores = len(os.sched_getaffinity(0))
    seen = hall.seen_ms
    cpu = (cpu_at[1] - cpu_at[0]) / seconds * 100 if len(cpu_at) == 2 else float("nan")
    return {"tables": tables, "phones": tables * PHONES, "live": "asking" if asking else "stream",
            "entries": len(hall.entry_ms), "entry_p95_ms": round(percentile(hall.entry_ms, 95), 1),
            "seen_p95_ms": round(percentile(seen, 95), 1),
            "seen_max_ms": round(max(seen), 1) if seen else None,
            "errors": hall.errors, "server_cpu_pct": round(cpu, 1), "cores": cores}


def holds(result: dict[str, object]) -> bool:
    return (result["errors"] == 0 and float(result["entry_p95_ms"]) <= 100  # type: ignore[arg-type]
            and float(result["seen_p95_ms"]) <= 1000)  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=10)
    parser.add_argument("--workers", type=int, default=0, help="serving processes (default: the server's own, one per core)")
    parser.add_argument("--asking", action="store_true", help="phones without the live stream ask every second")
    parser.add_argument("--find-max", action="store_true")
    args = parser.parse_args()
    if not args.find_max:
        print(json.dumps(one_run(args.tables, args.seconds, args.warmup, args.workers, args.asking)))
        return
    best = 0
    tables = 50
    while tables <= 1000:
        result = one_run(tables, args.seconds, args.warmup, args.workers, args.asking)
        print(json.dumps(result), flush=True)
        if not holds(result):
            break
        best = tables
        tables += 50
    print(json.dumps({"largest_tables_holding": best}))


if __name__ == "__main__":
    main()
