"""QR codes drawn by the app itself (segno: pure Python, no outside service)."""

from __future__ import annotations

import segno
from markupsafe import Markup


def svg(text: str) -> Markup:
    """An inline SVG QR code of `text`, sized by the stylesheet."""
    code = segno.make(text, error="m")
    return Markup(code.svg_inline(scale=4, border=2, dark="#000", light="#fff", omitsize=True))


def terminal(text: str) -> str:
    """The QR code of `text` drawn with block characters for a terminal."""
    import io

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
