"""What each page of a group's book shows: the request's season and game read, the book
loaded, the figure asked for derived (remembered per version of the book's games, derived.book_figures),
and the page's values handed to its template. Nothing here draws HTML."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils
from flask import Response, url_for
from flask_babel import get_locale, gettext

from .. import derived, groups, i18n, rules, store
from ..book.model import Season
from .errors import NOT_HERE, PageError

LAST = 20
"""Results a player's page lists, newest first."""


def _season(args: Mapping[str, str]) -> tuple[Season, str | None]:
    """The range asked for, or this year's with the sentence that refused the one asked for."""
    try:
        return groups.season_of(args), None
    except groups.GroupError as exc:
        return groups.season_of({}), str(gettext(exc.message, **exc.params))


def _kind(args: Mapping[str, str]) -> str | None:
    kind = args.get("game") or None
    return kind if kind in rules.GAMES else None


def _common(db: sqlite_utils.Database, group: store.GroupRow, token: str, args: Mapping[str, str]) -> dict[str, Any]:
    book = groups.load(db, group)
    season, error = _season(args)
    kinds = derived.book_figures(db, (book.group.id, book.games_version, "kinds"), lambda: sorted(
        {p.kind for p in book.games}, key=lambda k: list(rules.GAMES).index(k)))
    names = {p.number: p.name for p in book.roster.players}
    names.update({p.number: names[book.roster.final(p.number)] for p in book.roster.players})
    return {"book": book, "group": book.group, "token": token, "keeper": group.role(token) == store.KEEPER,
            "season": season, "error": error, "status": 422 if error else 200, "kinds": kinds,
            "games": rules.GAMES, "names": names, "args": args,
            "table_links": {t.table_id: t.viewer_token for t in book.tables},
            "year": args.get("season", "") if not error else "",
            "range_from": args.get("from", "") if not error else "",
            "range_to": args.get("to", "") if not error else "",
            "keep": {} if error else {k: v for k in ("season", "from", "to") if (v := args.get(k, ""))}}


def _figure(db: sqlite_utils.Database, shown: Mapping[str, Any], what: tuple[Any, ...], make: Any) -> Any:
    book: groups.Book = shown["book"]
    season: Season = shown["season"]
    return derived.book_figures(db, (book.group.id, book.games_version, season.start, season.end, *what), make)


def front(db: sqlite_utils.Database, group: store.GroupRow, token: str, args: Mapping[str, str]) -> dict[str, Any]:
    from ..book import figures

    shown = _common(db, group, token, args)
    book: groups.Book = shown["book"]
    kind = _kind(args)
    season = shown["season"]
    shown["kind"] = kind
    shown["lines"] = _figure(db, shown, ("season", kind),
                             lambda: figures.tallied_table(groups.tally(db, book, season), kind))
    shown["evenings"] = _figure(db, shown, ("latest evenings",), lambda: figures.evenings(_latest_days(book, season)))
    shown["seatable"] = book.roster.seatable
    return shown


def _latest_days(book: groups.Book, season: Season, days: int = 3) -> list[Any]:
    """The games of the season's last `days` evenings, read from the newest game back (the
    book's games are in time order): the front page's latest evenings, whatever the book's length."""
    games: list[Any] = []
    seen: set[Any] = set()
    for game in reversed(book.games):
        if not season.holds(game):
            if game.day < season.start:
                break
            continue
        if game.day not in seen:
            if len(seen) == days:
                break
            seen.add(game.day)
        games.append(game)
    return games


def player(db: sqlite_utils.Database, group: store.GroupRow, token: str, number: int,
           args: Mapping[str, str]) -> dict[str, Any]:
    from ..book import figures

    shown = _common(db, group, token, args)
    book: groups.Book = shown["book"]
    member = book.roster.member(book.roster.final(number))
    if member is None:
        raise PageError(404, NOT_HERE)
    season = shown["season"]
    shown["member"] = member
    shown["page"] = _figure(db, shown, ("player", member.number),
                            lambda: figures.player_page(book.games, member.number, season, LAST,
                                                        groups.tally(db, book, season), in_time=True))
    shown["ratings"] = groups.ratings(db, book, season)
    shown["charts"] = [(kind, _chart(db, shown, shown["ratings"], kind, [member.number], member.name))
                       for kind in shown["page"].lines if member.number in shown["ratings"].history.get(kind, {})]
    return shown


def _chart(db: sqlite_utils.Database, shown: Mapping[str, Any], run: Any, kind: str, players: list[int],
           title: str) -> Any:
    """The rating of each of `players` at `kind` after each of their games (x: the group's
    games of that kind in the order rated, so the lines of several players meet in time),
    remembered with the book's other figures (its words in the page's language)."""
    return _figure(db, shown, ("chart", kind, tuple(players), title, str(get_locale())),
                   lambda: _draw_chart(run, kind, players, title))


def _draw_chart(run: Any, kind: str, players: list[int], title: str) -> Any:
    from .. import chart

    lines = run.points.get(kind, {})
    return chart.plot([lines.get(p, ()) for p in players], max(1, run.rated.get(kind, 0)),
                      str(gettext("Rating: %(title)s", title=title)), str(gettext("Games")), whole=False)


def season_figure(db: sqlite_utils.Database, group: store.GroupRow, token: str, args: Mapping[str, str],
                  name: str) -> dict[str, Any]:
    """A page of one figure of the season over the whole book: "records" or "evenings"
    (book.figures' function of that name)."""
    from ..book import figures

    made = {"records": figures.records, "evenings": figures.evenings}[name]
    shown = _common(db, group, token, args)
    book: groups.Book = shown["book"]
    season = shown["season"]
    shown[name] = _figure(db, shown, (name,), lambda: made(book.games, season))
    return shown


def ratings(db: sqlite_utils.Database, group: store.GroupRow, token: str, args: Mapping[str, str]) -> dict[str, Any]:
    shown = _common(db, group, token, args)
    book: groups.Book = shown["book"]
    kind = shown["kind"] = _kind(args) or (shown["kinds"][0] if shown["kinds"] else None)
    run = groups.ratings(db, book, shown["season"])
    current = run.current.get(kind, {}) if kind else {}
    shown["table"] = sorted(current.items(), key=lambda item: (-item[1].ordinal, item[0]))
    shown["chart"] = _chart(db, shown, run, kind, [p for p, _ in shown["table"]], i18n.game_text(rules.GAMES[kind], gettext)) \
        if kind and current else None
    return shown


def export(db: sqlite_utils.Database, group: store.GroupRow, args: Mapping[str, str], form: str) -> Response:
    """The book's JSON or CSV for the season asked (refused with a sentence when the range is wrong)."""
    from .. import book_exports

    book = groups.load(db, group)
    try:
        season = groups.season_of(args)
    except groups.GroupError as exc:
        raise PageError(422, str(gettext(exc.message, **exc.params))) from exc
    if form == "csv":
        body, mimetype = book_exports.csv_text(book, season), "text/csv"
    else:
        body, mimetype = book_exports.json_text(book, season, groups.ratings(db, book, season)), "application/json"
    name = f"book-{season.start.isoformat()}-{season.end.isoformat()}.{form}"
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Link"] = f'<{url_for("book.page", token=group.member_token)}>; rel="up"'
    return response
