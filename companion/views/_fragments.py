"""Fragments that depend only on the game and the language, rendered once and reused.

The card picker's sixty keys are the same on every render; only which ones are disabled
changes, and that is a string edit, not a template render.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from functools import cache, lru_cache
from types import ModuleType
from typing import Any

from flask import current_app, render_template
from flask_babel import get_locale
from markupsafe import Markup

from ..remembered import Remembered


def static_fragment(template_name: str, module: ModuleType, **params: object) -> Markup:
    """`template_name` rendered with `module` and `params` (hashable), once per language."""
    return _rendered(template_name, module.SLUG, str(get_locale()), id(current_app),
                     tuple(sorted(params.items())))


@cache
def _rendered(template_name: str, slug: str, _lang: str, _app: int,
              params: tuple[tuple[str, object], ...]) -> Markup:
    from .. import i18n, rules

    module = rules.get(slug)
    return Markup(render_template(
        template_name, module=module, **dict(params),
        card_text=lambda code: i18n.card_label(slug, code, _lang),
    ))


def disable_cards(html: Markup, codes: Iterable[str]) -> Markup:
    """Mark the picker keys of `codes` as used: shown struck out and not offered."""
    parts, where = _key_slots(html)
    marked = {where[code] for code in codes if code in where}
    return Markup("".join([part + " disabled" if i in marked else part for i, part in enumerate(parts)]))


@lru_cache(maxsize=256)
def _key_slots(html: str) -> tuple[tuple[str, ...], dict[str, int]]:
    """`html` cut after the first `value="..."` of each key, and which cut ends each value.

    The keys are a remembered fragment (the same string object on every render), so this
    is worked out once; disabling keys is then one join instead of a search per card.
    """
    parts: list[str] = []
    where: dict[str, int] = {}
    start = 0
    for found in _VALUE.finditer(html):
        if found.group(1) not in where:
            parts.append(html[start:found.end()])
            where[found.group(1)] = len(parts) - 1
            start = found.end()
    parts.append(html[start:])
    return tuple(parts), where


_VALUE = re.compile(r'value="([^"]*)"')


_FRAGMENTS: Remembered[tuple[Hashable, ...], Markup] = Remembered(1024)


def fragment(template_name: str, key: Hashable, **context: Any) -> Markup:
    """`template_name` rendered with `context`, remembered under `key` in this language.

    For the parts of a page that change far less often than the page: the scoreboard
    changes when a trick is scored, a trick's ruling never changes. `key` must capture
    everything the fragment shows; the table's entries are append-only, so a key built
    from what was entered stays true.
    """
    full = (template_name, str(get_locale()), id(current_app), key)
    hit = _FRAGMENTS.get(full)
    if hit is None:
        hit = Markup(render_template(template_name, **context))
        _FRAGMENTS.put(full, hit)
    return hit
