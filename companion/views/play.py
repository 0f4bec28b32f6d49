"""A table at play: start a game, enter cards, undo, read the history and the scores.

Every URL here starts with a table link's token. The scorer's token may change things;
the viewer's may only watch, and any write with it is refused politely.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, current_app, g, make_response, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from .. import derived, i18n, rules, store, tables
from ..polls import QUIET, RECENT_COOKIE, recent_links
from ..db import get_db
from ..rules.base import ABANDON, CORRECT, UNDO, Ruling, RuleError
from ..rules.contract import applicable, option_defaults, options_from_form
from .errors import MESSAGES, NO_SERIES, NO_TABLE, NOT_HERE, VIEWER_ONLY, PageError
from ._htmx import htmx_redirect, is_htmx, page_or_fragment, render_block

bp = Blueprint("play", __name__, url_prefix="/t/<token>")



@bp.url_value_preprocessor
def pull_token(_endpoint: str | None, values: dict[str, Any] | None) -> None:
    g.token = (values or {}).pop("token", "")


@bp.url_defaults
def add_token(_endpoint: str, values: dict[str, Any]) -> None:
    if "token" not in values and "token" in g:
        values["token"] = g.token


@bp.before_request
def resolve_link() -> None:
    """Find the table this link opens and what it may do; refuse writes from a viewer link."""
    g.table = tables.table_by_link(get_db(), g.token)
    g.role = g.table.role(g.token)
    g.can_write = g.role == store.SCORER
    if request.method == "POST" and not g.can_write:
        raise PageError(403, VIEWER_ONLY)


@bp.after_request
def remember_table(response: Response) -> Response:
    """Keep this link among the tables this browser has opened, for the home page."""
    if request.method == "GET" and response.status_code < 400:
        kept = request.cookies.get(RECENT_COOKIE, "")
        wanted = recent_links(kept, g.token)
        # Set by a page load (which keeps it from expiring) or when the list changes: not
        # again with every panel a phone fetches.
        if wanted != kept or not is_htmx():
            response.set_cookie(RECENT_COOKIE, wanted, max_age=400 * 24 * 3600, samesite="Lax", httponly=True)
    return response


def _say(game: tables.LoadedGame | None) -> Any:
    """A function the templates use to read a ruling aloud in the page's language."""
    module = game.module if game else None
    names = game.table.players if game else None
    return lambda ruling: i18n.ruling_text(ruling, module, names)


def _correction(game: tables.LoadedGame) -> str | None:
    """What the latest entry changed, when it is the correction the page was sent back from:
    the entry's name and its cards before → after, the rulings now given differently, and
    each player's points change (entry_names.answer)."""
    asked = request.args.get("corrected", "")
    log = game.log
    if not (asked.isascii() and asked.isdigit()) or not log or log[-1].kind != CORRECT \
            or log[-1].payload.get("seq") != int(asked) - 1:
        return None
    from ..entry_names import answer
    from ..rules.base import Event

    words = i18n.request_words()
    said = answer(game.module, game.row.setup, [Event(e.kind, e.payload) for e in log], game.table.players, words)
    return said.text(words) if said is not None else None


class CorrectLinks:
    """For the scorer: each card code entered in this game, as corrected, mapped to the
    correction page of the latest entry in force that holds it (also under "seat:code", and
    "-:code" for an entry that is nobody's, such as a dummy's card). The game says which
    seat and cards an entry names (`names`); no payload is read here. A card on the panel
    (the trick under way, the last one completed, the round) is tapped to correct it
    (`correct_href`). Read from the latest entry back, only as far as the cards asked for:
    a panel asks for the latest few, not for the whole game."""

    def __init__(self, game: tables.LoadedGame, href: str) -> None:
        self.game = game
        self.href = href
        self.left = reversed(game.replayed.effective)
        self.found: dict[str, str] = {}

    def get(self, key: str, default: str | None = None) -> str | None:
        while key not in self.found:
            position = next(self.left, None)
            if position is None:
                return default
            row = self.game.log[position]
            if row.kind in (UNDO, CORRECT, ABANDON):
                continue
            named = self.game.module.names(row.kind, self.game.payload_in_force(position))
            href = self.href + str(position)
            for code in named.cards:
                # The latest entry holding a card is read first: an earlier one does not replace it.
                self.found.setdefault(code.upper(), href)
                # A card of which several copies exist: whose it is ("-": nobody's, a dummy's).
                self.found.setdefault(f"{'-' if named.seat is None else named.seat}:{code.upper()}", href)
        return self.found[key]


