"""Every static file a page names is named by a hash of the bytes it serves, and that answer is
kept a year (issue 45): after an upgrade a phone fetches the new script at once, since the
page names a new address, while an old page (a phone's back-forward cache) still gets an
answer from its old address, one that is asked again rather than kept."""

from __future__ import annotations

import brotli
import gzip
import hashlib
import re
import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion import assets, store
from tests.conftest import make_app, soup
from tests.kit.pages import paths
from tests.web.test_book import a_table, add, number_of, start_book
from tests.web.test_club import set_up

ROOT = Path(__file__).resolve().parents[2]
HASHED = re.compile(rf"^/static/(?P<stem>.+)\.(?P<digest>[0-9a-f]{{{assets.HASH_LENGTH}}})\.(?P<ext>[a-z0-9]+)$")
IMMUTABLE = "public, max-age=31536000, immutable"


def named_files(page: BeautifulSoup) -> list[str]:
    """Every address under /static the page names, in any attribute (src, href, the keep-awake
    clips' data-clip-*)."""
    return [value for tag in page.find_all(True) for value in tag.attrs.values()
            if isinstance(value, str) and value.startswith("/static")]


def club_and_book_pages(client: FlaskClient) -> list[str]:
    organiser = set_up(client, 8)
    assert client.post(organiser + "draw").status_code == 303
    assert client.post(organiser + "start").status_code == 303
    board = soup(client.get(organiser)).select_one("a[href$='/board']")
    assert board is not None
    book = start_book(client)
    add(client, book, "Ann", "Ben", "Cho")
    client.post(book + "tables", data={"link": a_table(client), "seat": ["new", "new", "new"]})
    return ["/club/new", organiser, organiser + "rounds/1/sheet", str(board["href"]), "/book/new", book,
            book + "roster", book + "tables", book + "evenings", book + "records", book + "ratings",
            f"{book}players/{number_of(client, book, 'Ann')}"]


def test_every_page_names_each_static_file_by_the_hash_of_what_it_serves(app: Flask, client: FlaskClient,
                                                                         db_path: Path) -> None:
    """Home, seating, every game's pages at every step (the game page, its history, its
    correction, the viewer's, the scoreboard, the rules, the judge), the club night's and
    the book's pages."""
    pages = [*paths(store.connect(db_path)), *club_and_book_pages(client)]
    seen: dict[str, int] = {}
    for path in pages:
        answer = client.get(path)
        assert answer.status_code == 200, path
        named = named_files(soup(answer))
        assert named, path  # every page names at least its scripts and stylesheet
        for address in named:
            assert HASHED.match(address), (path, address)
            seen[address] = seen.get(address, 0) + 1
    kinds = {HASHED.match(a)["ext"] for a in seen}  # type: ignore[index]
    assert kinds == {"js", "css", "webm", "mp4"}, kinds
    assert sum(1 for a in seen if "/games/" in a) == 9  # each game's own stylesheet
    for address in seen:
        served = client.get(address, headers={"Accept-Encoding": "identity"})
        assert served.status_code == 200, address
        assert served.headers["Cache-Control"] == IMMUTABLE, address
        digest = HASHED.match(address)["digest"]  # type: ignore[index]
        assert hashlib.sha256(served.data).hexdigest()[: assets.HASH_LENGTH] == digest, address


def test_a_file_s_hash_follows_its_bytes(tmp_path: Path) -> None:
    """The hash is taken from the file as it is when an app first serves it: a changed file is
    a new address for the next app (a new version is a new process), and the same for the
    app that already read it."""
    folder = tmp_path / "static"
    shutil.copytree(ROOT / "static", folder)

    def app_on_copy(name: str) -> Flask:
        app = make_app(tmp_path / f"{name}.db")
        app.static_folder = str(folder)
        return app

    def script(app: Flask) -> str:
        src = [s["src"] for s in soup(app.test_client().get("/")).select("script[src*='/companion.']")]
        assert len(src) == 1 and HASHED.match(src[0]), src
        return str(src[0])

    before = app_on_copy("before")
    old = script(before)
    with (folder / "companion.js").open("a", encoding="utf-8") as file:
        file.write("\nvar companionChanged = 1;\n")
    after = app_on_copy("after")
    new = script(after)
    assert new != old
    assert script(before) == old  # read once: an app serves what its pages named
    body = after.test_client().get(new, headers={"Accept-Encoding": "identity"}).data
    assert body.endswith(b"var companionChanged=1;")
    assert after.test_client().get(old).headers["Cache-Control"] == "no-cache"  # now a stale hash


def test_only_the_current_hash_is_kept_for_good(client: FlaskClient) -> None:
    hashed = soup(client.get("/")).select_one("script[src*='/companion.']")["src"]
    kept = client.get(hashed)
    assert kept.headers["Cache-Control"] == IMMUTABLE
    for other in ("/static/companion.js", "/static/companion.0123456789.js"):  # plain, and a stale hash
        answer = client.get(other)
        assert answer.status_code == 200 and answer.data == kept.data, other
        assert answer.headers["Cache-Control"] == "no-cache", other
        assert "immutable" not in answer.headers["Cache-Control"] and answer.headers["ETag"], other
        again = client.get(other, headers={"If-None-Match": answer.headers["ETag"]})
        assert again.status_code == 304, other
    for unknown in ("/static/nothing.js", "/static/nothing.0123456789.js", "/static/games/nothing.css",
                    "/static/../pyproject.toml", "/static/%2e%2e/pyproject.toml", "/static/games/../kit.py",
                    "/static/" + "x" * 300, "/static/" + "x" * 300 + "/", "/static/a/" + "x" * 300 + ".js"):
        assert client.get(unknown).status_code == 404, unknown[:40]
        assert client.head(unknown).status_code == 404, unknown[:40]


