"""Phones on flaky Wi-Fi: does every tap land, once?

`companion serve` on loopback; several tables, each with one scoring phone entering a whole
Hyper Maker game. Each phone keeps an outbox as the page does (static/companion.js): every
entry gets a key made on the phone and waits, in order, until an answer arrives; what was
not answered is sent again with the same key. Each phone's connection drops at random,
about one request in five, for one to ten seconds: half the drops lose the request before
it reaches the server, half lose the answer after the server has stored the entry (the case
the key is for). At the end the stored logs are read: every card of every game must be
there once, in the order it was tapped.

Last line, JSON: {"entries": N, "lost": 0, "duplicated": 0, "max_wait_s": ..} (max_wait_s:
the longest a tap waited to be stored, drops included). Bounded in count (tables x the
cards of one game) and in time (--deadline).
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

from _harness import Phone, free_port, kill, start_companion, whole_game


class FlakyPhone:
    """A scorer's phone with an outbox, on a connection that drops now and then."""

    def __init__(self, base: str, players: int, seed: int, drop: float, down: tuple[float, float],
                 deadline: float) -> None:
        self.phone = Phone(base)
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.drop = drop
        self.down = down
        self.deadline = deadline
        self.down_until = 0.0
        self.waits: list[float] = []
        self.refused = 0
        self.sent = 0

    def _wait_out_drop(self) -> None:
        rest = self.down_until - time.monotonic()
        if rest > 0:
            time.sleep(rest)

    def _post(self, data: dict[str, object]) -> int:
        status, _, _ = self.phone.request(f"{self.phone.game}/entries", data,
                                          headers={"HX-Request": "true", "X-CSRFToken": self.phone.csrf})
        return status

    def send(self, data: dict[str, object]) -> None:
        """Send one entry until an answer arrives (the same key every time)."""
        while time.monotonic() < self.deadline:
            self._wait_out_drop()
            self.sent += 1
            if self.rng.random() < self.drop:
                self.down_until = time.monotonic() + self.rng.uniform(*self.down)
                if self.rng.random() < 0.5:
                    continue  # lost on the way: the server never saw it
                try:
                    self._post(data)  # stored, but the answer is lost on the way back
                except (OSError, http.client.HTTPException):
                    pass
                continue
            try:
                status = self._post(data)
            except (OSError, http.client.HTTPException):
                time.sleep(0.2)
                continue
            if status == 200:
                return
            if status in (400, 403, 409, 422):
                self.refused += 1  # the page would list it for entering again
                return
            time.sleep(0.5)  # busy or restarting: it waits
        raise RuntimeError("the deadline passed with an entry still waiting")

    def play(self) -> list[str]:
        """Seat the table and enter its whole game; returns the cards in tap order."""
        self.phone.seat(self.players)
        fields = self.phone.fields()
        seq = int(fields["seq"])
        cards = whole_game(self.players, self.seed)
        per_trick = self.players + 1
        for i, card in enumerate(cards):
            at = i % per_trick
            data: dict[str, object] = {"seq": seq + i, "csrf_token": self.phone.csrf,
                                       "key": f"{self.seed}-{i}-{self.rng.getrandbits(64):x}", "card": card}
            data["kind"] = "master" if at == 0 else "play"
            if at != 0:  # whose card: the order the table's panel shows (the engine is pure)
                data["seat"] = self._seat_for(i, cards)
            tapped = time.monotonic()
            self.send(data)
            self.waits.append(time.monotonic() - tapped)
        return cards

    def _seat_for(self, i: int, cards: list[str]) -> int:
        """Whose card entry `i` is, by replaying the tapped cards (the engine is pure)."""
        from companion.rules import hyper_maker as hm
        from companion.rules.base import Event

        state = hm.initial({"players": [f"P{n}" for n in range(self.players)], "first_leader": 0})
        per_trick = self.players + 1
        for j, code in enumerate(cards[:i]):
            if j % per_trick == 0:
                state = hm.apply(state, Event("master", {"card": code}))
            else:
                state = hm.apply(state, Event("play", {"seat": state.expected_seat, "card": code}))
        assert state.expected_seat is not None
        return state.expected_seat


def stored_cards(db: Path) -> dict[str, list[str]]:
    conn = sqlite3.connect(db)
    try:
        found: dict[str, list[str]] = {}
        for table, card in conn.execute(
                "select g.table_id, json_extract(e.payload, '$.card') from events e join games g on g.id = e.game_id"
                " order by g.table_id, e.game_id, e.seq"):
            found.setdefault(table, []).append(card)
        return found
    finally:
        conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--drop", type=float, default=0.2, help="share of requests met by a drop")
    parser.add_argument("--down", type=float, nargs=2, default=(1.0, 10.0), help="a drop's length, seconds")
    parser.add_argument("--deadline", type=float, default=600.0, help="seconds before giving up")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "flaky.db"
        port = free_port()
        server = start_companion(db, port)
        try:
            deadline = time.monotonic() + args.deadline
            phones = [FlakyPhone(f"http://127.0.0.1:{port}", args.players, args.seed * 1000 + n, args.drop,
                                 tuple(args.down), deadline) for n in range(args.tables)]
            tapped: dict[int, list[str]] = {}
            errors: list[BaseException] = []

            def run(n: int) -> None:
                try:
                    tapped[n] = phones[n].play()
                except BaseException as exc:  # reported below, never swallowed
                    errors.append(exc)

            threads = [threading.Thread(target=run, args=(n,)) for n in range(args.tables)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=max(1.0, deadline - time.monotonic() + 30))
            if errors:
                raise errors[0]
        finally:
            kill(server)
        stored = sorted(stored_cards(db).values(), key=lambda cards: cards[:3])
        expected = sorted(tapped.values(), key=lambda cards: cards[:3])
        entries = sum(len(c) for c in expected)
        lost = sum(len(set(want) - set(got)) for want, got in zip(expected, stored)) + \
            sum(len(c) for c in expected[len(stored):])
        duplicated = sum(len(got) - len(set(got)) for got in stored)
        in_order = all(want == got for want, got in zip(expected, stored)) and len(expected) == len(stored)
        waits = [w for p in phones for w in p.waits]
        result = {"entries": entries, "lost": lost, "duplicated": duplicated, "in_order": in_order,
                  "refused": sum(p.refused for p in phones), "sent": sum(p.sent for p in phones),
                  "max_wait_s": round(max(waits), 2) if waits else 0.0}
        print(json.dumps(result), flush=True)
        if lost or duplicated or not in_order:
            sys.exit(1)


if __name__ == "__main__":
    main()
