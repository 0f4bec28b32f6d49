"""A group's book through its pages (issue 44): starting one, its roster, its tables, seating
from the roster, and every change refused with a sentence, changing nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion import store
from tests.conftest import soup, text
from tests.contract.test_every_game import driver, import_to, record_of


def start_book(client: FlaskClient, name: str = "Friday club") -> str:
    """A new book; its keeper's page's path."""
    answer = client.post("/book", data={"name": name})
    assert answer.status_code == 303, answer.get_data(as_text=True)[:300]
    return str(answer.headers["Location"]).split("?")[0]


def members_link(client: FlaskClient, keeper: str) -> str:
    page = soup(client.get(keeper))
    return "/b/" + str(page.select_one("#members-link input")["value"]).split("/b/")[1]


def roster_names(client: FlaskClient, book: str) -> list[str]:
    return [a.get_text(strip=True) for a in soup(client.get(book + "roster")).select("#roster li > a")]


def add(client: FlaskClient, book: str, *names: str) -> None:
    for name in names:
        answer = client.post(book + "roster", data={"name": name})
        assert answer.status_code == 303, text(answer)


def number_of(client: FlaskClient, book: str, name: str) -> int:
    for a in soup(client.get(book + "roster")).select("#roster li > a"):
        if a.get_text(strip=True) == name:
            return int(a["href"].rstrip("/").split("/")[-1].split("?")[0])
    raise AssertionError(name)


def a_table(client: FlaskClient, names: tuple[str, ...] = ("Ann", "Ben", "Cho"), seed: int = 1) -> str:
    """A finished Hyper Maker table of three seated outside any book; its scorer link."""
    seed = next(s for s in range(seed, seed + 100) if len(driver("hyper-maker").random_game(s)[0]["players"]) == 3)
    setup, log = driver("hyper-maker").random_game(seed)
    setup = {**setup, "players": list(names)}
    return import_to(client, record_of("hyper-maker", setup, log)).split("/g/")[0]


def db_of(client: FlaskClient) -> Any:
    return store.connect(client.application.config["DATABASE"])


def test_a_book_is_started_from_the_home_page_and_remembered_there(client: FlaskClient) -> None:
    home = soup(client.get("/"))
    assert home.select_one("#new-book")["href"] == "/book/new"
    keeper = start_book(client, "Friday club")
    assert "Friday club" in text(client.get(keeper))
    listed = soup(client.get("/")).select("#books a")
    assert [a.get_text(strip=True) for a in listed] == ["Friday club"] and listed[0]["href"] == keeper


@pytest.mark.parametrize(("lang", "said"), [("en", "Enter the group's name."), ("ja", "グループの名前")])
def test_a_book_without_a_name_is_refused_in_the_persons_language(client: FlaskClient, lang: str, said: str) -> None:
    client.set_cookie("lang", lang)
    answer = client.post("/book", data={"name": "  "})
    assert answer.status_code == 422 and said in text(answer)
    assert db_of(client)["groups"].count == 0


def test_the_roster_adds_renames_merges_and_retires(client: FlaskClient) -> None:
    book = start_book(client)
    add(client, book, "Ann", "Ben", "Benjamin", "Cho")
    assert roster_names(client, book) == ["Ann", "Ben", "Benjamin", "Cho"]
    ann = number_of(client, book, "Ann")
    assert client.post(f"{book}roster/{ann}/rename", data={"name": "Anna"}).status_code == 303
    ben, benjamin = number_of(client, book, "Ben"), number_of(client, book, "Benjamin")
    assert client.post(f"{book}roster/merge", data={"merged": ben, "into": benjamin}).status_code == 303
    assert roster_names(client, book) == ["Anna", "Benjamin", "Cho"]
    cho = number_of(client, book, "Cho")
    assert client.post(f"{book}roster/{cho}/retire").status_code == 303
    page = soup(client.get(book))
    offered = [label.get_text(strip=True) for label in page.select(".book-players label")]
    assert offered == ["Anna", "Benjamin"], "a retired player is kept, not offered for seating"
    assert "Cho" in roster_names(client, book)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_bad_roster_changes_get_a_sentence_and_change_nothing(client: FlaskClient, lang: str) -> None:
    book = start_book(client)
    add(client, book, "Ann", "Ben")
    client.set_cookie("lang", lang)
    ann = number_of(client, book, "Ann")
    before = list(db_of(client)["group_players"].rows)
    refusals = [client.post(book + "roster", data={"name": "ann "}),
                client.post(f"{book}roster/merge", data={"merged": ann, "into": ann}),
                client.post(f"{book}roster/{ann}/rename", data={"name": "Ben"}),
                client.post(book + "roster", data={"name": ""})]
    for answer in refusals:
        assert answer.status_code == 422
        error = soup(answer).select_one("#roster-error")
        assert error is not None and error.get_text(strip=True)
        if lang == "ja":
            assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", error.get_text())
    assert list(db_of(client)["group_players"].rows) == before


def test_the_members_link_reads_and_never_writes(client: FlaskClient) -> None:
    keeper = start_book(client)
    add(client, keeper, "Ann", "Ben", "Cho")
    members = members_link(client, keeper)
    assert client.get(members).status_code == 200
    page = soup(client.get(members))
    assert page.select_one("#seat-from-roster") is None and page.select_one("#members-link") is None
    table = a_table(client)
    before = {name: list(db_of(client)[name].rows) for name in ("groups", "group_players", "group_tables")}
    ann = number_of(client, keeper, "Ann")
    for path, data in ((members + "roster", {"name": "Dan"}), (f"{members}roster/{ann}/retire", {}),
                       (f"{members}roster/merge", {"merged": "1", "into": "2"}),
                       (members + "tables", {"link": table, "seat": ["1", "2", "3"]})):
        answer = client.post(path, data=data)
        assert answer.status_code == 403, path
        assert "members' link" in text(answer)
    assert client.get(members + "seat?game=hyper-maker&player=1").status_code == 403
    assert {name: list(db_of(client)[name].rows) for name in before} == before


def test_a_table_played_elsewhere_joins_with_each_name_mapped(client: FlaskClient) -> None:
    book = start_book(client)
    add(client, book, "Ann", "Ben")
    table = a_table(client, ("Ann", "ben", "Cho"))
    mapping = soup(client.get(book + "tables", query_string={"link": "http://localhost" + table}))
    chosen = [s.select_one("option[selected]")["value"] for s in mapping.select("#mapping select")]
    assert chosen == [str(number_of(client, book, "Ann")), str(number_of(client, book, "Ben")), ""], \
        "exact names (case aside) are suggested; the rest is chosen"
    refused = client.post(book + "tables", data={"link": table, "seat": chosen})
    assert refused.status_code == 422 and "Cho has none" in text(refused)
    assert db_of(client)["group_tables"].count == 0
    assert client.post(book + "tables", data={"link": table, "seat": [*chosen[:2], "new"]}).status_code == 303
    assert roster_names(client, book) == ["Ann", "Ben", "Cho"]
    listed = soup(client.get(book + "tables")).select("#group-tables li")
    assert len(listed) == 1
    other = start_book(client, "Other club")
    again = client.post(other + "tables", data={"link": table, "seat": ["new", "new", "new"]})
    assert again.status_code == 422 and "belongs to a group's book already" in text(again)


def test_one_player_at_two_seats_is_refused(client: FlaskClient) -> None:
    book = start_book(client)
    add(client, book, "Ann", "Ben")
    table = a_table(client)
    ann = str(number_of(client, book, "Ann"))
    refused = client.post(book + "tables", data={"link": table, "seat": [ann, ann, "new"]})
    assert refused.status_code == 422 and "two seats" in text(refused)
    assert db_of(client)["group_tables"].count == 0 and db_of(client)["group_players"].count == 2


def test_a_table_taken_out_leaves_the_book_and_keeps_its_games(client: FlaskClient) -> None:
    book = start_book(client)
    table = a_table(client)
    client.post(book + "tables", data={"link": table, "seat": ["new", "new", "new"]})
    table_id = db_of(client)["group_tables"].rows.__next__()["table_id"]
    assert client.post(f"{book}tables/{table_id}/remove").status_code == 303
    assert db_of(client)["group_tables"].count == 0
    assert client.get(table + "/g/1").status_code == 200


def test_seating_from_the_roster_opens_the_seating_form_and_the_table_joins(client: FlaskClient) -> None:
    book = start_book(client)
    add(client, book, "Ann", "Ben", "Cho")
    numbers = [number_of(client, book, n) for n in ("Cho", "Ann", "Ben")]
    answer = client.get(book + "seat", query_string={"game": "hyper-maker", "player": numbers})
    assert answer.status_code == 303
    form = soup(client.get(answer.headers["Location"]))
    assert [i["value"] for i in form.select("#names input[name=player]")][:3] == ["Cho", "Ann", "Ben"]
    group = form.select_one("#seating input[name=group]")["value"]
    names = ["Cho", "Ann", "Ben", "Dan"]
    seated = client.post("/seat/hyper-maker", data={"player": names, "first_leader": "0", "group": group})
    assert seated.status_code == 303
    assert roster_names(client, book) == ["Ann", "Ben", "Cho", "Dan"], "a new name typed there joins the roster"
    tables = list(db_of(client)["group_tables"].rows)
    assert len(tables) == 1
    seats = sorted((r["seat"], r["player"]) for r in db_of(client)["group_seats"].rows)
    assert [p for _, p in seats] == [*numbers, number_of(client, book, "Dan")]


def test_a_club_night_can_start_from_the_roster(client: FlaskClient) -> None:
    book = start_book(client)
    add(client, book, "Ann", "Ben", "Cho", "Dan")
    link = soup(client.get(book)).select_one("#club-from-roster")["href"]
    form = soup(client.get(link))
    assert form.select_one("textarea[name=event_players]").get_text().split() == ["Ann", "Ben", "Cho", "Dan"]


def booked_tables(client: FlaskClient, book: str, count: int = 3) -> list[str]:
    """`count` finished tables of three from the four names, each added to the book."""
    from itertools import combinations

    links = []
    for seed, names in zip(range(1, count + 1), combinations(("Ann", "Ben", "Cho", "Dan"), 3)):
        link = a_table(client, names, seed=seed * 7)
        mapping = soup(client.get(book + "tables", query_string={"link": link}))
        seats = [s.select_one("option[selected]")["value"] or "new" for s in mapping.select("#mapping select")]
        assert client.post(book + "tables", data={"link": link, "seat": seats}).status_code == 303
        links.append(link)
    return links


def expected_wins(client: FlaskClient, links: list[str]) -> dict[str, tuple[int, int]]:
    """Games and wins per name, from each table's record replayed by its engine (not the book)."""
    from companion import rules
    from companion.rules.base import Event, replay

    found: dict[str, list[int]] = {}
    for link in links:
        record = client.get(link + "/export.json").get_json()
        for game in record["games"]:
            module = rules.GAMES[game["kind"]]
            events = [Event(e["kind"], e["payload"]) for e in game["events"]]
            outcome = module.outcome(replay(module.initial, module.apply, game["setup"], events).state)
            if not outcome.over:
                continue
            for name, place in zip(record["table"]["players"], outcome.places):
                found.setdefault(name, [0, 0])[0] += 1
                found[name][1] += place == 1
    return {name: (g, w) for name, (g, w) in found.items()}


