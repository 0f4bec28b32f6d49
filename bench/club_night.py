"""A club night against `companion serve`: an organiser runs an event of 100 players (25
tables of four) over 4 rounds, every table plays a whole game with its phones, and the
standings board is watched.

    python bench/club_night.py [--players 100] [--rounds 4] [--entry-every 1.0] [--board-phones 8]

The organiser works as the pages do, over HTTP: sets the event up (`/club/new`, `POST /club`,
Hyper Maker, placement points), then for each round draws it, starts it and opens the
round's sheet for the tables' links. Each table then plays a whole legal Hyper Maker game:
its scorer enters a card every --entry-every seconds (the htmx POST the page sends), and its
four phones (two on the scorer's link, two on the viewer's) keep the table's live stream open
and fetch the panel when it changes, as in bench/hall.py. The board is watched by the big
screen and --board-phones players' phones, each asking for `/e/VIEWER/board/panel` every
second with the version it shows, as the board page does. A round ends when every table's
result is on every board; then the next is drawn. Loopback only; every loop is bounded in
time.

Measured: for each table and each board, the time from the table's last card (its entry
confirmed) to that board showing the result (every player of the table one game further in
the standings); the pairs seated together who had met in an earlier round (read from the
sheets, and checked against the event's record); and errors (a refused request, a broken
connection, a result not on a board within --patience seconds).

The last line is JSON: {"players", "tables", "rounds" (played: a round with a table that did
not finish ends the event there), "entries", "entry_p95_ms", "board_p95_ms", "board_max_ms",
"repeat_meetings", "draw_ms", "start_ms", "errors", "seconds"}.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import random
import re
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable
from html.parser import HTMLParser
from itertools import combinations
from pathlib import Path
from urllib.parse import urlencode

from _harness import Phone, free_port, kill, percentile, start_companion, whole_game
from hall import PHONES, SCORING_PHONES, Connection, Hall

GAME = "hyper-maker"
TABLE = 4
POLL_EVERY = 1.0
"""How often a board asks for its panel (the board page's own pace)."""


class Fields(HTMLParser):
    """The fields of a page's forms, as a person filling them in finds them: each input's and
    textarea's attributes, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("input", "textarea"):
            self.fields.append({"tag": tag, **{k: v or "" for k, v in attrs}})

    def named(self, test: Callable[[dict[str, str]], bool]) -> str:
        found = next((f["name"] for f in self.fields if "name" in f and test(f)), None)
        if found is None:
            raise RuntimeError("the set-up form has no such field")
        return found


class Organiser(Phone):
    """The organiser's browser: the event's set-up, draws, starts and sheets."""

    def setup(self, players: list[str], rounds: int) -> tuple[str, str]:
        """The event set up as the form asks (its fields found by what they are: the text for
        the name, the number for the rounds, the choices, the box of players); its organiser's
        and viewer's tokens."""
        _, page, _ = self.request(f"/club/new?game={GAME}")
        self._token(page)
        form = Fields()
        form.feed(page)
        text = form.named(lambda f: f["tag"] == "input" and f.get("type", "text") == "text")
        status, _, headers = self.request("/club", {
            "csrf_token": self.csrf, text: "Bench night",
            form.named(lambda f: f.get("type") == "radio" and f.get("value") == GAME): GAME,
            form.named(lambda f: f.get("type") == "hidden" and f.get("value") == GAME): GAME,
            form.named(lambda f: f.get("type") == "number"): rounds,
            form.named(lambda f: f.get("type") == "radio" and f.get("value") == "placement"): "placement",
            form.named(lambda f: f["tag"] == "textarea"): "\n".join(players)})
        if status != 303:
            raise RuntimeError(f"the event was not set up: {status}")
        organiser = urllib.parse.urlparse(headers["Location"]).path.split("/")[2]
        _, page, _ = self.request(f"/e/{organiser}/")
        self._token(page)
        found = re.search(r'href="/e/([^/"]+)/board" id="board-link"', page)
        if found is None:
            raise RuntimeError("the organiser's page has no board link")
        return organiser, found.group(1)

    def act(self, token: str, action: str) -> float:
        """One of the organiser's buttons (draw, start) on the page as it stands (opened again:
        a connection idle through a round is closed by the server); how long it took in ms."""
        _, page, _ = self.request(f"/e/{token}/")
        self._token(page)
        began = time.monotonic()
        status, page, _ = self.request(f"/e/{token}/{action}", {"csrf_token": self.csrf})
        took = (time.monotonic() - began) * 1000
        if status != 303:
            said = re.search(r'role="alert"[^>]*>(.*?)</p>', page, re.S)
            raise RuntimeError(f"{action} was refused ({status}): {html.unescape(said.group(1)) if said else ''}")
        _, page, _ = self.request(f"/e/{token}/")
        self._token(page)
        return took

    def sheet(self, token: str, number: int) -> list[tuple[list[str], str, str]]:
        """The round's tables from its printable sheet: players, scorer's path, viewer's path."""
        status, page, _ = self.request(f"/e/{token}/rounds/{number}/sheet")
        if status != 200:
            raise RuntimeError(f"the sheet of round {number}: {status}")
        tables = []
        for article in re.findall(r'<article class="sheet-table".*?</article>', page, re.S):
            names = html.unescape(re.search(r'<p class="names">(.*?)</p>', article, re.S).group(1))  # type: ignore[union-attr]
            links = [urllib.parse.urlparse(html.unescape(a)).path for a in re.findall(r'<a href="([^"]+)"', article)]
            tables.append(([n.strip() for n in names.split(",")], links[0].rstrip("/"), links[1].rstrip("/")))
        return tables


CELL = re.compile(r"<t[hd][^>]*>(.*?)</t[hd]>", re.S)


def games_played(page: str) -> dict[str, int]:
    """Each player's games played, as the board's standings show them: the column headed
    "Played" (the pages are asked for in English), the player's name the row's heading."""
    table = re.search(r'<table[^>]*id="standings".*?</table>', page, re.S)
    if table is None:
        return {}
    head, _, body = table.group(0).partition("</thead>")
    columns = [re.sub(r"<[^>]+>", "", c).strip() for c in CELL.findall(head)]
    if "Played" not in columns or "Player" not in columns:
        return {}
    played, player = columns.index("Played"), columns.index("Player")
    counts = {}
    for row in re.findall(r"<tr.*?</tr>", body, re.S):
        cells = CELL.findall(row)
        if len(cells) == len(columns) and cells[played].strip().isdigit():
            name = html.unescape(re.sub(r"<small.*?</small>|<[^>]+>", "", cells[player], flags=re.S)).strip()
            counts[name] = int(cells[played].strip())
    return counts


class Round:
    """One round being played: its tables' scorers and phones, and the boards watching."""

    def __init__(self, port: int, viewer: str, number: int, tables: list[tuple[list[str], str, str]],
                 played_before: dict[str, int], entry_every: float, boards: int, patience: float) -> None:
        self.port = port
        self.viewer = viewer
        self.number = number
        self.tables = tables
        self.played_before = played_before
        self.entry_every = entry_every
        self.boards = boards
        self.deadline = time.monotonic() + patience
        self.last_card: dict[int, float] = {}  # table index -> when its last card was confirmed
        self.seen: dict[tuple[int, int], float] = {}  # (board, table index) -> when that board showed it
        self.entry_ms: list[float] = []
        self.errors = 0
        self.hall = Hall(port, [], self.deadline, 0.0, asking=False)  # the table phones, as bench/hall.py runs them

    async def scorer(self, index: int, game: str) -> None:
        """Enter a whole game at the table, a card every `entry_every` seconds."""
        conn = Connection(self.port)
        rng = random.Random(self.number * 1000 + index)
        try:
            _, _, body = await conn.request("GET", game)
            page = body.decode()
            await asyncio.sleep(rng.random() * self.entry_every)
            for card in whole_game(TABLE, self.number * 1000 + index):
                form = re.search(r'<form class="picker".*?</form>', page, re.S)
                if form is None or time.monotonic() > self.deadline:
                    self.failed(f"table {index + 1}: no card asked for before the game's last")
                    return
                fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))
                began = time.monotonic()
                status, _, body = await conn.request(
                    "POST", game + "/entries", {"HX-Request": "true", "X-CSRFToken": fields.get("csrf_token", "")},
                    urlencode({**fields, "card": card}).encode())
                done = time.monotonic()
                if status != 200:
                    self.failed(f"table {index + 1}: an entry answered {status}: {body.decode()[:300]}")
                    return
                page = body.decode()
                self.entry_ms.append((done - began) * 1000)
                self.last_card[index] = done
                await asyncio.sleep(max(0.0, self.entry_every - (done - began)))
        except (OSError, ValueError, asyncio.IncompleteReadError) as exc:
            self.failed(f"table {index + 1}: {exc!r}")
        finally:
            conn.close()

    def failed(self, what: str) -> None:
        """An error, counted and said on stderr (the first few of a round)."""
        self.errors += 1
        if self.errors <= 5:
            print(f"round {self.number}: {what}", file=sys.stderr)

    def shown(self, page: str) -> set[int]:
        """The tables whose result this board page shows: each of their players one game further."""
        played = games_played(page)
        return {i for i, (players, _, _) in enumerate(self.tables)
                if all(played.get(p, -1) > self.played_before.get(p, 0) for p in players)}

    async def board(self, index: int) -> None:
        """A board (the big screen, or a player's phone) asking every second, as the page does."""
        conn = Connection(self.port)
        path = f"/e/{self.viewer}/board/panel"
        shown = ""
        await asyncio.sleep(random.Random(index).random() * POLL_EVERY)
        try:
            while len([k for k in self.seen if k[0] == index]) < len(self.tables):
                began = time.monotonic()
                if began > self.deadline:
                    self.errors += 1  # a result never reached this board
                    return
                headers = {"HX-Request": "true", **({"If-None-Match": f'"{shown}"'} if shown else {})}
                try:
                    status, answer, body = await conn.request("GET", path, headers)
                except (OSError, ValueError, asyncio.IncompleteReadError):
                    self.errors += 1
                    conn.close()
                    await asyncio.sleep(POLL_EVERY)
                    continue
                now = time.monotonic()
                if status == 200:
                    shown = answer.get("etag", "").strip('"')
                    for table in self.shown(body.decode()):
                        self.seen.setdefault((index, table), now)
                elif status != 304:
                    self.errors += 1
                await asyncio.sleep(max(0.0, POLL_EVERY - (time.monotonic() - began)))
        finally:
            conn.close()

    async def play(self) -> None:
        phones = [asyncio.ensure_future(self.hall.phone(scorer, scorer if p < SCORING_PHONES else viewer,
                                                        self.number * 10000 + i * PHONES + p))
                  for i, (_, scorer, viewer) in enumerate(self.tables) for p in range(PHONES)]
        scorers = [self.scorer(i, scorer) for i, (_, scorer, _) in enumerate(self.tables)]
        boards = [self.board(b) for b in range(self.boards + 1)]
        await asyncio.gather(*scorers, *boards)
        for phone in phones:
            phone.cancel()
        await asyncio.gather(*phones, return_exceptions=True)
        self.errors += self.hall.errors

    @property
    def board_ms(self) -> list[float]:
        """For each board and table: its last card confirmed -> that board showing the result."""
        return [max(0.0, when - self.last_card[table]) * 1000 for (_, table), when in self.seen.items()
                if table in self.last_card]


