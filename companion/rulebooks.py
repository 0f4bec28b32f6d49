"""The rulebooks' text, clause by clause, in Japanese with an English rendering beside it.

Each game's package carries its rulebook as `rulebook.json` (the rulebook's clause data).
Every clause an engine cites has a section there, so every clause shown in the app links
to its place on the game's rules page. Only registered games are looked up, so the files
read (and remembered: they ship with the code) are a fixed few.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

RULINGS = "RULINGS"


def load(slug: str) -> dict[str, Any] | None:
    """The rulebook of game `slug`, or None if there is no such game or it has none."""
    from . import rules

    game = rules.GAMES.get(slug)
    return _load(slug, str(getattr(game, "__file__", ""))) if game is not None else None


@cache
def _load(slug: str, package_file: str) -> dict[str, Any] | None:
    path = Path(package_file).parent / "rulebook.json"
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


def anchor(slug: str, label: str) -> str | None:
    """The id of a clause on its game's rules page, or None if the clause is not there."""
    return anchors(slug).get(label)


_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def badge(slug: str, label: str, lang: str) -> str:
    """How a clause badge names `label`: as printed, except that a clause named by a
    Japanese heading reads as its English heading on an English page."""
    if lang == "ja" or not _JAPANESE.search(label):
        return label
    heading = _english_headings(slug).get(label)
    if heading is None:
        return label
    number = re.match(r"^\d+[.)]\s*", label)  # "3. ルールの判定" keeps its "3."; "3人プレイ" has no number prefix
    return (number.group(0) if number else "") + heading


@cache
def _english_headings(slug: str) -> dict[str, str]:
    book = load(slug)
    if book is None:
        return {}
    # A sub-clause's heading is no name for it ("Another suit was played"): its "badge", where
    # the rulebook data gives one, names it as a reference does ("Resolving a trick B)").
    return {section["label"]: section.get("badge", {}).get("en") or section["heading"]["en"]
            for section in book["sections"] if section.get("heading", {}).get("en")}