def season_rows(client: FlaskClient, path: str) -> dict[str, tuple[int, int]]:
    rows = soup(client.get(path, query_string={"season": "2026"})).select("#standings tbody tr")
    return {r.th.get_text(strip=True): (int(r.select("td")[0].get_text()), int(r.select("td")[1].get_text()))
            for r in rows}


def test_the_season_table_shows_every_finished_games_places_and_moves_with_an_undo(client: FlaskClient) -> None:
    book = start_book(client)
    links = booked_tables(client, book)
    before = season_rows(client, book)
    assert before == expected_wins(client, links)
    entries = len(client.get(links[0] + "/export.json").get_json()["games"][0]["events"])
    assert client.post(links[0] + "/g/1/undo", data={"seq": str(entries)}).status_code == 303
    assert season_rows(client, book) == expected_wins(client, links) != before, "an undo at a table moves the book"
    members = members_link(client, book)
    assert season_rows(client, members) == expected_wins(client, links)


def test_an_entry_at_a_game_under_way_keeps_the_figures_the_book_remembered(client: FlaskClient) -> None:
    """The figures are remembered under the version at which the finished games last
    changed: an entry that finishes or unfinishes a game moves it, one in a game under way
    does not (the book's version moves, its figures are those read before)."""
    from companion import groups

    book = start_book(client)
    links = booked_tables(client, book)
    db = db_of(client)
    group = groups.group_by_link(db, book.rstrip("/").split("/")[-1])
    first = groups.load(db, group)
    entries = len(client.get(links[0] + "/export.json").get_json()["games"][0]["events"])
    assert client.post(links[0] + "/g/1/undo", data={"seq": str(entries)}).status_code == 303
    unfinished = groups.load(db, group)
    assert unfinished.games_version != first.games_version and len(unfinished.games) == len(first.games) - 1
    shown = season_rows(client, book)
    assert client.post(links[0] + "/g/1/undo", data={"seq": str(entries + 1)}).status_code == 303
    under_way = groups.load(db, group)
    assert under_way.version != unfinished.version, "the entry moved the book's version"
    assert under_way.games_version == unfinished.games_version and under_way.games == unfinished.games
    assert season_rows(client, book) == shown == expected_wins(client, links)


