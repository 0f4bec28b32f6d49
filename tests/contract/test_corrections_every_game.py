"""Correcting, over every registered game (issue 31, goal 4): a card on the game page opens
the correction of its entry; choosing the right card there is the rest; the answer names
the entry as the table knows it, its cards before → after, and each player's points change
("No points changed" only when none did); the history is newest first with every entry
named, and no page a person reads gives an entry's place in the log."""

from __future__ import annotations

import re
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion import entry_names, i18n, records, rules, store
from companion.rules.base import CORRECT, Event, replay
from tests.conftest import soup
from tests.contract.test_every_game import SLUGS
from tests.kit.pages import driver

NAMES = ("Ann", "Ben", "Cho", "Dan", "Eri", "Fay", "Gus", "Hal")
MIDWAY = 0.6
"""Where in a seeded whole game the table stops to correct a card: cards on the panel, more to come."""

ENTRY_NUMBER = re.compile(r"\bentr(?:y|ies) \d|記録\s*\d|\d+番の入力")


def seated(app: Flask, slug: str, seed: int = 1, later: int = 0) -> tuple[str, dict[str, Any], list[Event]]:
    """A table playing a seeded game of `slug`, stopped midway (and `later` entries on): its
    game address, setup and log."""
    setup, log = driver(slug).random_game(seed)
    setup = {**setup, "players": list(NAMES[: len(setup["players"])])}
    log = list(log)[: int(len(log) * MIDWAY) + later]
    record = {"format": records.FORMAT, "version": records.VERSION,
              "table": {"name": "Friday", "players": setup["players"], "created": "2026-11-22T20:00:00"},
              "games": [{"number": 1, "kind": slug, "setup": setup, "created": "2026-11-22T20:00:00",
                         "events": [{"seq": i, "kind": e.kind, "payload": dict(e.payload), "created": ""}
                                    for i, e in enumerate(log)]}]}
    table = records.import_table(store.connect(app.config["DATABASE"]), record)
    return f"/t/{table.scorer_token}/g/1", setup, log


def logged(client: FlaskClient, url: str) -> list[Event]:
    """The game's log as the table's record holds it now."""
    exported = client.get(url.split("/g/")[0] + "/export.json").get_json()
    return [Event(e["kind"], e["payload"]) for e in exported["games"][0]["events"]]


def with_cards(app: Flask, client: FlaskClient, slug: str) -> tuple[str, dict[str, Any], list[Event]]:
    """The seeded game stopped at the first step from midway where the game page shows a card
    that opens its correction (a game may show none between tricks)."""
    for later in range(12):
        url, setup, log = seated(app, slug, later=later)
        if soup(client.get(url)).select("#panel a.correct-card"):
            return url, setup, log
    raise AssertionError(f"{slug}: no card on the game page opens its correction, twelve entries from midway")


def choices(page: BeautifulSoup, own: set[str], payload: dict[str, Any]) -> list[dict[str, Any]]:
    """The correction page's form as each other card it offers would send it: a card key
    (which sends the form), or a card ticked and the form sent; then, for a form that asks
    for a whole entry at once (a turn), the entry as it stands with that one key changed."""
    from tests.kit.taps import form_fields

    form = page.select_one("#correct form")
    assert form is not None
    hidden = {i["name"]: i["value"] for i in form.select("input[type=hidden]")}
    keys = [key for key in form.select("button[type=submit][name]") + form.select("input[type=checkbox][name]")
            if not key.has_attr("disabled") and key["value"].upper() not in own]
    alone = [{**hidden, key["name"]: key["value"]} for key in keys]
    return alone + [{**form_fields(payload), **hidden, key["name"]: key["value"]} for key in keys]


