"""Does a long evening cost more than a short one? Against `companion serve` on loopback.

    python bench/evening.py [--games 300] [--rounds 40]

Two tables of four players in one database: one with a single Hyper Maker game under way,
one with `--games` finished games before the game under way. The same requests go to both,
alternating, in one run: an entry (the htmx POST a phone sends), a poll that finds nothing
new (answered empty), a viewer's poll that gets the panel, the game page, the history, the
full scoreboard and both exports. Prints the median milliseconds of each request at each table and the size of its
answer; the last line is JSON with the ratio long/short per request (target: at most 1.2),
the ratio of the answers' sizes, and the worst ratio of the requests other than the two
exports (they are the evening's whole record: their answers grow with the evening, so
their ratio of cost is to be read against their ratio of size). The full scoreboard is held
to the target: it says one line per series (300 games of four players are 75 series of
Hyper Maker, whose series ends after as many games as players) and shows one series whole.

Then the first load after a restart (`--restarts`, 6 of each): the server is stopped and
started again on the same file (one serving process), a third table's game page is loaded
(so that what every first page pays, templates and imports, is paid before the measure),
and then the game page of the short or the long table, alternately, is timed: the ratio
long/short of their medians is `first_load` (target: at most 1.5). Nothing derived may grow
slower with the length of an evening, restarts included.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from _harness import HOST, Phone, free_port, kill, start, start_companion, whole_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import records, store  # noqa: E402

PLAYERS = 4
WHOLE_EVENING = ("export_json", "export_csv")
"""The requests whose answer is the evening's whole record."""


def game_record(number: int, seed: int, entries: int | None = None) -> dict[str, object]:
    cards = whole_game(PLAYERS, seed)
    events = []
    for seq, card in enumerate(cards[:entries] if entries is not None else cards):
        if seq % (PLAYERS + 1) == 0:
            events.append({"seq": seq, "kind": "master", "payload": {"card": card}, "created": ""})
        else:
            events.append({"seq": seq, "kind": "play", "payload": {"seat": None, "card": card}, "created": ""})
    return {"number": number, "kind": "hyper-maker", "created": "2026-11-22T18:00:00",
            "setup": {"players": [f"P{i}" for i in range(PLAYERS)], "first_leader": 0}, "events": events}


def seats_filled(game: dict[str, object]) -> dict[str, object]:
    """The play entries' seats, as the engine expects them (worked out by replaying)."""
    from companion.rules import hyper_maker as hm
    from companion.rules.base import Event

    state = hm.initial(game["setup"])  # type: ignore[arg-type]
    for event in game["events"]:  # type: ignore[attr-defined]
        if event["kind"] == "play":
            event["payload"]["seat"] = state.expected_seat
        state = hm.apply(state, Event(event["kind"], event["payload"]))
    return game


def seat_tables(path: Path, games: int) -> tuple[str, str]:
    """The short table and the long one, written straight into the database; their links."""
    db = store.connect(path)
    links = []
    for finished in (0, games):
        record = {"format": records.FORMAT, "version": records.VERSION,
                  "table": {"name": f"{finished} games", "players": [f"P{i}" for i in range(PLAYERS)],
                            "created": "2026-11-22T18:00:00"},
                  "games": [seats_filled(game_record(n + 1, 1000 + n)) for n in range(finished)]
                  + [seats_filled(game_record(finished + 1, 7, entries=0))]}
        table = records.import_table(db, record)
        links.append((f"/t/{table.scorer_token}", f"/t/{table.viewer_token}", finished + 1))
    db.conn.close()
    return links[0], links[1]  # type: ignore[return-value]


def seat_warm_table(path: Path) -> str:
    """A third table (one game under way), whose page warms a freshly started server; its link."""
    db = store.connect(path, migrate=False)
    record = {"format": records.FORMAT, "version": records.VERSION,
              "table": {"name": "warm", "players": [f"P{i}" for i in range(PLAYERS)], "created": "2026-11-22T18:00:00"},
              "games": [seats_filled(game_record(1, 11, entries=6))]}
    table = records.import_table(db, record)
    db.conn.close()
    return f"/t/{table.viewer_token}/g/1"


def first_loads(path: Path, pages: dict[str, str], restarts: int) -> dict[str, list[float]]:
    """Milliseconds of each table's game page as the first page of its table after a restart,
    the tables taken in turn (`restarts` of each)."""
    warm = seat_warm_table(path)
    spent: dict[str, list[float]] = {name: [] for name in pages}
    for turn in range(restarts * len(pages)):
        name = list(pages)[turn % len(pages)]
        port = free_port()
        server = start(["-m", "companion.cli", "serve", "--db", str(path), "--port", str(port), "--workers", "1"], port)
        try:
            phone = Phone(f"http://{HOST}:{port}")
            status, _, _ = phone.request(warm)
            assert status == 200, status
            ms, status, _, _ = timed(Phone(f"http://{HOST}:{port}"), pages[name])
            assert status == 200, (name, status)
            spent[name].append(ms)
        finally:
            kill(server)
    return spent