def test_an_entry_moves_its_own_groups_count_and_names_its_table_alone(client: FlaskClient) -> None:
    """The trigger behind the book's version: an entry at a table of the group counts one
    change there and marks that table; a table of no group or of another group moves nothing."""
    from companion import groups

    book, other = start_book(client), start_book(client, "Tuesday club")
    links = booked_tables(client, book, count=2)
    outside = a_table(client, ("Eve", "Fay", "Gus"), seed=40)
    db = db_of(client)
    group = groups.group_by_link(db, book.rstrip("/").split("/")[-1])
    other_group = groups.group_by_link(db, other.rstrip("/").split("/")[-1])
    revision, changes = store.group_counts(db, group.id)
    other_counts = store.group_counts(db, other_group.id)
    entries = len(client.get(outside + "/export.json").get_json()["games"][0]["events"])
    assert client.post(outside + "/g/1/undo", data={"seq": str(entries)}).status_code == 303
    assert store.group_counts(db, group.id) == (revision, changes)
    entries = len(client.get(links[1] + "/export.json").get_json()["games"][0]["events"])
    assert client.post(links[1] + "/g/1/undo", data={"seq": str(entries)}).status_code == 303
    assert store.group_counts(db, group.id) == (revision, changes + 1)
    assert store.group_counts(db, other_group.id) == other_counts
    moved_table = store.table_by_token(db, links[1].split("/t/")[1].split("/")[0]).id
    assert store.group_tables_moved(db, group.id, changes) == {moved_table}
    assert store.group_tables_moved(db, group.id, changes + 1) == set()


