"""The referee's desk: the quick judge and the rules pages, in both languages."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from companion import rulebooks, rules
from tests.conftest import soup, text

HM_EXAMPLE = ["R5B6", "R2G9", "B8Y3", "R9B2", "R7Y4"]


def tap_through(client: FlaskClient, slug: str, cards: list[str]):  # type: ignore[no-untyped-def]
    """Tap each card on the quick judge's picker, as the page's GET form sends it."""
    page = client.get(f"/judge/{slug}")
    for card in cards:
        carried = soup(page).select_one("form.picker input[name=cards]")["value"]
        page = client.get(f"/judge/{slug}", query_string={"cards": carried, "card": card})
    return page


def test_home_links_the_quick_judge_and_every_rules_page(client: FlaskClient) -> None:
    page = soup(client.get("/"))
    links = {a["href"] for a in page.select("a")}
    assert "/judge" in links
    assert {f"/rules/{slug}" for slug in rules.GAMES} <= links


def test_quick_judge_agrees_with_the_judge_api(client: FlaskClient) -> None:
    page = tap_through(client, "hyper-maker", HM_EXAMPLE)
    result = soup(page).select_one("#result")
    api = client.post("/api/judge/hyper-maker", json={"ask": "trick", "master": HM_EXAMPLE[0], "plays": HM_EXAMPLE[1:]}).get_json()
    shown = [" ".join(li.get_text(" ").split()) for li in result.select(".rulings li")]
    assert len(shown) == len(api["rulings"])
    for line, ruling in zip(shown, api["rulings"]):
        assert ruling["text"] in line and ruling["clause"] in line
    assert "Player C wins, +6" in result.select_one(".verdict").get_text()


def test_quick_judge_takes_back_and_never_offers_a_card_twice(client: FlaskClient) -> None:
    page = soup(tap_through(client, "hyper-maker", HM_EXAMPLE[:3]))
    assert page.select_one("button[value=R2G9]").has_attr("disabled")
    assert page.select_one("#result") is None
    back = soup(client.get(page.select_one("a[href*=back]")["href"]))
    assert back.select_one("form.picker input[name=cards]")["value"] == "R5B6.R2G9"


def test_every_clause_the_engines_cite_links_to_an_anchor_that_exists(client: FlaskClient) -> None:
    cited: dict[str, set[str]] = {}
    for slug, module in rules.GAMES.items():
        source = open(module.__file__, encoding="utf-8").read()
        labels = set(re.findall(r'(?:Ruling|RuleError)\(\s*"[^"]+",\s*"([^"]+)"', source))
        cited[slug] = {label for label in labels if label}
        page = soup(client.get(f"/rules/{slug}"))
        ids = {element["id"] for element in page.select("[id]")}
        for label in cited[slug]:
            anchor = rulebooks.anchor(slug, label)
            assert anchor is not None, (slug, label)
            assert anchor in ids, (slug, label)


def test_clause_badges_in_a_game_link_to_the_rules_page(client: FlaskClient) -> None:
    from tests.games.hyper_maker.table import enter, seat_table

    url = seat_table(client)
    for card in HM_EXAMPLE[:4]:
        enter(client, url, card)
    badges = soup(client.get(url)).select("#result a.clause")
    assert badges and all(b["href"].startswith("/rules/hyper-maker#") for b in badges)


def test_a_clause_link_keeps_the_address_the_app_is_served_under(client: FlaskClient) -> None:
    """Behind a proxy that serves the app under a path of its own, a clause badge links to
    the rules page under that path too: the link is built by url_for, not by hand."""
    link = client.application.jinja_env.globals["clause_href"]
    with client.application.test_request_context("/", base_url="http://192.168.7.21:5000/club"):
        assert link("hyper-maker", "5(3)") == "/club/rules/hyper-maker#5-3"
        assert link("hyper-maker", "no such clause") is None
    with client.application.test_request_context("/"):
        assert link("hyper-maker", "5(3)") == "/rules/hyper-maker#5-3"


def test_rules_page_shows_japanese_original_english_and_our_rulings(client: FlaskClient) -> None:
    page = soup(client.get("/rules/hyper-maker"))
    assert page.select_one("section#rulings .ruling-own") is not None
    both = page.select("section.clause-text .two")
    assert any(s.select_one("[lang=ja]") and s.select_one("[lang=en]") for s in both)
    assert "マスターカード" in text(client.get("/rules/hyper-maker"))


def test_unknown_rules_page_is_a_404(client: FlaskClient) -> None:
    assert client.get("/rules/chess").status_code == 404
    assert client.get("/judge/chess").status_code == 404


def test_clause_badges_on_an_english_page_read_in_english(client: FlaskClient) -> None:
    japanese = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
    for slug in rules.GAMES:
        for label in rulebooks.anchors(slug):
            english = rulebooks.badge(slug, label, "en")
            assert not japanese.search(english), (slug, label, english)
            assert rulebooks.badge(slug, label, "ja") == label
    assert rulebooks.badge("master-of-rules", "3. ルールの判定", "en") == "3. Judging the rules"
    assert rulebooks.badge("master-of-rules", "3, 4人プレイ", "en") == "3 and 4 players"  # no number prefix