def correct_links(game: tables.LoadedGame, game_links: GameLinks) -> CorrectLinks | None:
    """The scorer's correction links of this game's cards (CorrectLinks); None for a viewer."""
    return CorrectLinks(game, game_links.correct) if g.can_write else None


def _context(game: tables.LoadedGame, error: str | None, error_clause: str = "") -> dict[str, Any]:
    links = _links(game.row.number)
    g.correct_links = correct_links(game, links)
    db = get_db()
    board = tables.scoreboard(db, game.table.id, current=game, recent=True)
    return dict(scoreboard_key=derived.scoreboard_key(game.table.id, game.row.id, links.scoreboard, board.key),
        # The framed parts' keys (what each shows but for its holes: _fragments.framed).
        words_key=(links.panel, g.can_write),
        actions_key=(links, g.can_write, game.abandoned, game.state.is_over, game.row.number),
        correction=_correction(game) if request.method == "GET" else None,
        game=game, state=game.state, board=board, error=error, error_clause=error_clause,
        findings=game.module.audit(game.state),
        latest=board.latest, version=board.version, say=_say(game),
        card_text=_card_text(game), links=links, live_quiet=QUIET,
    )


@dataclass(frozen=True)
class GameLinks:
    """The addresses a game's panel links to, worked out once per table link and game."""

    panel: str
    enter: str
    undo: str
    history: str
    abandon: str
    share: str
    names: str
    export_json: str
    export_csv: str
    new_game: str
    live: str
    scoreboard: str
    correct: str
    """The correction page of an entry: this, then the entry's number."""


def _links(number: int) -> GameLinks:
    """This game's links under this table link (the same for every render of its panel)."""
    return derived.links((request.script_root, g.token, number), lambda: GameLinks(
        **{name: url_for(f"play.{name}", number=number) for name in ("panel", "enter", "undo", "history", "abandon")},
        **{name: url_for(f"play.{name}") for name in ("share", "names", "export_json", "export_csv", "new_game",
                                                      "live", "scoreboard")},
        correct=url_for("play.correct", number=number, seq=0).removesuffix("0"),
    ))


def _card_text(game: tables.LoadedGame) -> Any:
    """How the templates name a card, in the page's language."""
    lang = i18n.request_lang()
    return lambda code: i18n.card_label(game.module.SLUG, code, lang)


def _game_page(game: tables.LoadedGame, error: str | None = None, status: int = 200,
               error_clause: str = "") -> tuple[str, int]:
    return page_or_fragment("game.html", "panel", status, **_context(game, error, error_clause))


@bp.get("/")
def table() -> Response | tuple[str, int]:
    """The table's current game, or the screen that starts its first one (a viewer waits)."""
    game = tables.load_game(get_db(), g.table.id)
    if game is not None:
        target = url_for("play.game", number=game.row.number)
        if is_htmx():  # the waiting page polls here: send it to the game now under way
            return htmx_redirect(target)
        return redirect(target, 303)
    if g.can_write:
        return redirect(url_for("play.new_game"), 303)
    return render_template("waiting.html", table=g.table), 200


@bp.get("/new")
def new_game() -> tuple[str, int] | Response:
    """Choose the game, who leads first and the house rules; the first lead rotates each game.

    Choosing another game swaps in that game's own part of the form (htmx asks for it here
    with `game`; without JavaScript the form's "show" button does the same)."""
    if not g.can_write:
        return redirect(url_for("play.table"), 303)
    return _new_game_form()


