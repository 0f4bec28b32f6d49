"""The invite page's links come from the address the server was started on, never from the
Host header a request carries (issue 29 item 7); served on loopback only, it offers this
computer's own links for a second window (issue 31)."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from companion import cli
from tests.conftest import english_client, make_app, soup
from tests.games.hyper_maker.table import seat_table

FORGED = {"Host": "evil.example"}


def share_links(app: Flask, headers: dict[str, str] | None = None) -> tuple[list[str], str]:
    client = english_client(app)
    table = seat_table(client).split("/g/")[0]
    answer = client.get(table + "/share", headers=headers or {})
    assert answer.status_code == 200
    page = soup(answer)
    return [str(a["href"]) for a in page.select("a.link")], answer.get_data(as_text=True)


@pytest.fixture
def loopback_app(tmp_path: Path) -> Flask:
    app = make_app(tmp_path / "l.db")
    app.config["JOIN_BASE"] = None  # as `companion serve` on 127.0.0.1 starts it
    return app


def test_a_forged_host_never_reaches_the_links(loopback_app: Flask) -> None:
    for config in ({}, {"JOIN_BASE": "http://192.168.7.21:5000"}, {"PUBLIC_URL": "https://cards.example.org/club"}):
        loopback_app.config.update({"JOIN_BASE": None, "PUBLIC_URL": None, **config})
        links, html = share_links(loopback_app, FORGED)
        assert len(links) == 2 and "evil.example" not in html, config


def test_the_links_start_with_the_public_url_then_the_lan_address(loopback_app: Flask) -> None:
    loopback_app.config.update(JOIN_BASE="http://192.168.7.21:5000", PUBLIC_URL="https://cards.example.org/club")
    links, _html = share_links(loopback_app)
    assert all(link.startswith("https://cards.example.org/club/t/") for link in links)
    loopback_app.config["PUBLIC_URL"] = None
    links, _html = share_links(loopback_app)
    assert all(link.startswith("http://192.168.7.21:5000/t/") for link in links)


def test_served_on_loopback_the_page_offers_this_computers_own_links(loopback_app: Flask) -> None:
    """Issue 31: on 127.0.0.1 the page offered no link at all, so nobody could open a viewer
    in a second window. The links are on the server's own loopback port, labelled so."""
    loopback_app.config["LOOPBACK_BASE"] = "http://127.0.0.1:5123"
    client = english_client(loopback_app)
    table = seat_table(client).split("/g/")[0]
    page = soup(client.get(table + "/share", headers=FORGED))
    assert "companion serve --lan" in page.select_one("#loopback-only").get_text()
    local = page.select_one("#this-computer")
    assert local is not None and "On this computer only" in local.get_text()
    assert page.select("figure.qr") == []  # a phone scanning a loopback address would open itself
    links = {div.select_one("h3").get_text(strip=True): div.select_one("a.link") for div in local.select("div[id^=local-]")}
    assert set(links) == {"Scorer: can enter cards", "Viewer: can only watch"}
    for a in links.values():  # the whole link as its own text, opening in another window
        assert str(a["href"]).startswith("http://127.0.0.1:5123/t/") and a.get_text(strip=True) == a["href"]
        assert a["target"] == "_blank"
    viewer = str(links["Viewer: can only watch"]["href"]).removeprefix("http://127.0.0.1:5123")
    assert client.get(viewer).status_code in (200, 303)  # the viewer's link opens the table
    viewer_page = soup(client.get(viewer + "share"))
    assert [h.get_text(strip=True) for h in viewer_page.select("#this-computer h3")] == ["Viewer: can only watch"]


def test_without_a_configured_loopback_the_port_is_the_servers_own(loopback_app: Flask) -> None:
    client = english_client(loopback_app)
    table = seat_table(client).split("/g/")[0]
    page = soup(client.get(table + "/share", base_url="http://127.0.0.1:5077", headers=FORGED))
    assert {str(a["href"])[:22] for a in page.select("#this-computer a.link")} == {"http://127.0.0.1:5077/"}


@pytest.mark.parametrize("host, lan, expected", [
    ("127.0.0.1", None, {"LOOPBACK_BASE": "http://127.0.0.1:5000"}),
    ("::1", None, {"LOOPBACK_BASE": "http://[::1]:5000"}),
    ("localhost", None, {"LOOPBACK_BASE": "http://localhost:5000"}),
    ("0.0.0.0", None, {"LOOPBACK_BASE": "http://127.0.0.1:5000"}),
    ("192.168.1.5", None, {"JOIN_BASE": "http://192.168.1.5:5000"}),
    ("127.0.0.1", "192.168.7.21", {"JOIN_BASE": "http://192.168.7.21:5000"}),
])
def test_the_addresses_follow_how_the_server_was_started(host: str, lan: str | None,
                                                         expected: dict[str, str]) -> None:
    assert cli.addresses(host, 5000, lan) == expected


def test_serve_takes_a_public_url_for_the_links(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[dict[str, object]] = []
    monkeypatch.setattr(cli, "run", lambda app, config, *args: seen.append(dict(app.config)))
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    assert cli.main(["serve", "--workers", "1", "--db", str(tmp_path / "p.db"),
                     "--public-url", "https://cards.example.org/club/"]) == 0
    assert seen[0]["PUBLIC_URL"] == "https://cards.example.org/club"
    assert "open https://cards.example.org/club/" in capsys.readouterr().out
    for wrong in ("javascript:alert(1)", "cards.example.org", "https://x.example/?a=1", "https://u:p@x.example",
                  "http://x.example:99999", "https://x.example/#top"):
        with pytest.raises(SystemExit) as refused:
            cli.main(["serve", "--db", str(tmp_path / "p.db"), "--public-url", wrong])
        assert refused.value.code == 2
        assert "--public-url" in capsys.readouterr().err
