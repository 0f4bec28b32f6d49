"""Fragments that depend only on the game and the language, rendered once and reused.

The card picker's sixty keys are the same on every render; only which ones are disabled
changes, and that is a string edit, not a template render.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable
from functools import cache
from types import ModuleType
from typing import Any

from flask import current_app, render_template
from flask_babel import get_locale
from markupsafe import Markup


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
    text = str(html)
    for code in codes:
        text = text.replace(f'value="{code}"', f'value="{code}" disabled', 1)
    return Markup(text)


_FRAGMENTS: OrderedDict[tuple[Hashable, ...], Markup] = OrderedDict()
_FRAGMENTS_KEEP = 1024
_FRAGMENTS_LOCK = threading.Lock()


def fragment(template_name: str, key: Hashable, **context: Any) -> Markup:
    """`template_name` rendered with `context`, remembered under `key` in this language.

    For the parts of a page that change far less often than the page: the scoreboard
    changes when a trick is scored, a trick's ruling never changes. `key` must capture
    everything the fragment shows; the table's entries are append-only, so a key built
    from what was entered stays true.
    """
    full = (template_name, str(get_locale()), id(current_app), key)
    with _FRAGMENTS_LOCK:
        hit = _FRAGMENTS.get(full)
        if hit is not None:
            _FRAGMENTS.move_to_end(full)
            return hit
    rendered = Markup(render_template(template_name, **context))
    with _FRAGMENTS_LOCK:
        _FRAGMENTS[full] = rendered
        while len(_FRAGMENTS) > _FRAGMENTS_KEEP:
            _FRAGMENTS.popitem(last=False)
    return rendered