def _new_game_form(error: str | None = None, status: int = 200, notice: str | None = None) -> tuple[str, int]:
    db = get_db()
    table = g.table
    last = tables.load_game(db, table.id)
    board = tables.scoreboard(db, table.id, current=last)
    playable = {slug: m for slug, m in rules.GAMES.items() if len(table.players) in m.PLAYER_COUNTS}
    kind = request.values.get("game") or (last.row.kind if last else "")
    module = playable.get(kind) or next(iter(playable.values()), next(iter(rules.GAMES.values())))
    choices = module.start_choices(table.players)
    first = choices[0] if choices else None
    options = option_defaults(module.OPTIONS)
    if last is not None and last.row.kind == module.SLUG:
        # An abandoned game is played again as it was set up; a game played to its end hands
        # on to the next as its rules say (the first lead moves on, the house rules stay).
        following = last.row.setup if last.abandoned else module.next_setup(last.state)
        first = following.get("first_leader", first)
        options.update(following.get("options", {}))
        series = board.series_of(last.row.id)
        if notice is None and series is not None and series.evening.over and not last.abandoned:
            notice = gettext("The series of %(game)s ended with game %(n)s: a new game starts a new series.",
                             game=i18n.game_text(module, gettext), n=last.row.number)
    if error is not None and _drawn_for(module.SLUG):  # a refused form keeps what the person chose
        options.update(options_from_form(module.OPTIONS, _form_fields()))
        first = _int_or(request.form.get("first_leader"), first)
    under_way = last.row.number if last is not None and not last.state.is_over and not last.abandoned else None
    shown = {o.name for o in applicable(module.OPTIONS, len(table.players))}  # only those that can apply here
    return page_or_fragment(
        "new_game.html", "setup", status, table=table, module=module, games=playable, first=first, choices=choices,
        options={name: value for name, value in options.items() if name in shown}, error=error, notice=notice,
        board=board, under_way=under_way,
    )


def _drawn_for(kind: str) -> bool:
    """Whether the posted form's options were drawn for game `kind` (a form without the mark,
    as older pages and scripts send, is taken as drawn for the game it names)."""
    drawn = request.form.get("options_for")
    return drawn is None or drawn == kind


def _form_fields() -> dict[str, list[str]]:
    return {name: request.form.getlist(name) for name in request.form}


def _int_or(text: str | None, default: int | None) -> int | None:
    digits = (text or "").strip()
    return int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 3 else default


@bp.post("/games")
def start() -> Response | tuple[str, int]:
    """Start the next game with the chosen first leader and house rules."""
    kind = request.form.get("game", "")
    if kind in rules.GAMES and not _drawn_for(kind):
        # The options on the form were drawn for another game (a choice changed without
        # JavaScript): show this game's own, at their defaults, before anything starts.
        return _new_game_form(notice=gettext("Here are the house rules of %(game)s: check them, then start.",
                                             game=i18n.game_text(rules.GAMES[kind], gettext)))
    try:
        module = rules.get(kind)
        first = _int_or(request.form.get("first_leader"), None) if module.start_choices(g.table.players) else None
        if module.start_choices(g.table.players) and first is None:
            raise RuleError("setup.first_leader", "")
        # An option that cannot apply to this many players is not on the form: ignored if sent.
        options = options_from_form(applicable(module.OPTIONS, len(g.table.players)), _form_fields())
        row = tables.start_game(get_db(), g.table.id, kind, first, options)
    except RuleError as exc:
        return _new_game_form(i18n.ruling_text(exc.ruling, rules.GAMES.get(kind), g.table.players), 422)
    return redirect(url_for("play.game", number=row.number), 303)


def _loaded(number: int) -> tables.LoadedGame:
    game = tables.load_game(get_db(), g.table.id, number, table=g.table)
    if game is None:
        raise PageError(404, NO_TABLE)
    return game


@bp.get("/g/<int:number>")
def game(number: int) -> tuple[str, int]:
    """Whose card comes next, the trick so far, the last ruling and the scores."""
    return _game_page(_loaded(number))


@bp.get("/scoreboard")
def scoreboard() -> str:
    """The evening, one line per series, and one series with every game's points and its
    chart (`?series=N`, from 1; the latest by default). One series at a time: an evening of
    a hundred series is a hundred lines, not a hundred tables and charts."""
    board = tables.scoreboard(get_db(), g.table.id)
    asked = request.args.get("series")
    chosen = board.count
    if asked is not None:
        chosen = int(asked) if asked.isdigit() else 0
        if not board.numbered(chosen):
            raise PageError(404, NO_SERIES)
    return render_template("scoreboard.html", table=g.table, board=board, chosen=chosen,
                           key=derived.scoreboard_key(g.table.id, None, url_for("play.scoreboard"), (chosen, board.key)))


@bp.get("/live")
def live() -> Response:
    """The table's version as a live stream (Server-Sent Events). `companion serve` answers
    this address itself and keeps the stream open (see server.py); any other server gets
    this one message, and the browser asks again a second later."""
    from ..polls import RETRY_MS, version_message

    message = f"retry: {RETRY_MS}\n".encode() + version_message(store.version(get_db(), g.table.id))
    return Response(message, content_type="text/event-stream; charset=utf-8", headers={"Cache-Control": "no-store"})


