"""Seeded, bounded fuzzing of every route: mutated methods, paths, headers, forms and JSON,
for every registered game. Whatever arrives, the answer is never a 5xx and never a trace.

The forms start from what the pages really offer (each game's picker, the new-game form,
the names and correction forms), so the mutations reach the code behind them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion import rules
from tests.conftest import english_client, make_app
from tests.contract.test_every_game import driver, import_to, record_of

SLUGS = sorted(rules.GAMES)
ROUNDS = 3
PER_ROUND = 1500
"""4,500 requests in all, in rounds of their own seed."""

ODD_VALUES = [
    "", "0", "-1", "1", "2", "99", "²", "①", "٣", "9" * 5000, "1e9", " 1", "1.5", "null", "true",
    "a\x00b", "\u202eevil", "<script>alert(1)</script>", "x" * 3000, "日本語", "%00",
    "R5B6", "LA", "X10", "KING", "JK", "HQ", "on", "off", "[]", "{}", "-", "🂡",
]
HOSTS = ["a..b", "", "x" * 300, "[::1]", "évil.example", "localhost"]
ASK_KEYS = ["ask", "plays", "players", "hands", "cards", "won", "games", "options", "received",
            "share", "tricks", "deck_card", "rounds", "kept", "measure", "master", "bids", "numbers",
            "rules", "achieved", "dummy_numbers", "tie_winner_leads", "passed_at", "teams", "first_leader",
            "target", "red", "bust_21", "grid", "hand", "seat", "layout", "deal"]
ASKS = ["trick", "score", "round", "hand", "match", "wins", "variant", "no_agari", "evening", "turn",
        "play", "end", "", "nope"]


def odd(rng: random.Random) -> str:
    return rng.choice(ODD_VALUES)


def json_value(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.randrange(8 if depth < 4 else 5)
    if pick == 0:
        return rng.choice([None, True, False])
    if pick == 1:
        return rng.choice([0, -1, 3, 4, 7, 13, 10**30, 1.5, float("1e308")])
    if pick in (2, 3, 4):
        return rng.choice(ODD_VALUES[:12] + ["R5B6", "LA", "X10", "KING", "HQ", "SA", "R5", "JK", "D7"])
    if pick in (5, 6):
        return [json_value(rng, depth + 1) for _ in range(rng.randrange(7))]
    return {rng.choice(ASK_KEYS): json_value(rng, depth + 1) for _ in range(rng.randrange(4))}


def judge_body(rng: random.Random) -> bytes:
    kind = rng.randrange(10)
    if kind == 0:
        return b"[" * rng.choice([10, 5000])
    if kind == 1:
        return bytes(rng.randbytes(rng.randrange(1, 200)))
    request = {"ask": rng.choice(ASKS)}
    for _ in range(rng.randrange(5)):
        request[rng.choice(ASK_KEYS)] = json_value(rng)
    return json.dumps(request, allow_nan=True).encode()


class Hall:
    """A database with a table per game, each mid-game, and what their pages offer."""

    def __init__(self, app: Flask, client: FlaskClient) -> None:
        self.app = app
        self.client = client
        self.tables: list[str] = []
        self.forms: list[tuple[str, str, dict[str, list[str]]]] = []
        for index, slug in enumerate(SLUGS):
            setup, log = driver(slug).random_partial(11 + index)
            url = import_to(client, record_of(slug, setup, log))
            self.tables.append(url)
            for path in ("/g/1", "/new", "/names", "/g/1/correct/0", "/g/1/correct/1"):
                self.collect(url + path)
        from companion import store

        db = store.connect(app.config["DATABASE"], migrate=False)
        self.viewers = ["/t/" + row[0] for row in db.execute("select viewer_token from tables")]
        # A group's book holding two of the tables, its pages' forms collected as the tables' are.
        book = str(client.post("/book", data={"name": "Fuzz club"}).headers["Location"]).split("?")[0]
        for url in self.tables[:2]:
            names = client.get(url.split("/g/")[0] + "/export.json").get_json()["table"]["players"]
            client.post(book + "tables", data={"link": url, "seat": ["new"] * len(names)})
        group = db.execute("select keeper_token, member_token from groups").fetchone()
        self.books = ["/b/" + group[0], "/b/" + group[1]]
        self.group_tables = [row[0] for row in db.execute("select table_id from group_tables")]
        for path in ("/", "/roster", "/tables", "/records", "/evenings", "/ratings", "/players/1",
                     "/tables?link=" + self.tables[2]):
            self.collect(self.books[0] + path)

    def collect(self, url: str) -> None:
        page = BeautifulSoup(self.client.get(url).get_data(as_text=True), "html.parser")
        for form in page.select("form"):
            action = str(form.get("action") or url)
            if not action.startswith("/"):
                continue
            fields: dict[str, list[str]] = {}
            for field in form.select("input[name], button[name], select[name], textarea[name]"):
                value = field.get("value")
                if field.name == "select":
                    option = field.select_one("option")
                    value = option.get("value") if option else ""
                fields.setdefault(str(field["name"]), []).append(str(value or ""))
            self.forms.append((str(form.get("method") or "get").upper(), action, fields))


def mutate_form(rng: random.Random, fields: dict[str, list[str]]) -> dict[str, list[str]]:
    data = {name: [rng.choice(values)] for name, values in fields.items()}
    for _ in range(rng.randrange(1, 4)):
        move = rng.randrange(5)
        names = list(data) or ["x"]
        name = rng.choice(names)
        if move == 0:
            data[name] = [odd(rng)]
        elif move == 1:
            data.pop(name, None)
        elif move == 2:
            data[name] = [odd(rng) for _ in range(rng.randrange(2, 6))]
        elif move == 3:
            data[rng.choice(["seat", "card", "kind", "seq", "player", "name", "game", "hand", "trick",
                             "first_leader", "count", "rank", "suit", "spot", "row", "col", "target"])] = [odd(rng)]
        else:
            data[name] = [v + odd(rng) for v in data.get(name, [""])]
    return data


def mutate_path(rng: random.Random, path: str) -> str:
    move = rng.randrange(8)
    if move == 0:
        return path + "/"
    if move == 1:
        return path.replace("/", "//", 1)
    if move == 2:
        return path + "/" + rng.choice(["..", "%00", "x" * 400, "%ff", "日本", "1" * 40])
    if move == 3:
        parts = path.split("/")
        parts[rng.randrange(len(parts))] = odd(rng)[:500]
        return "/".join(parts)
    return path


def route_path(rng: random.Random, hall: Hall, rule: str) -> str:
    links = hall.books if rule.startswith("/b/") and rng.random() < 0.8 else hall.tables + hall.viewers
    table = rng.choice(links + ["/t/nope", "/t/-x", "/t/" + "A" * 300])
    values = {
        "<token>": table.split("/", 2)[2].split("/")[0],
        "<table_id>": rng.choice(hall.group_tables + ["nope", "x" * 300]),
        "<int:number>": str(rng.choice([1, 1, 2, 0, 10**20])),
        "<int:seq>": str(rng.choice([0, 1, 2, 5, 10**20])),
        "<slug>": rng.choice(SLUGS + ["nope", "x" * 300]),
        "<game>": rng.choice(SLUGS + ["nope"]),
        "<code>": rng.choice(["en", "ja", "xx", ""]),
        "<mode>": rng.choice(["light", "dark", "auto", "x"]),
        "<path:filename>": rng.choice(["companion.css", "htmx.min.js", "../app.py", "x" * 300, "games/"]),
    }
    path = rule
    for key, value in values.items():
        path = path.replace(key, value)
    return path


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Hall:
    path: Path = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    app = make_app(path)
    return Hall(app, english_client(app))


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_no_request_is_ever_answered_with_a_5xx_or_a_trace(hall: Hall, round_: int) -> None:
    rng = random.Random(2026 + round_)
    rules_ = [r.rule for r in hall.app.url_map.iter_rules()]
    client = hall.app.test_client()
    seen_statuses: set[int] = set()
    for number in range(PER_ROUND):
        headers: dict[str, str] = {}
        if rng.random() < 0.2:
            headers["Host"] = rng.choice(HOSTS)
        if rng.random() < 0.3:
            headers["HX-Request"] = "true"
        if rng.random() < 0.2:
            headers["Accept-Language"] = rng.choice(["ja", "en", "*", "xx;q=x", "ja-JP,ja;q=0.9", odd(rng)[:50]])
        if rng.random() < 0.15:
            client.set_cookie("lang", rng.choice(["ja", "en", "xx", odd(rng)[:40]]))
            client.set_cookie("theme", rng.choice(["dark", "light", "x"]))
        kind = rng.randrange(10)
        query = b""
        body: Any = None
        content_type = None
        if kind < 5 and hall.forms:  # a real form, mutated
            method, path, fields = rng.choice(hall.forms)
            path = mutate_path(rng, path) if rng.random() < 0.2 else path
            data: Any = mutate_form(rng, fields)
            if method == "GET":
                from urllib.parse import urlencode

                query = urlencode(data, doseq=True).encode()
                data = None
        elif kind < 7:  # the judge API
            method, path = "POST", "/api/judge/" + rng.choice(SLUGS + ["nope"])
            body, content_type, data = judge_body(rng), rng.choice(["application/json", "text/plain", None]), None
        else:  # any route, any method, any path
            method = rng.choice(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "GET", "POST"])
            path = mutate_path(rng, route_path(rng, hall, rng.choice(rules_)))
            data = mutate_form(rng, {"name": ["x"], "player": ["A", "B", "C"]}) if method == "POST" else None
            if rng.random() < 0.3:
                query = rng.choice([b"next=/%09/evil.example", b"\xff\xfe", b"a=" + b"9" * 5000, b"players=%C2%B2",
                                    b"next=/%0d%0aX:1", b"cards=R5B6.R2G9", b"corrected=1"])
        # Path and query go in as the WSGI server hands them over (bytes as latin-1), so
        # that a path like "//x" is not read by the test client as another host.
        raw = {"PATH_INFO": path.encode("utf-8", "surrogateescape").decode("latin-1"),
               "QUERY_STRING": query.decode("latin-1")}
        response = client.open("/", method=method, data=body if body is not None else data,
                               environ_overrides=raw, headers=headers, content_type=content_type)
        text = response.get_data(as_text=True)
        where = f"request {number} of round {round_}: {method} {path!r} {query!r} {str(data)[:200]}"
        assert response.status_code < 500, where
        assert "Traceback" not in text and 'File "' not in text, where
        seen_statuses.add(response.status_code)
    assert {200, 303, 400, 404, 405, 422} <= seen_statuses, seen_statuses  # real pages, entries and refusals alike


# --------------------------------------------------------------------------- every game's entries, judges and options


ENTRIES_PER_GAME = 160
"""Seeded random entries posted to each game's table (issue 29: all nine games' entry routes)."""


def shown_error(response: Any) -> str:
    """The refusal's sentence where the person is looking (the alert beside the form), or ""."""
    page = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    alert = page.select_one(".error[role=alert]")
    return " ".join(alert.get_text(" ").split()) if alert else ""


