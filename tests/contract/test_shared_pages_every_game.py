"""Page behaviours every game shares, checked once over all of them (they were once copied
into each game's own tests): an entry for a turn already taken is refused with a fresh
page; a Japanese page says nothing in English; every clause a page cites is on the game's
rules page, in both languages."""

from __future__ import annotations

import re
from functools import cache

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import i18n
from companion.rules.base import UNDO
from tests.conftest import parsed, soup
from tests.contract.test_every_game import SEEDS, SLUGS, driver, import_to, record_of
from tests.kit.taps import form_fields

WORD = r"[A-Za-z]*[a-z][A-Za-z]*"
ENGLISH_RUN = re.compile(rf"\b{WORD}(?:[ ,'’]+{WORD}){{2,}}\b")
"""Three or more English words in a row, written in lower case: a sentence or phrase left
untranslated. (A player's name stands alone; card faces and codes printed in capitals on
the cards, like MUST and MAY, are not words of a sentence.)"""


@pytest.mark.parametrize("slug", SLUGS)
def test_an_entry_for_a_turn_already_taken_is_refused_and_the_page_is_fresh(slug: str, client: FlaskClient) -> None:
    """Two phones enter the same turn: the second is answered 409 with the panel as it now
    stands (its form expects the next entry), and nothing is stored twice."""
    setup, log = driver(slug).random_game(SEEDS[0])
    first = next(event for event in log if event.kind != UNDO)
    url = import_to(client, record_of(slug, setup, [first]))
    fields = {"seq": ["0"], "kind": [first.kind], **form_fields(dict(first.payload))}
    stale = client.post(url + "/g/1/entries", data=fields, headers={"HX-Request": "true"})
    assert stale.status_code == 409
    seqs = {field["value"] for field in soup(stale).select("#panel input[name=seq]")}
    assert seqs == {"1"}, seqs
    assert len(client.get(url + "/export.json").get_json()["games"][0]["events"]) == 1


@cache
def kept_in_english() -> tuple[str, ...]:
    """The words the Japanese catalog keeps as they are: names printed in English on the
    cards and in the Japanese rulebook itself (Master of Rules' TRIO, BEST of the BEST)."""
    from babel.messages.pofile import read_po

    with open(f"{i18n.TRANSLATIONS_DIR}/ja/LC_MESSAGES/messages.po", "rb") as file:
        catalog = read_po(file)
    same = {str(m.id) for m in catalog if m.id and isinstance(m.id, str) and m.string == m.id}
    return tuple(sorted(same, key=len, reverse=True))


def english_runs(html: str) -> list[str]:

    page = parsed(html)
    for hidden in page.select("script, style, [lang=en], .lang-switch, code, kbd"):
        hidden.decompose()
    shown = page.get_text(" ")
    for name in kept_in_english():
        shown = shown.replace(name, " ")
    return ENGLISH_RUN.findall(shown)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_japanese_page_says_nothing_in_english_at_any_step(slug: str, app: Flask) -> None:
    client = app.test_client()
    client.set_cookie("lang", "ja")
    setup, log = driver(slug).random_game(SEEDS[1])
    steps = sorted({0, 1, len(log) // 3, len(log) // 2, len(log) - 1, len(log)})
    for step in steps:
        url = import_to(client, record_of(slug, setup, log[:step]))
        for path in ("/g/1", "/g/1/history", "/scoreboard"):
            response = client.get(url + path)
            assert response.status_code == 200
            page = soup(response)
            assert page.html["lang"] == "ja"
            assert english_runs(response.get_data(as_text=True)) == [], (step, path)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("slug", SLUGS)
def test_the_rules_page_has_every_clause_the_pages_cite(slug: str, lang: str, app: Flask) -> None:
    client = app.test_client()
    client.set_cookie("lang", lang)
    rules = soup(client.get(f"/rules/{slug}"))
    anchors = {element.get("id") for element in rules.select("[id]")}
    setup, log = driver(slug).random_game(SEEDS[2])
    cited = 0
    for step in sorted({len(log) // 4, len(log) // 2, len(log)}):
        url = import_to(client, record_of(slug, setup, log[:step]))
        for path in ("/g/1", "/g/1/history", "/new"):  # the game, its history, the next game's options
            for badge in soup(client.get(url + path)).select("a.clause"):
                href = badge["href"]
                assert href.split("#")[0].endswith(f"/rules/{slug}"), href
                assert href.split("#")[1] in anchors, (step, path, href)
                cited += 1
    assert cited, "no page cited a clause"


@pytest.mark.parametrize("slug", SLUGS)
def test_a_viewer_gets_no_form_and_an_entry_from_the_viewers_link_is_refused(slug: str, client: FlaskClient) -> None:
    """(What a viewer is told is awaited: test_every_game.py; each game's own prompts: its tests.)"""
    setup, log = driver(slug).random_game(SEEDS[2])
    for step in sorted({0, len(log) // 3, (2 * len(log)) // 3}):
        url = import_to(client, record_of(slug, setup, log[:step]))
        share = soup(client.get(url + "/share", base_url="http://192.168.7.21:5000"))
        viewer = share.select_one("#qr-viewer a.link")["href"].split("192.168.7.21:5000", 1)[1].rstrip("/")
        page = soup(client.get(viewer + "/g/1"))
        assert page.select_one("#panel form") is None, step
        assert "You are watching" in page.get_text(" ", strip=True), step
        entry = log[step]
        fields = {"seq": [str(step)], "kind": [entry.kind], **form_fields(dict(entry.payload))}
        refused = client.post(viewer + "/g/1/entries", data=fields)
        assert refused.status_code == 403, step
        assert len(client.get(url + "/export.json").get_json()["games"][0]["events"]) == step
