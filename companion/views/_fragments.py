"""Fragments remembered in the app's Memory (see memory.py for the rule).

The card picker's keys are the same on every render of a game in a language; only which
ones are disabled changes, and that is a string edit, not a template render.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from typing import Any

from flask import current_app, has_app_context, render_template
from flask_babel import get_locale
from markupsafe import Markup

from ..memory import Memory, Region
from ..rules.contract import Game


def _region(name: str) -> Region[Any, Any]:
    memory: Memory = current_app.extensions["companion.memory"]
    return memory[name]


def static_fragment(template_name: str, module: Game, **params: object) -> Markup:
    """`template_name` rendered with `module` and `params` (hashable), once per language."""
    from .. import i18n

    lang = str(get_locale())
    key = (template_name, module.SLUG, lang, tuple(sorted(params.items())))
    region = _region("static")
    hit: Markup | None = region.get(key)
    if hit is None:
        hit = Markup(render_template(
            template_name, module=module, **params,
            card_text=lambda code: i18n.card_label(module.SLUG, code, lang),
        ))
        region.put(key, hit)
    return hit


def disable_cards(html: Markup, cards: Iterable[Any]) -> Markup:
    """Mark the picker keys of `cards` (cards, or their codes) as used: shown struck out and
    not offered."""
    parts, where = _key_slots(html)
    marked = list(parts)
    for card in cards:
        at = where.get(getattr(card, "code", card))
        if at is not None:
            marked[at] = parts[at] + " disabled"
    return Markup("".join(marked))


def _key_slots(html: str) -> tuple[tuple[str, ...], dict[str, int]]:
    """`html` cut after the first `value="..."` of each key, and which cut ends each value.

    The keys are a remembered fragment, so this is worked out once per fragment; disabling
    keys is then one join instead of a search per card.
    """
    region = _region("slots") if has_app_context() else None
    hit: tuple[tuple[str, ...], dict[str, int]] | None = region.get(html) if region else None
    if hit is not None:
        return hit
    parts: list[str] = []
    where: dict[str, int] = {}
    start = 0
    for found in _VALUE.finditer(html):
        if found.group(1) not in where:
            parts.append(html[start:found.end()])
            where[found.group(1)] = len(parts) - 1
            start = found.end()
    parts.append(html[start:])
    if region is not None:
        region.put(html, (tuple(parts), where))
    return tuple(parts), where


_VALUE = re.compile(r'value="([^"]*)"')


def fragment(template_name: str, key: Hashable, **context: Any) -> Markup:
    """`template_name` rendered with `context`, remembered under `key` in this language.

    For the parts of a page that change far less often than the page: the scoreboard
    changes when a trick is scored, a trick's ruling never changes. `key` must capture
    everything the fragment shows; the table's entries are append-only, so a key built
    from what was entered stays true.
    """
    full = (template_name, str(get_locale()), key)
    region = _region("fragments")
    hit: Markup | None = region.get(full)
    if hit is None:
        hit = Markup(render_template(template_name, **context))
        region.put(full, hit)
    return hit