def field_values(slug: str) -> tuple[list[str], dict[str, list[str]]]:
    """The kinds of entry a seeded game of `slug` makes, and each payload field with the values
    it took there, as a form sends them (several cards as one value joined by ".", or each)."""
    from companion.rules.base import CORRECT, UNDO

    setup, log = driver(slug).random_game(5)
    kinds = sorted({event.kind for event in log} | {UNDO, CORRECT, "accept", "abandon", "", "nope"})
    values: dict[str, list[str]] = {}
    for event in log:
        for name, value in dict(event.payload).items():
            shown = [str(v) for v in value] if isinstance(value, list) else [str(value).lower()
                                                                              if isinstance(value, bool) else str(value)]
            values.setdefault(name, []).extend(shown + [".".join(shown)])
    return kinds, values


def stored(app: Flask, scorer: str) -> int:
    from companion import store

    db = store.connect(app.config["DATABASE"], migrate=False)
    return int(db.execute("select n_events from tables where scorer_token = ?", [scorer]).fetchone()[0])


@pytest.mark.parametrize("slug", SLUGS)
def test_every_games_entries_refused_say_why_and_are_never_written(hall: Hall, slug: str) -> None:
    """Random and mistyped fields for every kind of entry a game makes: never a 5xx, a refusal
    says why beside the picker, and an entry refused is not stored (one taken is)."""
    rng = random.Random(f"entries-{slug}")
    setup, log = driver(slug).random_partial(29)
    client = english_client(hall.app)
    table = import_to(client, record_of(slug, setup, log))
    scorer = table.split("/t/")[1]
    kinds, values = field_values(slug)
    taken = refused = 0
    for number in range(ENTRIES_PER_GAME):
        before = stored(hall.app, scorer)
        data: dict[str, list[str]] = {"seq": [str(before) if rng.random() < 0.85 else odd(rng)],
                                      "kind": [rng.choice(kinds) if rng.random() < 0.9 else odd(rng)]}
        for name in rng.sample(sorted(values), k=min(len(values), rng.randrange(1, 4))):
            pool = values[name] + ODD_VALUES if rng.random() < 0.4 else values[name]
            data[name] = [rng.choice(pool) for _ in range(rng.choice([1, 1, 1, 2]))]
        if rng.random() < 0.2:
            data[rng.choice(["seat", "card", "cards", "position", "row", "col", "target", "payload"])] = [odd(rng)]
        response = client.post(f"{table}/g/1/entries", data=data)
        where = f"{slug} entry {number}: {str(data)[:300]}"
        assert response.status_code < 500, where
        after = stored(hall.app, scorer)
        if response.status_code >= 400:
            refused += 1
            assert shown_error(response), where
            assert after == before, where
        else:
            taken += 1
            assert response.status_code == 303 and after == before + 1, where
    assert refused and taken, (slug, refused, taken)  # the engine's refusals, and entries that passed


