"""A refusal of something a person asked at a club night or of a group's book: what cannot
be done, said as a catalog msgid (English) with %(name)s parameters, and nothing changed."""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """What was asked cannot be done: `message` is a catalog msgid (English) with %(name)s
    parameters; nothing was changed."""

    def __init__(self, message: str, field: str = "", **params: Any) -> None:
        super().__init__(message % params if params else message)
        self.message = message
        self.field = field
        """The form field the message concerns, to show it beside that field ("" for none)."""
        self.params = params
