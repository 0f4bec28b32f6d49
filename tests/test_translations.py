"""Every word a person reads exists in Japanese: the catalog covers the source and is compiled."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from flask import Flask, render_template_string

from companion import i18n

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "companion" / "translations" / "ja" / "LC_MESSAGES"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdr]")
KEYWORDS = {"N_": None, "_": None, "gettext": None, "Np_": (1, 2), "ngettext": (1, 2)}
"""How the source marks its words: N_ and Np_ (singular, plural) in the engines, _, gettext
and ngettext in the code and the templates."""

Message = str | tuple[str, str]
"""A msgid as the source marks it: a plain string, or (singular, plural)."""


def source_messages() -> set[Message]:
    """Every msgid marked in the code and the templates; a plural as (singular, plural)."""
    method_map = [("companion/**.py", "python"), ("templates/**.html", "jinja2"),
                  ("companion/rules/*/templates/**.html", "jinja2")]
    found: set[Message] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map=method_map, keywords=KEYWORDS
    ):
        found.add(message if isinstance(message, str) else (message[0], message[1]))
    return found


def read_catalog() -> Catalog:
    with open(CATALOG / "messages.po", "rb") as f:
        return read_po(f)


def forms(string: object) -> tuple[str, ...]:
    """A msgstr's forms: one for a plain entry, each msgstr[n] for a plural entry."""
    if isinstance(string, str):
        return (string,)
    return tuple(string) if isinstance(string, (tuple, list)) else ()


