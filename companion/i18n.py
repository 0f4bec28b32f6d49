"""Japanese and English: catalogs, and turning an engine's rulings into sentences.

The engines speak in message keys with parameters; this module renders them with the
catalog of the reader's language: Flask-Babel's in a request (`request_words`), a Babel
catalog on the CLI (`catalog`). A whole catalog is passed, not a gettext function, so a
message with a plural is sure to find the ngettext of the same language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from gettext import NullTranslations, translation
from os import path
from typing import TYPE_CHECKING, Any, Protocol

from .rules import base
from .rules.base import (CardRef, CardsRef, CountsRef, GameRef, Message, Plural, Ruling, RuleError, SeatRef, SeatsRef,
                         SuitRef)
from .rules.contract import Game, Gettext

if TYPE_CHECKING:  # markupsafe is the web's: the CLI's judge never imports it
    from markupsafe import Markup

LANGS = ("ja", "en")
DEFAULT_LANG = "en"
TRANSLATIONS_DIR = path.join(path.dirname(__file__), "translations")

class Words(Protocol):
    """A catalog of one language: Babel's translations (`catalog`) and Flask-Babel's
    `get_translations()` both are one."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def __hash__(self) -> int: ...  # by identity: a catalog is a key of i18n.sentence


@cache
def _request_globals() -> tuple[Any, Any, Any]:
    """Flask's `g` and Flask-Babel's `get_translations` and `get_locale`, imported at the first
    request rather than with this module (the CLI's judge never imports the web stack), and
    once: an import statement run at every call cost a microsecond, 46 times an entry."""
    from flask import g
    from flask_babel import get_locale, get_translations

    return g, get_translations, get_locale


def request_words() -> Words:
    """The catalog of the current request's language (Flask-Babel's), looked up once per
    request: the templates' gettext (app.py) asks for it at every sentence."""
    g, get_translations, _get_locale = _request_globals()
    words: Words | None = g.get("request_words")
    if words is None:
        words = g.request_words = get_translations()
    return words


def choose_lang(chosen: str | None, accepted: str | None) -> str:
    """The language of a request: the one chosen with the switch (the `lang` cookie), else the
    browser's preference (Accept-Language) as werkzeug reads it, else English. Flask-Babel asks
    it (app.select_locale), and so does the panel's answer before Flask (polls.py)."""
    if chosen in LANGS:
        return str(chosen)
    from werkzeug.datastructures import LanguageAccept  # the web's: the CLI's judge never asks
    from werkzeug.http import parse_accept_header

    return parse_accept_header(accepted, LanguageAccept).best_match(LANGS) or DEFAULT_LANG


def request_lang() -> str:
    """The current request's language ("ja" or "en") as Flask-Babel chose it
    (app.select_locale), worked out once per request: a panel asks for it at every part."""
    g, _get_translations, get_locale = _request_globals()
    lang: str | None = g.get("request_lang")
    if lang is None:
        lang = g.request_lang = str(get_locale() or DEFAULT_LANG)
    return lang


@lru_cache(maxsize=8192)
def sentence(words: Words, string: str, escaped: bool) -> str:
    """A sentence without keywords as the templates say it (app.template_gettext): the
    catalog's text as a format string with nothing to fill in ("%%" is "%"), marked safe
    where the template escapes. The same in a language for as long as the process runs (a
    catalog is what ships); kept for the 8,192 sentences last said."""
    from markupsafe import Markup  # here, not above: the CLI's judge never imports the web stack

    text = words.gettext(string)
    return (Markup(text) if escaped else text) % {}


@cache
def catalog(lang: str) -> NullTranslations:
    """The compiled catalog for `lang`; English is the source language. Read by the standard
    library's gettext (Babel compiled it; loading it needs no more), so the CLI's judge starts
    without importing Babel."""
    if lang == "en":
        return NullTranslations()
    return translation("messages", TRANSLATIONS_DIR, [lang], fallback=True)


def seat_label(index: int, gettext: Gettext) -> str:
    """How the judge names a player who has no name: A, B, C... as the rulebook does."""
    return gettext("Player %(letter)s") % {"letter": chr(ord("A") + index)}


def card_label(slug: str, code: str, lang: str) -> str:
    """The one way to name a card: the game's card_text in `lang`, remembered, since pickers
    show the same labels on every render (a game's cards and catalogs never change)."""
    return _card_label(slug, code, lang)


@cache
def _card_label(slug: str, code: str, lang: str) -> str:
    from . import rules

    return rules.get(slug).card_text(code, catalog(lang).gettext)


def card_name(game: Game, code: str) -> str:
    """card_label in the current request's language (for templates and their macros)."""
    return card_label(game.SLUG, code, request_lang())


def suit_name(game: Game, code: str) -> str:
    """A suit (or colour) named alone in the current request's language ("♠ spade",
    "♠スペード"), as Game.suit_text says it (for templates and their macros)."""
    return game.suit_text(code, catalog(request_lang()).gettext)


NAME_BREAK = "\u200b"
"""What a catalog puts where a line may break inside a game's name (U+200B, a zero width
space): between the words of a name written as one, which a line may part, but never inside
a word itself."""


def game_text(game: Game, gettext: Gettext) -> str:
    """A game's name in the language of `gettext`, as plain text (a page's title, a sentence,
    JSON): the catalog's marks of where it may break taken out."""
    return gettext(game.NAME).replace(NAME_BREAK, "")


