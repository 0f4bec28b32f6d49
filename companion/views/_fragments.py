"""Fragments that depend only on the game and the language, rendered once and reused.

The card picker's sixty keys are the same on every render; only which ones are disabled
changes, and that is a string edit, not a template render.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from types import ModuleType

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
