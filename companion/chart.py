"""The evening's running totals as a line chart, drawn by the server as SVG.

Presentation attributes only (no inline styles), so the page's Content-Security-Policy
holds; the stylesheet's classes (seat-N, grid, axis) repaint it in the page's theme. The
legend is plain HTML beside it, in the page's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from markupsafe import Markup

COLOURS = ("#0b6b5d", "#c62828", "#1565c0", "#8a6700", "#6a1b9a", "#a35400", "#37474f", "#2b7a30")
WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 34, 12, 12, 28
DOTS_UP_TO = 40
"""A dot marks each game's total up to this many games (at least 7 px apart); beyond it the
dots would merge into the line, and the chart would grow with every game for nothing seen."""


def running(rows: Sequence[Sequence[int]], players: int) -> list[list[int]]:
    """Each player's total after 0, 1, 2... games."""
    totals = [[0] for _ in range(players)]
    for points in rows:
        for seat in range(players):
            totals[seat].append(totals[seat][-1] + points[seat])
    return totals


def _nice_step(top: float) -> float:
    for step in (0.5, 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top / step <= 5:
            return step
    return max(1, top // 5)


def svg(rows: Sequence[Sequence[int]], players: int, title: str, axis_label: str) -> Markup:
    """A line per player over the games played; y from the lowest total (or 0) to the highest."""
    return plot([list(enumerate(line)) for line in running(rows, players)], max(1, len(rows)), title, axis_label)


def plot(lines: Sequence[Sequence[tuple[int, float]]], games: int, title: str, axis_label: str,
         whole: bool = True) -> Markup:
    """A line per seat (or player) through its points (game number from 0 to `games`, value);
    y from the lowest value (or 0) to the highest, labelled in whole numbers unless `whole`
    is False (ratings, which move by fractions)."""
    values = [v for line in lines for _, v in line] or [0.0]
    low_value, high_value = min(0.0, min(values)), max(1.0, max(values))
    step = _nice_step(high_value - low_value) if not whole else max(1, int(_nice_step(high_value - low_value)))
    low = (low_value // step) * step
    high = -(-high_value // step) * step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(game: float) -> float:
        return LEFT + plot_w * game / games

    def y(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}">',
             f"<title>{escape(title)}</title>"]
    ticks = int(round((high - low) / step))
    for tick in range(ticks + 1):
        value = low + tick * step
        label = f"{value:g}" if not whole else str(int(value))
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" y2="{y(value):.1f}" '
                     f'class="grid" stroke="#d7d7db" stroke-width="1"/>')
        parts.append(f'<text x="{LEFT - 4}" y="{y(value) + 4:.1f}" text-anchor="end" font-size="11" '
                     f'class="axis" fill="#5f6368">{label}</text>')
    label_every = 1 if games <= 10 else -(-games // 10)
    for game in range(0, games + 1, label_every):
        parts.append(f'<text x="{x(game):.1f}" y="{HEIGHT - BOTTOM + 14}" text-anchor="middle" '
                     f'font-size="11" class="axis" fill="#5f6368">{game}</text>')
    parts.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 2}" text-anchor="middle" font-size="11" '
                 f'class="axis" fill="#5f6368">{escape(axis_label)}</text>')
    for seat, line in enumerate(lines):
        colour = COLOURS[seat % len(COLOURS)]
        points = " ".join(f"{_short(px)},{_short(y(v))}" for px, v in _thinned((x(i), v) for i, v in line))
        parts.append(f'<polyline class="line seat-{seat % len(COLOURS)}" data-seat="{seat}" points="{points}" fill="none" '
                     f'stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"/>')
        if games <= DOTS_UP_TO:
            for i, v in line:
                parts.append(f'<circle class="dot seat-{seat % len(COLOURS)}" cx="{x(i):.1f}" cy="{y(v):.1f}" r="3" '
                             f'fill="{colour}"/>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _thinned(points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    """A line's points with one per half pixel across (the last value there): a book's
    ratings over years of games draw the same line from a few hundred points as from
    thousands, and the page does not grow with the book."""
    kept: list[tuple[float, float]] = []
    for px, value in points:
        if kept and round(px * 2) == round(kept[-1][0] * 2):
            kept[-1] = (px, value)
        else:
            kept.append((px, value))
    return kept


def _short(coordinate: float) -> str:
    """A coordinate to a tenth of a pixel, without a trailing ".0"."""
    text = f"{coordinate:.1f}"
    return text[:-2] if text.endswith(".0") else text
