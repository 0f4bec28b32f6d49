"""The Flask application factory: a kept connection per server thread, Flask-Babel, the blueprints."""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
import threading
from pathlib import Path
from typing import Any

from flask import Flask, g, request, url_for
from flask.templating import Environment
from flask_babel import Babel
from flask_compress import Compress
from jinja2 import BytecodeCache, pass_eval_context
from jinja2.bccache import Bucket
from jinja2.nodes import EvalContext
from markupsafe import Markup

from . import assets, derived, i18n, store
from .csrf import RememberedSessions, SignedOnce, csrf_token
from .derived import SameBytes, same_bytes_key
from .headers import SECURITY_HEADERS

PACKAGE = Path(__file__).parent

csrf = SignedOnce()
compress = Compress()


def _shipped(folder: str) -> str:
    """Templates and static files sit inside the package when installed, beside it in a checkout."""
    inside = PACKAGE / folder
    return str(inside if inside.is_dir() else PACKAGE.parent / folder)


def select_locale() -> str:
    """The language chosen with the switch (a cookie), else the browser's preference."""
    return i18n.choose_lang(request.cookies.get("lang"), request.headers.get("Accept-Language"))


class Templates(Environment):
    """Flask's Jinja environment, with each template's globals one plain dict.

    Jinja gives a template a ChainMap over the environment's globals, and every `{% from
    ... import %}` while drawing a page compares key sets through it in Python: 6% of
    drawing a game's panel. The copy is taken when a template is first loaded, which is
    after create_app has set every global."""

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


