"""A group's book: start one, keep its roster and tables, seat a table from the roster, and
read what the group's evenings add up to (season table, ratings, players, records, evenings).

Every URL of a group starts with one of its links (/b/<token>/...): the keeper's may change
the book, the members' only reads it (and its exports).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from .. import groups, i18n, limits, records, rules, store
from ..db import get_db
from ..rules.base import N_, RuleError
from . import book_pages
from .errors import NOT_HERE, PageError

bp = Blueprint("book", __name__)

MEMBERS_ONLY = N_("This is the members' link: it reads the book and changes nothing. "
                  "Changes need the keeper's link. Nothing was changed.")

GROUPS_COOKIE = "groups"
"""The groups this browser has opened (their links), as "recent" keeps its tables."""


@bp.app_template_global()
def percent(value: Fraction) -> str:
    """A rate as a whole percentage: "67%"."""
    return f"{round(value * 100)}%"


@bp.app_template_global()
def decimal(value: Fraction | None, places: int = 2) -> str:
    """A figure to `places` decimals ("0.75"); a dash where there is none."""
    return "–" if value is None else f"{float(value):.{places}f}"


def _group(token: str, write: bool = False) -> store.GroupRow:
    """The group this link opens; a change asked with the members' link is refused."""
    group = groups.group_by_link(get_db(), token)
    if write and group.role(token) != store.KEEPER:
        raise PageError(403, MEMBERS_ONLY)
    return group


def _say(exc: groups.GroupError) -> str:
    """A refusal in the reader's language."""
    return str(gettext(exc.message, **exc.params))


def _remembered(response: Response, token: str) -> Response:
    """The home page lists this group from now on (newest first, at most eight)."""
    kept = [t for t in request.cookies.get(GROUPS_COOKIE, "").split(".") if t and t != token]
    response.set_cookie(GROUPS_COOKIE, ".".join([token, *kept][:8]), max_age=400 * 24 * 3600, samesite="Lax",
                        httponly=True)
    return response


def remembered_groups() -> list[tuple[store.GroupRow, str]]:
    """The groups this browser has opened lately, for the home page."""
    tokens = [t for t in request.cookies.get(GROUPS_COOKIE, "").split(".") if store.is_token(t)]
    return store.groups_by_tokens(get_db(), tokens[:8])


# --------------------------------------------------------------------------- a new book


@bp.get("/book/new")
def new() -> tuple[str, int]:
    """The form that starts a group's book: its name."""
    return render_template("book/new.html", error=None, name=""), 200


@bp.post("/book")
def create() -> Response | tuple[str, int]:
    """Start the book; the keeper's page opens on its own link."""
    try:
        group = groups.create_group(get_db(), request.form.get("name", ""))
    except groups.GroupError as exc:
        return render_template("book/new.html", error=_say(exc), name=request.form.get("name", "")), 422
    return redirect(url_for("book.page", token=group.keeper_token, done="created"), 303)


# --------------------------------------------------------------------------- reading


@bp.get("/b/<token>/")
def page(token: str) -> Response | tuple[str, int]:
    """The book's front page: the season table (all games, or one), seating a table from the
    roster, the latest evenings."""
    group = _group(token)
    shown = book_pages.front(get_db(), group, token, request.args)
    response = make_response(render_template("book/page.html", **shown), shown["status"])
    return _remembered(response, token)


@bp.get("/b/<token>/players/<int:number>")
def player(token: str, number: int) -> tuple[str, int]:
    """One player's page: their record per game, last results, streaks, head to head, ratings."""
    return _shown("player", book_pages.player(get_db(), _group(token), token, number, request.args))


@bp.get("/b/<token>/records")
def records_page(token: str) -> tuple[str, int]:
    """The group's records: best scores per game, most wins in an evening, longest streak."""
    return _shown("records", book_pages.season_figure(get_db(), _group(token), token, request.args, "records"))


@bp.get("/b/<token>/evenings")
def evenings(token: str) -> tuple[str, int]:
    """Every evening of the season: its tables and who won each game."""
    return _shown("evenings", book_pages.season_figure(get_db(), _group(token), token, request.args, "evenings"))


