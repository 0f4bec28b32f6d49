"""The one place that knows about htmx: a fragment for htmx requests, the full page otherwise."""

from __future__ import annotations

from typing import Any

from flask import current_app, render_template, request


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def render_block(template_name: str, block: str, **context: Any) -> str:
    """Render one block of a page template, with Flask's usual template context."""
    env = current_app.jinja_env
    template = env.get_template(template_name)
    current_app.update_template_context(context)
    return "".join(template.blocks[block](template.new_context(context)))


def page_or_fragment(template_name: str, block: str, status: int = 200, **context: Any) -> tuple[str, int]:
    """The `block` alone when htmx swaps it in; the whole page on a plain load."""
    if is_htmx():
        return render_block(template_name, block, **context), status
    return render_template(template_name, **context), status