@pytest.mark.parametrize("slug", SLUGS)
def test_the_history_is_newest_first_and_names_every_entry(app: Flask, client: FlaskClient, slug: str) -> None:
    url, setup, log = seated(app, slug)
    game = rules.GAMES[slug]
    walked = entry_names.walk(game, setup, log)
    for lang, words in (("en", i18n.catalog("en")), ("ja", i18n.catalog("ja"))):
        client.set_cookie("lang", lang)
        page = soup(client.get(f"{url}/history"))
        rows = page.select("ol.history li")
        assert len(rows) == len(log)
        last = len(log) - 1
        newest = entry_names.name_text(game.entry_name(walked.then[last], log[last].kind, log[last].payload),
                                       words, setup["players"])
        assert rows[0].select_one(".entry-name").get_text(strip=True) == entry_names.capital(newest)
        assert all(r.select_one(".entry-name") for r in rows if "undo" not in r["class"])
        assert not ENTRY_NUMBER.search(page.get_text(" ")), lang


@pytest.mark.parametrize("slug", SLUGS)
def test_a_card_on_the_game_page_opens_the_correction_of_its_entry(app: Flask, client: FlaskClient,
                                                                   slug: str) -> None:
    url, _setup, _log = with_cards(app, client, slug)
    cards = soup(client.get(url)).select("#panel a.correct-card")
    for card in cards:
        page = soup(client.get(card["href"]))
        title = page.select_one("#correct h1").get_text(" ", strip=True)
        assert title.startswith("Correct ") and not ENTRY_NUMBER.search(page.get_text(" ")), title


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("slug", SLUGS)
def test_correcting_a_card_from_the_game_page_says_what_changed(app: Flask, client: FlaskClient, slug: str,
                                                               lang: str) -> None:
    """Three taps: the card on the panel, the right card (a key of the game's picker, which
    sends the correction), and the game page answers with what changed."""
    words = i18n.catalog(lang)
    url, setup, log = with_cards(app, client, slug)
    client.set_cookie("lang", lang)
    game = rules.GAMES[slug]
    before = game.outcome(replay(game.initial, game.apply, setup, logged(client, url)).state).points
    for card in soup(client.get(url)).select("#panel a.correct-card"):
        link = card["href"]
        page = soup(client.get(link))
        title = page.select_one("#correct h1").get_text(" ", strip=True)
        title = title.removeprefix("Correct ") if lang == "en" else title.removesuffix("を訂正")
        entry = log[int(link.rsplit("/", 1)[1])]
        own = {code.upper() for code in game.names(entry.kind, entry.payload).cards}
        for sent in choices(page, own, dict(entry.payload)):
            done = client.post(link, data=sent)
            if done.status_code != 303:
                assert done.status_code == 422 and soup(done).select_one("#correct .error"), slug
                continue
            answer = soup(client.get(done.location)).select_one("#latest-correction").get_text(" ", strip=True)
            assert logged(client, url)[-1].kind == CORRECT
            fixed = logged(client, url)[-1].payload["payload"]
            was, is_ = game.names(entry.kind, entry.payload), game.names(entry.kind, fixed)
            if (was.cards, was.seat) != (is_.cards, is_.seat):  # "Trick 3, Ben's card: ✚7 → ♦7."
                colon = ":" if lang == "en" else "："
                assert answer.startswith(entry_names.capital(title) + colon) and "→" in answer, (answer, title)
            else:  # something else than its cards changed (a turn's choices): named, and said corrected
                said = words.gettext("%(entry)s corrected.") % {"entry": entry_names.capital(title)}
                assert answer.startswith(said), (answer, said)
            assert not ENTRY_NUMBER.search(answer), answer
            now = game.outcome(replay(game.initial, game.apply, setup, logged(client, url)).state).points
            unchanged = words.gettext("No points changed.")
            if now == before:
                assert unchanged in answer
            else:
                assert unchanged not in answer
                for seat, (was, is_) in enumerate(zip(before, now)):
                    if was != is_:
                        sign = "+" if is_ > was else "−"
                        assert f"{setup['players'][seat]} {sign}{abs(is_ - was)}" in answer, answer
            return
    pytest.fail(f"{slug}: no card on the game page could be corrected to another")