@bp.get("/b/<token>/ratings")
def ratings(token: str) -> tuple[str, int]:
    """The ratings of one game (OpenSkill), each player's line over time."""
    return _shown("ratings", book_pages.ratings(get_db(), _group(token), token, request.args))


def _shown(page_name: str, shown: dict[str, Any]) -> tuple[str, int]:
    """A page of the book drawn with what book_pages found for it (and its status: 422 for a
    season asked wrongly, the page then showing this year's with the sentence)."""
    return render_template(f"book/{page_name}.html", **shown), shown["status"]


# --------------------------------------------------------------------------- the roster


@bp.get("/b/<token>/roster")
def roster(token: str) -> tuple[str, int]:
    """The roster: add, rename, merge two names that are one person, retire."""
    return _roster_page(_group(token), token)


def _roster_page(group: store.GroupRow, token: str, error: str | None = None, field: str = "",
                 status: int = 200, notice: str | None = None) -> tuple[str, int]:
    known = groups.roster(get_db(), group)
    return render_template("book/roster.html", group=group, token=token, keeper=group.role(token) == store.KEEPER,
                           roster=known, error=error, field=field, notice=notice, values=request.form), status


def _roster_change(token: str, act: Any, done: str) -> Response | tuple[str, int]:
    group = _group(token, write=True)
    try:
        act(group)
    except groups.GroupError as exc:
        return _roster_page(group, token, _say(exc), exc.field, 422)
    return redirect(url_for("book.roster", token=token, done=done), 303)


def _number(field: str) -> int:
    raw = request.form.get(field, "")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 6 else 0


@bp.post("/b/<token>/roster")
def add_player(token: str) -> Response | tuple[str, int]:
    """A new player joins the roster."""
    return _roster_change(token, lambda group: groups.add_player(get_db(), group, request.form.get("name", "")),
                          "added")


@bp.post("/b/<token>/roster/<int:number>/rename")
def rename_player(token: str, number: int) -> Response | tuple[str, int]:
    """A player's new name; their games follow."""
    return _roster_change(token, lambda group: groups.rename_player(get_db(), group, number,
                                                                    request.form.get("name", "")), "renamed")


@bp.post("/b/<token>/roster/merge")
def merge(token: str) -> Response | tuple[str, int]:
    """Two names that are one person: the first's games count as the second's."""
    return _roster_change(token, lambda group: groups.merge_players(get_db(), group, _number("merged"),
                                                                    _number("into")), "merged")


@bp.post("/b/<token>/roster/<int:number>/retire")
def retire(token: str, number: int) -> Response | tuple[str, int]:
    """Kept in the book, not offered for seating."""
    return _roster_change(token, lambda group: groups.set_retired(get_db(), group, number, True), "retired")


@bp.post("/b/<token>/roster/<int:number>/back")
def unretire(token: str, number: int) -> Response | tuple[str, int]:
    """Offered for seating again."""
    return _roster_change(token, lambda group: groups.set_retired(get_db(), group, number, False), "back")


# --------------------------------------------------------------------------- tables


@bp.get("/b/<token>/tables")
def tables_page(token: str) -> tuple[str, int]:
    """The group's tables, taking one out, and adding one seated elsewhere by its link; with
    `link` given, the form that maps each of its names to a roster player."""
    group = _group(token)
    link = request.args.get("link", "")
    if not link:
        return _tables_page(group, token)
    try:
        table = groups.table_for_link(get_db(), link)
    except groups.GroupError as exc:
        event = groups.event_for_link(get_db(), link)
        if event is None:
            return _tables_page(group, token, _say(exc), exc.field, 422)
        return _tables_page(group, token, event=event, link=link)
    return _tables_page(group, token, mapping=table, link=link)


def _tables_page(group: store.GroupRow, token: str, error: str | None = None, field: str = "", status: int = 200,
                 mapping: store.TableRow | None = None, link: str = "",
                 event: store.ClubEvent | None = None) -> tuple[str, int]:
    db = get_db()
    known = groups.roster(db, group)
    chosen = request.form.getlist("seat") if request.method == "POST" else []
    names = mapping.players if mapping is not None else groups.event_names(db, event) if event is not None else ()
    return render_template("book/tables.html", group=group, token=token, keeper=group.role(token) == store.KEEPER,
                           tables=store.group_tables(db, group.id), roster=known, error=error, field=field,
                           mapping=mapping, event=event, names=names, link=link,
                           suggested=groups.suggested(known, names), chosen=chosen, games=rules.GAMES), status