def test_the_old_addresses_of_game_and_kit_stylesheets_still_answer(client: FlaskClient) -> None:
    """As a page from before hashed names asks for them (and its game stylesheet, the kit's)."""
    for old in ("/static/games/black-junky.css", "/static/kit.css"):
        answer = client.get(old)
        assert answer.status_code == 200 and answer.mimetype == "text/css", old
        assert answer.headers["Cache-Control"] == "no-cache", old


def test_a_game_stylesheet_carries_the_kit_s_rules_instead_of_importing_them(client: FlaskClient) -> None:
    """The four games drawn with the TENNOS deck import kit.css: their stylesheet as served holds
    the kit's rules (so its hash changes with the kit's), and names no unhashed file."""
    kit = client.get("/static/kit.css").get_data(as_text=True)
    importing = [p.stem for p in ROOT.glob("companion/rules/*/static/*.css") if "@import" in p.read_text()]
    assert len(importing) == 4, importing
    for slug in importing:
        css = client.get(f"/static/games/{slug}.css").get_data(as_text=True)
        assert "@import" not in css and kit in css, slug


def test_every_url_in_a_stylesheet_names_a_hashed_file(app: Flask, tmp_path: Path) -> None:
    """url() and @import in our stylesheets (ours import only the kit; this checks the rule on
    stylesheets made for it): an import of ours is inlined, any other url() of ours is hashed,
    relative to the stylesheet that serves it; an outside or data: address is left alone."""
    folder = tmp_path / "static"
    (folder / "parts" / "img").mkdir(parents=True)
    (folder / "parts" / "img" / "dot.png").write_bytes(b"\x89PNG dot")
    (folder / "top.png").write_bytes(b"\x89PNG top")
    (folder / "parts" / "base.css").write_text('.b { background: url(img/dot.png); }\n')
    (folder / "main.css").write_text('@import url("parts/base.css");\n@import "parts/missing.css";\n'
                                     '.m { background: url("top.png") } .d { background: url(data:image/png;base64,AA) }\n'
                                     '.o { background: url(https://example.org/x.png) }\n')
    app.static_folder = str(folder)
    client = app.test_client()
    with app.test_request_context():
        dot, top = assets.url("parts/img/dot.png"), assets.url("top.png")
        main = assets.url("main.css")
    css = client.get(main, headers={"Accept-Encoding": "identity"}).get_data(as_text=True)
    assert f'url("{dot.removeprefix("/static/")}")' in css  # the imported one's url(), relative to main.css
    assert f'url("{top.removeprefix("/static/")}")' in css
    assert "parts/base.css" not in css and '@import "parts/missing.css"' in css
    assert "url(data:image/png;base64,AA)" in css and "url(https://example.org/x.png)" in css
    for address in (dot, top):
        assert client.get(address).headers["Cache-Control"] == IMMUTABLE


@pytest.mark.parametrize(("offered", "chosen"), [("gzip, deflate, br, zstd", "br"), ("gzip, deflate", "gzip"),
                                                 ("identity", None), ("br;q=0, gzip", "gzip")])
def test_scripts_and_styles_are_compressed_once_and_negotiated(client: FlaskClient, offered: str,
                                                               chosen: str | None) -> None:
    for link in soup(client.get("/")).select("script[src], link[rel=stylesheet]"):
        address = link.get("src") or link["href"]
        plain = client.get(address, headers={"Accept-Encoding": "identity"}).data
        answer = client.get(address, headers={"Accept-Encoding": offered})
        assert answer.headers.get("Content-Encoding") == chosen, address
        assert "Accept-Encoding" in answer.headers["Vary"]
        body = {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[chosen](answer.data)
        assert body == plain, address
        assert answer.headers["Cache-Control"] == IMMUTABLE


def test_the_keep_awake_clips_are_sent_in_ranges(client: FlaskClient, db_path: Path) -> None:
    """Safari plays a video only from a server that answers byte ranges."""
    game = paths(store.connect(db_path))
    page = soup(client.get(next(p for p in game if p.endswith("/g/1"))))
    marker = page.select_one("[data-keep-awake]")
    for address in (marker["data-clip-mp4"], marker["data-clip-webm"]):
        whole = client.get(address)
        assert "Content-Encoding" not in whole.headers and whole.headers["Cache-Control"] == IMMUTABLE
        part = client.get(address, headers={"Range": "bytes=0-99"})
        assert part.status_code == 206 and part.data == whole.data[:100], address
        assert part.headers["Content-Range"] == f"bytes 0-99/{len(whole.data)}"


def test_our_own_scripts_and_styles_are_sent_minified_and_vendored_ones_as_they_came(client: FlaskClient) -> None:
    for name in ("companion.js", "companion.css"):
        source = (ROOT / "static" / name).read_bytes()
        served = client.get(f"/static/{name}", headers={"Accept-Encoding": "identity"}).data
        assert len(served) < len(source) * 0.9 and b"/*" not in served, name
    htmx = client.get("/static/htmx-2.0.11.min.js", headers={"Accept-Encoding": "identity"}).data
    assert htmx == (ROOT / "static" / "htmx-2.0.11.min.js").read_bytes()
