"""The seam between the web layer and the games has one place for each concern."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMPANION = ROOT / "companion"


def test_htmx_headers_are_read_and_written_in_one_helper() -> None:
    """Every "HX-" header (and its WSGI name) lives in views/_htmx.py; others ask it."""
    elsewhere = [str(p.relative_to(ROOT)) for p in sorted(COMPANION.rglob("*.py"))
                 if p.name != "_htmx.py" and ("HX-" in (text := p.read_text(encoding="utf-8")) or "HTTP_HX_" in text)]
    assert elsewhere == []


def test_the_tennos_games_share_one_card_type() -> None:
    """A suit and a rank with its code and printed rank are written once, in the kit."""
    from companion.rules import black_junky, tateyoko, twin_shoot
    from companion.rules.kit import tennos

    for package in (black_junky, tateyoko, twin_shoot):
        assert issubclass(package.Card, tennos.Card), package.__name__
        assert "code" not in vars(package.Card) and "rank_text" not in vars(package.Card), package.__name__
    assert [twin_shoot.Card("L", 14).code, tateyoko.Card("S", 12).code, black_junky.Card("X", 1).code] == ["LA", "SQ", "XA"]
    assert [tennos.rank_text(r) for r in (1, 10, 11, 12, 13, 14)] == ["A", "10", "J", "Q", "K", "A"]
