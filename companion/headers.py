"""The security headers every answer carries, whoever writes it: the app's pages
(app.security_headers), the answers to unchanged polls made before the app (polls.py) and
the server's own answers (server.Handler: malformed requests, a full house, live streams)."""

from __future__ import annotations

from collections.abc import Sequence

CSP = "; ".join([
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "media-src 'self'",
    "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'",
    "frame-ancestors 'none'",
])
"""Only the app's own scripts and styles; nothing from outside, nothing inline."""

SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),  # links carry table tokens
    ("X-Frame-Options", "DENY"),
)


def with_security_headers(headers: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """`headers` (a list, or the tuple pywsgi hands its own error answers) and every
    security header they do not already name."""
    named = {name.lower() for name, _value in headers}
    return [*headers, *((name, value) for name, value in SECURITY_HEADERS if name.lower() not in named)]
