"""The one place that knows about htmx's headers: whether htmx asked (a fragment for htmx
requests, the full page otherwise), sending htmx to another page, and telling it to leave the
page as it is. The WSGI-level reader serves the poll answerer, which runs before Flask."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import current_app, g, render_template, request
from werkzeug.wrappers import Response

NO_SWAP = ("HX-Reswap", "none")
"""The header that tells htmx to leave the page as it is (an answer with nothing new)."""


def is_htmx() -> bool:
    """Whether htmx sent this request (it adds "HX-Request: true" to every request it makes)."""
    return environ_is_htmx(request.environ)


def environ_is_htmx(environ: Mapping[str, Any]) -> bool:
    """is_htmx for a WSGI environ, before Flask has a request."""
    return environ.get("HTTP_HX_REQUEST") == "true"


def htmx_redirect(target: str) -> Response:
    """Send htmx to `target` as a whole page load (a plain redirect would be swapped in)."""
    return Response(status=200, headers={"HX-Redirect": target})


def render_block(template_name: str, block: str, **context: Any) -> str:
    """Render one block of a page template, with Flask's usual template context: a part of
    a page for htmx to swap in, whose forms carry no CSRF field (csrf.csrf_field)."""
    from ..csrf import IN_FRAGMENT

    env = current_app.jinja_env
    template = env.get_template(template_name)
    current_app.update_template_context(context)
    outer = g.get(IN_FRAGMENT)
    setattr(g, IN_FRAGMENT, True)
    try:
        return "".join(template.blocks[block](template.new_context(context)))
    finally:
        setattr(g, IN_FRAGMENT, outer)


def page_or_fragment(template_name: str, block: str, status: int = 200, **context: Any) -> tuple[str, int]:
    """The `block` alone when htmx swaps it in; the whole page on a plain load."""
    if is_htmx():
        return render_block(template_name, block, **context), status
    return render_template(template_name, **context), status