class CompiledTemplates(BytecodeCache):
    """Each template's compiled code, kept for the process (Jinja's bytecode cache, in memory):
    an app made again in the same process (the tests make one per test) loads it instead of
    parsing and compiling the template again, which is most of the cost of a page's first
    drawing. Jinja keys it by the template's name and file and checks it against the
    checksum of the source it reads, so a changed template is compiled afresh."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


COMPILED = CompiledTemplates()


@pass_eval_context
def template_gettext(eval_ctx: EvalContext, string: str, /, **variables: Any) -> str:
    """The templates' `_()` and `gettext()` in the request's language, as Jinja's i18n
    extension makes them in its newstyle mode (which Flask-Babel turns on): the result is
    always a format string, its `%(name)s` filled from the keywords, and marked safe where
    the template escapes (the keywords are escaped as they are filled in).

    Handed the evaluation context, not the whole context as the extension's are: a function
    that takes the context is handed a copy of it (every variable) at each call made inside
    a block or a loop, which is where a panel says nearly everything. A sentence without
    keywords is the same every time in a language: i18n.sentence keeps it."""
    words = i18n.request_words()
    if not variables:
        return i18n.sentence(words, string, eval_ctx.autoescape)
    text = words.gettext(string)
    if eval_ctx.autoescape:
        text = Markup(text)
    return text % variables


@pass_eval_context
def template_ngettext(eval_ctx: EvalContext, singular: str, plural: str, num: int, /, **variables: Any) -> str:
    """The templates' `ngettext()`, as template_gettext (`num` is filled in as %(num)s
    unless the keywords name it)."""
    variables.setdefault("num", num)
    text = i18n.request_words().ngettext(singular, plural, num)
    if eval_ctx.autoescape:
        text = Markup(text)
    return text % variables


def game_files(app: Flask) -> None:
    """Each game's own templates and stylesheet live in its package (rules.folder): its
    templates answer to "games/<slug>/<name>" beside the shared ones, its stylesheet is the
    static file "games/<slug>.css" (assets.source). What several games draw alike lives in
    rules/kit: its templates answer to "kit/<name>"; its stylesheet, kit.css, is imported by
    the stylesheets of the games that draw those parts and served inside them (no other
    game's page has it)."""
    from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader

    from . import rules

    shared = FileSystemLoader(str(app.template_folder))
    games = PrefixLoader({slug: FileSystemLoader(str(rules.folder(slug) / "templates")) for slug in rules.GAMES})
    kit = FileSystemLoader(str(Path(rules.__file__).parent / "kit" / "templates"))
    app.jinja_loader = ChoiceLoader([shared, PrefixLoader({"games": games, "kit": kit})])


def static_files(app: Flask) -> None:
    """/static/<name>: the static files, each under the hashed name the pages give it
    (companion/assets.py), compressed once; `asset(name)` in a template is that address."""
    app.static_folder = _shipped("static")  # read by assets.py; Flask's own static route is not made

    @app.get("/static/<path:filename>", endpoint="static")
    def static(filename: str) -> Any:
        return assets.answer(filename)

    app.jinja_env.globals["asset"] = assets.url
    del static


class App(Flask):
    jinja_environment = Templates
    jinja_options = {"bytecode_cache": COMPILED}
    session_interface = RememberedSessions()


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = App(__name__, template_folder=_shipped("templates"), static_folder=None)
    game_files(app)
    static_files(app)
    app.config.from_mapping(
        DATABASE=None,
        JOIN_BASE=None,  # "http://192.168.1.20:5000" when served to the LAN (companion serve --lan)
        MAX_CONTENT_LENGTH=64 * 1024,
        MAX_FORM_PARTS=200,
        WTF_CSRF_TIME_LIMIT=None,  # a table keeps one page open all evening
        WTF_CSRF_SSL_STRICT=False,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        COMPRESS_MIMETYPES=["text/html", "text/css", "application/javascript", "text/javascript",
                            "application/json", "image/svg+xml"],
        # Pages and panels, drawn per request or per version (static files are compressed once,
        # at brotli 11, by assets.py): zstd where the browser takes it (Chrome, Edge and Firefox
        # send it), at flask-compress's level 3, which compresses a 25.6 kB panel in 0.95 M
        # instructions where brotli's quality 2 takes 1.40 M, to the same bytes (4,795 against
        # 4,800; level 1 would take 0.51 M, for 4% more); else brotli (Safari), at quality 2,
        # not flask-compress's 4: 1.3 M instructions instead of 2.3 M, for 4% more bytes (4.30
        # kB against 4.13). A panel at a version is compressed once for every phone of its
        # role (its forms carry no CSRF token: csrf.csrf_field).
        COMPRESS_ALGORITHM=["zstd", "br", "gzip"],
        COMPRESS_BR_LEVEL=2,
        COMPRESS_CACHE_BACKEND=SameBytes,
        COMPRESS_CACHE_KEY=same_bytes_key,
        BABEL_TRANSLATION_DIRECTORIES=str(i18n.TRANSLATIONS_DIR),
        BABEL_DEFAULT_LOCALE=i18n.DEFAULT_LANG,
    )
    if config:
        app.config.update(config)
    if app.config["DATABASE"] is None:
        raise ValueError("create_app needs DATABASE: the SQLite file to keep the tables in")
    derived.install(app)  # what derived.py remembers: this app's own memory (and the shelf)
    db = derived.connect(app, migrate=True)  # create and migrate
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = store.app_secret(db)
    # Held open for the app's lifetime so that closing a request's connection is never the
    # last close, which would checkpoint the WAL on every request; SQLite's own
    # autocheckpoint (every 1000 pages) does it instead.
    app.extensions["companion.keepalive"] = db
    csrf.init_app(app)
    compress.init_app(app)
    babel = Babel(app, locale_selector=select_locale)
    # The templates' gettext in place of Flask-Babel's, which Jinja's i18n extension wraps:
    # the same sentences, with the request's catalog looked up once per request
    # (i18n.request_words) rather than at every sentence, and handed no copy of the
    # template's context (template_gettext). `{% trans %}` calls the same two.
    app.jinja_env.globals.update(_=template_gettext, gettext=template_gettext, ngettext=template_ngettext)

    @app.before_request
    def readable_address() -> None:
        """An address whose query is not UTF-8 (raw bytes no browser sends) cannot be read."""
        from flask import abort

        try:
            request.query_string.decode()
        except UnicodeDecodeError:
            abort(400)

    @app.after_request
    def security_headers(response: Any) -> Any:
        for name, value in SECURITY_HEADERS:  # polls.py and server.py add the same to their own answers
            response.headers.setdefault(name, value)
        return response

    app.jinja_env.filters["pick"] = lambda indices, items: [items[i] for i in indices]
    app.jinja_env.filters["zip_seats"] = lambda values: [(v, i) for i, v in enumerate(values)]
    app.jinja_env.filters["join_change"] = lambda change: f"{change[0]} {change[1]} → {change[2]}"
    from .views._fragments import correct_href, disable_cards, fragment, framed, rules_in_force, settled, static_fragment

    app.jinja_env.filters["disable_cards"] = disable_cards
    app.jinja_env.globals["static_fragment"] = static_fragment
    app.jinja_env.globals["fragment"] = fragment
    app.jinja_env.globals["framed"] = framed
    app.jinja_env.globals["rules_in_force"] = rules_in_force
    app.jinja_env.globals["settled"] = settled
    from . import chart

    app.jinja_env.globals["chart_svg"] = chart.svg
    app.jinja_env.globals["chart_colours"] = chart.COLOURS

    @app.context_processor
    def page_context() -> dict[str, Any]:
        # Where the language and theme switches send back to: this path and its query, the
        # query's bytes decoded leniently (a hand-typed address may carry anything).
        query = request.query_string.decode("utf-8", "replace") if request else ""
        here = (request.path + ("?" + query if query else "")) if request else "/"
        theme = request.cookies.get("theme") if request else None
        return {"lang": i18n.request_lang(), "here": here,
                "theme": theme if theme in ("light", "dark") else None,
                "csrf_token": csrf_token}  # in place of Flask-WTF's: signed once per session (csrf.py)

    del babel, page_context, security_headers, readable_address

    app.extensions["companion.connections"] = threading.local()

    @app.teardown_appcontext
    def end_request(_exc: BaseException | None) -> None:
        """Leave the thread's connection clean for its next request."""
        db = g.pop("db", None)
        if db is not None and db.conn.in_transaction:
            db.conn.rollback()

    from . import rulebooks
    from .views import api, book, club, errors, home, play, referee

    def clause_href(slug: str, label: str) -> str | None:
        """The link to a clause on its game's rules page (None if the clause is not there)."""
        anchor = rulebooks.anchor(slug, label)
        return url_for("referee.rulebook", slug=slug, _anchor=anchor) if anchor else None

    app.jinja_env.globals["clause_href"] = clause_href
    app.jinja_env.globals["correct_href"] = correct_href

    def clause_badge(slug: str, label: str) -> str:
        return rulebooks.badge(slug, label, i18n.request_lang())

    app.jinja_env.globals["clause_badge"] = clause_badge
    app.jinja_env.globals["card_name"] = i18n.card_name
    app.jinja_env.globals["suit_name"] = i18n.suit_name
    app.jinja_env.globals["ruling_text"] = i18n.ruling_text
    # A game's name: game_name(m) in a page's text (its words kept whole), game_text(m) where
    # no markup may go (a title, an attribute).
    app.jinja_env.globals["game_name"] = i18n.game_name
    app.jinja_env.globals["game_text"] = lambda game: i18n.game_text(game, i18n.request_words().gettext)

    from .polls import UnchangedPolls

    app.wsgi_app = UnchangedPolls(app.wsgi_app, app)  # type: ignore[method-assign]
    app.register_blueprint(home.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(referee.bp)
    app.register_blueprint(club.bp)
    app.register_blueprint(book.bp)
    csrf.exempt(api.bp)  # JSON in, JSON out, no cookies read: nothing to forge
    errors.register(app)
    return app