@bp.get("/g/<int:number>/panel")
def panel(number: int) -> Response:
    """The live panel every phone polls: 304 while nothing has changed at the table."""
    version = store.version(get_db(), g.table.id)
    if store.revision_of(version) != g.table.revision:  # renamed since the link was looked up
        g.table = store.get_table(get_db(), g.table.id)
    current = f'"{version}"'
    if derived.same_tag(version, request.if_none_match.as_set()):
        return Response(status=304, headers={"ETag": current})
    if request.query_string:
        html = render_block("game.html", "panel", **_context(_loaded(number), None))
    else:
        # Every phone of a table sees the same panel at a version, by role: rendered once per
        # version, role, language and theme, then handed to each of them (the phones the live
        # stream tells at the same moment wait for the one drawing it), and compressed once
        # for all of them: its forms carry no CSRF token (csrf.csrf_field), the same bytes.
        key = _panel_key(number, version)
        html = derived.panel(key, lambda: render_block("game.html", "panel", **_context(_loaded(number), None)))
        derived.mark_same_bytes(key)
    response = make_response(html)
    response.headers["ETag"] = current
    response.headers["Cache-Control"] = "no-cache"
    return response


def _panel_key(number: int, version: str) -> tuple[Any, ...]:
    """This phone's panel of game `number` at `version` (derived.panel_key)."""
    return derived.panel_key(g.table.id, number, version, i18n.request_lang(), request.cookies.get("theme"), g.can_write)


def _expected_seq() -> int:
    try:
        return int(request.form.get("seq", ""))
    except ValueError:
        return -1


KEY_LENGTH = 64
KEY_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _entry_key() -> str | None:
    """The key the phone made for this entry (the `key` field; see store.append), None when
    the form has none (a page from before keys, a script); a malformed one is refused (400)."""
    key = request.form.get("key")
    if key is None or key == "":
        return None
    if len(key) > KEY_LENGTH or not set(key) <= KEY_CHARACTERS:
        raise PageError(400, MESSAGES[400])
    return key


ENTRY_SEQ = "X-Entry-Seq"
"""Header of the answer to a stored entry: the number the entry holds in the game's log."""
ENTRY_REPEATED = "X-Entry-Repeated"
"""Header ("1") of the answer to an entry whose key was stored already: nothing new stored."""


def _entry_headers(after: tables.LoadedGame) -> dict[str, str]:
    """What the answer says of the entry itself: its number in the log, and whether it was
    stored by an earlier copy (the same key again)."""
    if after.repeated is not None:
        return {ENTRY_SEQ: str(after.repeated), ENTRY_REPEATED: "1"}
    return {ENTRY_SEQ: str(after.next_seq - 1)}


def _write(row: store.GameRow, kind: str, payload: dict[str, Any]) -> Response | tuple[str, int]:
    """Store one entry and answer with the table as it stands (the panel for htmx, else a
    redirect to the game); a refusal is the game page with its message.

    The same key again (a phone resending what it did not see answered) stores nothing and
    is answered as the first time: the same status, the same entry number (ENTRY_SEQ), and
    the table as it stands now, not the panel of right after the entry: the phone goes on
    from this answer, so it must show the turn the table is at (another phone may have
    entered since, or this phone's next entries). ENTRY_REPEATED says it was a repeat.
    """
    number = row.number
    try:
        after = tables.enter(get_db(), g.table, row, _expected_seq(), kind, payload, _entry_key())
    except RuleError as exc:
        game = _loaded(number)
        return _game_page(game, i18n.ruling_text(exc.ruling, game.module, game.table.players), 422,
                          exc.ruling.clause)
    except store.Conflict:
        return _game_page(_loaded(number), i18n.ruling_text(Ruling("store.conflict", ""), None), 409)
    if is_htmx():
        context = _context(after, None)
        html = render_block("game.html", "panel", **context)
        written = after.written
        if (written is not None and written[2] == after.table.revision
                and store.version_of(*written) == context["version"]):
            # Nothing was written at the table between this entry and its panel, and the names
            # shown are the table's: this is the scorer's panel at the new version, as
            # play.panel renders it. The scorer's other phones are handed it.
            key = _panel_key(number, context["version"])
            derived.hand_on(key, html)
            derived.mark_same_bytes(key)  # compressed (if this phone asks so) for the others too
        return make_response(html, 200, _entry_headers(after))
    response = redirect(url_for("play.game", number=number), 303)
    response.headers.update(_entry_headers(after))
    return response


