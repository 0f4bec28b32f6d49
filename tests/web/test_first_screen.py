"""The shared game page on a small phone (issue 31): the header fits, the game's prompt,
picker and Undo come first and what the table reads at leisure comes after; the evening
at a glance, one line per series, one tap away on the game page and at the top of the
full scoreboard."""

from __future__ import annotations

from typing import Any

import pytest
from bs4 import BeautifulSoup, Tag
from flask import Flask
from flask.testing import FlaskClient

from companion import records, rules, store
from companion.rules.base import Event, replay
from tests.conftest import soup
from tests.kit.pages import driver

NAMES = ["Aki", "Ben", "Cho"]


def game(slug: str, seed: int, cut: float = 1.0) -> dict[str, Any]:
    """A seeded three-player game of `slug` (stopped at `cut` of its log) as a record's entry."""
    for attempt in range(seed, seed + 60):
        setup, log = driver(slug).random_game(attempt)
        if len(setup["players"]) == len(NAMES):
            log = list(log)[: int(len(log) * cut)]
            return {"kind": slug, "setup": {**setup, "players": NAMES}, "created": "2026-11-22T20:00:00",
                    "events": [{"seq": i, "kind": e.kind, "payload": dict(e.payload), "created": ""}
                               for i, e in enumerate(log)]}
    raise AssertionError(f"no three-player {slug} game")


def seat(app: Flask, *games: dict[str, Any]) -> str:
    """A table holding `games` in order; its scorer's address."""
    record = {"format": records.FORMAT, "version": records.VERSION,
              "table": {"name": "Friday", "players": NAMES, "created": "2026-11-22T20:00:00"},
              "games": [{"number": n, **g} for n, g in enumerate(games, start=1)]}
    table = records.import_table(store.connect(app.config["DATABASE"]), record)
    return f"/t/{table.scorer_token}"


def evening_of(entry: dict[str, Any]) -> Any:
    module = rules.GAMES[entry["kind"]]
    log = [Event(e["kind"], e["payload"]) for e in entry["events"]]
    return module.evening([module.outcome(replay(module.initial, module.apply, entry["setup"], log).state)],
                          len(NAMES))


def order(page: BeautifulSoup, *selectors: str) -> list[int]:
    """Where each selector's first match lies in the page, in document order."""
    every = list(page.descendants)
    found = [page.select_one(s) for s in selectors]
    assert all(found), [s for s, f in zip(selectors, found) if f is None]
    return [every.index(f) for f in found]


def test_the_header_links_only_the_other_language_so_the_name_fits(client: FlaskClient) -> None:
    page = soup(client.get("/"))
    assert [a.get_text(strip=True) for a in page.select(".bar .langs a[lang]")] == ["日本語"]
    client.set_cookie("lang", "ja")
    page = soup(client.get("/"))
    assert [a.get_text(strip=True) for a in page.select(".bar .langs a[lang]")] == ["English"]
    assert page.select_one(".bar .brand").get_text(strip=True) == "テーブルコンパニオン"


@pytest.mark.parametrize("slug", ["take-and-share", "hyper-maker"])
def test_the_prompt_picker_and_undo_come_before_the_findings_the_links_and_the_scoreboard(
        app: Flask, client: FlaskClient, slug: str) -> None:
    base = seat(app, game(slug, 1, cut=0.5))
    page = soup(client.get(f"{base}/g/1"))
    panel = page.select_one("#panel")
    assert isinstance(panel, Tag)
    # Before the game's own panel, one line only: the strip (opening to the evening) and Undo.
    top = panel.select_one(".topline")
    assert top is not None and top.select_one("#standings") and top.select_one("button.undo")
    shown = [c for c in panel.find_all(recursive=False) if not c.has_attr("hidden")]
    assert shown[0] is top
    undo, prompt, picker, actions, board = order(page, "#panel button.undo", "#prompt", "#panel form.picker",
                                                 "#panel .actions", "#panel #scoreboard")
    assert undo < prompt < picker < actions < board