def test_every_message_in_the_source_has_a_japanese_translation() -> None:
    catalog = read_catalog()
    translated = {(m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog
                  if m.id and all(forms(m.string)) and forms(m.string) and not m.fuzzy}
    missing = sorted(source_messages() - translated, key=str)
    assert missing == [], f"untranslated: {missing}"


def test_japanese_has_one_plural_form_and_every_plural_entry_gives_it() -> None:
    catalog = read_catalog()
    assert catalog.plural_forms == "nplurals=1; plural=0;"
    plurals = [m for m in catalog if m.id and m.pluralizable]
    assert len(plurals) > 40
    assert [m.id for m in plurals if len(forms(m.string)) != 1 or not forms(m.string)[0]] == []


def test_translations_keep_every_placeholder() -> None:
    """A plural's one Japanese form keeps the placeholders of both English forms."""
    wrong = []
    for m in read_catalog():
        if not m.id or not any(forms(m.string)):
            continue
        ids = (m.id,) if isinstance(m.id, str) else tuple(m.id)
        wanted = set().union(*(PLACEHOLDER.findall(i) for i in ids))
        if any(set(PLACEHOLDER.findall(form)) != wanted for form in forms(m.string)):
            wrong.append(m.id)
    assert wrong == []


def test_compiled_catalog_matches_the_po_file() -> None:
    def key(m: Any) -> Message:
        return m.id if isinstance(m.id, str) else (m.id[0], m.id[1])

    po = {key(m): forms(m.string) for m in read_catalog() if m.id and any(forms(m.string))}
    with open(CATALOG / "messages.mo", "rb") as f:
        mo = {key(m): forms(m.string) for m in read_mo(f) if m.id}
    assert mo == po, "run: pybabel compile -d companion/translations"


def test_japanese_questions_lists_and_colons_use_full_width_marks() -> None:
    """"第5トリック：P1の勝ち。": a question mark, an exclamation mark or a colon after Japanese
    text is full-width (the CLI's "companion: " prefix, the program's name, stays)."""
    catalog = read_catalog()
    half_width = [form for m in catalog if m.id for form in forms(m.string)
                  if re.search(r"[\u3040-\u30ff\u4e00-\u9fff\u3001\u300d\uff09][?!:]", form)]
    assert half_width == []
    assert {m.id: m.string for m in catalog if m.id}[", "] == "、"


def test_japanese_brackets_are_full_width() -> None:
    """"3 （中止）" beside "3 （プレイ中）": a half-width bracket never stands in Japanese text
    (placeholders such as %(name)s aside)."""
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    half_width = [form for m in read_catalog() if m.id for form in forms(m.string)
                  if japanese.search(form) and re.search(r"[()]", PLACEHOLDER.sub("", form))]
    assert half_width == []
    assert i18n.catalog("ja").gettext("(abandoned)") == "（中止）"


ENGLISH_PLURAL = re.compile(r"\b(?!http\()[A-Za-z]+\((?:s|es)\)")
"""A count written "card(s)" or "cross(es)" instead of through ngettext ("http(s)" is no count)."""


def test_no_word_is_written_with_an_optional_plural() -> None:
    """Counts go through ngettext: no "(s)" in any message the source marks, nor in the
    catalog, nor anywhere in the engines' texts and the templates."""
    marked = [m for m in source_messages() for text in ((m,) if isinstance(m, str) else m)
              if ENGLISH_PLURAL.search(text)]
    assert marked == []
    catalog = [m.id for m in read_catalog() if m.id
               and any(ENGLISH_PLURAL.search(text) for text in ((m.id,) if isinstance(m.id, str) else m.id))]
    assert catalog == []
    files = [path for pattern in ("companion/**/*.py", "templates/**/*.html", "companion/rules/*/templates/*.html")
             for path in ROOT.glob(pattern)]
    found = [f"{path.relative_to(ROOT)}: {text}" for path in files for text in prose(path)
             if ENGLISH_PLURAL.search(text)]
    assert found == []


def prose(path: Path) -> list[str]:
    """The words in a source file, not its code: a module's strings and comments, a
    template's text outside its tags (so `card.value(s)` is code, "seat(s)" is words)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        return [re.sub(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", " ", text, flags=re.S)]
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    return [t.string for t in tokens if t.type in (tokenize.STRING, tokenize.COMMENT)]


def test_a_list_in_a_ruling_reads_as_the_language_lists() -> None:
    from companion.rules import hyper_maker
    from companion.rules.base import CardRef, CardsRef, Ruling, SeatRef

    ruling = Ruling("hm.audit_illegal", "5(2)", {"trick": 2, "seat": SeatRef(0), "card": CardRef("G2Y9"),
                                                  "master": CardRef("R5B6"), "cards": CardsRef(("R1B10",)),
                                                  "tricks": (6, 7, 8)})
    assert "6, 7, 8" in i18n.render(ruling, hyper_maker, i18n.catalog("en"))
    assert "6、7、8" in i18n.render(ruling, hyper_maker, i18n.catalog("ja"))


# --------------------------------------------------------------------------- plurals


def test_a_count_picks_the_english_form_and_japanese_keeps_its_one_form() -> None:
    from companion.rules import tateyoko
    from companion.rules.base import Ruling, SeatRef

    def said(count: int, lang: str) -> str:
        ruling = Ruling("ty.turn_done", "A", {"seat": SeatRef(0), "count": count})
        return i18n.render(ruling, tateyoko, i18n.catalog(lang), ["Ann", "Ben", "Cid"])

    assert said(1, "en") == "Ann ends the turn after laying 1 card."
    assert said(2, "en") == "Ann ends the turn after laying 2 cards."
    assert said(1, "ja") == "Annは1枚プレーして手番を終えます。"
    assert said(2, "ja") == "Annは2枚プレーして手番を終えます。"


def test_a_plural_counted_by_seats_agrees_with_the_number_of_leaders() -> None:
    """"After 4 games Bō leads with 16": one leader leads, several lead."""
    from companion.rules import kings_trick
    from companion.rules.base import Ruling, SeatsRef

    names = ["Ann", "Bō", "Cid"]

    def said(leaders: tuple[int, ...]) -> str:
        ruling = Ruling("kt.evening_over", "4(3)", {"done": 4, "names": SeatsRef(leaders), "total": 16})
        return i18n.render(ruling, kings_trick, i18n.catalog("en"), names)

    assert said((1,)) == "After 4 games Bō leads with 16: the evening is over."
    assert said((0, 2)) == "After 4 games Ann, Cid lead with 16: the evening is over."


def test_a_shared_black_junky_win_names_the_winners_not_everyone() -> None:
    from companion.rules import black_junky
    from companion.rules.base import Ruling, SeatsRef

    ruling = Ruling("bj.game_shared", "", {"seats": SeatsRef((4, 6)), "wins": 2})
    names = ["Ann", "Bō", "Cid", "Dee", "Eri", "Fumi", "Goro"]
    ja = i18n.render(ruling, black_junky, i18n.catalog("ja"), names)
    assert ja == "Eri、Goroがそれぞれ2勝で並び、ゲームの勝利を分け合います。"
    assert i18n.render(ruling, black_junky, i18n.catalog("en"), names) == (
        "Eri, Goro share the game win with 2 round wins each.")
    shared = [m.string for m in read_catalog() if m.id and "share" in str(m.id) and "game win" in str(m.id)]
    assert shared and all("全員" not in form for string in shared for form in forms(string))


def test_templates_count_through_ngettext_in_both_languages(app: Flask) -> None:
    page = '{{ ngettext("%(num)s cross left", "%(num)s crosses left", n) }}'
    said = {}
    for lang in ("en", "ja"):
        for n in (1, 2):
            with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
                said[lang, n] = render_template_string(page, n=n)
    assert said == {("en", 1): "1 cross left", ("en", 2): "2 crosses left",
                    ("ja", 1): "クロス残り1枚", ("ja", 2): "クロス残り2枚"}
