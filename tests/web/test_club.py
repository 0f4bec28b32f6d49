"""A club night through its pages: set-up, players arriving and leaving, the draw, a swap,
the start (real tables with the drawn players), results and corrections at the tables
changing the standings, the board's live part, the record and the refusals."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion import cli, rules, store
from companion.rules.base import CORRECT, UNDO
from companion.rules.contract import applicable
from tests.conftest import soup, text
from tests.kit.club import games_for, play

GAME = "master-of-rules"
"""3 to 5 players a table, no house rules to match: its seeded games fit any table of it."""


def set_up(client: FlaskClient, players: int, rounds: int = 2, scoring: str = "placement", **fields: str) -> str:
    """An event of `players` players already here; the organiser's page's path."""
    data = {"event_name": "Friday club", "game": GAME, "event_rounds": str(rounds), "event_scoring": scoring,
            "options_for": GAME, "event_players": "\n".join(f"Player {i}" for i in range(1, players + 1)), **fields}
    response = client.post("/club", data=data)
    assert response.status_code == 303, text(response)[:400]
    return str(response.headers["Location"])


def page(client: FlaskClient, path: str) -> BeautifulSoup:
    response = client.get(path)
    assert response.status_code == 200
    return soup(response)


def drawn_tables(client: FlaskClient, organiser: str) -> list[list[str]]:
    """The pending draw's tables as the organiser's page lists them."""
    return [li.select_one(".names").get_text().split(", ") for li in page(client, organiser).select("#draw-tables li")]


def event_of(app: Any, organiser: str) -> store.ClubEvent:
    db = store.connect(app.config["DATABASE"], migrate=False)
    return store.club_event_by_token(db, organiser.strip("/").split("/")[1])


def round_tables(app: Any, organiser: str, number: int) -> list[store.ClubTable]:
    db = store.connect(app.config["DATABASE"], migrate=False)
    return [t for t in store.club_tables(db, event_of(app, organiser).id) if t.round == number]


def standings(client: FlaskClient, path: str) -> list[tuple[str, str, str]]:
    """(place, player, score) of every row of the standings on the page at `path`."""
    rows = page(client, path).select("#standings tbody tr")
    return [(r.select_one(".rank").get_text(), r.select_one(".who").contents[0].get_text().strip(),
             r.select_one(".score").get_text()) for r in rows if r.select_one(".rank")]


def board_path(app: Any, organiser: str) -> str:
    return f"/e/{event_of(app, organiser).viewer_token}/board"


def test_set_up_then_players_arrive_and_leave(client: FlaskClient, app: Any) -> None:
    organiser = set_up(client, 3)
    assert [li.select_one(".name").get_text() for li in page(client, organiser).select(".club-players li")] == \
        ["Player 1", "Player 2", "Player 3"]
    assert client.post(organiser + "players", data={"player": "  Late   Comer "}).status_code == 303
    assert "Late Comer" in text(client.get(organiser))
    number = len(page(client, organiser).select(".club-players li"))
    assert client.post(f"{organiser}players/{number}/leave").status_code == 303
    gone = page(client, organiser).select_one(".club-players li.gone")
    assert gone is not None and "Late Comer" in gone.get_text() and "sits out from round 1" in gone.get_text()
    assert client.post(f"{organiser}players/{number}/back").status_code == 303
    assert page(client, organiser).select_one(".club-players li.gone") is None


def test_a_player_who_leaves_sits_out_from_the_next_round_and_an_arrival_is_drawn(client: FlaskClient) -> None:
    organiser = set_up(client, 8)
    assert client.post(organiser + "draw").status_code == 303
    assert sorted(len(t) for t in drawn_tables(client, organiser)) == [4, 4]
    client.post(organiser + "players/1/leave")  # the draw not yet started is drawn again without them
    after = drawn_tables(client, organiser)
    assert "Player 1" not in sum(after, []) and sum(len(t) for t in after) == 7
    assert "drawn again" in text(client.get(organiser + "?done=redrawn"))
    client.post(organiser + "players", data={"player": "Newcomer"})
    assert "Newcomer" in sum(drawn_tables(client, organiser), [])


def test_the_draw_a_swap_and_the_start_seat_real_tables(client: FlaskClient, app: Any) -> None:
    organiser = set_up(client, 9)
    client.post(organiser + "draw")
    tables = drawn_tables(client, organiser)
    assert sorted(len(t) for t in tables) == [4, 5]  # the ruling: as near 4 as can be, then fewest seated away
    first, second = tables[0][0], tables[1][0]
    assert client.post(organiser + "swap", data={"first": first, "second": second}).status_code == 303
    swapped = drawn_tables(client, organiser)
    assert swapped[0][0] == second and swapped[1][0] == first
    assert client.post(organiser + "start").status_code == 303
    seated = round_tables(app, organiser, 1)
    assert len(seated) == len(swapped)
    for table, players in zip(seated, swapped):
        game = client.get(f"/t/{table.scorer_token}/")
        assert game.status_code == 303 and game.headers["Location"].endswith("/g/1")  # its game has started
        db = store.connect(app.config["DATABASE"], migrate=False)
        assert list(store.get_table(db, table.table_id).players) == players
        assert store.games_of(db, table.table_id)[0].setup["players"] == players
    assert "The round has started" in text(client.get(organiser + "?done=started"))
    assert client.post(organiser + "start").status_code == 422  # a second tap seats nothing more
    assert len(round_tables(app, organiser, 1)) == len(swapped)
    sheet = page(client, organiser + "rounds/1/sheet")
    assert len(sheet.select(".sheet-table")) == len(swapped) and len(sheet.select(".sheet-table svg")) == 2 * len(swapped)
    assert event_of(app, organiser).viewer_token in str(sheet.select_one("#sheet-board"))
    assert all(t.scorer_token in str(sheet) and t.viewer_token in str(sheet) for t in seated)


def start_round(client: FlaskClient, organiser: str) -> None:
    assert client.post(organiser + "draw").status_code == 303
    assert client.post(organiser + "start").status_code == 303


def test_a_finished_table_counts_at_once_and_a_correction_changes_the_standings(client: FlaskClient, app: Any) -> None:
    organiser = set_up(client, 8)
    start_round(client, organiser)
    board = board_path(app, organiser)
    before = standings(client, board)
    assert {score for _, _, score in before} == {"0"}
    assert "share place" not in text(client.get(board))  # before any result there is nothing to explain
    first = round_tables(app, organiser, 1)[0]
    log = next(games_for(GAME, 4))
    play(client, first.scorer_token, log)
    after = standings(client, board)
    assert after != before
    assert "1 table finished" in text(client.get(board))
    said = [span.get_text() for span in page(client, board).select("#standings .reasons span")]
    assert said and len(said) == len(set(said))  # a shared rank is said once, under its first player
    db = store.connect(app.config["DATABASE"], migrate=False)
    players = store.get_table(db, first.table_id).players
    scores = {who: score for _, who, score in after}
    assert sorted(scores[p] for p in players) == ["0", "1", "2", "3"] or sum(float(scores[p]) for p in players) == 6
    assert correct_until_the_standings_move(client, db, first, board, after)
    assert store.events_of(db, store.games_of(db, first.table_id)[0].id)[-1].kind == CORRECT
    # Undo at the table (the corrections, then the last card): the game is under way again and
    # counts no more.
    from companion import tables

    game = tables.load_game(db, first.table_id)
    while game is not None and game.outcome.over:
        assert client.post(f"/t/{first.scorer_token}/g/1/undo", data={"seq": str(game.next_seq)}).status_code == 303
        game = tables.load_game(db, first.table_id)
    assert {score for _, _, score in standings(client, board)} == {"0"}
    assert UNDO in {e.kind for e in store.events_of(db, store.games_of(db, first.table_id)[0].id)}


def correct_until_the_standings_move(client: FlaskClient, db: Any, table: store.ClubTable, board: str,
                                     shown: list[tuple[str, str, str]]) -> bool:
    """Correct the table's rule cards, latest first, each to another rule, as the correction
    page posts it, until the board's standings differ from `shown`; whether they did."""
    from companion import tables

    game = tables.load_game(db, table.table_id)
    assert game is not None
    positions = sorted((p for p in game.replayed.effective if game.log[p].kind == "rule"), reverse=True)
    for position in positions:
        entry = dict(game.payload_in_force(position))
        for rule in ("TRIO", "ONLY_ONE", "LIMIT_23", "BEST_OF_THE_BEST", "SUPPORT_RIGHT"):
            now = tables.load_game(db, table.table_id)
            assert now is not None
            fields = {"seq": str(now.next_seq), "seat": str(entry["seat"]), "rule": rule}
            response = client.post(f"/t/{table.scorer_token}/g/1/correct/{position}", data=fields)
            if response.status_code == 303 and standings(client, board) != shown:
                return True
    return False


