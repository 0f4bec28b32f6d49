"""The `companion` command: serve the app, or judge rules questions from JSON lines."""

from __future__ import annotations

import argparse
import gettext
import json
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TextIO

from . import i18n, rules
from .rules.base import N_

if TYPE_CHECKING:  # pathlib is imported when a command is given a path (see `path_arg`), not to judge
    from pathlib import Path


def path_arg(text: str) -> Path:
    """A file named on the command line."""
    from pathlib import Path

    return Path(text)


def default_lang() -> str:
    """The terminal's language (LANG / LC_ALL), for the command's own messages."""
    import os

    setting = os.environ.get("LC_ALL") or os.environ.get("LANG") or ""
    return "ja" if setting.lower().startswith("ja") else "en"


def _(message: str, lang: str = "", **params: object) -> str:
    """One of the command's messages in `lang` (the terminal's by default)."""
    return i18n.catalog(lang or default_lang()).gettext(message) % params


def ngettext(singular: str, plural: str, count: int, lang: str = "", **params: object) -> str:
    """One of the command's messages that counts something, in the form `count` takes in
    `lang` (the terminal's by default): "1 process", "2 processes"."""
    return i18n.catalog(lang or default_lang()).ngettext(singular, plural, count) % {"num": count, **params}


def default_db() -> Path:
    """The SQLite file kept in the per-user data folder."""
    from platformdirs import user_data_path

    return user_data_path("companion", appauthor=False) / "companion.db"


def _db(given: Path | None) -> Path:
    """The database file: the one given with --db as it is (a folder is never made for a
    path that may be a typo), else the per-user one, its folder made on first use."""
    if given is not None:
        return given
    path = default_db()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def lan_address() -> str | None:
    """This machine's address on the local network (a private IPv4 address), if it has one."""
    import ipaddress

    import ifaddr

    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                address = ipaddress.ip_address(ip.ip)
                if address.is_private and not address.is_loopback and not address.is_link_local:
                    return ip.ip
    return None


CONNECTION_LIMIT = 4000
"""Open connections one process holds: every phone of a hall keeps one open for its live
stream, and a client that floods half-sent requests must hold thousands open at once. Never
more than the process's open-file limit leaves room for (server.most_connections)."""

CHANNEL_TIMEOUT = 20
"""Seconds a connection may sit without a byte before it is closed: a live stream hears
from the server every 15 s, a phone without one asks every second, and a half-sent
request is dropped."""


def server_limits() -> dict[str, float]:
    """The server's limits on connections: see CONNECTION_LIMIT and CHANNEL_TIMEOUT."""
    return {"connection_limit": CONNECTION_LIMIT, "timeout": CHANNEL_TIMEOUT}


THREADS = 1
"""The app's threads per serving process. Drawing a panel is CPU work under one interpreter
lock per process, so a second thread only queues for it, and every SQLite call, which lets
the lock go, hands it to the other thread and waits to win it back (16 context switches
an entry against 11 with one). Run alternately on 2026-11-27 (one process per core): 1
thread answered bench/table_load.py's entries faster than 2 in 9 pairs of 11 (entry p95
29-42 ms against 31-46), no differently in 6 more; bench/hall.py at 350 tables held in 4
runs of 4 at 1 thread (entry p95 35-86 ms) and 3 of 4 at 2 (44-178 ms), neither clearly
ahead; earlier, 2 had beaten 8 (docs/developing.md, "How it holds up"). What waits without CPU (the
write lock, the durable commit) is short; a request beyond them waits in gevent's queue,
not refused."""


def public_url(text: str) -> str:
    """A --public-url as the invite page's links start: http(s), a host, maybe a port and a
    path; no query, fragment or credentials. ValueError (argparse's "invalid value") else."""
    from urllib.parse import urlsplit

    parts = urlsplit(text.strip())
    if (parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment
            or parts.username is not None or any(ch.isspace() or ord(ch) < 32 for ch in text.strip())):
        raise ValueError(text)
    if parts.port is not None and parts.port == 0:  # reading .port raises ValueError for a port that is not one
        raise ValueError(text)
    return text.strip().rstrip("/")


