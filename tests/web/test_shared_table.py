"""Several phones on one table: links and tokens, CSRF, escaping, racing writers, live polling."""

from __future__ import annotations

import gzip
import json
import re
import threading
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import store, tables
from companion.app import create_app
from companion.rules.base import RuleError
from tests.conftest import soup, text
from tests.games.hyper_maker.table import enter, form_fields, seat_table


def links(client: FlaskClient, game_url: str) -> dict[str, str]:
    """The scorer's and viewer's links as the share page shows them."""
    share = soup(client.get(game_url.split("/g/")[0] + "/share", base_url=LAN))
    return {fig["id"].removeprefix("qr-"): fig.select_one("a.link")["href"] for fig in share.select("figure.qr")}


LAN = "http://192.168.7.21:5000"
"""How the phones reach the app when it is served to the local network."""


def path(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


def test_share_page_draws_both_links_as_qr_codes(client: FlaskClient) -> None:
    url = seat_table(client)
    page = soup(client.get(url.split("/g/")[0] + "/share", base_url=LAN))
    assert len(page.select("figure.qr svg")) == 2
    found = links(client, url)
    assert set(found) == {"scorer", "viewer"}
    assert found["scorer"] != found["viewer"]
    assert all(len(path(link).split("/")[2]) >= 22 for link in found.values())  # 128 random bits


def test_viewer_can_watch_but_every_write_is_refused_politely(client: FlaskClient) -> None:
    url = seat_table(client)
    enter(client, url, "R5B6")
    viewer = path(links(client, url)["viewer"]).rstrip("/")
    page = client.get(f"{viewer}/", follow_redirects=True)
    assert page.status_code == 200
    assert soup(page).select_one("form.picker") is None
    assert soup(page).select_one("button.undo") is None
    assert "You are watching" in text(page)
    assert not links(client, f"{viewer}/g/1").get("scorer")
    for target, data in [("/g/1/entries", {"seq": "1", "kind": "play", "seat": "0", "card": "R2G9"}),
                         ("/g/1/undo", {"seq": "1"}), ("/games", {"game": "hyper-maker", "first_leader": "0"})]:
        refused = client.post(viewer + target, data=data)
        assert refused.status_code == 403
        assert "only watch" in soup(refused).select_one(".error").get_text()
    assert form_fields(soup(client.get(url)))["seq"] == "1"


def test_a_wrong_token_opens_nothing(client: FlaskClient) -> None:
    url = seat_table(client)
    other = seat_table(client, ["Dan", "Eve", "Fay"])
    assert client.get(url.replace(url.split("/")[-3], "x" * 22)).status_code == 404
    assert client.post(re.sub(r"/t/[^/]+/", "/t/nope/", other) + "/undo", data={"seq": "0"}).status_code == 404
    assert "Dan" not in client.get(url).get_data(as_text=True)


def test_home_lists_only_the_tables_this_browser_opened(app: Flask) -> None:
    mine, theirs = app.test_client(), app.test_client()
    mine.get(seat_table(mine))
    assert "Aki" in text(mine.get("/"))
    assert "Aki" not in text(theirs.get("/"))


def test_forms_without_the_csrf_token_are_refused(db_path: Path) -> None:
    app = create_app({"DATABASE": str(db_path), "TESTING": True})
    client = app.test_client()
    client.set_cookie("lang", "en")
    refused = client.post("/tables", data={"player": ["Aki", "Ben", "Cho"], "game": "hyper-maker"})
    assert refused.status_code == 400
    home = soup(client.get("/"))
    token = home.select_one("input[name=csrf_token]")["value"]
    assert re.search(r'"X-CSRFToken": "[^"]+"', home.body["data-hx-headers"])
    made = client.post("/tables", data={"csrf_token": token, "player": ["Aki", "Ben", "Cho"], "game": "hyper-maker"})
    assert made.status_code == 303
    new_game = soup(client.get(made.location))
    started = client.post(made.location.split("?")[0].replace("/new", "/games"),
                          data={"game": "hyper-maker", "first_leader": "0"})
    assert started.status_code == 400
    started = client.post(made.location.split("?")[0].replace("/new", "/games"), data={
        "game": "hyper-maker", "first_leader": "0",
        "csrf_token": new_game.select_one("input[name=csrf_token]")["value"]})
    assert started.status_code == 303
    game = started.location
    header_only = client.post(f"{game}/entries", data={"seq": "0", "kind": "master", "card": "R5B6"},
                              headers={"X-CSRFToken": token, "HX-Request": "true"})
    assert header_only.status_code == 200
    assert client.post(f"{game}/entries", data={"seq": "1", "kind": "play", "seat": "0", "card": "R2G9"}).status_code == 400
    assert len(store.events_of(store.connect(db_path), 1)) == 1


def test_hostile_names_are_shown_as_text(client: FlaskClient) -> None:
    hostile = '<script>x()</script>'
    url = seat_table(client, [hostile, '"><img src=x>', "Cho"])
    for page in (client.get(url), client.get("/"), client.get(url + "/history")):
        html = soup(page)
        assert [re.sub(r"\.[0-9a-f]{10}\.js$", ".js", s.get("src", "")) for s in html.select("script")] == [
            "/static/htmx-2.0.11.min.js", "/static/idb-keyval-6.3.0.min.js", "/static/companion.js"]
        assert html.select("img") == []
    assert hostile in text(client.get(url))


def test_scripts_and_styles_are_compressed_as_pages_are(client: FlaskClient) -> None:
    import brotli

    plain = client.get("/static/htmx-2.0.11.min.js", headers={"Accept-Encoding": "identity"}).data
    for offered, chosen in (("gzip, deflate, br, zstd", "br"), ("gzip, deflate", "gzip")):
        answer = client.get("/static/htmx-2.0.11.min.js", headers={"Accept-Encoding": offered})
        assert answer.headers["Content-Encoding"] == chosen
        body = brotli.decompress(answer.data) if chosen == "br" else gzip.decompress(answer.data)
        assert body == plain and len(answer.data) < len(plain) / 2


def test_pages_forbid_outside_and_inline_scripts(client: FlaskClient) -> None:
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "default-src 'self'" in csp and "unsafe-inline" not in csp
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert soup(response).select("script:not([src])") == []


def test_oversized_requests_are_refused_with_no_effect(client: FlaskClient) -> None:
    url = seat_table(client)
    response = client.post(f"{url}/entries", data={"seq": "0", "kind": "master", "card": "R5B6", "pad": "x" * 100_000})
    assert response.status_code == 413
    assert "too large" in text(response)
    assert form_fields(soup(client.get(url)))["seq"] == "0"


def test_malformed_entries_are_refused_with_a_reason(client: FlaskClient) -> None:
    url = seat_table(client)
    response = client.post(f"{url}/entries", data={"seq": "0", "kind": "deal", "card": "R5B6"})
    assert response.status_code == 422
    assert "Unknown entry" in soup(response).select_one(".error").get_text()
    response = client.post(f"{url}/entries", data={"seq": "zero", "kind": "master", "card": "R5B6"})
    assert response.status_code == 409


def test_errors_never_show_a_stack_trace(app: Flask, client: FlaskClient, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    url = seat_table(client)

    def broken(*_args: object) -> None:
        raise RuntimeError("SELECT secret FROM somewhere")

    monkeypatch.setattr(tables, "scoreboard", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = client.get(url)
    assert response.status_code == 500
    assert "Traceback" not in response.get_data(as_text=True)
    assert "SELECT" not in response.get_data(as_text=True)
    assert "nothing you entered was lost" in text(response)


def test_racing_writers_land_exactly_one_entry_per_number(db_path: Path, client: FlaskClient) -> None:
    url = seat_table(client)
    token = url.split("/")[-3]
    cards = ["R5B6", "R2G9", "B8Y3", "R9B2", "G1Y10", "B1G10", "R3G8", "R4Y7"]
    won: list[str] = []
    lost: list[str] = []
    barrier = threading.Barrier(len(cards))

    def write(card: str) -> None:
        db = store.connect(db_path)
        table = store.table_by_token(db, token)
        row = tables.game_row(db, table.id, 1)
        barrier.wait()
        try:
            tables.enter(db, table, row, 0, "master", {"card": card})
            won.append(card)
        except (store.Conflict, RuleError):
            lost.append(card)
        finally:
            db.close()

    threads = [threading.Thread(target=write, args=(card,)) for card in cards]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    log = store.events_of(store.connect(db_path), 1)
    assert len(won) == 1 and len(lost) == len(cards) - 1
    assert [e.payload["card"] for e in log] == won


def test_double_tap_stores_the_card_once(client: FlaskClient) -> None:
    url = seat_table(client)
    fields = form_fields(soup(client.get(url)))
    first = client.post(f"{url}/entries", data={**fields, "card": "R5B6"}, headers={"HX-Request": "true"})
    second = client.post(f"{url}/entries", data={**fields, "card": "R5B6"}, headers={"HX-Request": "true"})
    assert (first.status_code, second.status_code) == (200, 409)
    assert len(soup(client.get(url + "/history")).select("ol.history li")) == 1


def test_polling_answers_304_until_something_changes(client: FlaskClient) -> None:
    url = seat_table(client)
    first = client.get(f"{url}/panel")
    etag = first.headers["ETag"]
    assert first.status_code == 200 and soup(first).select_one("#panel") is not None
    assert client.get(f"{url}/panel", headers={"If-None-Match": etag}).status_code == 304
    enter(client, url, "R5B6")
    changed = client.get(f"{url}/panel", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert soup(changed).select_one("#prompt").get_text(strip=True) == "Aki's card"
    assert etag.strip('"') not in soup(changed).select_one("#panel")["data-hx-headers"]


def test_a_viewer_waits_for_the_first_game_then_is_sent_to_it(client: FlaskClient) -> None:
    made = client.post("/tables", data={"player": ["Aki", "Ben", "Cho"], "game": "hyper-maker"})
    table_url = made.location.split("/new")[0]
    share = soup(client.get(table_url + "/share", base_url=LAN))
    viewer = path(share.select_one("#qr-viewer a.link")["href"])
    waiting = client.get(viewer)
    assert waiting.status_code == 200 and "No game has started yet" in text(waiting)
    client.post(f"{table_url}/games", data={"game": "hyper-maker", "first_leader": "0"})
    followed = client.get(viewer, headers={"HX-Request": "true"})
    assert followed.headers["HX-Redirect"].endswith("/g/1")


def test_the_page_polls_with_the_version_the_server_answers_304_to(client: FlaskClient) -> None:
    import json

    url = seat_table(client)
    for card in ("R5B6", "R2G9", "B8Y3", "R9B2", "G1Y10"):
        enter(client, url, card)
    client.post(url.split("/g/")[0] + "/games", data={"game": "hyper-maker", "first_leader": "1"})
    for game_url in (url, url.replace("/g/1", "/g/2")):
        etag = json.loads(soup(client.get(game_url)).select_one("#panel")["data-hx-headers"])["If-None-Match"]
        assert client.get(f"{game_url}/panel", headers={"If-None-Match": etag}).status_code == 304


def test_served_on_loopback_only_the_invite_page_says_so_and_shows_no_qr_code(client: FlaskClient) -> None:
    client.application.config["JOIN_BASE"] = None  # served on loopback only
    url = seat_table(client)
    for base in ("http://127.0.0.1:5000", "http://localhost:5000", "http://[::1]:5000"):
        page = soup(client.get(url.split("/g/")[0] + "/share", base_url=base))
        assert page.select("figure.qr") == []  # only this computer's own links (tests/web/test_invite_links.py)
        assert "companion serve --lan" in page.select_one("#loopback-only").get_text()


def test_served_to_the_lan_the_links_carry_the_lan_address_whatever_address_opened_the_page(app) -> None:  # type: ignore[no-untyped-def]
    from tests.conftest import english_client

    app.config["JOIN_BASE"] = "http://192.168.7.21:5000"
    client = english_client(app)
    url = seat_table(client)
    page = soup(client.get(url.split("/g/")[0] + "/share", base_url="http://127.0.0.1:5000"))
    found = [a["href"] for a in page.select("figure.qr a.link")]
    assert len(found) == 2 and all(link.startswith("http://192.168.7.21:5000/t/") for link in found)
    assert page.select_one("#loopback-only") is None


def test_the_tables_list_is_set_by_page_loads_not_by_every_panel_fetched(client: FlaskClient) -> None:
    url = seat_table(client)
    assert "recent=" in client.get(url).headers.get("Set-Cookie", "")  # a page load keeps it fresh
    fetched = client.get(f"{url}/panel", headers={"HX-Request": "true"})
    assert fetched.status_code == 200 and "Set-Cookie" not in fetched.headers  # already first on the list
    client.delete_cookie("recent")
    fetched = client.get(f"{url}/panel", headers={"HX-Request": "true"})
    assert "recent=" in fetched.headers.get("Set-Cookie", "")  # the list changed: kept
    assert len(soup(client.get("/")).select("li.recent")) == 1


def test_a_table_can_be_forgotten_on_this_phone_and_stays_open_to_its_links(client: FlaskClient) -> None:
    url = seat_table(client)
    client.get(url)  # opening a table puts it on this browser's list
    home = soup(client.get("/"))
    assert len(home.select("li.recent")) == 1
    token = home.select_one("li.recent input[name=token]")["value"]
    assert client.post("/forget", data={"token": token}).status_code == 303
    assert soup(client.get("/")).select("li.recent") == []
    assert client.get(url).status_code == 200  # the table itself is untouched


def test_opening_new_by_hand_mid_game_says_a_game_is_under_way(client: FlaskClient) -> None:
    url = seat_table(client)
    enter(client, url, "R5B6")
    table_url = url.split("/g/")[0]
    notice = soup(client.get(f"{table_url}/new")).select_one("#under-way")
    assert "Game 1 is still under way" in notice.get_text()
    assert notice.select_one("a")["href"].endswith("/g/1")


def test_names_are_corrected_after_the_start_and_nothing_else_changes(client: FlaskClient) -> None:
    url = seat_table(client)
    enter(client, url, "R5B6")
    enter(client, url, "R2G9")
    table_url = url.split("/g/")[0]
    form = soup(client.get(f"{table_url}/names"))
    assert [i["value"] for i in form.select("input[name=player]")] == ["Aki", "Ben", "Cho"]
    refused = client.post(f"{table_url}/names", data={"name": "", "player": ["Aki", "Aki", "Cho"]})
    assert refused.status_code == 422 and soup(refused).select_one(".error")
    assert client.post(f"{table_url}/names", data={"name": "Friday", "player": ["Aki", "Benji", "Cho"]}).status_code == 303
    page = soup(client.get(url))
    assert page.select_one("#prompt").get_text(strip=True) == "Benji's card"
    assert "Benji" in page.select_one("#scoreboard thead").get_text()
    assert "Aki: " in soup(client.get(f"{url}/history")).select("ol.history li")[0].get_text()  # newest first
    exported = client.get(f"{table_url}/export.json").get_json()
    again = client.post("/import", data={"record": (__import__("io").BytesIO(__import__("json").dumps(exported).encode()), "r.json")})
    assert again.status_code == 303  # a record whose games began under the old names still imports
    assert client.post(f"{table_url}/names", data={"name": "", "player": ["Aki", "Ben"]}).status_code == 422



@pytest.mark.parametrize("name", ["Ak\u202ei", "A\x00ki", "Ben\u2066", "Cho\u200f"])
def test_names_with_control_or_direction_characters_are_refused(client: FlaskClient, name: str) -> None:
    refused = client.post("/tables", data={"player": [name, "Ben", "Cho"], "game": "hyper-maker"})
    assert refused.status_code == 422 and "control characters" in text(refused)


def test_no_link_starts_with_a_dash_and_the_cli_takes_one_that_does(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from companion import cli

    assert not any(store.new_token().startswith("-") for _ in range(2000))
    db = store.connect(tmp_path / "c.db")
    table = store.create_table(db, "old", ["Aki", "Ben", "Cho"])
    db.execute("update tables set scorer_token = ? where id = ?", ["-abcdefghijklmnopqrstu", table.id])
    db.conn.commit()
    out = tmp_path / "out.json"
    assert cli.main(["export", "-abcdefghijklmnopqrstu", "--db", str(tmp_path / "c.db"), "-o", str(out)]) == 0
    assert json.loads(out.read_text())["table"]["name"] == "old"
    # Options written before the link, in any of argparse's forms, stay options.
    scores = tmp_path / "scores.csv"
    assert cli.main(["export", "--format=csv", f"--db={tmp_path / 'c.db'}", f"-o{scores}", table.viewer_token]) == 0
    assert scores.read_text(encoding="utf-8-sig").startswith("table,")


def test_a_name_corrected_in_one_serving_process_shows_in_another_at_once(db_path) -> None:  # type: ignore[no-untyped-def]
    from tests.conftest import english_client, make_app

    one, two = english_client(make_app(db_path)), english_client(make_app(db_path))  # each its own memory
    url = seat_table(one, ["Aki", "Ben", "Cho"])
    table = url.split("/g/")[0]
    panel = two.get(url + "/panel", headers={"HX-Request": "true"})
    assert "Ben" in text(panel)
    etag = panel.headers["ETag"]
    page = soup(one.get(table + "/names"))
    fields = {"name": "Friday", "player": ["Aki", "Bea", "Cho"]}
    fields.update({i["name"]: i["value"] for i in page.select("form input[type=hidden]")})
    assert one.post(table + "/names", data=fields).status_code == 303
    again = two.get(url + "/panel", headers={"HX-Request": "true", "If-None-Match": etag})
    assert again.status_code == 200 and "Bea" in text(again) and "Ben" not in text(again)
    assert "Bea" in text(two.get(url))
