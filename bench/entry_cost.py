"""What one entry costs the app, counted in machine instructions (valgrind's callgrind).

    python bench/entry_cost.py [--games 2]

The app alone (no server, no sockets): one table of four players enters whole Hyper Maker
games through the WSGI app, each entry the htmx POST a phone sends, answered with the new
panel. Time on a shared machine swings by a fifth from run to run (bench/table_load.py's
figures move with it); the count of instructions a given piece of code runs barely moves,
so two versions of the code can be compared in one run each.

The program runs twice under callgrind, once with 3 games and once with 3 + `--games`;
the difference, divided by the entries of the extra games, is what an entry costs once the
process is warm (imports, first renders and the first games fall out of the difference).
It includes what this script does around each entry (building the request, reading the
answer's fields: about 2.3 M instructions). Needs valgrind (`apt-get install valgrind`);
takes about a minute on two cores. The last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 4
WARM = 3
"""Games played in both runs: what the difference leaves out."""


def play(games: int) -> None:
    """Enter `games` whole games at one table, through the WSGI app."""
    sys.path.insert(0, str(ROOT))
    from werkzeug.test import EnvironBuilder

    from _harness import next_fields, whole_game
    from companion.app import create_app

    app = create_app({"DATABASE": os.path.join(tempfile.mkdtemp(), "cost.db")})
    client = app.test_client()
    lang = {"Accept-Language": "en"}
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/", headers=lang).get_data(as_text=True))
    assert token is not None
    csrf = token.group(1)
    made = client.post("/tables", headers=lang, data={"csrf_token": csrf, "player": [f"P{i}" for i in range(PLAYERS)],
                                                       "game": "hyper-maker"})
    table = urllib.parse.urlparse(made.headers["Location"]).path.split("/new")[0]
    cookie = "; ".join(f"{name}={client.get_cookie(name).value}" for name in ("session",)  # type: ignore[union-attr]
                       if client.get_cookie(name) is not None)
    for number in range(games):
        started = client.post(f"{table}/games", headers=lang,
                              data={"csrf_token": csrf, "game": "hyper-maker", "first_leader": 0})
        game = urllib.parse.urlparse(started.headers["Location"]).path
        fields = next_fields(client.get(game, headers=lang).get_data(as_text=True))
        for card in whole_game(PLAYERS, seed=number):
            environ = EnvironBuilder(path=f"{game}/entries", method="POST", data={**fields, "card": card}, headers={
                **lang, "HX-Request": "true", "X-CSRFToken": csrf, "Cookie": cookie}).get_environ()
            said: list[str] = []
            body = b"".join(app(environ, lambda status, headers, exc_info=None, said=said: said.append(status)))
            assert said[0].startswith("200"), (said, body[:200])
            fields = next_fields(body.decode())


def instructions(games: int) -> int:
    """Instructions callgrind counts for a whole run of `games` games."""
    from _harness import callgrind_instructions

    return callgrind_instructions(__file__, ["--inner", str(games)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2, help="games counted (beyond the warm-up games)")
    parser.add_argument("--inner", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner is not None:
        play(args.inner)
        return
    if shutil.which("valgrind") is None:
        sys.exit("entry_cost.py needs valgrind: apt-get install valgrind")
    from _harness import whole_game

    entries = sum(len(whole_game(PLAYERS, seed=n)) for n in range(WARM, WARM + args.games))
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        short, long = pool.map(instructions, (WARM, WARM + args.games))
    per_entry = (long - short) / entries
    print(f"{entries} entries counted: {per_entry / 1e6:.2f} M instructions an entry")
    print(json.dumps({"entries": entries, "instructions_per_entry": round(per_entry)}))


if __name__ == "__main__":
    main()
