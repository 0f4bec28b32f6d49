"""A group's book at five years of weekly evenings against one of ten games (issue 44).

    python bench/group.py [--evenings 260] [--rounds 10]

The app alone (the WSGI app through Flask's test client, no server): a big group of
`--evenings` weekly evenings, each two tables of four of its 8 members playing three whole
Hyper Maker games (260 evenings: 520 tables, 1,560 games), and a small group of 10 games.
Each round, alternately for the small and the big group, one entry is made at the group's
table that is under way (an undo of its latest card) (so the book's version moves, as it does at a real table) and then
the season table and a player's page are asked for, over all five years (`season`,
`player`: what a member sees after each entry), again unchanged (`warm_`: what the next
member sees), and after one more entry for this calendar year, the pages' default (`year_`).
Then, alternately, an entry that changes the finished games (the last card of a finished
game taken back, each round at another table) and the same two pages (`finish_`: the
figures folded again). Then entries alternately at a table of the big group and at a table
of no group. Prints the medians and the ratios; the last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from _harness import whole_game  # noqa: E402
from companion import store  # noqa: E402
from companion.rules import hyper_maker as hm  # noqa: E402
from companion.rules.base import Event  # noqa: E402

MEMBERS = ("Aki", "Ben", "Cho", "Dan", "Eri", "Fay", "Gus", "Hal")


def game_events(players: int, seed: int) -> list[Event]:
    """A whole Hyper Maker game as its log: each master card, then each player's card."""
    cards = whole_game(players, seed)
    state = hm.initial({"players": [f"P{i}" for i in range(players)], "first_leader": 0})
    events = []
    for code in cards:
        seat = state.expected_seat
        event = Event("master", {"card": code}) if seat is None else Event("play", {"seat": seat, "card": code})
        state = hm.apply(state, event)
        events.append(event)
    return events


def build(db: store.sqlite_utils.Database, name: str, evenings: int, games_per_table: int, tables_per_evening: int,
          rng: random.Random, last_open: bool) -> tuple[store.GroupRow, str]:
    """A group with `evenings` weekly evenings ending today, written straight to the store
    (the logs are whole legal games); its last table's last game is left one card short, so
    the bench can enter at it. Returns the group and that table's scorer link."""
    from companion import groups

    group = groups.create_group(db, name)
    for member in MEMBERS:
        groups.add_player(db, group, member)
    numbers = {m.name: m.number for m in groups.roster(db, group).members}
    first = date.today() - timedelta(weeks=evenings - 1)
    open_link = ""
    with store.writing(db):
        for evening in range(evenings):
            day = (first + timedelta(weeks=evening)).isoformat()
            seated = rng.sample(MEMBERS, 4 * tables_per_evening)
            for t in range(tables_per_evening):
                names = seated[4 * t: 4 * t + 4]
                table = store.insert_table(db, f"{day} #{t + 1}", names, created=f"{day}T19:00:00.000+00:00")
                for number in range(1, games_per_table + 1):
                    created = f"{day}T19:{10 * number:02d}:00.000+00:00"
                    game_id = store.insert_game(db, table.id, number, hm.SLUG,
                                                {"players": names, "first_leader": 0, "options": {}}, created=created)
                    events = game_events(4, rng.randrange(10**9))
                    last = last_open and evening == evenings - 1 and t == tables_per_evening - 1 \
                        and number == games_per_table
                    for seq, event in enumerate(events[:-1] if last else events):
                        store.insert_event(db, game_id, seq, event.kind, dict(event.payload), created=created)
                    if last:
                        open_link = f"/t/{table.scorer_token}/g/{number}"
                store.add_group_table(db, group.id, table.id, [numbers[n] for n in names])
    return group, open_link


def timed(client: object, path: str) -> float:
    start = time.perf_counter()
    answer = client.get(path)  # type: ignore[attr-defined]
    elapsed = time.perf_counter() - start
    assert answer.status_code == 200, (path, answer.status_code)
    return elapsed * 1000