def finish_round(client: FlaskClient, app: Any, organiser: str, number: int) -> None:
    logs = {size: games_for(GAME, size) for size in (3, 4, 5)}
    for table in round_tables(app, organiser, number):
        db = store.connect(app.config["DATABASE"], migrate=False)
        play(client, table.scorer_token, next(logs[len(store.get_table(db, table.table_id).players)]))


def test_rounds_until_the_end_then_the_record_imports_back_with_the_same_standings(
        client: FlaskClient, app: Any, db_path: Path, tmp_path: Path) -> None:
    organiser = set_up(client, 8, rounds=2)
    start_round(client, organiser)
    assert page(client, organiser).select_one("#draw") is None
    assert page(client, organiser).select_one("#draw-later") is not None
    assert client.post(organiser + "draw").status_code == 422  # round 1 is still being played
    assert "Round 1 is still being played" in text(client.post(organiser + "draw"))
    finish_round(client, app, organiser, 1)
    met = {frozenset((a, b)) for t in round_tables(app, organiser, 1)
           for a in store.get_table(store.connect(db_path, migrate=False), t.table_id).players
           for b in store.get_table(store.connect(db_path, migrate=False), t.table_id).players if a != b}
    client.post(organiser + "draw")
    second = drawn_tables(client, organiser)
    # Eight players at two tables of four met three others each: a second round cannot keep
    # everyone apart, but the board shows each player's table for it.
    board = page(client, board_path(app, organiser))
    assert len(board.select("#seats li")) == 8
    assert all(len(t) == 4 for t in second) and met
    client.post(organiser + "start")
    earlier = page(client, organiser).select("#earlier-rounds .club-table a")
    assert [a["href"] for a in earlier] == [f"/t/{t.scorer_token}/" for t in round_tables(app, organiser, 1)]
    finish_round(client, app, organiser, 2)
    final = standings(client, board_path(app, organiser))
    assert "Final standings" in text(client.get(board_path(app, organiser)))
    assert client.post(organiser + "draw").status_code == 422  # every round has been played
    # JSON out, and in again through `companion import`: the same standings.
    record = client.get(organiser + "export.json")
    assert record.status_code == 200 and "attachment" in record.headers["Content-Disposition"]
    data = json.loads(record.get_data(as_text=True))
    assert data["format"] == "companion-event" and len(data["rounds"]) == 2
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    other = tmp_path / "other.db"
    out = io.StringIO()
    from contextlib import redirect_stdout

    with redirect_stdout(out):
        assert cli.main(["import", str(path), "--db", str(other)]) == 0
    link = out.getvalue().strip()
    assert "/e/" in link
    from tests.conftest import english_client, make_app

    again = english_client(make_app(other))
    organiser_again = link[link.index("/e/"):]
    assert standings(again, organiser_again) == final
    # CSV: the standings, one row per player, with each round's score.
    table = list(csv.reader(io.StringIO(client.get(organiser + "export.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert table[0] == ["place", "player", "score", "played", "wins", "best_place", "round_1", "round_2"]
    assert [(row[0], row[1], row[2]) for row in table[1:]] == final


def test_the_board_answers_unchanged_polls_with_304_and_changes_with_the_tables(client: FlaskClient, app: Any) -> None:
    organiser = set_up(client, 8)
    board = board_path(app, organiser)
    panel = client.get(board + "/panel")
    tag = panel.headers["ETag"]
    assert panel.status_code == 200 and client.get(board + "/panel", headers={"If-None-Match": tag}).status_code == 304
    start_round(client, organiser)
    changed = client.get(board + "/panel", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    tag = changed.headers["ETag"]
    table = round_tables(app, organiser, 1)[0]
    play(client, table.scorer_token, next(games_for(GAME, 4))[:3])
    assert client.get(board + "/panel", headers={"If-None-Match": tag}).status_code == 200  # an entry at a table
    assert "Round 1 of 2" in text(client.get(board))


def test_refusals_say_why_and_keep_what_was_typed(client: FlaskClient, app: Any) -> None:
    form = {"event_name": "Friday", "game": GAME, "event_rounds": "0", "event_scoring": "placement",
            "options_for": GAME, "event_players": "Ann\nBen"}
    refused = client.post("/club", data=form)
    assert refused.status_code == 422 and "number of rounds" in text(refused)
    assert page_of(refused).select_one("textarea[name=event_players]").get_text() == "Ann\nBen"
    for bad, words in (({"event_rounds": "2", "event_players": "Ann\nann"}, "in the event already"),
                       ({"event_rounds": "2", "game": "chess"}, "Choose the game"),
                       ({"event_rounds": "2", "event_scoring": "money"}, "how a round scores"),
                       ({"event_rounds": "2", "event_name": "x" * 41}, "at most 40 characters"),
                       ({"event_rounds": "2", "event_players": "y" * 25}, "at most 24 characters")):
        answer = client.post("/club", data={**form, **bad})
        assert answer.status_code == 422 and words in text(answer), (bad, text(answer)[:300])
    rule = rules.get("black-junky").OPTIONS
    number = next(o for o in rule if hasattr(o, "maximum"))
    refused = client.post("/club", data={**form, "event_rounds": "2", "game": "black-junky",
                                         "options_for": "black-junky", number.name: str(number.maximum + 1)})
    assert refused.status_code == 422 and "The house rules cannot be used" in text(refused)
    assert page_of(refused).select_one(f"input[name={number.name}]")["value"] == str(number.maximum + 1)
    organiser = set_up(client, 2)
    assert client.post(organiser + "draw").status_code == 422
    assert "at least 3 players" in text(client.post(organiser + "draw"))
    typed = client.post(organiser + "players", data={"player": "Player 1"})
    assert typed.status_code == 422 and "in the event already" in text(typed)
    assert page_of(typed).select_one("input[name=player]")["value"] == "Player 1"
    assert client.post(organiser + "swap", data={"first": "Player 1", "second": "Player 2"}).status_code == 422
    assert client.post(organiser + "start").status_code == 422
    viewer = f"/e/{event_of(app, organiser).viewer_token}/"
    assert client.post(viewer + "players", data={"player": "Sneaky"}).status_code == 403
    assert client.get(viewer).status_code == 303  # the viewer's link opens the board
    assert client.get(viewer + "rounds/1/sheet").status_code == 403  # the sheet holds the scorers' links
    assert client.get("/e/nonsense/board").status_code == 404
    assert client.post(organiser + "players/99/leave").status_code == 422


def page_of(response: Any) -> BeautifulSoup:
    return soup(response)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_page_of_the_event_reads_in_both_languages(app: Any, lang: str) -> None:
    client = app.test_client()
    client.set_cookie("lang", lang)
    organiser = set_up(client, 7)
    start_round(client, organiser)
    pages = {organiser: ("順位ボード", "Standings board"), organiser + "rounds/1/sheet": ("テーブル用シート", "the tables' sheet"),
             board_path(app, organiser): ("対戦中", "under way"), "/club/new": ("大会を作る", "Set up the event"),
             "/": ("大会を開く", "Run a club night")}
    for path, (ja, en) in pages.items():
        words = text(client.get(path))
        assert (ja in words, en in words) == (lang == "ja", lang == "en"), path


def test_an_entry_at_one_table_derives_that_table_alone_again(client: FlaskClient, app: Any,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """However many tables an event has, the board's next reading after an entry looks again
    at the one table that changed (derived.event_table); the others are remembered."""
    from companion import events, tables

    organiser = set_up(client, 12)
    start_round(client, organiser)
    db = store.connect(app.config["DATABASE"], migrate=False)
    event = event_of(app, organiser)
    before = events.load(db, event)
    asked: list[str] = []
    real = tables.scoreboard
    monkeypatch.setattr(tables, "scoreboard", lambda db, table_id, *a, **k: asked.append(table_id) or real(db, table_id, *a, **k))
    first = round_tables(app, organiser, 1)[0]
    play(client, first.scorer_token, next(games_for(GAME, len(before.tables_of(1)[0].players)))[:2])
    after = events.load(db, event)
    assert asked == [first.table_id] and after.version != before.version
    assert [s.status for s in after.seated] == ["playing"] * len(after.seated)


def mutations(data: Any, path: tuple[Any, ...] = ()) -> Any:
    """Every place in an event record's own parts (not its tables' records, which a table's
    import checks), each with a value of every JSON type in its place, or taken away."""
    if path and path[-1] == "tables" and len(path) > 2:
        return
    if isinstance(data, dict):
        for key, value in data.items():
            yield path + (key,), None  # taken away
            yield from mutations(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data[:3]):
            yield from mutations(value, path + (index,))
    for replacement in ([], {}, 7, "x", None, True, -1):
        if path:
            yield path, (replacement,)


def mutated(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(data))
    *parents, last = path
    place = copy
    for key in parents:
        place = place[key]
    if value is None:
        del place[last]
    else:
        place[last] = value[0]
    return copy


def test_a_damaged_event_record_is_refused_with_a_sentence_or_imported_whole(client: FlaskClient, tmp_path: Path,
                                                                              capsys: pytest.CaptureFixture[str]) -> None:
    organiser = set_up(client, 7, rounds=2)
    start_round(client, organiser)
    finish_round(client, client.application, organiser, 1)
    client.post(organiser + "players/1/leave")
    assert client.post(organiser + "draw").status_code == 303  # round 2 drawn, not started: its reasons show
    data = json.loads(client.get(organiser + "export.json").get_data(as_text=True))
    assert data["rounds"][1]["draw"]["reasons"] and not data["rounds"][1]["started"]
    target = tmp_path / "damaged.db"
    from tests.conftest import english_client, make_app

    imported: Any = None
    outcomes = set()
    for number, (path, value) in enumerate(mutations(data)):
        record = tmp_path / f"{number}.json"
        record.write_text(json.dumps(mutated(data, path, value)), encoding="utf-8")
        status = cli.main(["import", str(record), "--db", str(target), "--lang", "en"])
        out, err = capsys.readouterr()
        assert status in (0, 2), (path, value)
        assert (status == 0) == ("/e/" in out) and "Traceback" not in err, (path, value, err)
        if status == 2:
            assert err.startswith("companion: ") and len(err.splitlines()) == 1, (path, err)
        else:  # what was imported shows: the organiser's page and the board answer on every load
            imported = imported or make_app(target)
            organiser_again = out.strip()[out.strip().index("/e/"):]
            pages = english_client(imported)
            assert pages.get(organiser_again).status_code < 500, (path, value)
            assert pages.get(board_path(imported, organiser_again)).status_code < 500, (path, value)
        outcomes.add(status)
    assert outcomes == {0, 2}


@pytest.mark.parametrize("slug", sorted(rules.GAMES))
def test_every_game_sets_up_draws_and_starts_with_its_house_rules(client: FlaskClient, app: Any, slug: str) -> None:
    """Seven players (a count no game seats at one table): the draw fits them to the game's
    sizes, and every table starts its game with the event's house rules that apply to it."""
    module = rules.get(slug)
    chosen = {o.name: o.choices[-1].value for o in module.OPTIONS if hasattr(o, "choices")}
    response = client.post("/club", data={"game": slug, "options_for": slug, "event_rounds": "2",
                                          "event_scoring": "points", **chosen,
                                          "event_players": "\n".join(f"P{i}" for i in range(7))})
    assert response.status_code == 303, text(response)[:300]
    organiser = str(response.headers["Location"])
    event = event_of(app, organiser)
    assert event.rounds == 2 and event.kind == slug
    start_round(client, organiser)
    db = store.connect(app.config["DATABASE"], migrate=False)
    seated = round_tables(app, organiser, 1)
    assert seated and all(len(store.get_table(db, t.table_id).players) in module.PLAYER_COUNTS for t in seated)
    for t in seated:
        setup = store.games_of(db, t.table_id)[0].setup
        shown = {o.name for o in applicable(module.OPTIONS, len(setup["players"]))}
        assert {name: value for name, value in setup["options"].items() if name in shown and name in chosen} == \
            {name: value for name, value in chosen.items() if name in shown}


def test_only_a_player_who_was_not_there_is_said_to_be_absent(client: FlaskClient, app: Any) -> None:
    """The engine sees only results: a player whose table is still playing, or abandoned its
    game, sat at a table all the same; a player who arrived for round 2 was not there in round 1."""
    organiser = set_up(client, 9)
    start_round(client, organiser)
    client.post(organiser + "players", data={"player": "Late Comer"})
    first, second, *_ = round_tables(app, organiser, 1)
    db = store.connect(app.config["DATABASE"], migrate=False)
    play(client, first.scorer_token, next(games_for(GAME, len(store.get_table(db, first.table_id).players))))
    assert client.post(f"/t/{second.scorer_token}/g/1/abandon", data={"seq": "0"}).status_code == 303
    board = board_path(app, organiser)
    said = text(client.get(board))
    assert "abandoned: no result" in text(client.get(organiser)) and "2 tables finished" in said
    noted = [row.select_one("th.who").contents[0].get_text().strip() for row in page(client, board).select("#standings tbody tr")
             if "round 1" in " ".join(span.get_text() for span in row.select(".reasons span"))]
    assert noted == ["Late Comer"]


ODD = ["", " ", "0", "-1", "99999999999999999999999", "１２", "x" * 300, "\u202e", "\x00", "Player 1", "Player 2",
       "<b>", "ラウンド", "%ff", "[]", "{}", "placement", "points", GAME, "kings-order", "on"]


def test_random_requests_to_an_events_routes_never_answer_5xx(client: FlaskClient, app: Any) -> None:
    """Seeded random forms and addresses on every route of an event, with its real links and
    with others, in each of its states: refused with a page or taken, never a 5xx or a trace."""
    import random

    rng = random.Random(33)
    organiser = set_up(client, 9)
    viewer = f"/e/{event_of(app, organiser).viewer_token}/"
    fields = ["event_name", "event_rounds", "event_scoring", "event_players", "game", "options_for", "player",
              "first", "second", "rounds", "crosses", "seq"]
    routes = ["players", "players/1/leave", "players/99999999999999999999/back", "draw", "swap", "start",
              "rounds/1/sheet", "rounds/0/sheet", "board", "board/panel", "export.json", "export.csv", ""]
    for number in range(400):
        data = {name: rng.choice(ODD) for name in rng.sample(fields, rng.randrange(0, 6))}
        if number % 5 == 0:
            response = client.post("/club", data=data)
        else:
            base = rng.choice([organiser, organiser, viewer, "/e/nope/", "/e/" + "A" * 300 + "/"])
            response = client.open(base + rng.choice(routes), method=rng.choice(["GET", "POST"]), data=data)
        words = response.get_data(as_text=True)
        assert response.status_code < 500 and "Traceback" not in words, (number, response.status_code, data)


def test_a_start_that_read_the_draw_before_a_swap_landed_seats_nothing(client: FlaskClient, app: Any,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The organiser's second phone swaps while the first starts: the start read the draw
    before the swap, so it refuses and seats no table; started again, it seats the swapped draw."""
    from companion import events

    organiser = set_up(client, 8)
    client.post(organiser + "draw")
    drawn = drawn_tables(client, organiser)
    real = events.load

    def swapped_meanwhile(db: Any, event: store.ClubEvent) -> events.Night:
        night = real(db, event)
        monkeypatch.setattr(events, "load", real)
        events.swap(db, event, drawn[0][0], drawn[1][0])
        return night

    monkeypatch.setattr(events, "load", swapped_meanwhile)
    refused = client.post(organiser + "start")
    assert refused.status_code == 422 and "The draw changed meanwhile" in text(refused)
    assert round_tables(app, organiser, 1) == []
    assert client.post(organiser + "start").status_code == 303
    db = store.connect(app.config["DATABASE"], migrate=False)
    seated = [list(store.get_table(db, t.table_id).players) for t in round_tables(app, organiser, 1)]
    assert seated[0][0] == drawn[1][0] and seated[1][0] == drawn[0][0]


def test_a_swap_that_read_the_draw_before_an_arrival_was_drawn_in_changes_nothing(client: FlaskClient, app: Any,
                                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A player arrives (the pending round is drawn again to take them in) while the organiser's
    other phone swaps two players of the draw it read before: the swap is refused, and the
    newcomer stays in the draw."""
    from companion import events

    organiser = set_up(client, 8)
    client.post(organiser + "draw")
    drawn = drawn_tables(client, organiser)
    real = events.load

    def arrival_meanwhile(db: Any, event: store.ClubEvent) -> events.Night:
        night = real(db, event)
        monkeypatch.setattr(events, "load", real)
        events.add_player(db, event, "Newcomer")
        return night

    monkeypatch.setattr(events, "load", arrival_meanwhile)
    refused = client.post(organiser + "swap", data={"first": drawn[0][0], "second": drawn[1][0]})
    assert refused.status_code == 422 and "The draw changed meanwhile" in text(refused)
    assert "Newcomer" in sum(drawn_tables(client, organiser), [])


def test_a_draw_again_that_read_the_event_before_an_arrival_was_drawn_in_changes_nothing(
        client: FlaskClient, app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The organiser draws the pending round again while a player arrives and the arrival's
    redraw lands: the draw computed without the newcomer is refused, and the newcomer stays in."""
    from companion import events

    organiser = set_up(client, 8)
    client.post(organiser + "draw")
    real = events.load

    def arrival_meanwhile(db: Any, event: store.ClubEvent) -> events.Night:
        night = real(db, event)
        monkeypatch.setattr(events, "load", real)
        events.add_player(db, event, "Newcomer")
        return night

    monkeypatch.setattr(events, "load", arrival_meanwhile)
    refused = client.post(organiser + "draw")
    assert refused.status_code == 422 and "The draw changed meanwhile" in text(refused)
    assert "Newcomer" in sum(drawn_tables(client, organiser), [])


def test_a_start_after_an_arrival_and_before_its_redraw_seats_nothing(client: FlaskClient, app: Any) -> None:
    """A player has arrived and the pending round has not yet been drawn again to take them in:
    a start refuses to seat the round without them, and seats it once it is drawn again."""
    organiser = set_up(client, 8)
    client.post(organiser + "draw")
    db = store.connect(app.config["DATABASE"], migrate=False)
    event = event_of(app, organiser)
    with store.writing(db):  # the arrival, as add_player writes it before its redraw
        store.insert_club_player(db, event.id, "Newcomer", 1)
        store.touch_club_event(db, event.id)
    refused = client.post(organiser + "start")
    assert refused.status_code == 422 and "The draw changed meanwhile" in text(refused)
    assert round_tables(app, organiser, 1) == []
    assert client.post(organiser + "draw").status_code == 303
    assert client.post(organiser + "start").status_code == 303
    seated = [name for t in round_tables(app, organiser, 1) for name in store.get_table(db, t.table_id).players]
    assert "Newcomer" in seated


def test_an_arrivals_redraw_that_loses_to_another_change_draws_again(client: FlaskClient, app: Any,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The redraw that takes a newcomer in is refused once (another change landed between its
    reading and its writing): it draws again, rather than setting the round's draw aside."""
    from companion import events

    organiser = set_up(client, 8)
    client.post(organiser + "draw")
    real = events.draw_round
    refusals = []

    def lost_once(db: Any, event: store.ClubEvent) -> store.ClubRound:
        if not refusals:
            refusals.append(1)
            raise events.EventError(events.DRAW_CHANGED)
        return real(db, event)

    monkeypatch.setattr(events, "draw_round", lost_once)
    assert client.post(organiser + "players", data={"player": "Newcomer"}).status_code == 303
    assert refusals and "Newcomer" in sum(drawn_tables(client, organiser), [])


def test_a_swap_with_a_sit_out_drops_the_sentence_naming_the_old_sit_out(client: FlaskClient) -> None:
    """Seven players at Twin Shoot (tables of 4 or 6): a table of six and a sit-out. Swapped
    with a seated player, the sit-out is no longer said to sit out (nor chosen by lot)."""
    response = client.post("/club", data={"game": "twin-shoot", "options_for": "twin-shoot", "event_rounds": "2",
                                          "event_scoring": "placement",
                                          "event_players": "\n".join(f"P{i}" for i in range(7))})
    organiser = str(response.headers["Location"])
    client.post(organiser + "draw")
    before = page(client, organiser)
    out = before.select_one("#sit-out").get_text().split(": ")[-1]
    assert any(out in li.get_text() and "sits out" in li.get_text() for li in before.select("#draw-reasons li"))
    seated = drawn_tables(client, organiser)[0][0]
    assert client.post(organiser + "swap", data={"first": out, "second": seated}).status_code == 303
    after = page(client, organiser)
    assert after.select_one("#sit-out").get_text().split(": ")[-1] == seated
    assert not any("sits out" in li.get_text() for li in after.select("#draw-reasons li"))


def test_the_button_after_a_swap_says_it_goes_back_to_the_drawn_tables_and_does(client: FlaskClient) -> None:
    """The same seed draws the same tables: the button does not draw anew, it undoes the swaps."""
    organiser = set_up(client, 8)
    client.post(organiser + "draw")
    drawn = drawn_tables(client, organiser)
    client.post(organiser + "swap", data={"first": drawn[0][0], "second": drawn[1][0]})
    assert drawn_tables(client, organiser) != drawn
    button = page(client, organiser).select_one("#redraw")
    assert button is not None and button.get_text() == "Back to the drawn tables"
    assert client.post(organiser + "draw").status_code == 303
    assert drawn_tables(client, organiser) == drawn


def test_a_sit_out_earns_the_average_seat_before_any_table_finishes(client: FlaskClient, app: Any) -> None:
    """Seven players at Twin Shoot: a table of six and a sit-out, who earns (6 - 1)/2 from the
    start of the round (docs/rulings.md, "A club night"), not 0 until the table finishes."""
    response = client.post("/club", data={"game": "twin-shoot", "options_for": "twin-shoot", "event_rounds": "2",
                                          "event_scoring": "placement",
                                          "event_players": "\n".join(f"P{i}" for i in range(7))})
    organiser = str(response.headers["Location"])
    start_round(client, organiser)
    out = store.club_rounds(store.connect(app.config["DATABASE"], migrate=False), event_of(app, organiser).id)[0].draw["sit_out"]
    assert len(out) == 1
    scores = {who: score for _, who, score in standings(client, board_path(app, organiser))}
    assert scores[out[0]] == "2.5" and {s for who, s in scores.items() if who != out[0]} == {"0"}


def test_the_event_is_read_from_one_snapshot(client: FlaskClient, app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player arrives (from another connection) while the event is being read: the reading
    holds the event as it was before the arrival in every part, its revision and players alike."""
    from companion import events

    organiser = set_up(client, 8)
    event = event_of(app, organiser)
    db = store.connect(app.config["DATABASE"], migrate=False)
    other = store.connect(app.config["DATABASE"], migrate=False)
    real = store.club_rounds

    def arrival_meanwhile(db: Any, event_id: str) -> list[store.ClubRound]:
        monkeypatch.setattr(store, "club_rounds", real)
        with store.writing(other):
            store.insert_club_player(other, event_id, "Newcomer", 1)
            store.touch_club_event(other, event_id)
        return real(db, event_id)

    monkeypatch.setattr(store, "club_rounds", arrival_meanwhile)
    night = events.load(db, event)
    assert store.club_rounds is real  # the arrival landed while the event was read
    assert night.event.revision == event.revision and "Newcomer" not in [p.name for p in night.players]
    assert "Newcomer" in [p.name for p in events.load(db, event).players]


def test_the_set_up_says_each_games_player_counts_in_words(client: FlaskClient) -> None:
    """In English the counts read as the home page says them ("3–5 players"), never joined by "・"."""
    games = page(client, "/club/new").select("#event-form label.choice small")
    said = [small.get_text() for small in games]
    assert said and "3–5 players" in said and not any("・" in words for words in said)


def test_a_refused_swap_keeps_the_two_players_sent(client: FlaskClient) -> None:
    organiser = set_up(client, 8)
    client.post(organiser + "draw")
    chosen = drawn_tables(client, organiser)[1][0]
    refused = client.post(organiser + "swap", data={"first": chosen, "second": chosen})
    assert refused.status_code == 422 and "two different players" in text(refused)
    form = page_of(refused)
    assert [form.select_one(f"select[name={name}] option[selected]").get_text() for name in ("first", "second")] == \
        [chosen, chosen]


def test_the_arrival_field_holds_as_many_characters_as_a_players_name_may(client: FlaskClient,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from companion import limits

    organiser = set_up(client, 3)
    monkeypatch.setattr(limits, "PLAYER_NAME", 30)
    assert page(client, organiser).select_one("input[name=player]")["maxlength"] == "30"