@bp.post("/b/<token>/tables")
def add_table(token: str) -> Response | tuple[str, int]:
    """The table of `link` joins the book, each name mapped as chosen (a new name may join the roster)."""
    group = _group(token, write=True)
    link = request.form.get("link", "")
    try:
        table = groups.table_for_link(get_db(), link)
    except groups.GroupError as exc:
        return _tables_page(group, token, _say(exc), exc.field, 422)
    try:
        groups.add_table(get_db(), group, table, request.form.getlist("seat"))
    except groups.GroupError as exc:
        return _tables_page(group, token, _say(exc), exc.field, 422, mapping=table, link=link)
    return redirect(url_for("book.tables_page", token=token, done="added"), 303)


@bp.post("/b/<token>/events")
def add_event(token: str) -> Response | tuple[str, int]:
    """Every table of the club night of `link` joins the book, each name mapped once."""
    group = _group(token, write=True)
    link = request.form.get("link", "")
    event = groups.event_for_link(get_db(), link)
    if event is None:
        return _tables_page(group, token, _say(groups.GroupError(groups.NOT_A_TABLE)), "link", 422)
    names = groups.event_names(get_db(), event)
    try:
        groups.add_event(get_db(), group, event, dict(zip(names, request.form.getlist("seat"))))
    except groups.GroupError as exc:
        return _tables_page(group, token, _say(exc), exc.field, 422, event=event, link=link)
    return redirect(url_for("book.tables_page", token=token, done="added"), 303)


@bp.post("/b/<token>/import")
def import_record(token: str) -> Response | tuple[str, int]:
    """A table's exported record (JSON) becomes a table here, then its names are mapped."""
    group = _group(token, write=True)
    upload = request.files.get("record")
    try:
        record = records.parse(upload.read(limits.WEB_RECORD_BYTES + 1), limits.WEB_RECORD_BYTES) if upload else None
        table = records.import_table(get_db(), record)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        ruling = exc.error.ruling if isinstance(exc, records.RecordError) else RuleError("record.not_a_record").ruling
        game = exc.game if isinstance(exc, records.RecordError) else None
        return _tables_page(group, token, i18n.ruling_text(ruling, game), "record", 422)
    return redirect(url_for("book.tables_page", token=token, link=table.scorer_token), 303)


@bp.post("/b/<token>/tables/<table_id>/remove")
def remove_table(token: str, table_id: str) -> Response | tuple[str, int]:
    """The table leaves the book; its games stay at the table."""
    group = _group(token, write=True)
    try:
        groups.remove_table(get_db(), group, table_id)
    except groups.GroupError as exc:
        return _tables_page(group, token, _say(exc), exc.field, 422)
    return redirect(url_for("book.tables_page", token=token, done="removed"), 303)


@bp.get("/b/<token>/seat")
def seat(token: str) -> Response:
    """Seat a table of the chosen game with the roster players tapped, in the order tapped:
    the game's seating form opens with their names, and the table joins the book."""
    group = _group(token, write=True)
    slug = request.args.get("game", "")
    if slug not in rules.GAMES:
        raise PageError(404, NOT_HERE)
    known = groups.roster(get_db(), group)
    names = [m.name for raw in request.args.getlist("player") if raw.isdigit()
             if (m := known.member(int(raw))) is not None]
    return redirect(url_for("home.seat", slug=slug, player=names, group=token), 303)


# --------------------------------------------------------------------------- exports


@bp.get("/b/<token>/export.json")
def export_json(token: str) -> Response:
    """The book as JSON: its roster, tables, each name's roster player, and its figures."""
    return book_pages.export(get_db(), _group(token), request.args, "json")


@bp.get("/b/<token>/export.csv")
def export_csv(token: str) -> Response:
    """A row per player per game: date, table, game, place, points, team."""
    return book_pages.export(get_db(), _group(token), request.args, "csv")