@pytest.mark.parametrize("slug", SLUGS)
def test_the_quick_judge_takes_any_query_without_a_500(hall: Hall, slug: str) -> None:
    """GET /judge/SLUG with the game's own fields given random, mistyped and repeated values."""
    from tests.contract.test_every_game import quick_judge_fields

    rng = random.Random(f"judge-{slug}")
    fields, read = quick_judge_fields(slug)
    names = sorted(read)
    client = english_client(hall.app)
    answered = 0
    for number in range(60):
        query: dict[str, list[str]] = {name: [value] for name, value in fields.items() if rng.random() < 0.8}
        for name in rng.sample(names, k=min(len(names), rng.randrange(1, 4))):
            move = rng.randrange(4)
            if move == 0:
                query[name] = [odd(rng)]
            elif move == 1:
                query[name] = [rng.choice(list(fields.values()) or [""]) + odd(rng)]
            elif move == 2:
                query[name] = [odd(rng) for _ in range(rng.randrange(2, 5))]
            else:
                query.pop(name, None)
        response = client.get(f"/judge/{slug}", query_string=query)
        where = f"{slug} judge {number}: {str(query)[:300]}"
        assert response.status_code == 200, where
        assert "Traceback" not in response.get_data(as_text=True), where
        answered += not shown_error(response)
    assert answered  # some were well-formed enough to be ruled on