def test_every_page_of_the_book_answers_for_keeper_and_members(client: FlaskClient) -> None:
    book = start_book(client)
    booked_tables(client, book)
    members = members_link(client, book)
    for base in (book, members):
        for path in ("", "records", "evenings", "ratings", "ratings?game=hyper-maker", "roster", "tables",
                     "?game=hyper-maker", "?from=2026-01-01&to=2026-12-31"):
            assert client.get(base + path).status_code == 200, base + path
        for a in soup(client.get(base)).select("#standings tbody th a"):
            page = soup(client.get(a["href"]))
            assert page.select("#per-game tbody tr") and page.select("#last-results li"), a["href"]
            assert page.select("#head-to-head tbody tr")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_range_that_ends_before_it_starts_is_refused_with_a_sentence(client: FlaskClient, lang: str) -> None:
    book = start_book(client)
    client.set_cookie("lang", lang)
    answer = client.get(book, query_string={"from": "2026-05-01", "to": "2026-04-01"})
    assert answer.status_code == 422
    error = soup(answer).select_one("#season-error").get_text(strip=True)
    assert "2026-05-01" in error
    if lang == "ja":
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", error)


def test_the_exports_carry_a_row_per_player_per_game_and_the_documented_figures(client: FlaskClient) -> None:
    import csv
    import io

    book = start_book(client)
    links = booked_tables(client, book)
    wins = expected_wins(client, links)
    rows = list(csv.DictReader(io.StringIO(client.get(book + "export.csv?season=2026").get_data(as_text=True)
                                           .lstrip("\ufeff"))))
    assert list(rows[0]) == ["date", "table", "game", "number", "player", "place", "points", "team"]
    assert len(rows) == sum(g for g, _ in wins.values())
    data = client.get(book + "export.json?season=2026").get_json()
    assert {p["name"]: (p["games"], p["wins"]) for p in data["players"]} == wins
    for p in data["players"]:
        assert set(p) >= {"name", "games", "wins", "win_rate", "avg_place", "per_game", "head_to_head"}
        assert set(p["per_game"]["hyper-maker"]) == {"games", "wins", "avg_place", "points_avg", "rating"}
        assert set(p["per_game"]["hyper-maker"]["rating"]) == {"mu", "sigma", "ordinal"}
    assert [t["mapping"][0]["player"] for t in data["tables"]] == ["Ann", "Ann", "Ann"]