def _bracketed(host: str) -> str:
    """A host as a URL writes it (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host


def addresses(host: str, port: int, lan: str | None) -> dict[str, str]:
    """Where the invite page's links point, from the address the server was started on:
    JOIN_BASE for the phones (the LAN address, or --host when it is another computer's
    reach), and LOOPBACK_BASE for a second window on this computer when only it is served."""
    import ipaddress

    if lan is not None:
        return {"JOIN_BASE": f"http://{lan}:{port}"}
    if host == "localhost":
        return {"LOOPBACK_BASE": f"http://localhost:{port}"}
    try:
        address = ipaddress.ip_address(host)
    except ValueError:  # a host name: the phones open it as given
        return {"JOIN_BASE": f"http://{host}:{port}"}
    if address.is_loopback:
        return {"LOOPBACK_BASE": f"http://{_bracketed(host)}:{port}"}
    if address.is_unspecified:  # every address of this computer, loopback included
        return {"LOOPBACK_BASE": f"http://127.0.0.1:{port}"}
    return {"JOIN_BASE": f"http://{_bracketed(host)}:{port}"}


def serve(host: str, port: int, db: Path, threads: int = THREADS, lan: bool = False, workers: int = 1,
          public: str | None = None) -> None:
    """Serve the app (see processes.py and server.py: gunicorn runs the processes, gevent
    holds the connections and the live streams, the app runs on a pool of `threads`).

    With `lan`, it also listens on this machine's LAN address, so the phones at the table
    can join: the address to open and a QR code are printed, and the invite page shows
    links on that address (not the loopback one the phones could not open); `public` (a
    URL the phones reach this server by, through a proxy say) is used instead. With
    `workers` above 1, that many processes serve the same port (see run), so every core
    of the machine does its share.
    """
    from .app import create_app
    from .qr import terminal

    config: dict[str, object] = {"DATABASE": str(db)}
    listen = [f"{host}:{port}"]
    url = f"http://{host}:{port}/"
    found = lan_address() if lan else None
    if lan and found is None:
        print(_("companion: no LAN address found; listening on loopback only"), file=sys.stderr)
    if found is not None:
        url = f"http://{found}:{port}/"
        listen = [f"{found}:{port}"] + [f"{host}:{port}"] * (host != found)
    config.update(addresses(host, port, found))
    if public:
        config["PUBLIC_URL"] = public
        url = public + "/"
    app = create_app(config)
    print(_("companion: tables are kept in %(path)s", path=db), flush=True)
    print(_("companion: open %(url)s", url=url), flush=True)
    if found is not None:
        print(_("companion: phones at the table can scan this to join:"), flush=True)
        print(terminal(url), flush=True)
    run(app, config, listen, workers if hasattr(os, "fork") else 1, threads)


def run(app: Any, config: dict[str, object], listen: list[str], workers: int, threads: int) -> None:
    """Serve on every address of `listen` from `workers` processes, run by gunicorn
    (processes.py), each making its own app from `config`; where the system cannot fork,
    `app` itself, from this process."""
    from .server import Server, listen as bind

    if not hasattr(os, "fork"):
        Server(app, [bind(a) for a in listen], threads=threads,
               **server_limits()).serve_forever()  # type: ignore[arg-type]
        return
    import shutil

    from .processes import Serve
    from .shelf import make_folder as make_shelf

    app.extensions["companion.keepalive"].conn.close()  # no SQLite connection is carried into a fork
    if workers > 1:  # the processes' shared drawings (shelf.py); one process has no one to share with
        config = {**config, "SHELF": make_shelf()}
    print(ngettext("companion: serving from %(num)d process", "companion: serving from %(num)d processes", workers),
          flush=True)
    try:
        Serve(config, listen, workers, threads, CONNECTION_LIMIT, CHANNEL_TIMEOUT).run()
    finally:
        if "SHELF" in config:
            shutil.rmtree(str(config["SHELF"]), ignore_errors=True)


def default_workers() -> int:
    """One serving process per core."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


EVENT = "event"
"""`companion judge event`: a club night's standings and draws (companion/club), beside the games."""


def judge_lines(game: str, lang: str, lines: TextIO, out: TextIO) -> int:
    """Answer each JSON line of `lines` on `out` (`game` a game's slug, or EVENT); 2 if any
    line could not be answered."""
    words = i18n.catalog(lang)
    status = 0
    for line in lines:
        if not line.strip():
            continue
        if game == EVENT:
            from . import club

            ok, answer = club.judge_text(line, words)
        else:
            ok, answer = i18n.judge_text(game, line, words)
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        out.flush()
        if not ok:
            status = 2
    return status


def _token(link: str, prefix: str = "t") -> str:
    """The token of a link (a whole URL, a /t/... path for a table or /b/... for a group's
    book, or the bare token)."""
    parts = [p for p in link.split("/") if p]
    return parts[parts.index(prefix) + 1] if prefix in parts[:-1] else parts[-1]


