"""A club night: set up an event, take players as they arrive, draw and start rounds, and the
standings board for the big screen and the players' phones.

Every URL of an event starts with one of its links (/e/<token>/...): the organiser's may
change it, the viewer's only watches (the board, the exports).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, make_response, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from .. import derived, events, i18n, limits, rules, store
from ..db import get_db
from ..rules.base import N_, RuleError, Ruling
from ..rules.contract import option_defaults, options_from_form
from ._htmx import page_or_fragment, render_block
from .errors import PageError

bp = Blueprint("club", __name__)

WATCH_ONLY = N_("This link can only watch the event; changes need the organiser's link. Nothing was changed.")


STATUS = {
    "waiting": N_("not started"),
    "playing": N_("under way"),
    "over": N_("finished"),
    "abandoned": N_("abandoned: no result"),
}
"""How a round's table stands, as the organiser's page says it."""


@bp.context_processor
def club_words() -> dict[str, Any]:
    """How the event's pages say a score, a table's state and a ruling of the club engine."""
    from ..club import words

    catalog = i18n.request_words()
    return {"score": words.number, "status_text": lambda status: gettext(STATUS[status]), "reasons_of": events.reasons_of,
            "say": lambda ruling: words.render(ruling, catalog), "player_limit": limits.PLAYER_NAME}


def _event(token: str, write: bool = False) -> store.ClubEvent:
    """The event this link opens; a change asked with the viewer's link is refused."""
    event = events.event_by_link(get_db(), token)
    if write and event.role(token) != store.ORGANISER:
        raise PageError(403, WATCH_ONLY)
    return event


def _say(exc: events.EventError | RuleError, module: Any = None) -> str:
    """A refusal in the reader's language."""
    if isinstance(exc, RuleError):
        return i18n.ruling_text(exc.ruling, module)
    params = {name: i18n.ruling_text(v, module) if isinstance(v, Ruling) else v for name, v in exc.params.items()}
    return str(gettext(exc.message, **params))


# --------------------------------------------------------------------------- set-up


@bp.get("/club/new")
def new() -> tuple[str, int]:
    """The form that sets up an event: its name, game, rounds, scoring, house rules, players."""
    return _setup_form()


def _setup_form(error: str | None = None, field: str = "", status: int = 200) -> tuple[str, int]:
    kind = request.values.get("game", "")
    module = rules.GAMES.get(kind) or next(iter(rules.GAMES.values()))
    options = option_defaults(module.OPTIONS)
    if error is not None and request.form.get("options_for") == module.SLUG:  # a refused form keeps its choices
        options.update(options_from_form(module.OPTIONS, _fields()))
    # The game's option form, as a table's: every option is shown (an event's tables may be of
    # several sizes; each table takes those that apply to its size), drawn for its smallest table.
    table = {"players": [""] * min(module.PLAYER_COUNTS)}
    return page_or_fragment("club/new.html", "setup", status, games=rules.GAMES, module=module, options=options,
                            error=error, field=field, values=request.values, rounds=events.MAX_ROUNDS, table=table)


def _fields() -> dict[str, list[str]]:
    return {name: request.form.getlist(name) for name in request.form}


@bp.post("/club")
def create() -> Response | tuple[str, int]:
    """Set the event up; the organiser's page opens on its own link."""
    kind = request.form.get("game", "")
    module = rules.GAMES.get(kind)
    if module is not None and request.form.get("options_for") not in (None, kind):
        return _setup_form()  # the options shown were another game's: show this game's first
    options = options_from_form(module.OPTIONS, _fields()) if module is not None else {}
    form = request.form
    try:
        event = events.create_event(get_db(), form.get("event_name", ""), kind, form.get("event_rounds", ""),
                                    form.get("event_scoring", ""), options, form.get("event_players", "").splitlines())
    except events.EventError as exc:
        return _setup_form(_say(exc, module), exc.field, 422)
    return redirect(url_for("club.organise", token=event.organiser_token), 303)


# --------------------------------------------------------------------------- the organiser's page


@bp.get("/e/<token>/")
def organise(token: str) -> Response | tuple[str, int]:
    """The organiser's page: players, the round's draw or tables, the standings. A viewer's
    link opens the board."""
    event = _event(token)
    if event.role(token) != store.ORGANISER:
        return redirect(url_for("club.board", token=token), 303)
    return _organiser_page(event, token, notice=_done(request.args.get("done", "")))


DONE = {
    "started": N_("The round has started: every table has its own scorer's and viewer's links. Print the sheet for the tables."),
    "redrawn": N_("The players changed, so the round not yet started was drawn again."),
}
"""What the page says after a change that needs saying (the `done` of its address)."""


def _done(done: str) -> str | None:
    return gettext(DONE[done]) if done in DONE else None


def _organiser_page(event: store.ClubEvent, token: str, error: str | None = None, field: str = "",
                    notice: str | None = None, status: int = 200) -> tuple[str, int]:
    night = events.load(get_db(), event)
    from ..qr import svg

    return render_template("club/event.html", night=night, token=token, error=error, field=field,
                           notice=notice, typed=request.form.get("player", "") if error else "", svg=svg,
                           picked=(request.form.get("first", ""), request.form.get("second", "")) if error else None,
                           viewer_link=_base() + url_for("club.board", token=event.viewer_token)), status


