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