def export(link: str, db_path: Path, fmt: str, out: TextIO) -> int:
    from . import records, store

    db = store.connect(db_path, create=False)  # a mistyped path is said, never made
    try:
        table = store.table_by_token(db, _token(link))
    except store.NotFound:
        print(_("companion: no table with the link %(link)s in %(path)s", link=link, path=db_path), file=sys.stderr)
        return 2
    if fmt == "csv":
        out.write(records.export_csv(db, table.id))
    else:
        out.write(json.dumps(records.export_table(db, table.id), ensure_ascii=False, indent=1) + "\n")
    return 0


def stats(link: str, db_path: Path, fmt: str, season: dict[str, str], lang: str, out: TextIO) -> int:
    """A group's book, as its page shows it for the season asked: the figures as JSON
    (docs/book.md) or a row per player per game as CSV."""
    from . import book_exports, groups, store

    db = store.connect(db_path, create=False)  # a mistyped path is said, never made
    try:
        group = store.group_by_token(db, _token(link, "b"))
    except store.NotFound:
        print(_("companion: no group's book with the link %(link)s in %(path)s", lang, link=link, path=db_path),
              file=sys.stderr)
        return 2
    try:
        chosen = groups.season_of(season)
    except groups.GroupError as exc:
        print("companion: " + _(exc.message, lang, **exc.params), file=sys.stderr)
        return 2
    book = groups.load(db, group)
    if fmt == "csv":
        out.write(book_exports.csv_text(book, chosen).lstrip("\ufeff"))
    else:
        out.write(book_exports.json_text(book, chosen, groups.ratings(db, book, chosen)) + "\n")
    return 0


def _record_problem(exc: Exception, path: Path, lang: str) -> str:
    """Why a record file could not be used, in `lang`: what is wrong with it, or why it
    could not be read at all."""
    from . import records

    if isinstance(exc, records.RecordError):
        return i18n.render(exc.error.ruling, exc.game, i18n.catalog(lang), exc.names)
    if isinstance(exc, RecursionError):
        return i18n.render(records.RecordError("record.not_a_record").error.ruling, None, i18n.catalog(lang))
    return _("Could not read %(path)s: %(detail)s", lang, path=path, detail=exc)


def read_record(path: Path) -> Any:
    """The JSON of a record file: records.RecordError for a file past limits.RECORD_BYTES
    (refused by its size before it is read, and read no further than the limit when its
    size cannot be known beforehand, as from a pipe) or one that is not a record's JSON."""
    from . import limits, records

    with path.open("rb") as file:
        if os.fstat(file.fileno()).st_size > limits.RECORD_BYTES:
            raise records.too_large(limits.RECORD_BYTES)
        return records.parse(file.read(limits.RECORD_BYTES + 1))


DEFAULT_BASE = "http://127.0.0.1:5000"
"""Where `companion serve` answers when started without options: the import's link opens there."""


def import_record(path: Path, db_path: Path, lang: str, base: str = DEFAULT_BASE) -> int:
    """Rebuild a table from a record; prints the new table's scorer link under `base` (the
    address the app is served on)."""
    from . import records, store

    db = store.connect(db_path)
    try:
        record = read_record(path)
        if isinstance(record, dict) and record.get("format") == records.EVENT_FORMAT:  # a club night's
            event = records.import_event(db, record)
            print(f"{base.rstrip('/')}/e/{event.organiser_token}/")  # the organiser's page (club.organise)
            return 0
        table = records.import_table(db, record)
    except (OSError, ValueError, RecursionError) as exc:
        print(f"companion: {_record_problem(exc, path, lang)}", file=sys.stderr)
        return 2
    print(table_link(db_path, table.scorer_token, base))
    return 0


def table_link(db_path: Path, token: str, base: str) -> str:
    """A table's scorer link under `base`, built by the app's own route (play.table)."""
    from flask import url_for

    from .app import create_app

    app = create_app({"DATABASE": str(db_path)})
    with app.test_request_context(base_url=base.rstrip("/") + "/"):
        return url_for("play.table", token=token, _external=True)


