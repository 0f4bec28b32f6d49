"""Every word a person reads exists in Japanese: the catalog covers the source and is compiled."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "companion" / "translations" / "ja" / "LC_MESSAGES"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def source_messages() -> set[str]:
    """Every msgid marked in the code (N_, _ , gettext) and the templates."""
    method_map = [("companion/**.py", "python"), ("templates/**.html", "jinja2")]
    keywords = {"N_": None, "_": None, "gettext": None}
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map=method_map, keywords=keywords
    ):
        found.add(message if isinstance(message, str) else message[0])
    return found


def test_every_message_in_the_source_has_a_japanese_translation() -> None:
    with open(CATALOG / "messages.po", "rb") as f:
        catalog = read_po(f)
    translated = {m.id: m.string for m in catalog if m.id and m.string and not m.fuzzy}
    missing = sorted(source_messages() - set(translated))
    assert missing == [], f"untranslated: {missing}"


def test_translations_keep_every_placeholder() -> None:
    with open(CATALOG / "messages.po", "rb") as f:
        catalog = read_po(f)
    wrong = [m.id for m in catalog
             if m.id and m.string and set(PLACEHOLDER.findall(m.id)) != set(PLACEHOLDER.findall(m.string))]
    assert wrong == []


def test_compiled_catalog_matches_the_po_file() -> None:
    with open(CATALOG / "messages.po", "rb") as f:
        po = {m.id: m.string for m in read_po(f) if m.id and m.string}
    with open(CATALOG / "messages.mo", "rb") as f:
        mo = {m.id: m.string for m in read_mo(f) if m.id}
    assert mo == po, "run: pybabel compile -d companion/translations"


def test_japanese_questions_and_lists_use_full_width_marks() -> None:
    with open(CATALOG / "messages.po", "rb") as f:
        catalog = read_po(f)
    half_width = [m.string for m in catalog if m.id and isinstance(m.string, str)
                  and re.search(r"[\u3040-\u30ff\u4e00-\u9fff][?!]", m.string)]
    assert half_width == []
    assert {m.id: m.string for m in catalog if m.id}[", "] == "、"


def test_a_list_in_a_ruling_reads_as_the_language_lists() -> None:
    from companion import i18n
    from companion.rules import hyper_maker
    from companion.rules.base import CardRef, CardsRef, Ruling, SeatRef

    ruling = Ruling("hm.audit_illegal", "5(2)", {"trick": 2, "seat": SeatRef(0), "card": CardRef("G2Y9"),
                                                  "master": CardRef("R5B6"), "cards": CardsRef(("R1B10",)),
                                                  "tricks": (6, 7, 8)})
    assert "6, 7, 8" in i18n.render(ruling, hyper_maker, i18n.catalog("en").gettext)
    assert "6、7、8" in i18n.render(ruling, hyper_maker, i18n.catalog("ja").gettext)