def take_back(client: object, game: str) -> None:
    """One entry at the table: its latest card taken back (an undo is written as any entry
    is, and moves the table's version)."""
    page = client.get(game).get_data(as_text=True)  # type: ignore[attr-defined]
    seq = re.search(r'name="seq" value="(\d+)"', page)
    assert seq is not None, "no entry form at the table"
    answer = client.post(f"{game}/undo", data={"seq": seq.group(1)})  # type: ignore[attr-defined]
    assert answer.status_code == 303, (answer.status_code, re.findall(r"<p[^>]*role=\"alert\"[^>]*>(.*?)</p>", answer.get_data(as_text=True), re.S))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=260)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    from companion.app import create_app

    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "group.db")
    app = create_app({"DATABASE": path, "WTF_CSRF_ENABLED": False})
    db = store.connect(path)
    rng = random.Random(44)
    started = time.perf_counter()
    big, big_table = build(db, "five years", args.evenings, 3, 2, rng, last_open=True)
    small, small_table = build(db, "ten games", 10, 1, 1, rng, last_open=True)
    built = time.perf_counter() - started
    games = {name: db.execute("select count(*) from games g join group_tables t on t.table_id = g.table_id"
                              " where t.group_id = ?", [g.id]).fetchone()[0] for name, g in (("big", big), ("small", small))}
    plain = game_events(4, 7)
    table = store.insert_table(db, "no group", list(MEMBERS[:4]))
    game_id = store.insert_game(db, table.id, 1, hm.SLUG, {"players": list(MEMBERS[:4]), "first_leader": 0, "options": {}})
    for seq, event in enumerate(plain[:-1]):
        store.insert_event(db, game_id, seq, event.kind, dict(event.payload))
    plain_table = f"/t/{table.scorer_token}/g/1"
    client = app.test_client()
    client.set_cookie("lang", "en")
    span = {"from": (date.today() - timedelta(weeks=args.evenings)).isoformat(), "to": date.today().isoformat()}
    query = f"?from={span['from']}&to={span['to']}"
    figures: dict[str, list[float]] = {f"{size}_{what}": [] for size in ("small", "big") for what in (
        "season", "player", "year_season", "year_player", "warm_season", "warm_player")}
    for round_ in range(args.rounds + 1):
        for size, group, at in (("small", small, small_table), ("big", big, big_table)):
            book = f"/b/{group.member_token}/"
            take_back(client, at)
            seen = {"season": timed(client, book + query), "player": timed(client, f"{book}players/1{query}"),
                    "warm_season": timed(client, book + query), "warm_player": timed(client, f"{book}players/1{query}")}
            take_back(client, at)
            seen.update({"year_season": timed(client, book), "year_player": timed(client, f"{book}players/1")})
            if round_:  # the first round warms both
                for what, ms in seen.items():
                    figures[f"{size}_{what}"].append(ms)
    # An entry that changes the finished games (the last card of a finished game taken
    # back, at a table not yet touched): the figures are folded again over the book.
    finished = {size: [f"/t/{token}/g/{number}" for token, number in db.execute(
        "select t.scorer_token, t.n_games from group_tables gt join tables t on t.id = gt.table_id"
        " where gt.group_id = ? order by t.created desc", [group.id]).fetchall()[1:]]
        for size, group in (("small", small), ("big", big))}
    for round_ in range(min(args.rounds, len(finished["small"]) - 1) + 1):
        for size, group in (("small", small), ("big", big)):
            book = f"/b/{group.member_token}/"
            take_back(client, finished[size][round_])
            seen = {"finish_season": timed(client, book + query), "finish_player": timed(client, f"{book}players/1{query}")}
            if round_:
                for what, ms in seen.items():
                    figures.setdefault(f"{size}_{what}", []).append(ms)
    entries: dict[str, list[float]] = {"entry_group": [], "entry_plain": []}
    for _ in range(args.rounds * 2):
        for key, at in (("entry_group", big_table), ("entry_plain", plain_table)):
            start = time.perf_counter()
            take_back(client, at)
            entries[key].append((time.perf_counter() - start) * 1000)
    result = {key: round(statistics.median(values), 2) for key, values in {**figures, **entries}.items()}
    result.update({
        "games_big": games["big"], "games_small": games["small"], "build_s": round(built, 1),
        **{f"ratio_{what}": round(result[f"big_{what}"] / result[f"small_{what}"], 2) for what in (
            "season", "player", "year_season", "year_player", "warm_season", "warm_player", "finish_season",
            "finish_player")},
        "ratio_entry": round(result["entry_group"] / result["entry_plain"], 2),
    })
    for key, value in result.items():
        print(f"{key:>14}: {value}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
