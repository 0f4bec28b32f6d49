"""Take the record home: export, import, CSV, audit and the score chart."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion import chart, cli, records, store, tables
from companion.rules import hyper_maker as hm
from tests.conftest import soup, text
from tests.games.hyper_maker.table import enter, scoreboard_totals, seat_table, whole_game


def play_evening(client: FlaskClient, games: int, seed: int) -> str:
    url = seat_table(client)
    table_url = url.split("/g/")[0]
    for number in range(1, games + 1):
        for _, _, card in whole_game(3, seed=seed + number, first=number - 1):
            enter(client, f"{table_url}/g/{number}", card.code)
        client.post(f"{table_url}/games", data={"game": hm.SLUG, "first_leader": str(number % 3)})
    for card in ("R5B6", "R10B1"):  # the last game is under way
        enter(client, f"{table_url}/g/{games + 1}", card)
    return table_url


def test_export_then_import_rebuilds_the_same_scoreboard(client: FlaskClient, tmp_path: Path) -> None:
    for seed in (1, 2, 3):
        table_url = play_evening(client, games=2, seed=seed * 10)
        record = client.get(f"{table_url}/export.json").get_json()
        assert record["format"] == "companion-table" and len(record["games"]) == 3
        fresh = store.connect(tmp_path / f"empty-{seed}.db")
        imported = records.import_table(fresh, record)
        original_db = store.connect(client.application.config["DATABASE"])
        original = store.table_by_token(original_db, table_url.split("/")[-1])
        before, after = tables.scoreboard(original_db, original.id), tables.scoreboard(fresh, imported.id)
        assert [(s.evening, [r[1] for r in s.rows]) for s in before.series] == \
            [(s.evening, [r[1] for r in s.rows]) for s in after.series]
        assert imported.scorer_token != original.scorer_token
        assert records.export_table(fresh, imported.id)["games"] == record["games"]


def test_import_through_the_page_gives_a_new_scorer_link(client: FlaskClient) -> None:
    table_url = play_evening(client, games=1, seed=5)
    raw = client.get(f"{table_url}/export.json").data
    made = client.post("/import", data={"record": (io.BytesIO(raw), "record.json")},
                       content_type="multipart/form-data")
    assert made.status_code == 303 and made.location != table_url + "/"
    page = client.get(made.location, follow_redirects=True)
    assert scoreboard_totals(soup(page)) == scoreboard_totals(soup(client.get(f"{table_url}/g/2")))


def test_import_refuses_a_record_that_breaks_the_rules_and_writes_nothing(client: FlaskClient) -> None:
    table_url = play_evening(client, games=1, seed=6)
    record = client.get(f"{table_url}/export.json").get_json()
    record["games"][0]["events"][2]["payload"]["card"] = record["games"][0]["events"][1]["payload"]["card"]
    count = len(store.connect(client.application.config["DATABASE"]).execute("select id from tables").fetchall())
    refused = client.post("/import", data={"record": (io.BytesIO(json.dumps(record).encode()), "r.json")},
                          content_type="multipart/form-data")
    assert refused.status_code == 422
    said = text(refused)  # the game, the entry and the rule's own reason, naming the card (#12)
    assert "Game 1 of the record, the entry with seq 2:" in said and "has already been played" in said
    assert "Nothing was imported" in said and "hm.card_used" not in said
    not_json = client.post("/import", data={"record": (io.BytesIO(b"\x00nope"), "r.json")},
                           content_type="multipart/form-data")
    assert not_json.status_code == 422 and "not a table record" in text(not_json)
    after = len(store.connect(client.application.config["DATABASE"]).execute("select id from tables").fetchall())
    assert after == count


def test_csv_has_one_row_per_game_per_player(client: FlaskClient) -> None:
    table_url = play_evening(client, games=2, seed=7)
    rows = list(csv.DictReader(io.StringIO(client.get(f"{table_url}/export.csv").get_data(as_text=True))))
    assert len(rows) == 3 * 3
    totals = {name: sum(int(r["points"]) for r in rows if r["player"] == name) for name in ("Aki", "Ben", "Cho")}
    assert list(totals.values()) == scoreboard_totals(soup(client.get(f"{table_url}/g/3")))
    assert [r["status"] for r in rows[::3]] == ["finished", "finished", "playing"]


def test_cli_exports_imports_and_audits(client: FlaskClient, tmp_path: Path) -> None:
    url = seat_table(client)
    # A planted revoke: Ben shows out of red and blue in trick 1, then plays blue in trick 2.
    for card in ("R5B6", "R10B1", "G1Y10", "R2G9", "G5Y6", "G10Y1", "B8Y3", "G2Y9"):
        enter(client, url, card)
    db_path = Path(client.application.config["DATABASE"])
    out = io.StringIO()
    assert cli.export(url, db_path, "json", out) == 0
    record_path = tmp_path / "record.json"
    record_path.write_text(out.getvalue(), encoding="utf-8")
    report = io.StringIO()
    assert cli.audit(record_path, "en", report) == 0
    findings = json.loads(report.getvalue())["games"][0]["findings"]
    assert len(findings) == 1
    assert findings[0]["ref"] == {"seat": 1, "trick": 1} and findings[0]["clause"] == "5(2)"
    assert findings[0]["text"].startswith("Trick 1: Ben played")
    assert cli.import_record(record_path, tmp_path / "other.db", "en") == 0


def test_cli_import_prints_the_whole_scorer_link(client: FlaskClient, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    url = seat_table(client)
    record_path = tmp_path / "record.json"
    record_path.write_text(client.get(url.split("/g/")[0] + "/export.json").get_data(as_text=True), encoding="utf-8")
    assert cli.main(["import", str(record_path), "--db", str(tmp_path / "a.db"), "--lang", "en"]) == 0
    assert re.fullmatch(r"http://127\.0\.0\.1:5000/t/[\w-]+/\n", capsys.readouterr().out)
    assert cli.main(["import", str(record_path), "--db", str(tmp_path / "b.db"), "--lang", "en",
                     "--base", "http://192.168.1.20:5000/"]) == 0
    link = capsys.readouterr().out.strip()
    assert link.startswith("http://192.168.1.20:5000/t/") and link.endswith("/")
    token = link.split("/t/")[1].strip("/")
    assert store.table_by_token(store.connect(tmp_path / "b.db"), token).players == ("Aki", "Ben", "Cho")


def test_audit_is_silent_on_clean_seeded_games(tmp_path: Path, client: FlaskClient) -> None:
    table_url = play_evening(client, games=2, seed=11)
    path = tmp_path / "clean.json"
    path.write_text(client.get(f"{table_url}/export.json").get_data(as_text=True), encoding="utf-8")
    report = io.StringIO()
    assert cli.audit(path, "ja", report) == 0
    assert all(game["findings"] == [] for game in json.loads(report.getvalue())["games"])


def test_chart_draws_a_line_per_player_for_one_to_ten_games() -> None:
    for games in range(1, 11):
        rows = [[(g * 7 + s * 3) % 11 for s in range(4)] for g in range(games)]
        drawn = BeautifulSoup(str(chart.svg(rows, 4, "Running totals", "Games")), "html.parser")
        lines = drawn.select("polyline.line")
        assert len(lines) == 4
        assert all(len(line["points"].split()) == games + 1 for line in lines)
        labels = [t.get_text() for t in drawn.select("text")]
        assert "Games" in labels and str(games) in labels
        assert drawn.select_one("title").get_text() == "Running totals"


def test_a_long_evenings_chart_keeps_every_game_on_its_lines_without_growing_past_forty_games() -> None:
    def drawn(games: int) -> tuple[BeautifulSoup, int]:
        rows = [[(g * 7 + s * 3) % 11 - 3 for s in range(4)] for g in range(games)]
        text = str(chart.svg(rows, 4, "Running totals", "Games"))
        return BeautifulSoup(text, "html.parser"), len(text)

    forty, forty_size = drawn(chart.DOTS_UP_TO)
    assert len(forty.select("circle.dot")) == 4 * (chart.DOTS_UP_TO + 1)
    long_, long_size = drawn(300)
    assert long_.select("circle.dot") == []  # 1 px apart they would only thicken the line
    assert all(len(line["points"].split()) == 301 for line in long_.select("polyline.line"))
    assert long_size <= forty_size * 1.1


def test_scoreboard_chart_is_labelled_in_the_page_language(app) -> None:  # type: ignore[no-untyped-def]
    client = app.test_client()
    client.set_cookie("lang", "ja")
    url = seat_table(client)
    page = soup(client.get(url))
    assert page.select_one("svg.chart title") is not None
    assert page.select_one("svg.chart title").get_text() != "Running totals"


def test_cli_says_why_a_record_file_cannot_be_used_in_the_chosen_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing, not_a_record = tmp_path / "missing.json", tmp_path / "list.json"
    not_a_record.write_text("[1, 2]", encoding="utf-8")
    db = str(tmp_path / "cli.db")
    assert cli.main(["import", str(missing), "--db", db, "--lang", "en"]) == 2
    assert f"Could not read {missing}" in capsys.readouterr().err
    assert cli.main(["import", str(not_a_record), "--db", db, "--lang", "ja"]) == 2
    refused_ja = capsys.readouterr().err
    assert cli.main(["audit", str(not_a_record), "--lang", "ja"]) == 2
    assert json.loads(capsys.readouterr().out)["error"] in refused_ja
    assert "companion: " in refused_ja and not any(c.isascii() and c.isalpha() for c in refused_ja.split(": ", 1)[1])


def test_downloads_are_named_after_the_table_and_its_date_in_any_language(client: FlaskClient) -> None:
    response = client.post("/tables", data={"name": "金曜 / 会: 3", "player": ["Aki", "Ben", "Cho"], "game": "hyper-maker"})
    table_url = response.headers["Location"].rsplit("/new", 1)[0]
    created = records.file_name(store.TableRow("x", "", (), "2026-11-22T20:00:00", "", ""))
    assert created == "companion-2026-11-22"
    for kind in ("json", "csv"):
        disposition = client.get(f"{table_url}/export.{kind}").headers["Content-Disposition"]
        assert disposition.startswith('attachment; filename="')
        plain = disposition.split('filename="')[1].split('"')[0]
        assert plain.isascii() and "/" not in plain and plain.endswith(f".{kind}")
        encoded = disposition.split("filename*=UTF-8''")[1]
        from urllib.parse import unquote
        assert unquote(encoded).startswith("金曜-会-3-20") and unquote(encoded).endswith(f".{kind}")


def test_the_csv_starts_with_a_byte_order_mark_for_spreadsheets(client: FlaskClient) -> None:
    url = seat_table(client)
    table_url = url.split("/g/")[0]
    raw = client.get(f"{table_url}/export.csv").data
    assert raw.startswith("\ufeff".encode("utf-8"))
    assert "charset=utf-8" in client.get(f"{table_url}/export.csv").headers["Content-Type"]



def test_a_record_nested_too_deeply_is_refused_with_a_message(client: FlaskClient, tmp_path: Path) -> None:
    deep = "[" * 5000 + "]" * 5000
    refused = client.post("/import", data={"record": (io.BytesIO(deep.encode()), "r.json")},
                          content_type="multipart/form-data")
    assert refused.status_code == 422 and "not a table record" in text(refused)
    path = tmp_path / "deep.json"
    path.write_text(deep, encoding="utf-8")
    assert cli.main(["import", str(path), "--db", str(tmp_path / "x.db"), "--lang", "en"]) == 2


def test_times_from_a_record_are_kept_only_when_they_are_times(client: FlaskClient) -> None:
    table_url = play_evening(client, games=1, seed=6)
    record = client.get(f"{table_url}/export.json").get_json()
    record["table"]["created"] = "日本語\r\nX-Injected: 1"
    imported = client.post("/import", data={"record": (io.BytesIO(json.dumps(record).encode()), "r.json")},
                           content_type="multipart/form-data")
    new_table = imported.headers["Location"].rstrip("/")
    for kind in ("json", "csv"):
        response = client.get(f"{new_table}/export.{kind}")
        assert response.status_code == 200
        assert "Injected" not in response.headers["Content-Disposition"] and "\n" not in response.headers["Content-Disposition"]
    assert records.stamp("2026-11-22T20:00:00.123+00:00") == "2026-11-22T20:00:00.123+00:00"
    assert records.stamp('2026"; x=1') == ""


def test_csv_cells_are_never_formulas(client: FlaskClient) -> None:
    made = client.post("/tables", data={"name": "=HYPERLINK(\"x\")", "player": ["+Aki", "-Ben", "@Cho"],
                                        "game": "hyper-maker"})
    table_url = made.headers["Location"].rsplit("/new", 1)[0]
    client.post(f"{table_url}/games", data={"game": "hyper-maker", "first_leader": "0"})
    rows = list(csv.reader(io.StringIO(client.get(f"{table_url}/export.csv").get_data(as_text=True).lstrip("\ufeff"))))
    cells = [c for row in rows[1:] for c in (row[0], row[5])]
    assert cells and all(not c.startswith(("=", "+", "-", "@")) for c in cells)
    assert "'+Aki" in cells and "'=HYPERLINK(\"x\")" in cells


def test_csv_says_how_each_game_stands_and_names_an_unnamed_table(client: FlaskClient) -> None:
    made = client.post("/tables", data={"player": ["Aki", "Ben", "Cho"], "game": "hyper-maker"})
    table_url = made.headers["Location"].rsplit("/new", 1)[0]
    second = client.post(f"{table_url}/games", data={"game": "hyper-maker", "first_leader": "0"}).location
    client.post(f"{second}/abandon", data={"seq": "0"})
    client.post(f"{table_url}/games", data={"game": "hyper-maker", "first_leader": "1"})
    answer = client.get(f"{table_url}/export.csv")
    assert answer.headers["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True).lstrip("\ufeff"))))
    assert [r["status"] for r in rows[::3]] == ["abandoned", "playing"]
    assert {r["table"] for r in rows} == {"Aki, Ben, Cho"}
    assert [r["seat"] for r in rows[:3]] == ["0", "1", "2"]  # as the JSON record counts seats
    assert {r["team"] for r in rows} == {""}


def test_csv_names_each_members_team_in_a_team_game() -> None:
    from companion.rules.contract import Outcome

    table = store.TableRow("t", "Friday", ("A", "B", "C", "D"), "2026-11-22T20:00:00", "s", "v")
    row = store.GameRow(1, "t", 1, "kings-trick", {}, "")
    teams = Outcome((5, 3, 5, 3), True, (1, 2, 1, 2), teams=((0, 2), (1, 3)))
    lines = list(csv.reader(io.StringIO(records._csv_rows(table, [(row, teams, False)]))))  # noqa: SLF001 (this project's own)
    assert [(line[4], line[6], line[7]) for line in lines] == [("0", "1", "5"), ("1", "2", "3"), ("2", "1", "5"),
                                                               ("3", "2", "3")]


def test_a_records_setup_refused_is_named_as_the_setup(client: FlaskClient) -> None:
    table_url = play_evening(client, games=1, seed=7)
    record = client.get(f"{table_url}/export.json").get_json()
    record["games"][0]["setup"]["first_leader"] = 7
    refused = client.post("/import", data={"record": (io.BytesIO(json.dumps(record).encode()), "r.json")},
                          content_type="multipart/form-data")
    assert refused.status_code == 422
    assert "Game 1 of the record, its setup:" in text(refused) and "entry" not in text(refused).split("setup:")[0]


@pytest.mark.parametrize(("count", "lang", "said"), [
    (9, "en", "Black Junky is for 2–8 players; this record seats 9. Nothing was imported."),
    (1, "en", "Black Junky is for 2–8 players; this record seats 1. Nothing was imported."),
    (9, "ja", "ブラック・じゃんきーは2〜8人用のゲームです。この記録は9人です。何も取り込まれていません。"),
])
def test_a_record_seating_more_or_fewer_than_its_game_does_names_the_game_and_its_counts(
        client: FlaskClient, count: int, lang: str, said: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 46: not "No game here seats 9 players": the record's game, the counts it seats and
    the record's own count, on the page and from the command line; nothing is imported."""
    names = [f"P{n}" for n in range(count)]
    record = {"format": records.FORMAT, "version": records.VERSION,
              "table": {"name": "Friday", "players": names, "created": "2026-11-22T20:00:00"},
              "games": [{"number": 1, "kind": "black-junky", "created": "2026-11-22T20:00:00",
                         "setup": {"players": names, "first_leader": 0, "options": {}}, "events": []}]}
    client.set_cookie("lang", lang)
    tables_before = store.connect(client.application.config["DATABASE"])["tables"].count
    refused = client.post("/import", data={"record": (io.BytesIO(json.dumps(record).encode()), "r.json")},
                          content_type="multipart/form-data")
    assert refused.status_code == 422
    assert said in text(refused)
    assert store.connect(client.application.config["DATABASE"])["tables"].count == tables_before
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert cli.main(["import", str(path), "--db", str(tmp_path / "cli.db"), "--lang", lang]) == 2
    assert said in capsys.readouterr().err