def timed(phone: Phone, path: str, data: dict[str, object] | None = None,
          headers: dict[str, str] | None = None) -> tuple[float, int, str, dict[str, str]]:
    began = time.perf_counter()
    status, text, got = phone.request(path, data, headers)
    return (time.perf_counter() - began) * 1000, status, text, got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=40, help="entries (and of each other request) per table")
    parser.add_argument("--restarts", type=int, default=6, help="first loads after a restart, of each table")
    args = parser.parse_args()
    rounds = min(args.rounds, 12 * (PLAYERS + 1) - 1)  # a 4-player game has 60 entries
    times: dict[str, dict[str, list[float]]] = {}
    sizes: dict[str, dict[str, int]] = {}  # table -> request -> bytes of its last answer
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "evening.db"
        began = time.perf_counter()
        short, long_ = seat_tables(path, args.games)
        print(f"seated: 1 game and {args.games + 1} games in {time.perf_counter() - began:.1f} s", flush=True)
        port = free_port()
        server = start_companion(path, port)
        base = f"http://{HOST}:{port}"
        try:
            tables = {}
            for name, (scorer, viewer, number) in (("short", short), ("long", long_)):
                phone, watcher = Phone(base), Phone(base)
                phone.game = f"{scorer}/g/{number}"
                cards = whole_game(PLAYERS, 7)
                tables[name] = (phone, watcher, scorer, viewer, number, cards)
            for _ in range(2):  # warm up both: first renders, first replays
                for phone, watcher, scorer, viewer, number, _ in tables.values():
                    timed(phone, f"{scorer}/g/{number}")
                    timed(watcher, f"{viewer}/g/{number}/panel")
            for step in range(rounds):
                # Each table goes first every other round: neither always follows the other.
                order = list(tables.items())[:: 1 if step % 2 == 0 else -1]
                for name, (phone, watcher, scorer, viewer, number, cards) in order:
                    mine = times.setdefault(name, {})
                    fields = phone.fields()
                    spent, status, html, _ = timed(phone, f"{scorer}/g/{number}/entries", {**fields, "card": cards[step]},
                                                   {"HX-Request": "true", "X-CSRFToken": phone.csrf})
                    assert status == 200, (name, step, status, html[:300])
                    mine.setdefault("entry", []).append(spent)
                    spent, status, panel_html, got = timed(watcher, f"{viewer}/g/{number}/panel",
                                                           headers={"HX-Request": "true"})
                    assert status == 200, status
                    mine.setdefault("poll_changed", []).append(spent)
                    sizes.setdefault(name, {})["poll_changed"] = len(panel_html.encode())
                    etag = next((v for k, v in got.items() if k.lower() == "etag"), "")
                    spent, status, text, _ = timed(watcher, f"{viewer}/g/{number}/panel",
                                                   headers={"HX-Request": "true", "If-None-Match": etag})
                    assert status == 200 and not text, status  # the page's ask: empty while unchanged
                    mine.setdefault("poll_unchanged", []).append(spent)
                    for label, url in (("game_page", f"{viewer}/g/{number}"), ("history", f"{viewer}/g/{number}/history"),
                                       ("scoreboard", f"{viewer}/scoreboard"),
                                       ("export_json", f"{viewer}/export.json"), ("export_csv", f"{viewer}/export.csv")):
                        spent, status, text, _ = timed(watcher, url)
                        assert status == 200, (label, status)
                        mine.setdefault(label, []).append(spent)
                        sizes.setdefault(name, {})[label] = len(text.encode())
        finally:
            kill(server)
        restarted = first_loads(path, {name: f"{viewer}/g/{number}" for name, (_, viewer, number) in
                                       (("short", short), ("long", long_))}, args.restarts) if args.restarts else {}
    result: dict[str, object] = {"games_long": args.games + 1, "rounds": rounds}
    ratios, bytes_ratios = {}, {}
    for request in times["short"]:
        short_ms = statistics.median(times["short"][request])
        long_ms = statistics.median(times["long"][request])
        ratios[request] = round(long_ms / short_ms, 2)
        line = f"{request:15} short {short_ms:7.2f} ms   long {long_ms:8.2f} ms   ratio {ratios[request]:6.2f}"
        if request in sizes["short"]:
            short_b, long_b = sizes["short"][request], sizes["long"][request]
            bytes_ratios[request] = round(long_b / short_b, 1)
            line += f"   answer {short_b:,} B and {long_b:,} B ({bytes_ratios[request]}x)"
        print(line)
    result["ratio"] = ratios
    result["bytes_ratio"] = bytes_ratios
    result["worst"] = max(ratios.values())
    result["worst_of_the_rest"] = max(r for k, r in ratios.items() if k not in WHOLE_EVENING)
    if restarted:
        short_ms, long_ms = statistics.median(restarted["short"]), statistics.median(restarted["long"])
        print(f"{'first_load':15} short {short_ms:7.2f} ms   long {long_ms:8.2f} ms   "
              f"ratio {long_ms / short_ms:6.2f}   (after a restart; each: {restarted})")
        result["first_load"] = round(long_ms / short_ms, 2)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
