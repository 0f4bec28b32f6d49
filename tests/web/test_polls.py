"""A phone's poll of a table that has not changed is answered 304 before Flask runs; any
change, an unknown link or another request goes on to the app."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from tests.games.hyper_maker.table import enter, seat_table


def counting_panel_view(app: Flask) -> list[int]:
    calls: list[int] = []
    view = app.view_functions["play.panel"]

    def counted(**kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return view(**kwargs)

    app.view_functions["play.panel"] = counted
    return calls


@contextmanager
def counting_renders() -> Iterator[list[str]]:
    """The panel renderings made inside the block (the template of each)."""
    from companion.views import play

    rendered: list[str] = []
    original = play.render_block

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        rendered.append(args[0])
        return original(*args, **kwargs)

    play.render_block = counting  # type: ignore[assignment]
    try:
        yield rendered
    finally:
        play.render_block = original  # type: ignore[assignment]


def test_an_unchanged_table_is_answered_without_the_app(app: Flask, client: FlaskClient) -> None:
    url = seat_table(client)
    calls = counting_panel_view(app)
    first = client.get(url + "/panel", headers={"HX-Request": "true", "Accept-Encoding": "br"})
    assert first.status_code == 200 and calls == [1]
    etag = first.headers["ETag"]
    assert etag.endswith(':br"')  # compression marks its ETag; the poll still matches
    again = client.get(url + "/panel", headers={"HX-Request": "true", "If-None-Match": etag})
    # The page's poll: empty, left unswapped by htmx, with a length so the connection stays open.
    assert again.status_code == 200 and again.data == b"" and again.headers["HX-Reswap"] == "none"
    assert again.headers["Content-Length"] == "0" and again.headers["ETag"] == etag
    plain = client.get(url + "/panel", headers={"If-None-Match": etag})  # any other client: a 304
    assert plain.status_code == 304 and plain.data == b""
    assert calls == [1]
    enter(client, url, "R5B6")
    changed = client.get(url + "/panel", headers={"HX-Request": "true", "If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert calls == [1, 1]


def test_unknown_links_and_other_addresses_go_to_the_app(app: Flask, client: FlaskClient) -> None:
    url = seat_table(client)
    etag = client.get(url + "/panel").headers["ETag"]
    assert client.get("/t/nope/g/1/panel", headers={"If-None-Match": etag}).status_code == 404
    assert client.get(url + "/panel?x=1", headers={"If-None-Match": etag}).status_code in (200, 304)
    page = client.get(url, headers={"If-None-Match": etag})
    assert page.status_code == 200 and b"<html" in page.data


def test_every_viewer_gets_the_panel_rendered_once_per_version(app: Flask, client: FlaskClient) -> None:
    from tests.conftest import english_client, soup

    url = seat_table(client)
    table = url.split("/g/")[0]
    share = soup(client.get(table + "/share", base_url="http://192.168.7.21:5000"))
    viewer = share.select_one("#qr-viewer a.link")["href"].split("192.168.7.21:5000", 1)[1].rstrip("/")
    with counting_renders() as rendered:
        phones = [english_client(app) for _ in range(3)]
        panels = [p.get(viewer + "/g/1/panel", headers={"HX-Request": "true"}).get_data(as_text=True) for p in phones]
        assert len(set(panels)) == 1 and len(rendered) == 1
        enter(client, url, "R5B6")
        panels = [p.get(viewer + "/g/1/panel", headers={"HX-Request": "true"}).get_data(as_text=True) for p in phones]
        assert len(set(panels)) == 1 and len(rendered) == 2 and "R5B6" not in panels[0]
        assert "●" in panels[0]  # the master card entered shows
        scorer = client.get(url + "/panel", headers={"HX-Request": "true"}).get_data(as_text=True)
        # A scorer's panel has forms, a viewer's none; neither carries a CSRF token (htmx sends
        # the page's in a header), so neither is any one phone's own.
        assert 'class="picker"' in scorer and 'class="picker"' not in panels[0]
        assert "csrf_token" not in scorer and "csrf_token" not in panels[0]


def test_phones_asking_for_a_new_panel_at_the_same_moment_wait_for_one_drawing(app: Flask, client: FlaskClient,
                                                                               monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The live stream tells every phone of a table at once: the first draws, the others wait for it."""
    import threading
    import time

    from companion.views import play
    from tests.conftest import english_client, soup

    url = seat_table(client)
    share = soup(client.get(url.split("/g/")[0] + "/share", base_url="http://192.168.7.21:5000"))
    viewer = share.select_one("#qr-viewer a.link")["href"].split("192.168.7.21:5000", 1)[1].rstrip("/")
    enter(client, url, "R5B6")
    drawn: list[str] = []
    original = play.render_block

    def slow(*args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(args[0])
        time.sleep(0.3)  # long enough for every phone to ask while it is drawn
        return original(*args, **kwargs)

    monkeypatch.setattr(play, "render_block", slow)
    phones = [english_client(app) for _ in range(4)]
    answers: list[str] = []
    start = threading.Barrier(len(phones))

    def ask(phone: FlaskClient) -> None:
        start.wait()
        answers.append(phone.get(viewer + "/g/1/panel", headers={"HX-Request": "true"}).get_data(as_text=True))

    asking = [threading.Thread(target=ask, args=(p,)) for p in phones]
    for t in asking:
        t.start()
    for t in asking:
        t.join(10)
    assert len(answers) == 4 and len(set(answers)) == 1 and "●" in answers[0]
    assert drawn == ["game.html"]


def test_a_phone_waiting_for_a_drawing_that_failed_draws_the_panel_itself() -> None:
    import threading

    from companion.memory import Region

    region: Region[str, str] = Region(4)
    started, release = threading.Event(), threading.Event()

    def failing() -> str:
        started.set()
        release.wait(5)
        raise RuntimeError("the drawing failed")

    def first() -> None:
        try:
            region.get_or_make("panel", failing)
        except RuntimeError:
            pass

    maker = threading.Thread(target=first)
    maker.start()
    started.wait(5)
    drawing = region._making["panel"]  # the drawing under way, which the second phone waits on  # noqa: SLF001 (this project's own)
    waiting = threading.Event()
    wait = drawing.wait
    drawing.wait = lambda timeout=None: bool(waiting.set() or wait(timeout))  # type: ignore[method-assign]
    got: list[str] = []
    waiter = threading.Thread(target=lambda: got.append(region.get_or_make("panel", lambda: "drawn here")))
    waiter.start()
    assert waiting.wait(5)
    release.set()
    maker.join(5)
    waiter.join(5)
    assert got == ["drawn here"] and region.get("panel") == "drawn here"


def test_every_viewer_gets_the_same_compressed_bytes_compressed_once_per_version_and_encoding(
        app: Flask, client: FlaskClient, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import gzip

    import brotli

    from tests.conftest import english_client, soup

    url = seat_table(client)
    share = soup(client.get(url.split("/g/")[0] + "/share", base_url="http://192.168.7.21:5000"))
    viewer = share.select_one("#qr-viewer a.link")["href"].split("192.168.7.21:5000", 1)[1].rstrip("/")
    compressed: list[str] = []

    def counting(algorithm, original):  # type: ignore[no-untyped-def]
        def compress(data, *args, **kwargs):  # type: ignore[no-untyped-def]
            compressed.append(algorithm)
            return original(data, *args, **kwargs)
        return compress

    # flask-compress calls the compressors' own modules (gzip is compression.gzip from 3.14)
    monkeypatch.setattr(brotli, "compress", counting("br", brotli.compress))
    monkeypatch.setattr(gzip, "compress", counting("gzip", gzip.compress))
    phones = [english_client(app) for _ in range(3)]

    def panels(encoding: str) -> list[bytes]:
        answers = [p.get(viewer + "/g/1/panel", headers={"HX-Request": "true", "Accept-Encoding": encoding})
                   for p in phones]
        assert all(a.status_code == 200 and a.headers["Content-Encoding"] == encoding for a in answers)
        return [a.data for a in answers]

    first = panels("br")
    assert len(set(first)) == 1 and compressed == ["br"]
    plain = phones[0].get(viewer + "/g/1/panel", headers={"HX-Request": "true", "Accept-Encoding": "identity"})
    assert brotli.decompress(first[0]) == plain.data and "Content-Encoding" not in plain.headers
    assert len(set(panels("gzip"))) == 1 and compressed == ["br", "gzip"]
    enter(client, url, "R5B6")
    after = panels("br")
    assert len(set(after)) == 1 and after[0] != first[0] and compressed == ["br", "gzip", "br"]
    # A scorer's panel, its forms without a CSRF token, is compressed once too, for every
    # scorer's phone.
    scorers = [client.get(url + "/panel", headers={"HX-Request": "true", "Accept-Encoding": "br"}) for _ in range(2)]
    assert compressed == ["br", "gzip", "br", "br"] and scorers[0].data == scorers[1].data
    assert b'class="picker"' in brotli.decompress(scorers[0].data)


def test_scorers_phones_get_the_same_bytes_and_each_enters_with_its_own_token(db_path) -> None:  # type: ignore[no-untyped-def]
    """A scorer's panel has forms but no CSRF token: it is rendered and compressed once per
    version for every scorer's phone, byte for byte the same answer. Each phone enters with
    the token of its own page, in the header htmx sends; another phone's is refused."""
    from tests.conftest import soup
    from tests.games.hyper_maker.table import form_fields

    app, game, phones = scoring_phones(db_path, 2)
    pages = [soup(p.get(game)) for p in phones]
    tokens = [page_token(page) for page in pages]
    assert tokens[0] != tokens[1]
    with counting_renders() as rendered:
        answers = [p.get(game + "/panel", headers={"HX-Request": "true", "Accept-Encoding": "br"}) for p in phones]
    assert len(rendered) == 1
    assert answers[0].data == answers[1].data and answers[0].headers["Content-Encoding"] == "br"
    assert answers[0].headers["ETag"] == answers[1].headers["ETag"]
    panel = soup(phones[0].get(game + "/panel", headers={"HX-Request": "true"}))
    fields = form_fields(panel)
    assert fields["seq"] == "0" and "csrf_token" not in fields and panel.select_one("input[name=csrf_token]") is None
    # The other phone's token is refused; its own is accepted.
    entry = {**fields, "card": "R5B6"}
    refused = phones[1].post(game + "/entries", data=entry, headers={"HX-Request": "true", "X-CSRFToken": tokens[0]})
    assert refused.status_code == 400
    taken = phones[0].post(game + "/entries", data=entry, headers={"HX-Request": "true", "X-CSRFToken": tokens[0]})
    assert taken.status_code == 200 and "csrf_token" not in taken.get_data(as_text=True)
    after = phones[1].get(game + "/panel", headers={"HX-Request": "true"})
    assert after.status_code == 200 and form_fields(soup(after))["seq"] == "1"


def page_token(page) -> str:  # type: ignore[no-untyped-def]
    """The CSRF token a whole game page gives its phone: in htmx's headers (the body's) and
    in every form, for the forms posted without JavaScript."""
    import json

    token = json.loads(page.body["data-hx-headers"])["X-CSRFToken"]
    assert token and {i["value"] for i in page.select("input[name=csrf_token]")} == {token}
    return str(token)


def scoring_phones(db_path, count: int):  # type: ignore[no-untyped-def]
    """An app checking CSRF, a table's game address, and `count` phones on its scorer's link."""
    from companion.app import create_app

    app = create_app({"DATABASE": str(db_path), "TESTING": True})
    game = seated_game(app)
    phones = [app.test_client() for _ in range(count)]
    for phone in phones:
        phone.get(game)  # opens the scorer's link: a session of its own
    return app, game, phones


def seated_game(app: Flask) -> str:
    """A Hyper Maker table seated through `app`'s pages, CSRF checked: its game's address."""
    from tests.conftest import soup

    first = app.test_client()
    token = soup(first.get("/")).select_one("input[name=csrf_token]")["value"]
    made = first.post("/tables", data={"csrf_token": token, "player": ["Aki", "Ben", "Cho"], "game": "hyper-maker"})
    new_game = soup(first.get(made.location))
    return first.post(made.location.split("?")[0].replace("/new", "/games"), data={  # type: ignore[no-any-return]
        "game": "hyper-maker", "first_leader": "0",
        "csrf_token": new_game.select_one("input[name=csrf_token]")["value"]}).location


def assert_handed_on(answer, handed) -> None:  # type: ignore[no-untyped-def]
    """The panel an entry was answered with, as another scorer's phone was handed it: the
    same bytes, with no phone's CSRF token in them."""
    assert answer.status_code == 200 and handed.status_code == 200
    assert answer.get_data() == handed.get_data() and b"csrf_token" not in handed.get_data()


def test_the_panel_an_entry_answers_with_is_handed_to_the_scorers_other_phones(db_path) -> None:  # type: ignore[no-untyped-def]
    from tests.conftest import soup
    from tests.games.hyper_maker.table import form_fields

    app, game, (tapping, other) = scoring_phones(db_path, 2)
    fields = form_fields(soup(tapping.get(game)))
    with counting_renders() as rendered:
        answer = tapping.post(game + "/entries", data={**fields, "card": "R5B6"}, headers={"HX-Request": "true"})
        handed = other.get(game + "/panel", headers={"HX-Request": "true"})
    assert len(rendered) == 1
    assert_handed_on(answer, handed)
    # As play.panel renders it afresh (an address with a query is never handed on).
    fresh = other.get(game + "/panel?fresh=1", headers={"HX-Request": "true"})
    assert fresh.get_data() == handed.get_data()


@pytest.mark.parametrize("meanwhile", ["a rename before the entry", "an entry before its panel is drawn"])
def test_an_entrys_panel_is_not_handed_on_when_the_table_changed_around_it(
        db_path, monkeypatch, meanwhile: str) -> None:  # type: ignore[no-untyped-def]
    """Another phone's write lands between the request's start and the drawing of the
    entry's panel: that panel misses it, so the other phones get one drawn afresh."""
    from companion import store, tables
    from companion.views import play
    from tests.conftest import soup
    from tests.games.hyper_maker.table import form_fields

    app, game, (tapping, other) = scoring_phones(db_path, 2)
    fields = form_fields(soup(tapping.get(game)))
    elsewhere = store.connect(db_path, migrate=False)
    table_id, game_id = elsewhere.execute("select table_id, id from games").fetchone()
    if meanwhile == "a rename before the entry":
        original = tables.enter

        def renamed_first(*args, **kwargs):  # type: ignore[no-untyped-def]
            store.rename_table(elsewhere, table_id, "Friday", ["Ann", "Ben", "Cho"])
            return original(*args, **kwargs)

        monkeypatch.setattr(tables, "enter", renamed_first)

        def missed(panel: str) -> bool:
            return "Ann" not in panel and "Aki" in panel
    else:
        drawing = play._context  # noqa: SLF001 (this project's own)

        def entry_first(after, error, *rest):  # type: ignore[no-untyped-def]
            store.append(elsewhere, game_id, 1, "play", {"seat": 0, "card": "R1B10"}, lambda mark, entry: None)
            monkeypatch.setattr(play, "_context", drawing)
            return drawing(after, error, *rest)

        monkeypatch.setattr(play, "_context", entry_first)

        def missed(panel: str) -> bool:  # the next entry it offers is the second, not the third
            return form_fields(BeautifulSoup(panel, "html.parser"))["seq"] == "1"
    answer = tapping.post(game + "/entries", data={**fields, "card": "R5B6"}, headers={"HX-Request": "true"})
    assert answer.status_code == 200 and missed(answer.get_data(as_text=True))
    handed = other.get(game + "/panel", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert not missed(handed)


def test_a_panel_asked_for_just_after_a_rename_shows_the_new_names(app: Flask, client: FlaskClient,
                                                                    monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The link was looked up before the rename, the version read after it: the panel is
    drawn with the names of the version it is filed under."""
    from companion import store

    url = seat_table(client)
    db_path = app.config["DATABASE"]
    original = store.version

    def renamed_first(db, table_id):  # type: ignore[no-untyped-def]
        monkeypatch.setattr(store, "version", original)
        store.rename_table(store.connect(db_path, migrate=False), table_id, "Friday", ["Ann", "Ben", "Cho"])
        return original(db, table_id)

    monkeypatch.setattr(store, "version", renamed_first)
    first = client.get(url + "/panel", headers={"HX-Request": "true"}).get_data(as_text=True)
    again = client.get(url + "/panel", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "Ann" in first and "Aki" not in first and first == again


def test_a_panel_asked_with_an_empty_etag_is_drawn(client: FlaskClient) -> None:
    """If-None-Match: "" names no version (werkzeug reads the empty tag as None): the panel is
    drawn, as for a phone that never had one."""
    url = seat_table(client)
    for header in ('""', '"", W/""', 'W/""'):
        answer = client.get(url + "/panel", headers={"If-None-Match": header})
        assert answer.status_code == 200 and b'id="panel"' in answer.data, header


BROWSER = "gzip, deflate, br, zstd"
"""The Accept-Encoding a phone's browser sends (bench/seen_cost.py's phones send the same)."""


def weighted(encodings: str) -> str:
    """The same encodings, each with a weight: an Accept-Encoding the app reads, not the poll answerer."""
    return ", ".join(f"{name.strip()};q=1.0" for name in encodings.split(","))


def refresh(phone: FlaskClient, game: str, shown: str, encodings: str = BROWSER):  # type: ignore[no-untyped-def]
    """What the page does when the live stream says another version than `shown` (its ETag)."""
    return phone.get(game + "/panel", headers={"HX-Request": "true", "If-None-Match": shown,
                                               "Accept-Encoding": encodings})


def app_headers(answer) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """An answer's headers as a dict, without the Date (the moment it was sent)."""
    return {name: value for name, value in answer.headers.items() if name != "Date"}


@pytest.mark.parametrize("encodings", [BROWSER, "gzip, deflate", "identity", ""])
def test_a_scorers_refresh_after_an_entry_is_answered_before_the_app_with_the_apps_own_answer(
        db_path, encodings: str) -> None:  # type: ignore[no-untyped-def]
    """The entry drew the scorer's panel at the new version: the scorer's other phones are
    answered before Flask runs, compressed once for all of them, byte for byte and header
    for header what the app answers the same ask (read by the app when its Accept-Encoding
    carries weights)."""
    from tests.conftest import soup
    from tests.games.hyper_maker.table import form_fields

    app, game, (tapping, *others) = scoring_phones(db_path, 3)
    shown = [refresh(p, game, '"none"', encodings).headers["ETag"] for p in others]
    token = page_token(soup(tapping.get(game)))
    fields = form_fields(soup(tapping.get(game + "/panel", headers={"HX-Request": "true"})))
    entered = tapping.post(game + "/entries", data={**fields, "card": "R5B6"},
                           headers={"HX-Request": "true", "X-CSRFToken": token, "Accept-Encoding": encodings})
    assert entered.status_code == 200
    calls = counting_panel_view(app)
    with counting_renders() as rendered:
        answers = [refresh(p, game, etag, encodings) for p, etag in zip(others, shown, strict=True)]
    assert calls == [] and rendered == []  # neither Flask's view nor a drawing
    assert [a.status_code for a in answers] == [200, 200] and answers[0].data == answers[1].data
    assert answers[0].headers["ETag"] != shown[0] and "Set-Cookie" not in answers[0].headers
    by_app = refresh(others[0], game, shown[0], weighted(encodings) if encodings else "")
    if encodings:
        assert calls == [1]
    assert by_app.data == answers[0].data and app_headers(by_app) == app_headers(answers[0])
    assert ("Date" in answers[0].headers) == ("Date" in by_app.headers)
    # The entry's own answer was that panel, compressed once for the phones after it.
    assert entered.data == answers[0].data and entered.headers.get("Content-Encoding") == answers[0].headers.get(
        "Content-Encoding")


def test_the_refresh_before_the_app_is_each_phones_language_and_theme(db_path) -> None:  # type: ignore[no-untyped-def]
    """Two viewers' panels at a version, in English and in Japanese: each phone is answered
    with its own language's (the language switch's cookie, else Accept-Language) and
    theme's, never another's."""
    from companion import store, tables

    app, game, (scorer,) = scoring_phones(db_path, 1)
    viewer = game.replace(game.split("/t/")[1].split("/")[0],
                          tables.table_by_link(store.connect(db_path, migrate=False),
                                               game.split("/t/")[1].split("/")[0]).viewer_token)
    english, japanese, by_header, dark = (app.test_client() for _ in range(4))
    english.set_cookie("lang", "en")
    japanese.set_cookie("lang", "ja")
    dark.set_cookie("lang", "ja")
    dark.set_cookie("theme", "dark")
    for phone in (english, japanese, by_header, dark):
        phone.get(viewer)
    enter(scorer, game, "R5B6")
    first = {name: refresh(phone, viewer, '"none"').data
             for name, phone in (("en", english), ("ja", japanese))}
    assert first["en"] != first["ja"]
    calls = counting_panel_view(app)
    ja_by_header = by_header.get(viewer + "/panel", headers={
        "HX-Request": "true", "If-None-Match": '"none"', "Accept-Encoding": BROWSER, "Accept-Language": "ja,en;q=0.5"})
    assert calls == [] and ja_by_header.data == first["ja"]
    themed = refresh(dark, viewer, '"none"')
    assert calls == [1] and themed.status_code == 200  # the dark theme's is its own: drawn for it (not kept yet)
    assert refresh(dark, viewer, '"none"').data == themed.data and calls == [1]  # then kept
    again = {name: refresh(phone, viewer, '"none"').data for name, phone in (("en", english), ("ja", japanese))}
    assert again == first and calls == [1]


def test_a_refresh_the_app_would_answer_otherwise_goes_on_to_the_app(db_path) -> None:  # type: ignore[no-untyped-def]
    """A phone whose list of tables does not start with this link gets its cookie from the
    app; a panel this process keeps none of is drawn by the app."""
    app, game, (tapping, other) = scoring_phones(db_path, 2)
    enter(tapping, game, "R5B6")  # a plain post: its answer is a redirect, no panel drawn
    calls = counting_panel_view(app)
    drawn = refresh(other, game, '"none"')
    assert drawn.status_code == 200 and calls == [1]
    kept = refresh(other, game, '"none"')
    assert kept.data == drawn.data and calls == [1]
    other.set_cookie("recent", "another-table")
    answer = refresh(other, game, '"none"')
    assert calls == [1, 1] and answer.data == drawn.data
    assert "recent=" in answer.headers["Set-Cookie"]


@pytest.mark.parametrize(("offered", "chosen"), [
    ("gzip, deflate, br, zstd", "zstd"),  # Chrome, Edge, Firefox
    ("gzip, deflate, br", "br"),  # Safari
    ("gzip, deflate", "gzip"),
])
def test_a_panel_goes_out_in_zstd_where_the_browser_takes_it_else_brotli(
        app: Flask, client: FlaskClient, offered: str, chosen: str) -> None:
    import gzip

    import brotli
    from flask_compress.compat import compression

    url = seat_table(client)
    plain = client.get(url + "/panel", headers={"HX-Request": "true", "Accept-Encoding": "identity"})
    answer = client.get(url + "/panel", headers={"HX-Request": "true", "Accept-Encoding": offered})
    assert answer.headers["Content-Encoding"] == chosen and answer.headers["ETag"].endswith(f':{chosen}"')
    body = {"zstd": compression.zstd.decompress, "br": brotli.decompress, "gzip": gzip.decompress}[chosen](answer.data)
    assert body == plain.data and len(answer.data) < len(plain.data) / 4
