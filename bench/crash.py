"""Kill the server with SIGKILL while phones are entering cards, restart it, count the losses.

    python bench/crash.py [--clients 4] [--kills 5]

Each client plays its own 4-player Hyper Maker table as fast as it can. An entry counts as
confirmed when the server answered it with the new panel. At random moments the server is
killed with SIGKILL and restarted on the same SQLite file; clients whose request failed ask
the page where the table stands and carry on. At the end every confirmed entry must be in
the log, exactly once. The last line is JSON.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import signal
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

from _harness import HOST, Phone, free_port, kill, next_fields, start_companion, whole_game

PLAYERS = 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=120, help="give up after this long")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "crash.db"
        port = free_port()
        base = f"http://{HOST}:{port}"
        server = start_companion(db, port)
        stop = threading.Event()
        deadline = time.monotonic() + args.seconds
        confirmed: list[tuple[str, int, str]] = []  # (game path, seq, card)
        lock = threading.Lock()
        phones = [Phone(base, timeout=3) for _ in range(args.clients)]
        for phone in phones:
            phone.seat(PLAYERS)

        def play(index: int, phone: Phone) -> None:
            fields: dict[str, str] = {}
            while not stop.is_set() and time.monotonic() < deadline:
                cards = whole_game(PLAYERS, seed=args.seed * 1000 + index * 100 + int(phone.game.split("/g/")[1]))
                try:
                    if not fields:
                        fields = phone.fields()
                        if not fields:
                            phone.next_game()  # game over: the table plays on
                            continue
                    seq = int(fields["seq"])
                    status, html = phone.enter(fields, cards[seq])
                    if status == 200:
                        with lock:
                            confirmed.append((phone.game, seq, cards[seq]))
                        fields = next_fields(html)
                    else:
                        fields = {}
                except (OSError, http.client.HTTPException):
                    fields = {}  # the server is down: ask again where the table stands
                    time.sleep(0.05)

        threads = [threading.Thread(target=play, args=(i, p)) for i, p in enumerate(phones)]
        for t in threads:
            t.start()
        kills = 0
        try:
            for _ in range(args.kills):
                time.sleep(rng.uniform(0.3, 1.2))
                kill(server, signal.SIGKILL)
                kills += 1
                server = start_companion(db, port)
            time.sleep(1.0)
        finally:
            stop.set()
            for t in threads:
                t.join()
            kill(server)

        conn = sqlite3.connect(db)
        recovered = 0
        duplicates = 0
        missing = []
        for path, seq, card in confirmed:
            token, number = path.split("/")[2], int(path.split("/g/")[1])
            row = conn.execute(
                "select e.payload from events e join games g on g.id = e.game_id join tables t on t.id = g.table_id"
                " where t.scorer_token = ? and g.number = ? and e.seq = ?", [token, number, seq]).fetchone()
            if row and json.loads(row[0])["card"] == card:
                recovered += 1
            else:
                missing.append((path, seq, card))
        for (game_id,) in conn.execute("select id from games"):
            cards = [json.loads(p)["card"] for (p,) in conn.execute(
                "select payload from events where game_id = ? and kind != 'undo'", [game_id])]
            duplicates += len(cards) - len(set(cards))
        conn.close()
    print(f"{kills} kills; {len(confirmed)} entries confirmed to clients; {recovered} found in the log;"
          f" missing: {missing[:5]}")
    print(json.dumps({"kills": kills, "confirmed": len(confirmed), "recovered": recovered,
                      "duplicates": duplicates}))


if __name__ == "__main__":
    main()
