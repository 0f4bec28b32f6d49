"""The home page: seat a new table, rejoin a recent one, switch language."""

from __future__ import annotations

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from .. import i18n, limits, rules, store, tables
from ..db import get_db
from ..rules.base import RuleError

bp = Blueprint("home", __name__)

MAX_SEATS = max(max(m.PLAYER_COUNTS) for m in rules.GAMES.values())


def _form(error: str | None = None, status: int = 200, **values: object) -> tuple[str, int]:
    return render_template(
        "home.html", games=rules.GAMES, seats=MAX_SEATS, error=error,
        recent=tables_recent(), values=values,
    ), status


def tables_recent() -> list[tuple[store.TableRow, str]]:
    """The tables this browser has opened lately (their links live in its own cookie)."""
    tokens = [t for t in request.cookies.get("recent", "").split(".") if t]
    return store.tables_by_tokens(get_db(), tokens[:8])


@bp.get("/")
def index() -> tuple[str, int]:
    """The form that seats a table, and the tables played here lately."""
    return _form()


@bp.post("/tables")
def create() -> Response | tuple[str, int]:
    """Seat the players in clockwise order, then choose who leads the first game."""
    names = request.form.getlist("player")
    kind = request.form.get("game", "")
    name = request.form.get("name", "")
    try:
        table = tables.open_table(get_db(), name, names, kind)
    except RuleError as exc:
        module = rules.GAMES.get(kind)
        message = i18n.ruling_text(exc.ruling, module)
        return _form(message, 422, name=name, players=names, game=kind)
    return redirect(url_for("play.new_game", token=table.scorer_token, game=kind), 303)


@bp.url_value_preprocessor
def record_size(endpoint: str | None, _values: object) -> None:
    """A record to import may be larger than any other request (limits.WEB_RECORD_BYTES,
    and room for the form's other fields). Set before anything reads the body: this runs before
    every before_request function, the CSRF check's (which reads the form) included."""
    if endpoint == "home.import_record":
        request.max_content_length = limits.WEB_RECORD_BYTES + limits.FORM_BYTES


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_exc: RequestEntityTooLarge) -> tuple[str, int]:
    """A record past the size limit gets the record's sentence on the home page, refused
    before it was read; any other request too large, the app's own error page."""
    from .. import records
    from .errors import MESSAGES

    if request.endpoint == "home.import_record":
        refused = records.too_large(limits.WEB_RECORD_BYTES)
        return _form(i18n.ruling_text(refused.error.ruling, None), 413)
    return render_template("error.html", message=gettext(MESSAGES[413]), status=413), 413


@bp.post("/import")
def import_record() -> Response | tuple[str, int]:
    """Rebuild a table from an exported JSON record; it gets fresh links."""
    from .. import records

    upload = request.files.get("record")
    try:
        record = records.parse(upload.read(limits.WEB_RECORD_BYTES + 1), limits.WEB_RECORD_BYTES) if upload else None
        table = records.import_table(get_db(), record)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        if isinstance(exc, records.RecordError):
            return _form(i18n.ruling_text(exc.error.ruling, exc.game, exc.names), 422)
        return _form(i18n.ruling_text(RuleError("record.not_a_record").ruling, None), 422)
    return redirect(url_for("play.table", token=table.scorer_token), 303)


@bp.post("/forget")
def forget() -> Response:
    """Take a table off this browser's list; the table itself and its links stay as they are."""
    token = request.form.get("token", "")
    kept = [t for t in request.cookies.get("recent", "").split(".") if t and t != token]
    response = make_response(redirect(url_for("home.index"), 303))
    response.set_cookie("recent", ".".join(kept), max_age=400 * 24 * 3600, samesite="Lax", httponly=True)
    return response


THEMES = ("light", "dark")
"""A theme chosen with the switch; without one the page follows the phone's setting."""


def safe_next(target: str | None) -> str:
    """Where to go back to: a path of this app only, never another site.

    Browsers drop tabs and newlines inside a URL and read a backslash as a slash, so
    "/\t/evil.example" would leave the app: anything but a plain path is refused.
    """
    target = target or "/"
    if (not target.startswith("/") or target.startswith("//") or "\\" in target
            or any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in target)):
        return "/"
    return target


@bp.get("/lang/<code>")
def set_lang(code: str) -> Response:
    """Switch the language and come back to the same page; the choice is remembered."""
    response = make_response(redirect(safe_next(request.args.get("next")), 303))
    if code in i18n.LANGS:
        response.set_cookie("lang", code, max_age=400 * 24 * 3600, samesite="Lax")
    return response


@bp.get("/theme/<mode>")
def set_theme(mode: str) -> Response:
    """Light, dark, or back to the phone's setting ("auto"); remembered by this browser."""
    response = make_response(redirect(safe_next(request.args.get("next")), 303))
    if mode in THEMES:
        response.set_cookie("theme", mode, max_age=400 * 24 * 3600, samesite="Lax")
    else:
        response.delete_cookie("theme")
    return response