def _change(token: str, act: Any, done: str | None = None) -> Response | tuple[str, int]:
    """Run one change of the organiser's; back to the page, or the page with the refusal."""
    event = _event(token, write=True)
    try:
        redrawn = act(event)
    except (events.EventError, RuleError) as exc:
        field = exc.field if isinstance(exc, events.EventError) else ""
        return _organiser_page(event, token, _say(exc, rules.GAMES.get(event.kind)), field, status=422)
    if redrawn is True:
        done = "redrawn"
    return redirect(url_for("club.organise", token=token, done=done) if done else
                    url_for("club.organise", token=token), 303)


@bp.post("/e/<token>/players")
def add_player(token: str) -> Response | tuple[str, int]:
    """A player arrives (drawn from the next round)."""
    return _change(token, lambda event: events.add_player(get_db(), event, request.form.get("player", "")))


@bp.post("/e/<token>/players/<int:number>/leave")
def leave(token: str, number: int) -> Response | tuple[str, int]:
    """A player leaves: they sit out from the next round."""
    return _change(token, lambda event: events.set_leaving(get_db(), event, number, True))


@bp.post("/e/<token>/players/<int:number>/back")
def back(token: str, number: int) -> Response | tuple[str, int]:
    """A player who left comes back: drawn again from the next round."""
    return _change(token, lambda event: events.set_leaving(get_db(), event, number, False))


@bp.post("/e/<token>/draw")
def draw(token: str) -> Response | tuple[str, int]:
    """Draw the next round (or draw the one not yet started again)."""
    def act(event: store.ClubEvent) -> None:
        events.draw_round(get_db(), event)

    return _change(token, act)


@bp.post("/e/<token>/swap")
def swap(token: str) -> Response | tuple[str, int]:
    """Swap two players of the draw before the round starts."""
    return _change(token, lambda event: events.swap(get_db(), event, request.form.get("first", ""),
                                                    request.form.get("second", "")))


@bp.post("/e/<token>/start")
def start(token: str) -> Response | tuple[str, int]:
    """Seat the drawn round: a table with its own links per drawn table, its game started."""
    def act(event: store.ClubEvent) -> None:
        events.start_round(get_db(), event)

    return _change(token, act, done="started")


@bp.get("/e/<token>/rounds/<int:number>/sheet")
def sheet(token: str, number: int) -> tuple[str, int]:
    """The round's printable sheet: each table's players, and its links as QR codes."""
    from ..qr import svg

    event = _event(token, write=True)
    night = events.load(get_db(), event)
    seated = night.tables_of(number)
    if not seated:
        raise PageError(404, N_("There is no such round here."))
    base = _base()
    links = {s.number: (base + url_for("play.table", token=s.scorer_token),
                        base + url_for("play.table", token=s.viewer_token)) for s in seated}
    return render_template("club/sheet.html", night=night, token=token, number=number, seated=seated,
                           links=links, svg=svg, board_link=base + url_for("club.board", token=event.viewer_token)), 200


def _base() -> str:
    """The address the phones open this server by, as it was started (--public-url, else
    --lan's address; never the Host header a request carries), else this computer's own
    loopback address."""
    base = current_app.config.get("PUBLIC_URL") or current_app.config.get("JOIN_BASE") \
        or current_app.config.get("LOOPBACK_BASE")
    if base:
        return str(base).rstrip("/")
    port = str(request.environ.get("SERVER_PORT", ""))
    return f"http://127.0.0.1:{port}" if port.isascii() and port.isdigit() and len(port) <= 5 else ""


# --------------------------------------------------------------------------- the board


@bp.get("/e/<token>/board")
def board(token: str) -> tuple[str, int]:
    """The standings board: a big screen's page, and the players' phones' (the same page)."""
    event = _event(token)
    return page_or_fragment("club/board.html", "panel", **_board_context(event, token))


@bp.get("/e/<token>/board/panel")
def board_panel(token: str) -> Response:
    """The board's live part, asked for every second: 304 while nothing has changed."""
    event = _event(token)
    version = store.club_version(get_db(), event.id)
    if derived.same_tag(version, request.if_none_match.as_set()):
        return Response(status=304, headers={"ETag": f'"{version}"'})
    key = ("club/board.html#panel", token, version, i18n.request_lang())
    html = derived.fragment(key, lambda: render_block("club/board.html", "panel", **_board_context(event, token)))
    response = make_response(html)
    response.headers["ETag"] = f'"{version}"'
    response.headers["Cache-Control"] = "no-cache"
    return response


def _board_context(event: store.ClubEvent, token: str) -> dict[str, Any]:
    night = events.load(get_db(), event)
    return {"night": night, "token": token, "version": night.version,
            "panel_url": url_for("club.board_panel", token=token)}


# --------------------------------------------------------------------------- the record


@bp.get("/e/<token>/export.json")
def export_json(token: str) -> Response:
    """The whole event: its set-up, players, draws and every table's full record."""
    from .. import records

    event = _event(token)
    response = Response(records.export_event_json(get_db(), event.id), mimetype="application/json")
    response.headers["Content-Disposition"] = _attachment(event, "json")
    return response


@bp.get("/e/<token>/export.csv")
def export_csv(token: str) -> Response:
    """The standings, and each player's place and points round by round, for a spreadsheet."""
    from .. import records

    event = _event(token)
    response = Response(records.export_event_csv(events.load(get_db(), event)), content_type="text/csv; charset=utf-8")
    response.headers["Content-Disposition"] = _attachment(event, "csv")
    return response


def _attachment(event: store.ClubEvent, extension: str) -> str:
    from urllib.parse import quote

    from .. import records

    name = f"{records.event_file_name(event)}.{extension}"
    plain = "".join(c if c.isascii() and (c.isalnum() or c in "-._") else "_" for c in name)
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(name, safe='')}"

