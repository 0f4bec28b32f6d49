"""A client flooding `companion serve` with half-sent requests, and a phone beside it.

    python bench/flood.py [--flood 1000 2000 3500] [--probes 50]

For each flood size it opens that many connections that each send the head of a request
and then nothing, then times a phone's ordinary page request while they are held, and
counts how long the server keeps one such connection before dropping it. Loopback only;
every loop is bounded. The last line is JSON.
"""

from __future__ import annotations

import argparse
import http.client
import json
import resource
import socket
import tempfile
import time
from pathlib import Path

from _harness import HOST, free_port, kill, percentile, start_companion

HALF = b"POST /tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\nname="


def probe(port: int, count: int) -> tuple[list[float], int]:
    """A phone's page request, `count` times: latencies in ms, and how many failed."""
    times: list[float] = []
    failed = 0
    for _ in range(count):
        began = time.perf_counter()
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=5)
            conn.request("GET", "/")
            answer = conn.getresponse()
            answer.read()
            conn.close()
            if answer.status != 200:
                failed += 1
                continue
        except OSError:
            failed += 1
            continue
        times.append((time.perf_counter() - began) * 1000)
    return times, failed


def dropped_after(port: int, limit: float = 60.0) -> float | None:
    """Seconds until the server closes a connection that sent half a request, if it does."""
    sock = socket.create_connection((HOST, port), timeout=limit)
    sock.sendall(HALF)
    began = time.monotonic()
    try:
        while sock.recv(4096):  # an answer (408) may come first; then it must close
            pass
        closed = True
    except (TimeoutError, OSError):
        closed = True
    sock.close()
    spent = time.monotonic() - began
    return round(spent, 1) if closed and spent < limit else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--flood", type=int, nargs="+", default=[1000, 2000, 3500])
    parser.add_argument("--probes", type=int, default=50)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, max(args.flood) + 500)), hard))
    results = []
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_companion(Path(folder) / "flood.db", port)
        try:
            quiet, _ = probe(port, args.probes)
            for size in args.flood:
                held = []
                refused = 0
                for _ in range(size):
                    try:
                        sock = socket.create_connection((HOST, port), timeout=5)
                        sock.sendall(HALF)
                        held.append(sock)
                    except OSError:
                        refused += 1
                times, failed = probe(port, args.probes)
                for sock in held:
                    sock.close()
                row = {"flood": size, "held": len(held), "refused": refused,
                       "phone_p50_ms": round(percentile(times, 50), 1) if times else None,
                       "phone_p95_ms": round(percentile(times, 95), 1) if times else None,
                       "phone_failed": failed}
                print(row, flush=True)
                results.append(row)
                time.sleep(1)
            dropped = dropped_after(port)
        finally:
            kill(server)
    print(json.dumps({"quiet_p95_ms": round(percentile(quiet, 95), 1), "floods": results,
                      "half_request_dropped_after_s": dropped}))


if __name__ == "__main__":
    main()
