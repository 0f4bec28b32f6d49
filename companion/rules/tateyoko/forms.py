"""What the page's forms and the quick judge's taps send, as entries and judge requests."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..base import RuleError, form_int, form_text
from ..contract import EntryRef
from ..kit.entries import entry_ref
from .cards import SUITS, Card, parse_card
from .layout import ORIGIN, Pos, free_spots, parse_position, place_problem, position_text


def form_payload(kind: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """An entry from the page's form, shaped as apply() reads it.

    start: "card". lay: "seat", the spot as "spot" ("x,y") or as "x" and "y", "card"; or
    "at", the card and its spot in one value ("SQ@0,1", a key of a card that fits one spot).
    done, pass: "seat". hand: "seat" and either "cards" (codes separated by dots, commas or
    spaces, or one value per card ticked) or "count_L", "count_X", ... per suit (an empty
    field counts 0). Numbers that are not numbers stay text, for apply() to refuse by name.
    """
    payload: dict[str, Any] = {}
    if kind == "start":
        payload["card"] = form_text(fields, "card")
    if kind in ("lay", "done", "pass", "hand"):
        payload["seat"] = form_int(fields, "seat")
    if kind == "lay":
        # One tap for a card that fits one spot only: "at" is "CODE@x,y" (the picker's key).
        at_card, _, at_spot = form_text(fields, "at").partition("@")
        spot = at_spot or form_text(fields, "spot")
        if spot:
            x, _, y = spot.partition(",")
            payload["x"], payload["y"] = form_int({"v": x}, "v"), form_int({"v": y}, "v")
        else:
            payload["x"], payload["y"] = form_int(fields, "x"), form_int(fields, "y")
        payload["card"] = at_card or form_text(fields, "card")
    if kind == "hand":
        # The cards come as one text, or as one value per card ticked on the page's picker.
        raw = fields.get("cards", "")
        cards = " ".join(str(v) for v in (raw if isinstance(raw, (list, tuple)) else [raw]) if v).strip()
        if cards:
            payload["cards"] = [code for code in re.split(r"[.,\s]+", cards) if code]
        else:
            counts: dict[str, Any] = {}
            for suit in SUITS:
                value = form_int(fields, f"count_{suit}")
                counts[suit] = 0 if value == "" else value
            payload["counts"] = counts
    return payload


# --------------------------------------------------------------------------- the quick judge


def _token(text: str) -> tuple[Pos, Card]:
    """One carried entry "x,y:CODE"."""
    where, _, code = text.partition(":")
    return parse_position(where), parse_card(code)


def _text(entries: list[tuple[Pos, Card]]) -> str:
    return ".".join(f"{position_text(pos)}:{card.code}" for pos, card in entries)


def quick_judge_request(fields: Mapping[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The quick judge's taps, as a judge request once there is a question.

    The page carries the layout ("layout": "x,y:CODE" entries separated by dots, the starting
    card first, at 0,0) and a proposed turn ("turn", the same way). A tap sends a "card", with
    a "spot" ("x,y") to lay it there, into the layout or, with "to" = "turn", into the turn;
    a card tapped with no spot asks where it may go. "back" takes back the latest entry (the
    turn's first). Entries that cannot be read, or that would make a layout no legal play
    makes, are dropped, never raised.

    Returns (request or None, what the page shows): a "place" request once the turn has a
    card, else a "spots" request for the card asked about, else None.
    """
    layout: list[tuple[Pos, Card]] = []
    turn: list[tuple[Pos, Card]] = []
    grid: dict[Pos, Card] = {}

    def read(name: str, into: list[tuple[Pos, Card]], checked: bool) -> None:
        carried = form_text(fields, name)
        for text in carried.split(".") if carried else ():
            try:
                pos, card = _token(text)
            except RuleError:
                continue
            if _fits(grid, pos, card, checked):
                into.append((pos, card))
                grid[pos] = card

    read("layout", layout, True)
    read("turn", turn, False)
    question: Card | None = None
    if "back" in fields:
        gone = turn.pop() if turn else layout.pop() if layout else None
        if gone is not None:
            del grid[gone[0]]
    elif form_text(fields, "card"):
        try:
            card = parse_card(form_text(fields, "card"))
        except RuleError:
            card = None
        spot: Pos | None
        try:
            spot = parse_position(form_text(fields, "spot")) if form_text(fields, "spot") else None
        except RuleError:
            spot = None
        if card is not None and card not in grid.values():
            if not layout:
                spot, target, checked = ORIGIN, layout, True
            else:
                to_turn = form_text(fields, "to") == "turn"
                target, checked = (turn, False) if to_turn else (layout, True)
            if spot is None:
                question = card
            elif (not turn or target is turn) and _fits(grid, spot, card, checked):
                target.append((spot, card))
                grid[spot] = card
    shown = {
        "layout": tuple((position_text(p), card.code) for p, card in layout),
        "turn": tuple((position_text(p), card.code) for p, card in turn),
        "grid": {position_text(p): card.code for p, card in grid.items()},
        "layout_text": _text(layout),
        "turn_text": _text(turn),
        "question": question.code if question else None,
        "free": tuple(position_text(p) for p in free_spots(grid)),
    }
    base_grid = {position_text(p): card.code for p, card in layout}
    if turn:
        return {"ask": "place", "grid": base_grid,
                "cards": [[position_text(p), card.code] for p, card in turn]}, shown
    if question is not None and layout:
        return {"ask": "spots", "grid": base_grid, "card": question.code}, shown
    return None, shown


def _fits(grid: Mapping[Pos, Card], pos: Pos, card: Card, checked: bool) -> bool:
    """Whether an entry may join what the page carries: a free spot and an unused card; for
    the layout also legal there (the first card at 0,0)."""
    if pos in grid or card in grid.values():
        return False
    if not checked:
        return True
    if not grid:
        return pos == ORIGIN
    return place_problem(grid, [], pos, card) is None


def names(kind: str, payload: Mapping[str, Any]) -> EntryRef:
    """What an entry names: a "lay" its seat and card, the "start" card (nobody's), a "hand"
    its seat and the cards left (none when only counts were entered); "done" and "pass" a seat."""
    if kind == "start":
        return entry_ref(payload, seat=None, cards=("card",))
    if kind == "hand":
        return entry_ref(payload, cards=("cards",))
    return entry_ref(payload, cards=("card",) if kind == "lay" else ())
