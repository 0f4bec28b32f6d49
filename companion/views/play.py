"""A table at play: start a game, enter cards, undo, read the history and the scores."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from .. import i18n, rules, store, tables
from ..app import get_db
from ..rules.base import UNDO, Ruling, RuleError
from ._htmx import is_htmx, page_or_fragment

bp = Blueprint("play", __name__, url_prefix="/t/<table_id>")

INT_FIELDS = frozenset({"seat"})
"""Entry fields that the engines read as whole numbers."""


def _say(game: tables.LoadedGame | None) -> Any:
    """A function the templates use to read a ruling aloud in the page's language."""
    module = game.module if game else None
    names = game.table.players if game else None
    return lambda ruling: i18n.render(ruling, module, gettext, names)


def _game_page(game: tables.LoadedGame, error: str | None = None, status: int = 200) -> tuple[str, int]:
    board = tables.scoreboard(get_db(), game.table.id)
    return page_or_fragment(
        "game.html", "panel", status, game=game, state=game.state, board=board,
        error=error, say=_say(game), card_text=lambda code: i18n.card_text(game.module, code, gettext),
    )


@bp.get("/")
def table(table_id: str) -> Response:
    """The table's current game, or the screen that starts its first one."""
    game = tables.load_game(get_db(), table_id)
    if game is None:
        return redirect(url_for("play.new_game", table_id=table_id), 303)
    return redirect(url_for("play.game", table_id=table_id, number=game.row.number), 303)


@bp.get("/new")
def new_game(table_id: str) -> tuple[str, int]:
    """Choose the game, who leads first and the house rules; the first lead rotates each game."""
    return _new_game_form(table_id)


def _new_game_form(table_id: str, error: str | None = None, status: int = 200) -> tuple[str, int]:
    db = get_db()
    table = store.get_table(db, table_id)
    last = tables.load_game(db, table_id)
    kind = request.values.get("game") or (last.row.kind if last else next(iter(rules.GAMES)))
    module = rules.GAMES.get(kind) or next(iter(rules.GAMES.values()))
    first = 0
    options = dict(module.OPTIONS)
    if last is not None and last.row.kind == module.SLUG:
        first = module.next_first_leader(last.state.setup)
        options.update(last.row.setup.get("options", {}))
    playable = {slug: m for slug, m in rules.GAMES.items()
                if len(table.players) in m.PLAYER_COUNTS}
    return render_template(
        "new_game.html", table=table, module=module, games=playable, first=first,
        options=options, error=error, board=tables.scoreboard(db, table_id),
    ), status


@bp.post("/games")
def start(table_id: str) -> Response | tuple[str, int]:
    """Start the next game with the chosen first leader and house rules."""
    kind = request.form.get("game", "")
    try:
        first = int(request.form.get("first_leader", "0"))
        module = rules.get(kind)
        options = {name: request.form.get(name) == "on" for name in module.OPTIONS}
        row = tables.start_game(get_db(), table_id, kind, first, options)
    except (RuleError, ValueError) as exc:
        ruling = exc.ruling if isinstance(exc, RuleError) else Ruling("setup.first_leader", "")
        return _new_game_form(table_id, i18n.render(ruling, rules.GAMES.get(kind), gettext), 422)
    return redirect(url_for("play.game", table_id=table_id, number=row.number), 303)


def _loaded(table_id: str, number: int) -> tables.LoadedGame:
    game = tables.load_game(get_db(), table_id, number)
    if game is None:
        abort(404)
    return game


@bp.get("/g/<int:number>")
def game(table_id: str, number: int) -> tuple[str, int]:
    """Whose card comes next, the trick so far, the last ruling and the scores."""
    return _game_page(_loaded(table_id, number))


def _expected_seq() -> int:
    try:
        return int(request.form.get("seq", ""))
    except ValueError:
        return -1


def _write(table_id: str, number: int, kind: str, payload: dict[str, Any]) -> Response | tuple[str, int]:
    game = _loaded(table_id, number)
    try:
        tables.enter(get_db(), game, _expected_seq(), kind, payload)
    except RuleError as exc:
        return _game_page(game, i18n.render(exc.ruling, game.module, gettext, game.table.players), 422)
    except store.Conflict:
        fresh = _loaded(table_id, number)
        return _game_page(fresh, i18n.render(Ruling("store.conflict", ""), None, gettext), 409)
    if is_htmx():
        return _game_page(_loaded(table_id, number))
    return redirect(url_for("play.game", table_id=table_id, number=number), 303)


@bp.post("/g/<int:number>/entries")
def enter(table_id: str, number: int) -> Response | tuple[str, int]:
    """Record one card; the engine refuses what the rules or the deck forbid."""
    kind = request.form.get("kind", "")
    payload: dict[str, Any] = {}
    for name, value in request.form.items():
        if name in ("seq", "kind", "pair"):
            continue
        payload[name] = int(value) if name in INT_FIELDS and value.lstrip("-").isdigit() else value
    if kind == UNDO:
        kind = ""
    return _write(table_id, number, kind, payload)


@bp.post("/g/<int:number>/undo")
def undo(table_id: str, number: int) -> Response | tuple[str, int]:
    """Take back the latest entry still in force; it stays in the history, marked."""
    return _write(table_id, number, UNDO, {})


@bp.get("/g/<int:number>/history")
def history(table_id: str, number: int) -> tuple[str, int]:
    """Every entry of the game in order, undone ones marked."""
    game = _loaded(table_id, number)
    return render_template("history.html", game=game, say=_say(game),
                           card_text=lambda code: i18n.card_text(game.module, code, gettext)), 200
