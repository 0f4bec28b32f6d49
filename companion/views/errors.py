"""One exception type for what a page refuses, and one handler that renders every error:
a page (or JSON for the API) in the reader's language, with a status."""

from __future__ import annotations

import sqlite3
from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from markupsafe import escape
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from .. import store
from . import api
from ..rules.base import N_


class PageError(Exception):
    """A request the app refuses: `message` is a catalog msgid (English), shown translated."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


NOT_HERE = N_("There is no such page here.")
NO_TABLE = N_("There is no such table or game here.")
NO_SERIES = N_("This table has no such series: the scoreboard lists the ones it has.")
VIEWER_ONLY = N_("This link can only watch the table; entries need the scorer's link. Nothing was changed.")

MESSAGES = {
    400: N_("The request could not be read, or the page was too old: reload it and try again."),
    403: VIEWER_ONLY,
    404: NOT_HERE,
    405: N_("That action is not possible on this page."),
    413: N_("The request is too large."),
    500: N_("Something went wrong on our side; nothing you entered was lost. Reload the page."),
}
"""What each status says (gettext() is applied when the page is rendered)."""

WRITE_FAILED = N_("Something went wrong on our side: this entry was NOT stored. Reload the page and enter it again.")

STORAGE = {
    store.DB_FULL: (507, N_("The disk of the machine serving this table is full: this entry was NOT stored. Free some space on it, then enter it again.")),
    store.DB_READ_ONLY: (503, N_("The database file cannot be written: this entry was NOT stored. The person running the server must fix its permissions.")),
    store.DB_DAMAGED: (500, N_("The database file is damaged: the server cannot read this table. The person running it must restore the file from a copy or import the exported records into a new file.")),
    store.DB_NOT_SQLITE: (500, N_("The database file is damaged: the server cannot read this table. The person running it must restore the file from a copy or import the exported records into a new file.")),
    store.DB_UNREADABLE: (503, N_("The machine serving this table could not read or write its database file: this entry may NOT have been stored. Reload the page to see what was.")),
}
"""What a storage failure says, where the person is looking: whether their entry was stored,
and what the person running the server must do."""


def _wants_json() -> bool:
    """Whether the request is the JSON API's (its refusals are JSON): by the blueprint's own
    prefix, since an address no route matches has no blueprint to ask."""
    return request.path.startswith(f"{api.bp.url_prefix}/")


def _answer(status: int, message: str) -> Any:
    if _wants_json():
        return jsonify({"error": message}), status
    try:
        return render_template("error.html", message=message, status=status), status
    except Exception:  # the request itself is broken (a Host no URL can be built for): a bare page
        return Response(f'<!doctype html><html lang="en"><meta charset="utf-8"><title>{status}</title>'
                        f'<p role="alert">{escape(message)}</p></html>', status=status,
                        mimetype="text/html")


def register(app: Flask) -> None:
    @app.errorhandler(PageError)
    def refused(exc: PageError) -> Any:
        return _answer(exc.status, gettext(exc.message))

    @app.errorhandler(store.NotFound)
    def not_found_row(_exc: store.NotFound) -> Any:
        return _answer(404, gettext(NO_TABLE))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        status = exc.code or 500
        return _answer(status, gettext(MESSAGES.get(status, MESSAGES[500])))

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Any:
        app.logger.exception("unexpected error", exc_info=exc)
        # A file found unusable on opening (DatabaseProblem) says the same as one found so later.
        problem = store.problem_of(exc) if isinstance(exc, sqlite3.Error) else \
            exc.message if isinstance(exc, store.DatabaseProblem) else None
        if problem in STORAGE:
            status, message = STORAGE[problem]
            return _answer(status, gettext(message))
        # A failed write never claims that the entry is safe.
        message = WRITE_FAILED if request.method == "POST" else MESSAGES[500]
        return _answer(500, gettext(message))

    del refused, not_found_row, http_error, unexpected
