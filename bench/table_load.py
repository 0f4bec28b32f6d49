"""Many tables entering whole games at once, against `companion serve` on loopback.

    python bench/table_load.py [--tables 20] [--games 3] [--threads N] [--floor-threads 8]

Each table is one client thread playing whole 4-player Hyper Maker games as fast as the
server answers (each entry is the htmx POST a phone sends, answered with the new panel).
In the same run it times the floor: a bare route that appends one row to a SQLite file
with the same durability settings (bench/floor_app.py), on the same server with 8 threads
as it has always been measured, hit by as many concurrent clients. The last line is JSON.
"""

from __future__ import annotations

import argparse
import resource
import http.client
import json
import tempfile
import threading
import time
from pathlib import Path

from _harness import (HOST, Phone, free_port, group_cpu_seconds, kill, next_fields, percentile, start,
                      start_companion, whole_game)

PLAYERS = 4


def play_tables(base: str, tables: int, games: int, deadline: float) -> tuple[list[float], int]:
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()

    def table(index: int) -> None:
        nonlocal errors
        phone = Phone(base)
        mine: list[float] = []
        bad = 0
        try:
            for game in range(games):
                if game:
                    phone.next_game()  # the evening goes on at the same table
                else:
                    phone.seat(PLAYERS)
                fields = phone.fields()
                for card in whole_game(PLAYERS, seed=index * 100 + game):
                    if time.monotonic() > deadline:
                        break
                    t0 = time.perf_counter()
                    status, html = phone.enter(fields, card)
                    mine.append((time.perf_counter() - t0) * 1000)
                    if status != 200:
                        bad += 1
                        fields = phone.fields()
                        continue
                    fields = next_fields(html)
        except Exception as exc:  # counted, and said once, never hidden
            bad += 1
            print(f"table {index}: {exc!r}")
        with lock:
            latencies.extend(mine)
            errors += bad

    threads = [threading.Thread(target=table, args=(i,)) for i in range(tables)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, errors


def floor(base: str, clients: int, per_client: int, deadline: float) -> tuple[list[float], int]:
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()

    def client() -> None:
        nonlocal errors
        mine: list[float] = []
        bad = 0
        port = int(base.rsplit(":", 1)[1])
        conn = http.client.HTTPConnection(HOST, port, timeout=10)  # kept alive, as for the phones
        for i in range(per_client):
            if time.monotonic() > deadline:
                break
            t0 = time.perf_counter()
            try:
                conn.request("POST", "/", body=f"card={i}", headers={"Content-Type": "application/x-www-form-urlencoded"})
                conn.getresponse().read()
            except Exception:
                bad += 1
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=10)
            mine.append((time.perf_counter() - t0) * 1000)
        with lock:
            latencies.extend(mine)
            errors += bad

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, errors


def cpu_seconds(pid: int) -> float:
    """The server's CPU seconds so far, all its processes included."""
    return group_cpu_seconds(pid)


def client_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--games", type=int, default=3, help="whole games per table (more samples, steadier percentiles)")
    parser.add_argument("--threads", type=int, default=None,
                        help="the app's threads per serving process (default: companion serve's own)")
    parser.add_argument("--floor-threads", type=int, default=8,
                        help="the floor's threads (default 8, as the floor has always been measured)")
    parser.add_argument("--floor-queued", action="store_true",
                        help="the floor's writers queue on a lock, not in SQLite's busy handler (default: a bare route)")
    parser.add_argument("--seconds", type=float, default=120, help="stop each phase after this long")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port, floor_port = free_port(), free_port()
        server = start_companion(Path(tmp) / "load.db", port, args.threads)
        try:
            started, server_cpu, own_cpu = time.monotonic(), cpu_seconds(server.pid), client_cpu()
            entries, errors = play_tables(f"http://{HOST}:{port}", args.tables, args.games, started + args.seconds)
            entry_seconds = time.monotonic() - started
            entry_server_cpu = cpu_seconds(server.pid) - server_cpu
            entry_client_cpu = client_cpu() - own_cpu
        finally:
            kill(server)
        floor_server = start([str(Path(__file__).parent / "floor_app.py"), "--db", str(Path(tmp) / "floor.db"),
                              "--port", str(floor_port), "--threads", str(args.floor_threads),
                              *(["--queued"] if args.floor_queued else [])], floor_port)
        try:
            per_client = max(1, len(entries) // args.tables)
            server_cpu, own_cpu = cpu_seconds(floor_server.pid), client_cpu()
            floors, floor_errors = floor(f"http://{HOST}:{floor_port}", args.tables, per_client,
                                         time.monotonic() + args.seconds)
            floor_server_cpu = cpu_seconds(floor_server.pid) - server_cpu
            floor_client_cpu = client_cpu() - own_cpu
        finally:
            kill(floor_server)
    result = {
        "tables": args.tables,
        "entries": len(entries),
        "entries_per_s": round(len(entries) / entry_seconds, 1),
        "entry_p50_ms": round(percentile(entries, 50), 2),
        "entry_p95_ms": round(percentile(entries, 95), 2),
        "entry_p99_ms": round(percentile(entries, 99), 2),
        "floor_p50_ms": round(percentile(floors, 50), 2),
        "floor_p95_ms": round(percentile(floors, 95), 2),
        "ratio_p95": round(percentile(entries, 95) / percentile(floors, 95), 2),
        "floor": "queued" if args.floor_queued else "bare",
        "threads": args.threads or "default", "floor_threads": args.floor_threads,
        "errors": errors + floor_errors,
    }
    print(f"{len(entries)} entries from {args.tables} tables in {entry_seconds:.1f} s; "
          f"{len(floors)} floor writes")
    print(f"CPU per request: entry {1000 * entry_server_cpu / max(1, len(entries)):.2f} ms in the server, "
          f"{1000 * entry_client_cpu / max(1, len(entries)):.2f} ms in the clients; floor "
          f"{1000 * floor_server_cpu / max(1, len(floors)):.2f} ms in the server, "
          f"{1000 * floor_client_cpu / max(1, len(floors)):.2f} ms in the clients")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
