"""What a phone's refresh after an entry costs the app, counted in machine instructions (callgrind).

    python bench/seen_cost.py [--games 2]

The app alone (no server, no sockets), as bench/entry_cost.py has it: one table of four
players enters whole Hyper Maker games through the WSGI app, each entry the htmx POST a
phone sends. After each entry, the table's other phones do what the live stream tells them
to: ask for the game's panel (htmx's GET, with If-None-Match naming the version they show,
accepting compressed answers as a browser does), and swap in what comes back. Two phones
are measured, each with its own session: one opened the scorer's link (its panel is the one
the entry drew, handed on with its own CSRF token put in) and one the viewer's (the first
viewer to ask after an entry: it draws the viewer's panel, which the table's other viewers
are then handed).

The program runs three times under callgrind, each time with 3 + `--games` games. In the
first 3 games both phones ask after every entry in all three runs (imports, first renders
and each phone's first requests fall out); in the games after them, one run's phones do not
ask, one run's scorer's phone asks, one run's viewer's phone asks. A run's count minus the
first's, divided by the entries of those games, is what that phone's refresh costs once the
process is warm. It includes what this script does around each request (building it,
reading the answer's version: about 0.3 M instructions). Needs valgrind (`apt-get install
valgrind`); takes a few minutes on two cores. The last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sqlite3
import sys
import tempfile
import urllib.parse
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 4
WARM = 3
"""Games in which both phones ask in every run: what the difference leaves out."""
BROWSER = {"Accept-Language": "en", "Accept-Encoding": "gzip, deflate, br, zstd"}
"""What a phone's browser sends with every request (bench/hall.py's phones send the same)."""
ROLES = ("scorer", "viewer")


class Phone:
    """A browser at the table, on the app itself: its cookies and the version it shows."""

    def __init__(self, app: Any, table: str, game: str) -> None:
        from werkzeug.test import EnvironBuilder

        self.app = app
        self.table = table
        self.cookies: dict[str, str] = {}
        self.shown = ""
        self.builder = EnvironBuilder
        self.open(game)

    def request(self, path: str, headers: dict[str, str]) -> tuple[str, dict[str, str], bytes]:
        sent = {**BROWSER, **headers}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        environ = self.builder(path=path, method="GET", headers=sent).get_environ()
        said: list[Any] = []
        body = b"".join(self.app(environ, lambda status, headers, exc_info=None: said.extend((status, headers))))
        answered = dict(said[1])
        for name, value in said[1]:
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return said[0], answered, body

    def open(self, game: str) -> None:
        """The game's page opened (a new game: the page follows the table to it)."""
        self.game = game
        status, headers, body = self.request(self.table + game, {"Accept-Encoding": "identity"})
        assert status.startswith("200"), status
        shown = re.search(r'data-version="([^"]+)"', body.decode())
        assert shown is not None
        self.shown = shown.group(1)

    def refresh(self) -> None:
        """What the page does when the live stream says a version other than the one it shows."""
        status, headers, body = self.request(f"{self.table}{self.game}/panel",
                                             {"HX-Request": "true", "If-None-Match": f'"{self.shown}"'})
        assert status.startswith("200") and body, (status, body[:200])
        self.shown = headers["ETag"].strip('"').split(":")[0]


def play(games: int, asking: str) -> None:
    """Enter `games` whole games at one table through the WSGI app; after each entry the
    phones in `asking` (in the first WARM games: both) ask for the panel."""
    sys.path.insert(0, str(ROOT))
    from werkzeug.test import EnvironBuilder

    from _harness import next_fields, whole_game
    from companion.app import create_app

    folder = tempfile.mkdtemp()
    app = create_app({"DATABASE": os.path.join(folder, "cost.db")})
    client = app.test_client()
    lang = {"Accept-Language": "en"}
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/", headers=lang).get_data(as_text=True))
    assert token is not None
    csrf = token.group(1)
    made = client.post("/tables", headers=lang, data={"csrf_token": csrf, "player": [f"P{i}" for i in range(PLAYERS)],
                                                       "game": "hyper-maker"})
    scoring = urllib.parse.urlparse(made.headers["Location"]).path.split("/new")[0]
    with sqlite3.connect(os.path.join(folder, "cost.db")) as db:
        viewing = "/t/" + db.execute("select viewer_token from tables where scorer_token = ?",
                                     [scoring.removeprefix("/t/")]).fetchone()[0]
    cookie = "; ".join(f"{name}={client.get_cookie(name).value}" for name in ("session",)  # type: ignore[union-attr]
                       if client.get_cookie(name) is not None)
    phones: dict[str, Phone] = {}
    for number in range(games):
        started = client.post(f"{scoring}/games", headers=lang,
                              data={"csrf_token": csrf, "game": "hyper-maker", "first_leader": 0})
        game = urllib.parse.urlparse(started.headers["Location"]).path
        fields = next_fields(client.get(game, headers=lang).get_data(as_text=True))
        asked = ROLES if number < WARM else tuple(role for role in ROLES if role in asking.split(","))
        game_here = game.removeprefix(scoring)
        for role in asked:
            if role not in phones:
                phones[role] = Phone(app, scoring if role == "scorer" else viewing, game_here)
            else:
                phones[role].open(game_here)
        for card in whole_game(PLAYERS, seed=number):
            environ = EnvironBuilder(path=f"{game}/entries", method="POST", data={**fields, "card": card}, headers={
                **lang, "HX-Request": "true", "X-CSRFToken": csrf, "Cookie": cookie}).get_environ()
            said: list[str] = []
            body = b"".join(app(environ, lambda status, headers, exc_info=None, said=said: said.append(status)))
            assert said[0].startswith("200"), (said, body[:200])
            fields = next_fields(body.decode())
            for role in asked:
                phones[role].refresh()


def instructions(games: int, asking: str) -> int:
    """Instructions callgrind counts for a whole run of `games` games."""
    from _harness import callgrind_instructions

    return callgrind_instructions(__file__, ["--inner", str(games), "--asking", asking])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2, help="games counted (beyond the warm-up games)")
    parser.add_argument("--inner", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--asking", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner is not None:
        play(args.inner, args.asking)
        return
    if shutil.which("valgrind") is None:
        sys.exit("seen_cost.py needs valgrind: apt-get install valgrind")
    from _harness import whole_game

    entries = sum(len(whole_game(PLAYERS, seed=n)) for n in range(WARM, WARM + args.games))
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        none, scorer, viewer = pool.map(instructions, [WARM + args.games] * 3, ("", "scorer", "viewer"))
    per = {role: (count - none) / entries for role, count in zip(ROLES, (scorer, viewer), strict=True)}
    print(f"{entries} entries counted: a scorer's phone's refresh {per['scorer'] / 1e6:.2f} M instructions, "
          f"a viewer's {per['viewer'] / 1e6:.2f} M")
    print(json.dumps({"entries": entries, **{f"{role}_instructions_per_refresh": round(n) for role, n in per.items()}}))


if __name__ == "__main__":
    main()