def game_name(game: Game) -> Markup:
    """A game's name on a page, in the current request's language: its words kept whole
    (class "game-name", which breaks a line only between words) and the catalog's marks of
    where it may break given as <wbr>. The one way a page names a game; the marks are made
    once, in the catalog, and every tile, heading and sentence gets them."""
    from markupsafe import Markup, escape

    words = escape(request_words().gettext(game.NAME)).split(NAME_BREAK)
    return Markup('<span class="game-name">%s</span>') % Markup("<wbr>").join(words)


def card_text(game: Game, code: str, gettext: Gettext) -> str:
    """A card as words in the language of `gettext` ("● red 5 / ■ blue 6")."""
    return game.card_text(code, gettext)


def seats_text(indices: Sequence[int], gettext: Gettext, names: Sequence[str] | None) -> str:
    """Several players named in a list, in the reader's language."""
    return gettext(", ").join(
        names[i] if names is not None and 0 <= i < len(names) else seat_label(i, gettext) for i in indices)


def render(
    ruling: Ruling,
    module: Game | None,
    words: Words,
    names: Sequence[str] | None = None,
) -> str:
    """The sentence a person reads for `ruling`, in the language of the catalog `words`."""
    gettext = words.gettext

    def show(value: Any) -> Any:
        if isinstance(value, SeatRef):
            if names is not None and 0 <= value.index < len(names):
                return names[value.index]
            return seat_label(value.index, gettext)
        if isinstance(value, Ruling):  # a reason inside a reason (a correction's refusal)
            return render(value, module, words, names)
        if isinstance(value, SeatsRef):
            return seats_text(value.indices, gettext, names)
        if isinstance(value, SuitRef) and module is not None:
            return module.suit_text(value.code, gettext)
        if isinstance(value, CardRef) and module is not None:
            return card_text(module, value.code, gettext)
        if isinstance(value, CardsRef) and module is not None:
            return gettext(", ").join(card_text(module, c, gettext) for c in value.codes)
        if isinstance(value, (SuitRef, CardRef)):
            return value.code
        if isinstance(value, GameRef):
            from . import rules  # local: the registry imports every engine

            return game_text(rules.get(value.slug), gettext)
        if isinstance(value, CountsRef):
            return players_text(value.counts, words)
        if isinstance(value, (tuple, list)):  # a list of plain values, as the language lists them
            return gettext(", ").join(str(show(item)) for item in value)
        return value

    messages: Mapping[str, Message] = dict(base.MESSAGES)
    if module is not None:
        messages = {**messages, **module.MESSAGES}
    template = messages.get(ruling.key)
    if template is None:
        return ruling.key
    if isinstance(template, Plural):
        text = words.ngettext(template.singular, template.plural, count_of(ruling.params.get(template.count)))
    else:
        text = gettext(template)
    return text % {name: show(value) for name, value in ruling.params.items()}


def count_of(value: object) -> int:
    """The number a plural is chosen by: a number as it is, several seats, cards or items by
    how many they are (so "Ann leads" but "Ann, Ben lead")."""
    if isinstance(value, int):
        return value
    if isinstance(value, SeatsRef):
        return len(value.indices)
    if isinstance(value, CardsRef):
        return len(value.codes)
    if isinstance(value, (tuple, list)):
        return len(value)
    return 0


def players_text(counts: Sequence[int], words: Words) -> str:
    """A game's player counts in words: "3–6 players", "4 or 6 players", "2 players"."""
    low, high = min(counts), max(counts)
    if low == high:
        return words.ngettext("%(num)d player", "%(num)d players", low) % {"num": low}
    if list(counts) == list(range(low, high + 1)):
        return words.gettext("%(low)s–%(high)s players") % {"low": low, "high": high}
    if len(counts) == 2:
        return words.gettext("%(low)s or %(high)s players") % {"low": low, "high": high}
    return words.gettext("%(counts)s players") % {"counts": "・".join(str(n) for n in counts)}


def ruling_text(ruling: Ruling, game: Game | None, names: Sequence[str] | None = None) -> str:
    """`ruling` in the current request's language (for templates and views)."""
    return render(ruling, game, request_words(), names)


def ruling_json(ruling: Ruling, module: Game | None, words: Words,
                names: Sequence[str] | None = None) -> dict[str, str]:
    return {"clause": ruling.clause, "text": render(ruling, module, words, names)}


def _plain(value: Any, module: Game, words: Words) -> Any:
    """Turn an engine's answer into JSON data, rendering every Ruling it holds."""
    if isinstance(value, Ruling):
        return ruling_json(value, module, words)
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if isinstance(item, Ruling):
                out.update(ruling_json(item, module, words))
            else:
                out[key] = _plain(item, module, words)
        return out
    if isinstance(value, (list, tuple)):
        return [_plain(item, module, words) for item in value]
    return value


def judge_text(slug: str, text: str, words: Words) -> tuple[bool, dict[str, Any]]:
    """Answer one judge request given as JSON text: (ok, answer). Never raises on bad input."""
    from . import rules  # local: the registry imports every engine

    try:
        module = rules.get(slug)
    except RuleError as exc:
        return False, {"error": render(exc.ruling, None, words)}
    try:
        request = json.loads(text)
    except ValueError as exc:
        return False, {"error": render(Ruling("input.not_json", "", {"detail": str(exc)}), module, words)}
    except RecursionError:
        return False, {"error": render(Ruling("input.too_deep", ""), module, words)}
    return judge(module, request, words)


def judge(module: Game, request: Any, words: Words) -> tuple[bool, dict[str, Any]]:
    """Answer one decoded judge request: (ok, answer with rulings as sentences)."""
    if not isinstance(request, Mapping):
        return False, {"error": render(Ruling("input.not_object", ""), module, words)}
    try:
        answer = module.judge(request)
    except RuleError as exc:
        return False, {"error": render(exc.ruling, module, words)}
    return True, _plain(answer, module, words)
