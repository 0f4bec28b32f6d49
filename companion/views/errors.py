"""One handler for everything that goes wrong: a page (or JSON for the API) in the reader's language."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from .. import store


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def _answer(status: int, message: str):  # type: ignore[no-untyped-def]
    if _wants_json():
        return jsonify({"error": message}), status
    return render_template("error.html", message=message, status=status), status


def register(app: Flask) -> None:
    @app.errorhandler(store.NotFound)
    def not_found_row(_exc: store.NotFound):  # type: ignore[no-untyped-def]
        return _answer(404, gettext("There is no such table or game here."))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):  # type: ignore[no-untyped-def]
        messages = {
            400: gettext("The request could not be read, or the page was too old: reload it and try again."),
            403: gettext("This link can only watch the table; entries need the scorer's link. Nothing was changed."),
            404: gettext("There is no such page here."),
            405: gettext("That action is not possible on this page."),
            413: gettext("The request is too large."),
        }
        return _answer(exc.code or 500, messages.get(exc.code or 500, gettext("Something went wrong.")))

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):  # type: ignore[no-untyped-def]
        app.logger.exception("unexpected error", exc_info=exc)
        return _answer(500, gettext("Something went wrong on our side; nothing you entered was lost. Reload the page."))

    del not_found_row, http_error, unexpected
