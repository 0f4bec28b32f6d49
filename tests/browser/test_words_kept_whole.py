"""No word is broken across two lines at 360 px: every tile and heading (and every game's
name, wherever it stands) on the pages that name the games breaks a line only between words.

In Japanese a word is a run of katakana (ー included; a middle dot ・, a space or any other
character ends it): "ハイパーメ / イカー" is the fault. A game's name may break only where its
catalog entry marks it (i18n.game_name: "ハイパー / メイカー"). In English a word is a run of
letters, which the pages break only at spaces and hyphens. The lines are read from the
browser's own layout: each character's box (a Range over it), a new line wherever the next
character of the run sits lower by more than half a line.

The pages: home, each game's seating page, each game's page in the middle of a game, each
rules page, a club night's set-up, organiser's page and board, and a group's book (its page,
ratings, records, evenings and a player's page)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion import groups, records, rules, store
from tests.conftest import make_app
from tests.kit.browser import SMALL_PHONE
from tests.kit.pages import driver, record

pytestmark = pytest.mark.browser

WHERE = "h1, h2, h3, h4, caption, figcaption, .game-tile, .game-name"
"""Every heading and tile, and every game's name wherever it is said."""

WORDS = {"ja": "[\\u30A1-\\u30FA\\u30FC-\\u30FF\\u31F0-\\u31FF\\uFF66-\\uFF9F]", "en": "[A-Za-z]"}
"""A character of a word, by language: katakana (without the middle dot ・, U+30FB), letters."""

BROKEN = """([where, letter]) => {
  const inWord = new RegExp(letter);
  const found = [];
  for (const el of document.querySelectorAll(where)) {
    if (el.parentElement && el.parentElement.closest(where)) continue;  // read once, as part of the outer one
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    // Each character in reading order with its line's top, or null where a word ends (any
    // other character, a <wbr> or a <br>, a character not laid out).
    const chars = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.ELEMENT_NODE) {
        if (node.tagName === "WBR" || node.tagName === "BR") chars.push(null);
        continue;
      }
      for (let i = 0; i < node.data.length; i++) {
        if (!inWord.test(node.data[i])) { chars.push(null); continue; }
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = [...range.getClientRects()].find(r => r.width > 0);
        chars.push(box ? {c: node.data[i], top: box.top, height: box.height} : null);
      }
    }
    let word = "", broken = false;
    const end = () => { if (broken) found.push(`${el.tagName.toLowerCase()}.${el.className}: ${word}`); word = ""; broken = false; };
    chars.forEach((ch, k) => {
      if (ch === null) { end(); return; }
      const before = chars[k - 1];
      if (before && Math.abs(ch.top - before.top) > before.height / 2) { word += " / "; broken = true; }
      word += ch.c;
    });
    end();
  }
  return found;
}"""


def club_night(app_db: Path) -> tuple[str, str]:
    """A club night of eight, its first round drawn: the organiser's page and the board."""
    client = make_app(app_db).test_client()
    slug = "kings-order"  # the longest name in katakana
    answer = client.post("/club", data={
        "event_name": "金曜クラブ", "game": slug, "event_rounds": "2", "event_scoring": "placement", "options_for": slug,
        "event_players": "\n".join(f"プレイヤー{n}" for n in range(1, 9))})
    assert answer.status_code == 303, answer.get_data(as_text=True)[:300]
    organiser = str(answer.headers["Location"])
    assert client.post(organiser + "draw").status_code == 303
    board = re.search(r'href="([^"]+)" id="board-link"', client.get(organiser).get_data(as_text=True))
    assert board is not None
    return organiser, board.group(1)


def book(app_db: Path) -> list[str]:
    """A group's book whose tables played three games: its pages that name the games."""
    client = make_app(app_db).test_client()
    answer = client.post("/book", data={"name": "金曜の会"})
    assert answer.status_code == 303
    keeper = str(answer.headers["Location"]).split("?")[0]
    db = store.connect(app_db)
    group = store.group_by_token(db, keeper.rstrip("/").split("/")[-1])
    assert group is not None
    names = ["アキ", "ベン", "チョウ", "ダン", "エミ"]
    for slug in ("hyper-maker", "kings-order", "master-of-rules"):
        for seed in range(1, 200):
            setup, log = driver(slug).random_game(seed)
            if 3 <= len(setup["players"]) <= len(names):
                break
        table = records.import_table(db, record(slug, {**setup, "players": names[:len(setup["players"])]}, log))
        groups.seat_from_roster(db, group, table)
    player = re.search(r'href="(/b/[^"]+/players/\d+)', client.get(keeper + "roster").get_data(as_text=True))
    assert player is not None
    return [keeper, keeper + "ratings", keeper + "records", keeper + "evenings", player.group(1)]


def game_pages(app_db: Path) -> list[str]:
    """Each game's page in the middle of a seeded game."""
    db = store.connect(app_db)
    found = []
    for slug in rules.GAMES:
        setup, log = driver(slug).random_game(1)
        table = records.import_table(db, record(slug, setup, log[: len(log) // 2]))
        found.append(f"/t/{table.scorer_token}/g/1")
    return found


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_no_word_is_broken_across_lines_in_tiles_headings_and_game_names_at_360_px(
        browser: Browser, live_server: str, live_db: Path, lang: str) -> None:
    assert shutil.which("fc-list") and subprocess.run(["fc-list", ":lang=ja"], capture_output=True, text=True).stdout, \
        "no Japanese font: apt-get install fonts-noto-cjk (the lines are measured on real glyphs)"
    organiser, board = club_night(live_db)
    paths = ["/", "/club/new", organiser, board, *book(live_db), *game_pages(live_db)]
    paths += [f"/seat/{slug}" for slug in rules.GAMES] + [f"/rules/{slug}" for slug in rules.GAMES]
    context = browser.new_context(viewport=SMALL_PHONE, locale=lang, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page = context.new_page()
    broken: dict[str, list[str]] = {}
    names_seen = 0
    for path in paths:
        page.goto(live_server + path)
        page.wait_for_load_state()
        page.evaluate("document.fonts.ready")
        names_seen += page.locator(".game-name").count()
        found = page.evaluate(BROKEN, [WHERE, WORDS[lang]])
        if not page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"):
            found.append("the page scrolls sideways")  # a word kept whole must still fit
        if found:
            broken[path] = found
    context.close()
    assert names_seen >= 9 * 4, names_seen  # the home page alone names every game twice
    assert broken == {}, "\n".join(f"{path}: {word}" for path, words in broken.items() for word in words)