@pytest.mark.parametrize("slug", SLUGS)
def test_the_judge_api_refuses_random_option_values_with_a_message(hall: Hall, slug: str) -> None:
    """Every option of the game, given random JSON values of every type, in the request's
    options and at its top level: 200 or a 422 with an error, never a 500."""
    from tests.contract.test_every_game import judge_requests

    rng = random.Random(f"options-{slug}")
    options = list(rules.GAMES[slug].OPTIONS)
    client = english_client(hall.app)
    bases = judge_requests(slug)
    statuses: set[int] = set()
    for number in range(150 if options else 20):
        request = dict(rng.choice(bases))
        chosen = rng.sample(options, k=min(len(options), rng.randrange(1, 3))) if options else []
        given = {option.name: json_value(rng) for option in chosen}
        if rng.random() < 0.2:
            given[rng.choice(ASK_KEYS)] = json_value(rng)
        if rng.random() < 0.5:
            request["options"] = given
        else:
            request.update(given)
        response = client.post(f"/api/judge/{slug}", data=json.dumps(request, allow_nan=True),
                               content_type="application/json")
        where = f"{slug} options {number}: {json.dumps(request)[:300]}"
        assert response.status_code in (200, 422), where
        answer = response.get_json()
        assert answer, where
        if response.status_code == 422:
            assert isinstance(answer.get("error"), str) and answer["error"], where
        statuses.add(response.status_code)
    assert 422 in statuses