def run(players: int, rounds: int, entry_every: float, boards: int, patience: float) -> dict[str, object]:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, players * 3 + boards * 2 + 500)), hard))
    names = [f"Player {i:03d}" for i in range(1, players + 1)]
    began = time.monotonic()
    entry_ms: list[float] = []
    board_ms: list[float] = []
    draw_ms: list[float] = []
    start_ms: list[float] = []
    errors = 0
    repeats = 0
    met: set[frozenset[str]] = set()
    played: dict[str, int] = {}
    tables_seated = 0
    rounds_played = 0
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_companion(Path(folder) / "club.db", port)
        try:
            organiser = Organiser(f"http://127.0.0.1:{port}")
            token, viewer = organiser.setup(names, rounds)
            for number in range(1, rounds + 1):
                draw_ms.append(round(organiser.act(token, "draw"), 1))
                start_ms.append(round(organiser.act(token, "start"), 1))
                tables = organiser.sheet(token, number)
                tables_seated = max(tables_seated, len(tables))
                for seated, _, _ in tables:
                    repeats += sum(1 for pair in combinations(seated, 2) if frozenset(pair) in met)
                playing = Round(port, viewer, number, [(s, f"{a}/g/1", f"{b}/g/1") for s, a, b in tables], played,
                                entry_every, boards, patience)
                asyncio.run(playing.play())
                print(f"round {number}: {len(tables)} tables, {len(playing.entry_ms)} entries, "
                      f"{len(playing.seen)} results seen on the boards, {playing.errors} errors", file=sys.stderr)
                entry_ms += playing.entry_ms
                board_ms += playing.board_ms
                errors += playing.errors
                rounds_played = number
                if playing.errors:
                    break  # a table that did not finish holds the next draw back: the event ends here
                for seated, _, _ in tables:
                    met.update(frozenset(pair) for pair in combinations(seated, 2))
                    for name in seated:
                        played[name] = played.get(name, 0) + 1
            status, record, _ = organiser.request(f"/e/{token}/export.json")
            errors += status != 200
            if status == 200 and record_repeats(json.loads(record)) != repeats:
                errors += 1  # the record's draws are not the tables the sheets showed
        except (RuntimeError, OSError) as exc:  # the organiser's page refused or dropped: said, counted
            print(f"the organiser: {exc}", file=sys.stderr)
            errors += 1
        finally:
            kill(server)
    return {"players": players, "tables": tables_seated, "rounds": rounds_played, "entries": len(entry_ms),
            "entry_p95_ms": round(percentile(entry_ms, 95), 1), "board_p95_ms": round(percentile(board_ms, 95), 1),
            "board_max_ms": round(max(board_ms), 1) if board_ms else None, "repeat_meetings": repeats,
            "draw_ms": draw_ms, "start_ms": start_ms, "errors": errors, "seconds": round(time.monotonic() - began, 1)}


def record_repeats(record: dict[str, object]) -> int:
    """Pairs seated together who had met in an earlier round, from the event's record."""
    rounds = sorted(record.get("rounds", []), key=lambda r: r["number"])  # type: ignore[attr-defined, index]
    met: set[frozenset[str]] = set()
    repeats = 0
    for drawn in rounds:
        tables = drawn["draw"]["tables"]
        repeats += sum(1 for t in tables for pair in combinations(t, 2) if frozenset(pair) in met)
        met.update(frozenset(pair) for t in tables for pair in combinations(t, 2))
    return repeats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--entry-every", type=float, default=1.0, help="seconds between a table's cards")
    parser.add_argument("--board-phones", type=int, default=8, help="players' phones on the board, beside the screen")
    parser.add_argument("--patience", type=float, default=600, help="seconds a round may take before it is an error")
    args = parser.parse_args()
    print(json.dumps(run(args.players, args.rounds, args.entry_every, args.board_phones, args.patience)))


if __name__ == "__main__":
    sys.exit(main())