def test_companion_stats_prints_the_same_figures(client: FlaskClient, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from companion import cli

    book = start_book(client)
    booked_tables(client, book)
    db = client.application.config["DATABASE"]
    assert cli.main(["stats", "http://localhost:5000" + book, "--season", "2026", "--db", db]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == client.get(book + "export.json?season=2026").get_json()
    assert cli.main(["stats", book, "--from", "2026-05-01", "--to", "2026-04-01", "--db", db, "--lang", "en"]) == 2
    assert "ends before it starts" in capsys.readouterr().err
    assert cli.main(["stats", book, "--format", "csv", "--season", "2026", "--db", db]) == 0
    assert capsys.readouterr().out.startswith("date,table,game,number,player,place,points,team\n")


def test_a_club_night_seated_elsewhere_joins_with_each_name_mapped_once(client: FlaskClient) -> None:
    from companion import events

    db = db_of(client)
    event = events.create_event(db, "Autumn cup", "hyper-maker", "2", "placement", {},
                                ["Ann", "Ben", "Cho", "Dan", "Eri", "Fay"])
    events.draw_round(db, event)
    events.start_round(db, store.get_club_event(db, event.id))
    seated = [store.get_table(db, t.table_id) for t in store.club_tables(db, event.id)]
    assert len(seated) >= 2
    book = start_book(client)
    add(client, book, "Ann", "Ben")
    link = f"http://localhost:5000/e/{event.viewer_token}/board"
    mapping = soup(client.get(book + "tables", query_string={"link": link}))
    names = [label.contents[0].strip() for label in mapping.select("#mapping label.map")]
    assert sorted(names) == ["Ann", "Ben", "Cho", "Dan", "Eri", "Fay"]
    chosen = [s.select_one("option[selected]")["value"] for s in mapping.select("#mapping select")]
    refused = client.post(book + "events", data={"link": link, "seat": chosen})
    assert refused.status_code == 422 and "has none" in text(refused)
    assert db_of(client)["group_tables"].count == 0
    answer = client.post(book + "events", data={"link": link, "seat": [c or "new" for c in chosen]})
    assert answer.status_code == 303
    assert sorted(roster_names(client, book)) == ["Ann", "Ben", "Cho", "Dan", "Eri", "Fay"]
    assert db_of(client)["group_tables"].count == len(seated)


def test_figures_brought_forward_after_changes_equal_those_read_afresh(client: FlaskClient) -> None:
    """The season's sums are brought forward from the book last tallied (the tables whose
    games changed taken out and put in again): after a game unfinished by an undo, a table
    added and one taken out, the season table and every player's page read as a freshly
    started app reads them, with nothing remembered."""
    from pathlib import Path

    from tests.conftest import english_client, make_app

    book = start_book(client)
    links = booked_tables(client, book, count=3)
    pages = [book + "?season=2026", book + "?season=2026&game=hyper-maker"] + [
        f"{book}players/{number_of(client, book, name)}?season=2026" for name in ("Ann", "Ben", "Cho", "Dan")]

    def shown(reader: FlaskClient) -> list[str]:
        return [str(soup(reader.get(page)).select_one("main")) for page in pages]

    def undo_the_last_card() -> None:
        entries = len(client.get(links[1] + "/export.json").get_json()["games"][0]["events"])
        assert client.post(links[1] + "/g/1/undo", data={"seq": str(entries)}).status_code == 303

    def add_a_table() -> None:
        link = a_table(client, ("Dan", "Ann", "Ben"), seed=40)
        mapping = soup(client.get(book + "tables", query_string={"link": link}))
        seats = [s.select_one("option[selected]")["value"] or "new" for s in mapping.select("#mapping select")]
        assert client.post(book + "tables", data={"link": link, "seat": seats}).status_code == 303

    def take_a_table_out() -> None:
        assert client.post(f"{book}tables/{_table_id(client, links[0])}/remove").status_code == 303

    first = shown(client)  # tallied once; each change below brings the sums forward
    for change in (undo_the_last_card, add_a_table, take_a_table_out):
        change()
        after = shown(client)
        assert after == shown(english_client(make_app(Path(client.application.config["DATABASE"])))), change.__name__
        assert after != first, change.__name__
        first = after


def _table_id(client: FlaskClient, link: str) -> str:
    token = link.split("/t/")[1].split("/")[0]
    return str(db_of(client).execute("select id from tables where scorer_token = ?", [token]).fetchone()[0])
