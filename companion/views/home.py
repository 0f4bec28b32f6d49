"""The home page: seat a new table, rejoin a recent one, switch language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from .. import groups, i18n, limits, rules, store, tables
from ..db import get_db
from ..rules.base import RuleError
from ..rules.contract import Game, applicable, option_defaults, options_from_form
from ._htmx import page_or_fragment
from .errors import NOT_HERE, PageError

bp = Blueprint("home", __name__)

def _form(error: str | None = None, status: int = 200) -> tuple[str, int]:
    from .book import remembered_groups

    return render_template("home.html", games=rules.GAMES, error=error, recent=tables_recent(),
                           books=remembered_groups()), status


def tables_recent() -> list[tuple[store.TableRow, str]]:
    """The tables this browser has opened lately (their links live in its own cookie)."""
    tokens = [t for t in request.cookies.get("recent", "").split(".") if t]
    return store.tables_by_tokens(get_db(), tokens[:8])


@bp.get("/")
def index() -> tuple[str, int]:
    """The games as tiles (one tap opens the seating for that game), and the tables played here lately."""
    return _form()


def players_text(counts: Sequence[int]) -> str:
    """A game's player counts in words, in the request's language (i18n.players_text)."""
    return i18n.players_text(counts, i18n.request_words())


@bp.app_context_processor
def counts_in_words() -> dict[str, Any]:
    return {"players_text": players_text}


@dataclass(frozen=True)
class Seating:
    """The table a seating form is drawing, before it exists: the names typed so far, each
    seat still empty named by its number; the games' set-up parts read it as a table."""

    players: tuple[str, ...]
    name: str = ""


def _count(module: Game, typed: int) -> int:
    """The player count a seating form is drawn for: the names typed so far, at least the
    game's smallest count; between two counts the game allows, the next one up."""
    return next((n for n in sorted(module.PLAYER_COUNTS) if n >= typed), max(module.PLAYER_COUNTS))


def _int(text: str | None) -> int | None:
    digits = (text or "").strip()
    return int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 3 else None


def _seating_form(module: Game, error: str | None = None, status: int = 200) -> tuple[str, int]:
    """The names, the start question and this game's options for this many players, and Start.

    Drawn again (htmx asks for the `setup` block) whenever the names change: the options
    and the start question then follow the count, keeping what was already chosen."""
    names = request.values.getlist("player")[: max(module.PLAYER_COUNTS)]
    typed = [" ".join(n.split()) for n in names if n.strip()]
    count = _count(module, len(typed))
    seats = max(min(_int(request.values.get("seats")) or 0, max(module.PLAYER_COUNTS)), len(names),
                min(module.PLAYER_COUNTS))
    table = Seating(tuple(typed[i] if i < len(typed) else gettext("Seat %(n)s", n=i + 1) for i in range(count)))
    choices = module.start_choices(table.players)
    first = _int(request.values.get("first_leader"))
    options = option_defaults(applicable(module.OPTIONS, count))
    if request.values.get("options_for") == module.SLUG:  # drawn again: keep what was chosen
        options.update(_chosen(module, _int(request.values.get("count")) or count, count))
    return page_or_fragment(
        "seat.html", "setup", status, module=module, table=table, names=names, seats=seats, count=count,
        choices=choices, first=first if first in choices else (choices[0] if choices else None),
        options=options, error=error, name=request.values.get("name", ""), group=_keeping(),
    )


def _keeping() -> store.GroupRow | None:
    """The group whose book a table seated here joins: the keeper's link the group's page
    sent (a members' link, or none, seats a table of no group)."""
    token = request.values.get("group", "")
    if not store.is_token(token):
        return None
    try:
        group = store.group_by_token(get_db(), token)
    except store.NotFound:
        return None
    return group if group.role(token) == store.KEEPER else None


def _chosen(module: Game, drawn_for: int, count: int) -> dict[str, Any]:
    """The options a seating form sent that apply to `count` players; an option the form did
    not show (drawn for `drawn_for` players) keeps its default, one that cannot apply is ignored."""
    shown = {o.name for o in applicable(module.OPTIONS, drawn_for)}
    fields = {name: request.values.getlist(name) for name in request.values}
    return options_from_form([o for o in applicable(module.OPTIONS, count) if o.name in shown], fields)


def _game(slug: str) -> Game:
    module = rules.GAMES.get(slug)
    if module is None:
        raise PageError(404, NOT_HERE)
    return module


@bp.get("/seat/<slug>")
def seat(slug: str) -> tuple[str, int]:
    """Seat a table for one game: the names, who starts, the options for that many, Start."""
    return _seating_form(_game(slug))


@bp.post("/seat/<slug>")
def seat_and_start(slug: str) -> Response | tuple[str, int]:
    """Seat the players in clockwise order and start the first game at once."""
    module = _game(slug)
    names = request.form.getlist("player")
    seated = [" ".join(n.split()) for n in names if n.strip()]
    typed = len(seated)
    leads = bool(module.start_choices(seated))
    first = _int(request.form.get("first_leader")) if leads else None
    group = _keeping()
    try:
        if leads and first is None:
            raise RuleError("setup.first_leader", "")
        if group is not None:
            groups.check_seating(get_db(), group, seated)
        table, game = tables.seat_and_start(get_db(), request.form.get("name", ""), names, slug, first,
                                            _chosen(module, _int(request.form.get("count")) or typed, typed))
    except RuleError as exc:
        return _seating_form(module, i18n.ruling_text(exc.ruling, module, seated), 422)
    except groups.GroupError as exc:
        return _seating_form(module, str(gettext(exc.message, **exc.params)), 422)
    if group is not None:
        groups.seat_from_roster(get_db(), group, table)
    return redirect(url_for("play.game", token=table.scorer_token, number=game.number), 303)


@bp.post("/tables")
def create() -> Response | tuple[str, int]:
    """Seat the players in clockwise order, then choose who leads the first game (the seating
    form starts the first game at once; this is for scripts and pages of older versions)."""
    names = request.form.getlist("player")
    kind = request.form.get("game", "")
    name = request.form.get("name", "")
    try:
        table = tables.open_table(get_db(), name, names, kind)
    except RuleError as exc:
        module = rules.GAMES.get(kind)
        message = i18n.ruling_text(exc.ruling, module)
        return _seating_form(module, message, 422) if module else _form(message, 422)
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
