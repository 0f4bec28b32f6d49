"""What a phone's poll of an unchanged table costs `companion serve`, on loopback.

    python bench/poll_cost.py [--polls 3000]

Seats a table, takes its panel's ETag, then polls it with If-None-Match on one kept-alive
connection, as the page does every second. Prints the server's CPU time per poll (from
/proc, every serving process), the wall time per poll, and how many connections the polls needed. The last line
is JSON.
"""

from __future__ import annotations

import argparse
import http.client
import json
import tempfile
import time
from pathlib import Path

from _harness import HOST, Phone, free_port, group_cpu_seconds, kill, start_companion


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--polls", type=int, default=3000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_companion(Path(folder) / "polls.db", port)
        try:
            phone = Phone(f"http://{HOST}:{port}")
            phone.seat(4)
            panel = phone.game + "/panel"
            status, _, headers = phone.request(panel, headers={"HX-Request": "true"})
            etag = next(v for k, v in headers.items() if k.lower() == "etag")
            conn = http.client.HTTPConnection(HOST, port, timeout=10)
            connections = 1
            began_cpu, began = group_cpu_seconds(server.pid), time.perf_counter()
            for _ in range(args.polls):
                try:
                    conn.request("GET", panel, headers={"HX-Request": "true", "If-None-Match": etag})
                    answer = conn.getresponse()
                    answer.read()
                except (OSError, http.client.HTTPException):
                    conn.close()
                    conn = http.client.HTTPConnection(HOST, port, timeout=10)
                    connections += 1
                    continue
                assert answer.status in (200, 304) and not answer.length, answer.status
                if answer.getheader("Connection", "").lower() == "close":
                    conn.close()
                    conn = http.client.HTTPConnection(HOST, port, timeout=10)
                    connections += 1
            wall = (time.perf_counter() - began) / args.polls * 1000
            cpu = (group_cpu_seconds(server.pid) - began_cpu) / args.polls * 1000
        finally:
            kill(server)
    print(f"{args.polls} polls: server CPU {cpu:.3f} ms per poll, {wall:.3f} ms each, {connections} connection(s)")
    print(json.dumps({"polls": args.polls, "server_cpu_ms_per_poll": round(cpu, 3),
                      "wall_ms_per_poll": round(wall, 3), "connections": connections}))


if __name__ == "__main__":
    main()
