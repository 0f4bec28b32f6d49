"""Parts of pages rendered once and remembered (derived.fragment, derived.static_fragment).

The card picker's keys are the same on every render of a game in a language; only which
ones are disabled changes, and that is a string edit, not a template render: where each
key's value sits is worked out once, when the keys are rendered, and carried with them.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from flask import g, render_template
from markupsafe import Markup, escape

from .. import derived, i18n
from ..rules.contract import Game


class Keys(Markup):
    """Rendered picker keys, with where each key's value ends (see _key_slots)."""

    slots: tuple[tuple[str, ...], dict[str, int]]


def static_fragment(template_name: str, module: Game, **params: object) -> Markup:
    """`template_name` rendered with `module` and `params` (hashable), once per language."""
    lang = i18n.request_lang()
    key = (template_name, module.SLUG, lang, tuple(sorted(params.items())))

    def render() -> Keys:
        keys = Keys(render_template(template_name, module=module, **params,
                                    card_text=lambda code: i18n.card_label(module.SLUG, code, lang)))
        keys.slots = _key_slots(keys)
        return keys

    return derived.static_fragment(key, render)


def disable_cards(html: Markup, cards: Iterable[Any]) -> Markup:
    """Mark the picker keys of `cards` (cards, or their codes) as used: shown struck out and
    not offered."""
    slots = getattr(html, "slots", None)  # a Keys made by an operation on another has none
    parts, where = slots if slots is not None else _key_slots(html)
    marked = list(parts)
    for card in cards:
        at = where.get(getattr(card, "code", card))
        if at is not None:
            marked[at] = parts[at] + " disabled"
    return Markup("".join(marked))


def _key_slots(html: str) -> tuple[tuple[str, ...], dict[str, int]]:
    """`html` cut after the first `value="..."` of each key, and which cut ends each value.

    Worked out once, when remembered keys are rendered (static_fragment); disabling keys is
    then one join instead of a search per card.
    """
    html = str(html)  # plain text: a Markup's slices are Markup, and adding to one escapes
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


def correct_href(code: object, seat: object = None) -> str | None:
    """The correction page of the entry that holds a card (for the scorer; see
    play.correct_links), by its code and, where copies are several, whose it is ("-":
    nobody's). A settled part being drawn notes each answer (settled)."""
    links = g.get("correct_links")
    key = str(code).upper()
    href = None if links is None else links.get(f"{seat}:{key}") if seat is not None else links.get(key)
    found = str(href) if href is not None else None
    asked = g.get("correct_asked")
    if asked is not None:
        asked.append((code, seat, found))
    return found


def settled(template_name: str, value: object, names: Sequence[str], **context: Any) -> Markup:
    """`template_name` drawn from `value`, a part of the panel the log has settled (a judged
    trick, a finished round), with `names` and `context` (what the template reads besides:
    the game's module, the ruling reader), remembered (derived.settled) and drawn again only
    when the value, the language, the role, the names or a correction link it shows changed."""
    def still(asked: tuple[Any, ...]) -> bool:
        return all(correct_href(code, seat) == href for code, seat, href in asked)

    def make() -> tuple[Markup, tuple[Any, ...]]:
        outer = g.get("correct_asked")
        asked: list[tuple[object, object, str | None]] = []
        g.correct_asked = asked
        try:
            html = Markup(render_template(template_name, names=names, **context))
        finally:
            g.correct_asked = outer
            if outer is not None:  # drawn inside another part being drawn: its answers are that part's too
                outer.extend(asked)
        return html, tuple(asked)

    return derived.settled(template_name, i18n.request_lang(), g.get("role"), names, value, still, make)


HOLE = "\ue000"
"""Marks a hole in a framed part: a character of Unicode's private use area, which no page
text carries and escaping leaves alone."""


def framed(template_name: str, key: Hashable, holes: Mapping[str, object], **context: Any) -> Markup:
    """`template_name` rendered with `context`, remembered under `key` in this language, with
    `holes` filled in at every use: for a part of the panel that reads the same at every
    entry of a game but for a few values, such as the entry number its forms send and the
    phone's CSRF token. The template writes `hole.<name>` where each goes; `key` must capture
    everything else it shows."""
    def make() -> Markup:
        marks = {name: Markup(f"{HOLE}{name}{HOLE}") for name in holes}
        return Markup(render_template(template_name, hole=marks, **context))

    text = str(derived.framed((template_name, i18n.request_lang(), key), make))
    for name, value in holes.items():
        text = text.replace(f"{HOLE}{name}{HOLE}", str(escape(value)))
    return Markup(text)


def rules_in_force(row: Any, series: Any) -> Markup:
    """The rules game `row` was played with, in words (its game's _rules_in_force.html, which
    reads the row's setup and the series' game module alone): drawn once per setup and
    language, since a game's setup never changes, not once per row at every scoring."""
    return fragment(f"games/{row.kind}/_rules_in_force.html", ("setup", repr(row.setup)), row=row, s=series)


def fragment(template_name: str, key: Hashable, **context: Any) -> Markup:
    """`template_name` rendered with `context`, remembered under `key` in this language.

    For the parts of a page that change far less often than the page: the scoreboard
    changes when a trick is scored, a trick's ruling never changes. `key` must capture
    everything the fragment shows; the table's entries are append-only, so a key built
    from what was entered stays true.
    """
    return derived.fragment((template_name, i18n.request_lang(), key),
                            lambda: Markup(render_template(template_name, **context)))