def _payload(module: Any, kind: str) -> dict[str, Any]:
    """The entry's fields from the form, shaped by the game: `form_payload(kind, fields)`.

    Every field arrives as its list of values; only the game knows which of them are
    numbers, several cards or a checkbox.
    """
    fields = {name: request.form.getlist(name) for name in request.form
              if name not in ("seq", "kind", "csrf_token", "key")}
    return dict(module.form_payload(kind, fields))


@bp.post("/g/<int:number>/entries")
def enter(number: int) -> Response | tuple[str, int]:
    """Record one entry; the engine refuses what the rules or the deck forbid."""
    kind = request.form.get("kind", "")
    row = tables.game_row(get_db(), g.table.id, number)
    return _write(row, "" if kind == UNDO else kind, _payload(rules.get(row.kind), kind))


@bp.post("/g/<int:number>/undo")
def undo(number: int) -> Response | tuple[str, int]:
    """Take back the latest entry still in force; it stays in the history, marked."""
    return _write(tables.game_row(get_db(), g.table.id, number), UNDO, {})


def _in_force(game: tables.LoadedGame, seq: int) -> dict[str, Any]:
    """Entry `seq` as it stands now (corrected if it was), or a 404 if it is not in force or
    not a choice that can be corrected (an undo, a correction, an abandoning: undo reverses those)."""
    log = game.log
    if not (0 <= seq < len(log)) or seq not in game.replayed.effective or log[seq].kind in (UNDO, CORRECT, ABANDON):
        raise PageError(404, NOT_HERE)
    return {"seq": seq, "kind": log[seq].kind, "payload": game.payload_in_force(seq), "created": log[seq].created}


@bp.route("/g/<int:number>/correct/<int:seq>", methods=["GET", "POST"])
def correct(number: int, seq: int) -> Response | tuple[str, int]:
    """Correct an earlier entry: choose the right card or choice; what came after stands."""
    if not g.can_write:
        raise PageError(403, VIEWER_ONLY)
    game = _loaded(number)
    entry = _in_force(game, seq)
    error, status = None, 200
    if request.method == "POST":
        payload = {"seq": seq, "payload": _payload(game.module, entry["kind"])}
        try:
            after = tables.enter(get_db(), g.table, game.row, _expected_seq(), CORRECT, payload,
                                 _choice_key(_entry_key(), payload))
        except RuleError as exc:
            error, status = _refusal(game, exc.ruling), 422
        except store.Conflict:
            error, status = i18n.ruling_text(Ruling("store.conflict", ""), None), 409
        else:
            response = redirect(url_for("play.game", number=number, corrected=seq + 1), 303)
            response.headers.update(_entry_headers(after))
            return response
        game = _loaded(number)
        entry = _in_force(game, seq)
    # The form's key, made here: the same choice sent again (its answer lost on the way) is
    # stored once and answered as the first time (store.append), not refused as late.
    return render_template("correct.html", game=game, state=game.state, entry=entry, error=error, say=_say(game),
                           key=secrets.token_urlsafe(16),
                           card_text=_card_text(game), links=_links(number),
                           name=_entry_name(game, seq)), status


def _choice_key(key: str | None, payload: dict[str, Any]) -> str | None:
    """A correction page's key (made with the page) joined to the choice sent: the same
    choice sent again is the same entry, stored once; another choice from the same page (the
    page come back to with the browser's Back) is another entry, taken or refused on its own."""
    if key is None:
        return None
    choice = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:16]
    return f"{key}-{choice}"


def _walked(game: tables.LoadedGame) -> Any:
    from ..entry_names import walk
    from ..rules.base import Event

    return walk(game.module, game.row.setup, [Event(e.kind, e.payload) for e in game.log])


def _entry_name(game: tables.LoadedGame, position: int) -> str:
    """Entry `position` (in force) as the table knows it: "trick 3, Ben's card"."""
    from ..entry_names import name_text

    before = _walked(game).before_now(position)
    named = game.module.entry_name(before, game.log[position].kind, game.payload_in_force(position))
    return name_text(named, i18n.request_words(), game.table.players)


def _refusal(game: tables.LoadedGame, ruling: Ruling) -> str:
    """A refused correction in the person's words; a later entry it would break is named as
    the table knows it, never by its place in the log."""
    later = ruling.params.get("entry")
    reason = ruling.params.get("reason")
    if ruling.key != "correct.breaks_later" or not isinstance(later, int) or not isinstance(reason, Ruling):
        return i18n.ruling_text(ruling, game.module, game.table.players)
    return str(gettext("This correction would make %(entry)s impossible: %(reason)s Nothing was changed.",
                       entry=_entry_name(game, later - 1),
                       reason=i18n.ruling_text(reason, game.module, game.table.players)))


