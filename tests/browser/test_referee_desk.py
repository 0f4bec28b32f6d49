"""The quick judge and the rules pages at phone size, in Japanese and in English."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.kit.browser import PHONE, assert_phone_friendly

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("locale, verdict, rules_link", [
    ("ja-JP", "プレイヤーCの勝ち、+6点", "ルール"),
    ("en-US", "Player C wins, +6", "Rules"),
])
def test_quick_judge_then_the_clause_on_the_rules_page(browser: Browser, live_server: str, locale: str,
                                                        verdict: str, rules_link: str) -> None:
    context = browser.new_context(viewport=PHONE, locale=locale, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(live_server + "/")
    page.click("a[href='/judge']")
    page.wait_for_url(live_server + "/judge")
    assert_phone_friendly(page)
    page.click("a[href='/judge/hyper-maker']")
    page.wait_for_url(live_server + "/judge/hyper-maker")
    for code in ("R5B6", "R2G9", "B8Y3", "R9B2", "R7Y4"):
        pair = "".join(ch for ch in code if ch.isalpha())
        page.click(f"label[for=pair-{pair}]")
        with page.expect_navigation():  # each tap loads the next page; wait for it before the next tap
            page.click(f"button[name=card][value={code}]")
    expect(page.locator("#result .verdict")).to_contain_text(verdict)
    assert_phone_friendly(page)
    # Every clause badge links to its place on the rules page.
    page.locator("#result a.clause").first.click()
    expect(page).to_have_url(f"{live_server}/rules/hyper-maker#5-3")
    expect(page.locator("[id='5-3'] [lang=ja]")).to_contain_text("フォロースート")
    expect(page.locator("[id='5-3'] p[lang=en]")).to_be_visible()
    expect(page.locator("#rulings .ruling-own").first).to_be_visible()
    assert_phone_friendly(page)
    context.close()