def audit(path: Path, lang: str, out: TextIO) -> int:
    """Print the audit of every game in a record as JSON."""
    from . import records
    from .rules.base import Event, replay

    words = i18n.catalog(lang)
    try:
        record = read_record(path)
        records.check(record)
    except (OSError, ValueError, RecursionError) as exc:
        out.write(json.dumps({"error": _record_problem(exc, path, lang)}, ensure_ascii=False) + "\n")
        return 2
    names = record["table"]["players"]
    games = []
    for game in record["games"]:
        module = rules.get(game["kind"])
        events = [Event(e["kind"], e["payload"]) for e in game["events"]]
        state = replay(module.initial, module.apply, game["setup"], events).state
        findings = [
            {**i18n.ruling_json(f.ruling, module, words, names), "ref": dict(f.ref), "accepted": f.accepted}
            for f in module.audit(state)
        ]
        games.append({"number": game["number"], "kind": game["kind"], "finished": bool(state.is_over),
                      "findings": findings})
    out.write(json.dumps({"games": games}, ensure_ascii=False, indent=1) + "\n")
    return 0


ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"), N_("expected at least one argument"), N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("ignored explicit argument %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"), N_("can't open '%(filename)s': %(error)s"),
)
"""The words argparse itself prints (its usage line, headings, help option and errors),
marked here for the catalog: `main` hands argparse the catalog while it reads the command."""


def dashed_token(word: str) -> bool:
    """Whether `word` is a table link's token that starts with "-" (older tables had some),
    which no option of `export` looks like (`--format=csv`, `-oscores.csv`, `--db=...`)."""
    from .store import is_token

    return word.startswith("-") and is_token(word)


def command_lang(argv: Sequence[str]) -> str:
    """The language the command was asked for (`--lang`, or a prefix of it as argparse takes
    one, the last given winning as in argparse), else the terminal's."""
    asked = default_lang()
    for index, word in enumerate(argv):
        name, equals, value = word.partition("=")
        if len(name) >= 4 and "--lang".startswith(name):
            value = value if equals else (argv[index + 1] if index + 1 < len(argv) else "")
            if value in i18n.LANGS:
                asked = value
    return asked


def parser_in(lang: str) -> argparse.ArgumentParser:
    """The command's options, described in `lang`."""
    parser = argparse.ArgumentParser(prog="companion", description=_(
        "A referee and scorekeeper for card games played with real cards: serve the app to the "
        "phones at the table, answer rules questions, and write, read and check tables' records.", lang))
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("serve", help=_("serve the app to the phones at the table", lang))
    run.add_argument("--host", default="127.0.0.1",
                     help=_("address to listen on (default 127.0.0.1: this computer only)", lang))
    run.add_argument("--port", type=int, default=5000, help=_("port to listen on (default 5000)", lang))
    run.add_argument("--db", type=path_arg, default=None, help=_("SQLite file (default: per-user data folder)", lang))
    run.add_argument("--lan", action="store_true",
                     help=_("also listen on this machine's LAN address and print a QR code to join", lang))
    run.add_argument("--threads", type=int, default=THREADS,
                     help=_("app threads per serving process (default %(n)s)", lang, n=THREADS))
    run.add_argument("--workers", type=int, default=0, help=_("serving processes (default: one per core)", lang))
    run.add_argument("--public-url", type=public_url, default=None, metavar="URL",
                     help=_("the address the phones open this server by (through a proxy, say), for the invite "
                            "page's links (default: the LAN address with --lan)", lang))
    languages = _("language of the answers and messages (default: the terminal's)", lang)

    ask = commands.add_parser("judge", help=_("answer rules questions: one JSON request per line on stdin", lang))
    ask.add_argument("game", choices=[*sorted(rules.GAMES), EVENT],
                     help=_("the game, or “event” for a club night's standings and draws", lang))
    ask.add_argument("--lang", choices=i18n.LANGS, default=default_lang(), help=languages)

    exp = commands.add_parser("export", help=_("write a table's record (JSON) or scores (CSV)", lang))
    exp.add_argument("link", help=_("the table's scorer or viewer link, or its token", lang))
    exp.add_argument("--format", choices=("json", "csv"), default="json",
                     help=_("json: the whole record; csv: the scores", lang))
    exp.add_argument("--db", type=path_arg, default=None, help=_("SQLite file (default: per-user data folder)", lang))
    exp.add_argument("-o", "--output", type=path_arg, default=None,
                     help=_("file to write (default: standard output)", lang))

    imp = commands.add_parser("import", help=_("rebuild a table from a JSON record; prints its scorer link", lang))
    imp.add_argument("record", type=path_arg, help=_("a JSON record, as companion export writes it", lang))
    imp.add_argument("--db", type=path_arg, default=None, help=_("SQLite file (default: per-user data folder)", lang))
    imp.add_argument("--lang", choices=i18n.LANGS, default=default_lang(), help=languages)
    imp.add_argument("--base", default=DEFAULT_BASE,
                     help=_("the address the app is served on, for the printed link (default %(base)s)", lang,
                             base=DEFAULT_BASE))

    sta = commands.add_parser("stats", help=_("print a group's book: its figures (JSON) or games (CSV)", lang))
    sta.add_argument("link", help=_("the book's keeper's or members' link, or its token", lang))
    when = sta.add_mutually_exclusive_group()
    when.add_argument("--season", metavar="YEAR", default="", help=_("a calendar year (default: this year)", lang))
    when.add_argument("--from", dest="start", metavar="DATE", default="",
                      help=_("the first day of the range (year-month-day)", lang))
    sta.add_argument("--to", dest="end", metavar="DATE", default="",
                     help=_("the last day of the range (year-month-day)", lang))
    sta.add_argument("--format", choices=("json", "csv"), default="json",
                     help=_("json: the figures; csv: a row per player per game", lang))
    sta.add_argument("--db", type=path_arg, default=None, help=_("SQLite file (default: per-user data folder)", lang))
    sta.add_argument("--lang", choices=i18n.LANGS, default=default_lang(), help=languages)

    aud = commands.add_parser("audit", help=_("check every play of every game in a JSON record", lang))
    aud.add_argument("record", type=path_arg, help=_("a JSON record, as companion export writes it", lang))
    aud.add_argument("--lang", choices=i18n.LANGS, default=default_lang(), help=languages)
    return parser


