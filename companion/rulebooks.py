"""The rulebooks' text, clause by clause, in Japanese with an English rendering beside it.

Every clause an engine cites has a section here, so every clause shown in the app links to
its place on the game's rules page.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).parent / "rulebooks"
RULINGS = "RULINGS"


@cache
def load(slug: str) -> dict[str, Any] | None:
    """The rulebook of game `slug`, or None if it has none."""
    path = FOLDER / f"{slug}.json"
    if not path.is_file():
        return None
    return dict(json.loads(path.read_text(encoding="utf-8")))


@cache
def anchors(slug: str) -> dict[str, str]:
    """Clause label -> anchor id on the rules page."""
    book = load(slug)
    if book is None:
        return {}
    found = {section["label"]: section["id"] for section in book["sections"]}
    found[RULINGS] = "rulings"
    return found


def href(slug: str, label: str) -> str | None:
    """The link to a clause on its game's rules page, or None if the clause is not there."""
    anchor = anchors(slug).get(label)
    return f"/rules/{slug}#{anchor}" if anchor else None
