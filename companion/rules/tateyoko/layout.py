"""The layout: a grid of cards growing from the starting card, and the rules for laying (A).

Positions are (x, y): x to the right, y up, the starting card at (0, 0), one orientation for
everyone (RULINGS). A card laid must touch the layout (A:隣接), have the rank of the cards
above and below it (A:縦), the suit of the cards left and right of it with a rank one apart,
K and A included (A:横), and fit every neighbour (A:すべて). In one turn each card after the
first touches the card just played (A:直前) and all lie in one straight line (A:1直線): the
second card sets the direction and each further card goes one step further that way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import CardRef, RuleError, Ruling
from . import clauses as c
from .cards import Card, one_apart, parse_card

Pos = tuple[int, int]
Grid = Mapping[Pos, Card]

ORIGIN: Pos = (0, 0)
"""Where the starting card lies (RULINGS)."""

SIDES: tuple[tuple[str, Pos], ...] = (("above", (0, 1)), ("below", (0, -1)), ("left", (-1, 0)), ("right", (1, 0)))
"""The four neighbours of a position, vertical ones first, with their offsets."""

REASONS = ("occupied", "not_adjacent", "not_next_to_previous", "not_in_line", "vertical", "horizontal")
"""Why a card may not go somewhere, in the order they are checked (the judge's priority)."""

POSITION_LIMIT = 999
"""No layout of 78 cards reaches this far from the starting card; a position beyond is a typo."""

_POSITION_RE = re.compile(r"^\s*(-?\d{1,4})\s*,\s*(-?\d{1,4})\s*$")


def step(pos: Pos, offset: Pos) -> Pos:
    return (pos[0] + offset[0], pos[1] + offset[1])


def neighbours(pos: Pos) -> tuple[Pos, ...]:
    """The four positions orthogonally next to `pos`."""
    return tuple(step(pos, offset) for _, offset in SIDES)


def touching(a: Pos, b: Pos) -> bool:
    """Whether two positions are orthogonally next to each other."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def position_text(pos: Pos) -> str:
    """A position as the judge writes it: "x,y"."""
    return f"{pos[0]},{pos[1]}"


def parse_position(text: object) -> Pos:
    """Read "x,y" (whole numbers, x to the right, y up), refusing anything else."""
    match = _POSITION_RE.match(text) if isinstance(text, str) else None
    if match is None:
        raise RuleError("ty.position_malformed", c.RULINGS, text=str(text))
    pos = (int(match.group(1)), int(match.group(2)))
    if max(abs(pos[0]), abs(pos[1])) > POSITION_LIMIT:
        raise RuleError("ty.position_malformed", c.RULINGS, text=str(text))
    return pos


def fits_vertically(card: Card, other: Card) -> bool:
    """A:縦: cards next to each other vertically have the same rank."""
    return card.rank == other.rank


def fits_horizontally(card: Card, other: Card) -> bool:
    """A:横: cards next to each other horizontally have the same suit and ranks one apart."""
    return card.suit == other.suit and one_apart(card.rank, other.rank)


def fits(card: Card, other: Card, side: str) -> bool:
    """Whether `card` may lie with `other` on its `side` ("above", "below", "left", "right")."""
    return fits_vertically(card, other) if side in ("above", "below") else fits_horizontally(card, other)


@dataclass(frozen=True)
class Problem:
    """Why a card may not go at a position: the judge's reason and the ruling to show."""

    reason: str
    ruling: Ruling


def _params(card: Card, pos: Pos, **more: Any) -> dict[str, Any]:
    return {"card": CardRef(card.code), "x": pos[0], "y": pos[1], **more}


def direction(turn: Sequence[Pos]) -> Pos | None:
    """The direction a turn's line runs, set by its second card (None before it)."""
    if len(turn) < 2:
        return None
    return (turn[1][0] - turn[0][0], turn[1][1] - turn[0][1])


def place_problem(grid: Grid, turn: Sequence[Pos], pos: Pos, card: Card) -> Problem | None:
    """The first rule `card` at `pos` breaks, or None if it may go there.

    `grid` is the layout with this turn's cards already in it; `turn` their positions in the
    order laid. Checked in the order of REASONS, then the neighbours above, below, left, right.
    """
    if pos in grid:
        return Problem("occupied", Ruling("ty.occupied", c.ADJACENT, _params(card, pos, other=CardRef(grid[pos].code))))
    if not turn:
        if not any(n in grid for n in neighbours(pos)):
            return Problem("not_adjacent", Ruling("ty.not_adjacent", c.ADJACENT, _params(card, pos)))
    else:
        previous = turn[-1]
        if not touching(pos, previous):
            return Problem("not_next_to_previous", Ruling("ty.not_next_to_previous", c.PREVIOUS, _params(
                card, pos, previous=CardRef(grid[previous].code), px=previous[0], py=previous[1])))
        way = direction(turn)
        if way is not None and pos != step(previous, way):
            return Problem("not_in_line", Ruling("ty.not_in_line", c.LINE, _params(
                card, pos, first=CardRef(grid[turn[0]].code), previous=CardRef(grid[previous].code))))
    around = [(side, grid[step(pos, offset)]) for side, offset in SIDES if step(pos, offset) in grid]
    for side, other in around:
        if fits(card, other, side):
            continue
        # A:すべて when the card fits another neighbour, so that only "every neighbour" rules it out.
        fits_another = any(fits(card, o, s) for s, o in around if s != side)
        clause = c.EVERY if fits_another else (c.VERTICAL if side in ("above", "below") else c.HORIZONTAL)
        if side in ("above", "below"):
            return Problem("vertical", Ruling(f"ty.vertical_{side}", clause, _params(card, pos, other=CardRef(other.code))))
        kind = "suit" if other.suit != card.suit else "rank"
        return Problem("horizontal", Ruling(f"ty.horizontal_{kind}_{side}", clause,
                                            _params(card, pos, other=CardRef(other.code))))
    return None


def fit_rulings(grid: Grid, pos: Pos, card: Card) -> tuple[Ruling, ...]:
    """Why `card` at `pos` fits: one ruling per neighbour it has (the card itself not in `grid`)."""
    out = []
    for side, offset in SIDES:
        other = grid.get(step(pos, offset))
        if other is not None and other != card:
            clause = c.VERTICAL if side in ("above", "below") else c.HORIZONTAL
            out.append(Ruling(f"ty.fits_{side}", clause, {"card": CardRef(card.code), "other": CardRef(other.code)}))
    return tuple(out)


def beside(grid: Grid, pos: Pos) -> tuple[tuple[str, Card], ...]:
    """The cards next to `pos`, each with its side ("above", "below", "left", "right"), vertical
    ones first: how the page names a spot by the cards around it rather than by x and y."""
    return tuple((side, grid[step(pos, offset)]) for side, offset in SIDES if step(pos, offset) in grid)


def free_spots(grid: Grid) -> tuple[Pos, ...]:
    """Every empty position next to the layout, sorted by x then y."""
    return tuple(sorted({n for pos in grid for n in neighbours(pos) if n not in grid}))


def spots(grid: Grid, card: Card, turn: Sequence[Pos] = ()) -> tuple[Pos, ...]:
    """Where `card` may go next, sorted by x then y: a pure function for the page's highlights.

    With `turn` (the positions laid so far this turn, in order, already in `grid`), only the
    spots that continue the turn's line. A card already in the layout goes nowhere.
    """
    if card in grid.values():
        return ()
    candidates: Iterable[Pos] = neighbours(turn[-1]) if turn else free_spots(grid)
    return tuple(sorted(pos for pos in candidates if place_problem(grid, turn, pos, card) is None))


# --------------------------------------------------------------------------- a layout from JSON


def read_grid(raw: object, field: str = "grid") -> dict[Pos, Card]:
    """A layout given as {"x,y": card}, refused unless some sequence of legal plays makes it:
    the starting card at 0,0, every card once, every neighbour fitting, all connected."""
    if not isinstance(raw, Mapping):
        raise RuleError("ty.grid_malformed", c.RULINGS, field=field)
    grid: dict[Pos, Card] = {}
    for key, code in raw.items():
        pos = parse_position(key)
        if pos in grid:
            raise RuleError("ty.position_twice", c.RULINGS, text=str(key))
        card = parse_card(code)
        if card in grid.values():
            raise RuleError("ty.card_twice", c.EQUIPMENT, card=CardRef(card.code))
        grid[pos] = card
    if ORIGIN not in grid:
        raise RuleError("ty.grid_no_start", c.RULINGS)
    for pos, card in grid.items():
        for side, offset in SIDES[0::2]:  # above and left: each pair of neighbours once
            other = grid.get(step(pos, offset))
            if other is not None and not fits(card, other, side):
                key = "ty.grid_vertical" if side == "above" else "ty.grid_horizontal"
                clause = c.VERTICAL if side == "above" else c.HORIZONTAL
                raise RuleError(key, clause, card=CardRef(card.code), other=CardRef(other.code),
                                x=pos[0], y=pos[1])
    reached = {ORIGIN}
    todo = [ORIGIN]
    while todo:
        for n in neighbours(todo.pop()):
            if n in grid and n not in reached:
                reached.add(n)
                todo.append(n)
    for pos in sorted(grid):
        if pos not in reached:
            raise RuleError("ty.grid_disconnected", c.ADJACENT, card=CardRef(grid[pos].code), x=pos[0], y=pos[1])
    return grid