@bp.post("/g/<int:number>/abandon")
def abandon(number: int) -> Response | tuple[str, int]:
    """Stop a game under way: it takes no more entries and counts in no total (undo reverses it)."""
    return _write(tables.game_row(get_db(), g.table.id, number), ABANDON, {})


@bp.get("/g/<int:number>/history")
def history(number: int) -> tuple[str, int]:
    """Every entry of the game, newest first, named as the table knows it; undone and
    corrected ones marked with what became of them."""
    from ..entry_names import history as rows
    from ..rules.base import Event

    game = _loaded(number)
    log = game.log
    named = rows(game.module, game.row.setup, [Event(e.kind, e.payload) for e in log], [e.created for e in log],
                 game.replayed.undone, game.replayed.corrected, game.state.is_over, game.table.players,
                 i18n.request_words())
    return render_template("history.html", game=game, rows=named, say=_say(game), card_text=_card_text(game)), 200


@bp.get("/export.json")
def export_json() -> Response:
    """The table's full logs as JSON: enough to rebuild every game and the scoreboard."""
    from .. import records

    response = Response(records.export_json(get_db(), g.table.id), mimetype="application/json")
    response.headers["Content-Disposition"] = _attachment("json")
    return response


@bp.get("/export.csv")
def export_csv() -> Response:
    """One row per game per player, for a spreadsheet."""
    from .. import records

    response = Response(records.export_csv(get_db(), g.table.id), content_type="text/csv; charset=utf-8")
    response.headers["Content-Disposition"] = _attachment("csv")
    return response


def _attachment(extension: str) -> str:
    """A download named after the table and its date: an ASCII name for old browsers, the
    real one (any language) in filename* (RFC 6266)."""
    from urllib.parse import quote

    from .. import records

    name = f"{records.file_name(g.table)}.{extension}"
    plain = "".join(c if c.isascii() and (c.isalnum() or c in "-._") else "_" for c in name)
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(name, safe='')}"


@bp.route("/names", methods=["GET", "POST"])
def names() -> Response | tuple[str, int]:
    """Correct the table's name or a player's name after the start; nothing else changes."""
    if not g.can_write:
        raise PageError(403, VIEWER_ONLY)
    error, status = None, 200
    name, players = g.table.name, list(g.table.players)
    if request.method == "POST":
        name, players = request.form.get("name", ""), request.form.getlist("player")
        try:
            tables.rename(get_db(), g.table, name, players)
        except RuleError as exc:
            error, status = i18n.ruling_text(exc.ruling, None), 422
        else:
            return redirect(url_for("play.table"), 303)
    return render_template("names.html", table=g.table, name=name, players=players, error=error), status


@bp.get("/share")
def share() -> tuple[str, int]:
    """The table's two links as QR codes: the scorer's (only shown to a scorer) and the viewer's.

    Built on the address the phones are to open, as the server was started: a configured
    public URL (--public-url), else its LAN address (--lan); never on the Host header a
    request carries, which anyone can forge (a page handing out the scorer's link on another
    site). Served on loopback only, the page says so and how to serve the LAN, and offers
    the links on this computer's own loopback address, for a second window on it.
    """
    from ..qr import svg

    roles = {store.VIEWER: g.table.viewer_token}
    if g.can_write:
        roles[store.SCORER] = g.table.scorer_token
    base = current_app.config.get("PUBLIC_URL") or current_app.config.get("JOIN_BASE") or ""
    local = "" if base else _loopback()
    links = {role: (base or local) + url_for("play.table", token=token)
             for role, token in roles.items()} if base or local else {}
    return render_template("share.html", table=g.table, links=links, svg=svg, local=local), 200


def _loopback() -> str:
    """This server's own loopback address, which opens only on this computer: as `companion
    serve` was started (LOOPBACK_BASE), else 127.0.0.1 on the port the server says it
    listens on (never the Host header); "" if it names none."""
    configured = current_app.config.get("LOOPBACK_BASE")
    if configured:
        return str(configured)
    port = str(request.environ.get("SERVER_PORT", ""))
    return f"http://127.0.0.1:{port}" if port.isascii() and port.isdigit() and len(port) <= 5 else ""