def test_a_finding_and_the_viewers_note_come_after_the_game_not_above_it(app: Flask, client: FlaskClient) -> None:
    # Take & Share with a proven revoke (as its own page test plays it): "Proven revokes: 1"
    # no longer sits on top of the keys for the rest of the game.
    from tests.games.take_and_share.test_pages import TRICK1, TRICK2, hand_out, lay, started

    url = started(client)
    lay(client, url, *TRICK1)
    hand_out(client, url, 2, 1, 3)
    lay(client, url, *TRICK2)
    hand_out(client, url, 0, 1, 2)
    lay(client, url, "H10", "H2")  # Cho leads hearts; Dan, shown void in hearts, plays one
    base = url.split("/g/")[0]
    page = soup(client.get(url))
    first, finding, actions = order(page, "#panel .topline", "#latest-finding", "#panel .actions")
    game_status = order(page, "#panel h1.status")[0]
    assert first < game_status < finding < actions
    viewer = soup(client.get(f"/t/{records_viewer(app, base)}/g/1"))
    status, watching = order(viewer, "#panel h1.status", "#panel .watching")
    assert status < watching and viewer.select_one("button.undo") is None


def records_viewer(app: Flask, base: str) -> str:
    return str(store.table_by_token(store.connect(app.config["DATABASE"]), base.rsplit("/", 1)[-1]).viewer_token)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_evening_line_says_per_series_who_leads_how_many_games_and_when_it_ends(
        app: Flask, client: FlaskClient, lang: str) -> None:
    client.set_cookie("lang", lang)
    first, second = game("hyper-maker", 3), game("master-of-rules", 3, cut=0.3)
    base = seat(app, first, second)
    ev = evening_of(first)
    for url in (f"{base}/g/2", f"{base}/g/1", f"{base}/scoreboard"):
        page = soup(client.get(url))
        lines = page.select("#evening .evening-lines > li")
        assert len(lines) == 2, url
        done = " ".join(lines[0].get_text(" ").split())
        leaders = [NAMES[s] for s in ev.leaders]
        total = ev.totals[ev.leaders[0]]
        if lang == "en":
            assert done.startswith("Hyper Maker · ")
            verb = "leads" if len(leaders) == 1 else "lead"
            assert f"{', '.join(leaders)} {verb} with {total} · 1 game played · " in done
            assert "0 games played" in lines[1].get_text(" ")
        else:
            name = lines[0].select_one(".game-name")  # ハイパー<wbr>メイカー: one word to the eye
            assert name is not None and name.get_text() == "ハイパーメイカー"
            assert done.startswith(f"{name.get_text(' ')} · ")
            assert f"首位：{'、'.join(leaders)}（{total}）" in done and "終了したゲーム：1" in done
            assert "終了したゲーム：0" in lines[1].get_text(" ")
        # when it ends: the game's own evening note, in the page's language
        assert lines[0].select_one(".ends") is not None and lines[0].select_one(".ends").get_text(strip=True)
    game_page = soup(client.get(f"{base}/g/2"))
    assert game_page.select_one("#tonight #evening") is not None  # one tap away: the strip opens it
    assert game_page.select_one("#tonight .full-link a")["href"].endswith("/scoreboard")


def test_the_full_scoreboard_says_who_is_ahead_before_the_tables(app: Flask, client: FlaskClient) -> None:
    base = seat(app, game("hyper-maker", 3), game("master-of-rules", 3, cut=0.3))
    page = soup(client.get(f"{base}/scoreboard"))
    glance, tables = order(page, "#evening", "#scoreboard")
    assert glance < tables
    assert [li.select_one("b").get_text() for li in page.select("#evening li")] == ["Hyper Maker", "Master of Rules"]


def test_everyone_level_is_said_once_not_as_everyone_leading(app: Flask, client: FlaskClient) -> None:
    base = seat(app, game("hyper-maker", 3, cut=0.0))
    line = " ".join(soup(client.get(f"{base}/g/1")).select_one("#evening li").get_text(" ").split())
    assert "All level at 0" in line and "lead with" not in line
