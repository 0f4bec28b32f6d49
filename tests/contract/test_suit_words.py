"""A suit named on its own reads as the language writes it, in every registered game (issue 31):
English puts a space after the suit's mark ("♠ spade", as a card's words "♠ spade 7" do),
Japanese keeps its run-together form ("♠スペード"), both through the catalog.

Each game's `suit_text` makes these words (the rulings' suits, a void, a lead suit, through
companion.i18n.render); a game whose suits have no mark (King's Trick's colours and kinds)
names them by their words alone.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest

from companion import i18n, rules
from companion.rules.base import Ruling, SuitRef

EN = i18n.catalog("en")
JA = i18n.catalog("ja")
SLUGS = sorted(rules.GAMES)


def suits(slug: str) -> Mapping[str, str]:
    """The game's suit codes with their English names (marks, if any, in SUIT_SYMBOLS)."""
    module = rules.GAMES[slug]
    names: Mapping[str, str] | None = getattr(module, "SUIT_NAMES", None)
    if names is None:
        names = {**getattr(module, "COLOUR_NAMES", {}), **getattr(module, "KIND_NAMES", {})}
    assert names, f"{slug} names no suits"
    return names


@pytest.mark.parametrize("slug", SLUGS)
def test_a_suit_named_alone_has_a_space_after_its_mark_in_english_and_none_in_japanese(slug: str) -> None:
    module = rules.GAMES[slug]
    marks: Mapping[str, str] = getattr(module, "SUIT_SYMBOLS", {})
    for code, name in suits(slug).items():
        english, japanese = module.suit_text(code, EN.gettext), module.suit_text(code, JA.gettext)
        if code in marks:
            assert english == f"{marks[code]} {name}", (slug, code)
            assert japanese == marks[code] + JA.gettext(name), (slug, code)
            assert " " not in japanese, (slug, code)
        else:
            assert english == name and japanese == JA.gettext(name), (slug, code)
        assert japanese != english, (slug, code)


@pytest.mark.parametrize("slug", [s for s in SLUGS if getattr(rules.GAMES[s], "SUIT_SYMBOLS", None)])
def test_a_ruling_names_a_suit_as_suit_text_does(slug: str) -> None:
    """The shared renderer (companion.i18n.render) says a ruling's suit with the game's words:
    the first of the game's messages that names a suit, every other value a plain word."""
    module = rules.GAMES[slug]
    key, template = next((k, v) for k, v in module.MESSAGES.items()
                         if isinstance(v, str) and "%(suit)s" in v and not re.search(r"%\(\w+\)[^s]", v))
    code, mark = next(iter(module.SUIT_SYMBOLS.items()))
    params: dict[str, object] = {name: "x" for name in re.findall(r"%\((\w+)\)s", template)}
    said = Ruling(key, "", {**params, "suit": SuitRef(code)})
    assert module.suit_text(code, EN.gettext) in i18n.render(said, module, EN)
    assert f"{mark} {EN.gettext(module.SUIT_NAMES[code])}" in i18n.render(said, module, EN)
    assert mark + JA.gettext(module.SUIT_NAMES[code]) in i18n.render(said, module, JA)