@contextmanager
def argparse_words(lang: str) -> Iterator[None]:
    """argparse looks its own words up (its usage line, headings, errors) as it prints them,
    through the standard library's gettext in the process's text domain, "messages": for the
    time the command is read, that domain is this project's catalog (which holds argparse's
    words, ARGPARSE_WORDS) in the command's language; then everything is as it was."""
    domain, directory = gettext.textdomain(), gettext.bindtextdomain(ARGPARSE_DOMAIN)
    language = os.environ.get("LANGUAGE")
    gettext.textdomain(ARGPARSE_DOMAIN)
    gettext.bindtextdomain(ARGPARSE_DOMAIN, i18n.TRANSLATIONS_DIR)
    os.environ["LANGUAGE"] = lang  # read before LC_ALL, LC_MESSAGES and LANG
    try:
        yield
    finally:
        if language is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = language
        gettext.bindtextdomain(ARGPARSE_DOMAIN, directory)
        gettext.textdomain(domain)


ARGPARSE_DOMAIN = "messages"
"""The compiled catalogs' name (companion/translations/<lang>/LC_MESSAGES/messages.mo)."""


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) > 1 and argv[0] == "export" and dashed_token(argv[1]):
        argv += ["--", argv.pop(1)]  # a token may start with "-" (older tables): it is the link, not an option
    lang = command_lang(argv)
    with argparse_words(lang):
        args = parser_in(lang).parse_args(argv)
    if args.command == "judge":  # a rules question needs no database: sqlite-utils is not even imported
        return judge_lines(args.game, args.lang, sys.stdin, sys.stdout)
    from . import store

    try:
        return _run(args)
    except store.DatabaseProblem as problem:
        lang = getattr(args, "lang", "") or ""
        print("companion: " + _(problem.message, lang, path=problem.path), file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.command == "export":
        from . import store

        store.check_file(_db(args.db), create=False)  # before the output file is made
        if args.output:
            with args.output.open("w", encoding="utf-8", newline="") as out:
                return export(args.link, _db(args.db), args.format, out)
        return export(args.link, _db(args.db), args.format, sys.stdout)
    if args.command == "import":
        return import_record(args.record, _db(args.db), args.lang, args.base)
    if args.command == "audit":
        return audit(args.record, args.lang, sys.stdout)
    if args.command == "stats":
        from . import store

        store.check_file(_db(args.db), create=False)
        season = {"season": args.season, "from": args.start, "to": args.end}
        return stats(args.link, _db(args.db), args.format, season, args.lang, sys.stdout)
    if args.command == "serve":
        serve(args.host, args.port, _db(args.db), threads=args.threads, lan=args.lan,
              workers=args.workers or default_workers(), public=args.public_url)
        return 0
    return judge_lines(args.game, args.lang, sys.stdin, sys.stdout)

if __name__ == "__main__":
    sys.exit(main())
